// Inference memory: weights, KV cache, overhead, per-GPU totals and GPUs needed.
#include <doctest/doctest.h>

#include "engine/derivation.h"
#include "engine/engine.h"
#include "engine/model_math.h"
#include "test_models.h"

using namespace engine;

TEST_SUITE("engine") {

TEST_CASE("an 8B GQA model in bf16 at 8k context × 16 sequences: memory by hand") {
    Scenario s = test::Llama8bOnH100();
    s.Inference.ContextTokens = 8192;
    s.Inference.Concurrency = 16;
    s.Efficiency.RuntimeOverheadBytes = 1e9;
    const Result r = Evaluate(s);
    REQUIRE(r.Ok);
    // weights: 8,030,261,248 params × 2 B
    CHECK(r.MemoryPerGpu.Weights == doctest::Approx(16060522496.0));
    // KV: 2 × 32 layers × 8 KV heads × 128 head dim × 2 B = 131,072 B/token; × 8192 tokens × 16 sequences
    CHECK(r.MemoryPerGpu.KvCache == doctest::Approx(131072.0 * 8192 * 16));
    // activations: 2048-token chunk × (2 × 4096 + (32 + 16) × 128 + 3 × 14336) × 2 B + logits 128256 × 16 × 4 B
    CHECK(r.MemoryPerGpu.Activations == doctest::Approx(2048.0 * (8192 + 6144 + 43008) * 2 + 128256.0 * 16 * 4));
    CHECK(r.MemoryPerGpu.Total == doctest::Approx(16060522496.0 + 17179869184.0 + r.MemoryPerGpu.Activations + 1e9));
    CHECK(r.Fits);
    CHECK(r.GpusNeeded == 1);
}

TEST_CASE("KV cache grows linearly with context and with sequences") {
    Scenario s = test::Llama8bOnH100();
    s.Inference.ContextTokens = 4096;
    const double kv_4k = Evaluate(s).MemoryPerGpu.KvCache;
    s.Inference.ContextTokens = 8192;
    CHECK(Evaluate(s).MemoryPerGpu.KvCache == doctest::Approx(2 * kv_4k));
    s.Inference.Concurrency = 3;
    CHECK(Evaluate(s).MemoryPerGpu.KvCache == doctest::Approx(6 * kv_4k));
}

TEST_CASE("quantised weights keep the embedding, lm_head and norms in 16-bit") {
    // Llama-3.1-8B: embedding = lm_head = 128256 × 4096 = 525,336,576; norms (2 × 32 + 1) × 4096 = 266,240;
    // linear layers = 8,030,261,248 − 2 × 525,336,576 − 266,240 = 6,979,321,856.
    const double linear = 6979321856.0, kept = 2.0 * 525336576.0 + 266240.0;
    Scenario s = test::Llama8bOnH100();
    s.Precision.Weights = Format::Fp32;
    CHECK(Evaluate(s).MemoryPerGpu.Weights == doctest::Approx(8030261248.0 * 4));
    s.Precision.Weights = Format::Fp8;
    CHECK(Evaluate(s).MemoryPerGpu.Weights == doctest::Approx(linear * 1 + kept * 2));
    s.Precision.Weights = Format::Int8;
    CHECK(Evaluate(s).MemoryPerGpu.Weights == doctest::Approx(linear * 1 + kept * 2));
    s.Precision.Weights = Format::Int4; // 4 bits + fp16 scale and 4-bit zero per 128 weights
    CHECK(Evaluate(s).MemoryPerGpu.Weights == doctest::Approx(linear * (4.0 + 20.0 / 128.0) / 8 + kept * 2));
    s.Precision.Weights = Format::Nf4;
    CHECK(Evaluate(s).MemoryPerGpu.Weights == doctest::Approx(linear * (4.0 + 8.0 / 64 + 32.0 / (64 * 256)) / 8 + kept * 2));
}

TEST_CASE("a model that does not fit says how many GPUs it needs") {
    Scenario s = test::Llama8bOnH100();
    s.Model.Params = 70.6e9; // 70B-class in bf16 = 141 GB
    s.Model.Layers = 80;
    s.Model.Hidden = 8192;
    s.Model.Heads = 64;
    s.Model.Ffn = 28672;
    s.Efficiency.GpuMemoryUtilization = 0.95; // 76 GB usable: 70.6 GB of weights per GPU at TP 2 plus overheads fit
    const Result r = Evaluate(s);
    REQUIRE(r.Ok);
    CHECK_FALSE(r.Fits);
    CHECK(r.GpusNeeded == 2);
    REQUIRE_FALSE(r.Warnings.empty());
    CHECK(r.Warnings[0].Code == "does_not_fit");
}

TEST_CASE("tensor parallelism splits weights and KV heads per GPU") {
    Scenario s = test::Llama8bOnH100();
    s.GpuCount = 2;
    const Result one = Evaluate(s);
    s.Inference.TensorParallel = 2;
    const Result two = Evaluate(s);
    const double norms = (2.0 * 32 + 1) * 4096 * 2; // replicated on every rank
    CHECK(two.MemoryPerGpu.Weights == doctest::Approx((one.MemoryPerGpu.Weights - norms) / 2 + norms));
    CHECK(two.MemoryPerGpu.KvCache == doctest::Approx(one.MemoryPerGpu.KvCache / 2));
}

TEST_CASE("every headline number comes with a derivation step") {
    const Result r = Evaluate(test::Llama8bOnH100());
    for (const char* key : {"weights_bytes", "kv_cache_bytes", "overhead_bytes", "total_bytes", "gpus_needed"})
        CHECK_MESSAGE(FindStep(r, key) != nullptr, key);
}

TEST_CASE("an invalid scenario is a result with an error naming the field, not a crash") {
    Scenario s = test::Llama8bOnH100();
    s.Inference.Concurrency = 0;
    const Result r = Evaluate(s);
    CHECK_FALSE(r.Ok);
    CHECK(r.Error.find("inference.concurrency") == 0);
    s = test::Llama8bOnH100();
    s.Model.KvHeads = 5; // does not divide 32 heads
    CHECK(Evaluate(s).Error.find("model.kv_heads") == 0);
}

TEST_CASE("the parameter count implied by Llama-3.1-8B's architecture matches its model card") {
    ModelArch m = test::Llama8bOnH100().Model;
    m.Params = 0;
    // source: meta-llama/Llama-3.1-8B model card, 8.03B parameters (8,030,261,248 in the safetensors index)
    CHECK(ParamsFromArchitecture(m) == doctest::Approx(8030261248.0).epsilon(0.001));
}

} // TEST_SUITE

TEST_SUITE("engine") {

TEST_CASE("MoE expert parallelism serves attention data-parallel: whole KV heads per GPU, experts split, all-to-all") {
    // TensorRT-LLM's MoE recipe (--ep, enable_attention_dp): a GPU keeps whole KV heads of its own sequences instead
    // of one replicated KV head of every sequence, so a model with fewer KV heads than GPUs fits more sequences.
    Scenario s = test::Llama8bOnH100();
    s.Model = test::Qwen3_235b();
    s.GpuCount = 8;
    s.Precision = {Format::Fp8, Format::Fp8, Format::Fp8};
    s.Inference.TensorParallel = 8;
    const Result tp = Evaluate(s);
    s.Inference.ExpertParallel = 8;
    const Result ep = Evaluate(s);
    REQUIRE(tp.Ok);
    REQUIRE(ep.Ok);
    CHECK(test::HasWarning(tp, "kv_heads_replicated"));
    CHECK_FALSE(test::HasWarning(ep, "kv_heads_replicated"));
    CHECK(ep.Inference.MaxConcurrency > 1.5 * tp.Inference.MaxConcurrency);
    CHECK(ep.MemoryPerGpu.Weights > tp.MemoryPerGpu.Weights); // attention and dense weights on every GPU
    s.Inference.ExpertParallel = 4;
    CHECK(test::HasWarning(Evaluate(s), "expert_parallel_is_tp"));
}

} // TEST_SUITE
