// Inference capacity: the KV pool, max concurrency, data/tensor/pipeline parallel layouts, online SLA sizing,
// batch jobs and the throughput curve.
#include <doctest/doctest.h>

#include <cmath>

#include "engine/derivation.h"
#include "engine/engine.h"
#include "engine/model_math.h"
#include "test_models.h"

using namespace engine;
using test::HasWarning;

namespace {

constexpr double kGiB = 1073741824.0;

} // namespace

TEST_SUITE("engine") {

TEST_CASE("golden: vLLM's KV cache pool for Llama-3-8B on one H100") {
    // source: vLLM PR #10511 (maintainer's sanity-check log, 2024-12-14, `vllm serve meta-llama/Meta-Llama-3-8B`):
    // total GPU memory 79.22 GiB, gpu_memory_utilization 0.9, weights 14.96 GiB, non-torch 1.79 GiB, activation
    // peak 1.26 GiB → "available_kv_cache_memory 53.29GiB". Profiled at max_model_len 8192 tokens in one batch
    // and 256 sequences (vLLM defaults then). The overhead default is that log's non-torch figure; weights and
    // activations are this model's own. Tolerance 3%.
    Scenario s = test::Llama8bOnH100();
    s.Gpu.MemoryBytes = 79.22 * kGiB;
    s.Inference.ContextTokens = 8192;
    s.Inference.PrefillChunkTokens = 8192;
    s.Inference.Concurrency = 256;
    const Result r = Evaluate(s);
    REQUIRE(r.Ok);
    CHECK(r.MemoryPerGpu.Weights / kGiB == doctest::Approx(14.96).epsilon(0.01));
    CHECK(r.MemoryPerGpu.Activations / kGiB == doctest::Approx(1.26).epsilon(0.25)); // 1.00 GiB: no per-kernel workspaces modelled
    CHECK(r.Inference.KvPoolBytesPerGpu / kGiB == doctest::Approx(53.29).epsilon(0.03));
}

TEST_CASE("max concurrency is the KV pool over one sequence's block-rounded KV, times replicas") {
    Scenario s = test::Llama8bOnH100();
    s.Inference.ContextTokens = 4000; // rounds up to 4000 (250 blocks of 16)
    const Result r = Evaluate(s);
    const double per_sequence = 131072.0 * 4000;
    CHECK(r.Inference.MaxConcurrency == std::floor(r.Inference.KvPoolBytesPerGpu / per_sequence));
    CHECK(r.Inference.KvPoolTokensPerReplica == std::floor(r.Inference.KvPoolBytesPerGpu / 131072.0));
    s.GpuCount = 4; // four data-parallel replicas
    const Result four = Evaluate(s);
    CHECK(four.Inference.Replicas == 4);
    CHECK(four.Inference.MaxConcurrency == 4 * r.Inference.MaxConcurrency);
    s.Inference.ContextTokens = 8000;
    CHECK(Evaluate(s).Inference.MaxConcurrency < four.Inference.MaxConcurrency);
}

TEST_CASE("tensor parallel frees per-GPU memory for KV: TP 2 holds more than twice the sequences of TP 1") {
    Scenario s = test::Llama8bOnH100();
    s.Inference.ContextTokens = 32768;
    const double tp1 = Evaluate(s).Inference.MaxConcurrency;
    s.GpuCount = 2;
    s.Inference.TensorParallel = 2;
    const Result tp2 = Evaluate(s);
    CHECK(tp2.Inference.Replicas == 1);
    CHECK(tp2.Inference.GpusUsed == 2);
    CHECK(tp2.Inference.MaxConcurrency > 2 * tp1);
}

TEST_CASE("KV heads replicate when TP exceeds them, and MLA's latent is never split") {
    Scenario s = test::Llama8bOnH100(); // 8 KV heads
    s.GpuCount = 16;
    s.Inference.TensorParallel = 8;
    const double tp8 = Evaluate(s).MemoryPerGpu.KvCache;
    s.Inference.TensorParallel = 16;
    const Result tp16 = Evaluate(s);
    CHECK(tp16.MemoryPerGpu.KvCache == doctest::Approx(tp8)); // one KV head per rank either way
    CHECK(HasWarning(tp16, "kv_heads_replicated"));
    s.Model = test::DeepSeekV2();
    s.Inference.TensorParallel = 1;
    const double mla1 = Evaluate(s).MemoryPerGpu.KvCache;
    s.Inference.TensorParallel = 8;
    CHECK(Evaluate(s).MemoryPerGpu.KvCache == doctest::Approx(mla1));
}

TEST_CASE("pipeline stages split layers; embedding and lm_head sit on the end stages") {
    Scenario s = test::Llama8bOnH100();
    s.GpuCount = 2;
    s.Inference.PipelineParallel = 2;
    const Result r = Evaluate(s);
    // 16 of 32 layers: (linear 6,979,321,856 × 2 B + norms 266,240 × 2 B) / 2 + one 525,336,576-row table × 2 B
    CHECK(r.MemoryPerGpu.Weights == doctest::Approx((6979321856.0 * 2 + 266240.0 * 2) / 2 + 525336576.0 * 2));
    CHECK(r.Inference.GpusPerReplica == 2);
    s.Inference.PipelineParallel = 1;
    CHECK(r.Inference.TpotS >= Evaluate(s).Inference.TpotS); // a token still crosses every layer
}

TEST_CASE("an online SLA bounds the users a configuration sustains and sizes the GPUs for a target") {
    Scenario s = test::Llama8bOnH100();
    s.Inference.MinTokensPerSPerUser = 30;
    s.Inference.TargetUsers = 1000;
    const Result r = Evaluate(s);
    REQUIRE(r.Inference.SlaMaxUsers >= 1);
    REQUIRE(r.Inference.SlaMaxUsers < r.Inference.MaxConcurrency); // the SLA, not the KV cache, binds here
    CHECK(r.Inference.GpusForTargetUsers == std::ceil(1000 / r.Inference.SlaMaxUsers));
    // The boundary: at the SLA users each one still gets ≥ 30 tokens/s, one more user would not.
    Scenario at = s;
    at.Inference.Concurrency = static_cast<int>(r.Inference.SlaMaxUsers);
    CHECK(Evaluate(at).Inference.TokensPerSPerUser >= 30);
    at.Inference.Concurrency += 1;
    CHECK(Evaluate(at).Inference.TokensPerSPerUser < 30);
    s.Inference.MinTokensPerSPerUser = 60; // stricter SLA → fewer users
    CHECK(Evaluate(s).Inference.SlaMaxUsers < r.Inference.SlaMaxUsers);
    s.Inference.MinTokensPerSPerUser = 30;
    // A first-token deadline 2% above the unloaded TTFT binds too: chunked prefill shares its steps with decodes.
    s.Inference.TtftSlaS = 1.02 * r.Inference.TtftS;
    CHECK(Evaluate(s).Inference.SlaMaxUsers < r.Inference.SlaMaxUsers);
}

TEST_CASE("an SLA no concurrency meets says so instead of sizing") {
    Scenario s = test::Llama8bOnH100();
    s.Inference.MinTokensPerSPerUser = 1e5;
    s.Inference.TargetUsers = 10;
    const Result r = Evaluate(s);
    CHECK(r.Inference.SlaMaxUsers == 0);
    CHECK(r.Inference.GpusForTargetUsers == 0);
    CHECK(HasWarning(r, "sla_unreachable"));
}

TEST_CASE("the throughput curve rises with concurrency while each user's speed falls") {
    Scenario s = test::Llama8bOnH100();
    const Result r = Evaluate(s);
    REQUIRE(r.Inference.Curve.size() >= 3);
    CHECK(r.Inference.Curve.front().Concurrency == 1);
    CHECK(r.Inference.Curve.back().Concurrency == r.Inference.MaxConcurrency);
    for (size_t i = 1; i < r.Inference.Curve.size(); ++i) {
        CHECK(r.Inference.Curve[i].Concurrency > r.Inference.Curve[i - 1].Concurrency);
        CHECK(r.Inference.Curve[i].TokensPerS >= r.Inference.Curve[i - 1].TokensPerS * 0.999);
        CHECK(r.Inference.Curve[i].TokensPerSPerUser <= r.Inference.Curve[i - 1].TokensPerSPerUser);
    }
}

TEST_CASE("a batch job takes its prefills plus its tokens at the throughput-optimal batch") {
    Scenario s = test::Llama8bOnH100();
    s.Inference.Mode = ServingMode::Batch;
    s.Inference.BatchRequests = 10000;
    const Result r = Evaluate(s);
    REQUIRE(r.Inference.OptimalBatch >= 1);
    double best = 0;
    for (const ThroughputPoint& p : r.Inference.Curve) best = std::max(best, p.TokensPerS);
    // decode part alone: 10,000 × 256 tokens at the best point (within 1% of the curve's maximum)
    CHECK(r.Inference.BatchJobTimeS > 10000.0 * 256 / best);
    CHECK(r.Inference.BatchJobTimeS < 10000.0 * 256 / (best * 0.99) + 10000.0 * r.Inference.TtftS);
}

} // TEST_SUITE
