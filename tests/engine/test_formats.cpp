// Weight formats: bits per weight, what stays in higher precision, and published checkpoint sizes.
#include <doctest/doctest.h>

#include "engine/engine.h"
#include "engine/formats.h"
#include "engine/model_math.h"
#include "test_models.h"

using namespace engine;

namespace {

constexpr double kGiB = 1073741824.0;

double GiBOf(const ModelArch& m, Format f) { return WeightStorageOf(m, f).Total() / kGiB; }

} // namespace

TEST_SUITE("engine") {

TEST_CASE("bits per weight of the block formats follow their layouts") {
    CHECK(GetFormatInfo(Format::Int4).BitsPerWeight == doctest::Approx(4.15625));  // 4 + (16 + 4) / 128
    CHECK(GetFormatInfo(Format::Nf4).BitsPerWeight == doctest::Approx(4.126953)); // 4 + 8/64 + 32/(64·256)
    CHECK(GetFormatInfo(Format::Mxfp4).BitsPerWeight == doctest::Approx(4.25));   // 4 + 8/32
    CHECK(GetFormatInfo(Format::Nvfp4).BitsPerWeight == doctest::Approx(4.5));    // 4 + 8/16
    CHECK(GetFormatInfo(Format::Q8_0).BitsPerWeight == doctest::Approx(8.5));     // 34 bytes per 32 weights
    CHECK(GetFormatInfo(Format::Q4_0).BitsPerWeight == doctest::Approx(4.5));     // 18 bytes per 32 weights
}

TEST_CASE("GGUF file sizes of Llama-3.1-8B match llama.cpp's quantize table") {
    // source: ggml-org/llama.cpp tools/quantize/README.md, table "meta-llama/Llama-3.1-8B", size (GiB) column.
    // Tolerance 1%: the table rounds to 0.01 GiB and q8_0 uses the exact 8.5-bit layout (file: 8.5008).
    const ModelArch m = test::Llama8bOnH100().Model;
    CHECK(GiBOf(m, Format::Q4_K_M) == doctest::Approx(4.58).epsilon(0.01));
    CHECK(GiBOf(m, Format::Q5_K_M) == doctest::Approx(5.33).epsilon(0.01));
    CHECK(GiBOf(m, Format::Q6_K) == doctest::Approx(6.14).epsilon(0.01));
    CHECK(GiBOf(m, Format::Q8_0) == doctest::Approx(7.95).epsilon(0.01));
    CHECK(GiBOf(m, Format::Q2_K) == doctest::Approx(2.95).epsilon(0.01));
    CHECK(GiBOf(m, Format::Fp16) == doctest::Approx(14.96).epsilon(0.01));
}

TEST_CASE("GPT-OSS checkpoints: MXFP4 experts, everything else bf16") {
    // source: OpenAI gpt-oss model card (arXiv:2508.10925), Table 1 "Checkpoint Size": 60.8 GiB (120b),
    // 12.8 GiB (20b). Tolerance 1% (the card rounds to 0.1 GiB; the parameter totals are rounded to 0.01B).
    CHECK(GiBOf(test::GptOss120b(), Format::Mxfp4) == doctest::Approx(60.8).epsilon(0.01));
    CHECK(GiBOf(test::GptOss20b(), Format::Mxfp4) == doctest::Approx(12.8).epsilon(0.01));
    // A dense model in MXFP4 quantises all its linear layers (only MoE checkpoints are experts-only).
    const ModelArch dense = test::Llama8bOnH100().Model;
    const WeightStorage w = WeightStorageOf(dense, Format::Mxfp4);
    CHECK(w.DenseBytes == doctest::Approx(ParamGroupsOf(dense).Dense * 4.25 / 8));
    CHECK(w.EmbeddingBytes == doctest::Approx(525336576.0 * 2));
}

TEST_CASE("NF4 without double quantisation stores one fp32 absmax per 64 weights") {
    // source: bitsandbytes 0.40.0 functional.quantize_4bit (blocksize 64, fp32 absmax); QLoRA §3.
    CHECK(GetFormatInfo(Format::Nf4NoDq).BitsPerWeight == doctest::Approx(4.5));
    CHECK(GetFormatInfo(Format::Nf4NoDq).BitsPerWeight > GetFormatInfo(Format::Nf4).BitsPerWeight);
}

TEST_CASE("precision.layer_weights stores a group in its own format; the others follow precision.weights") {
    const ModelArch m = test::Llama8bOnH100().Model;
    PrecisionSet all_fp8;
    all_fp8.Weights = Format::Fp8;
    PrecisionSet bf16_attention = all_fp8;
    bf16_attention.LayerWeights[static_cast<int>(WeightGroup::Attention)] = Format::Bf16;
    const ParamGroups g = ParamGroupsOf(m);
    // Llama-3.1-8B attention: 32 layers × (q 4096² + k, v 4096 × 1024 + o 4096²) = 1.342e9 parameters.
    CHECK(g.Attention == doctest::Approx(32.0 * (2.0 * 4096 * 4096 + 2.0 * 4096 * 1024)));
    const double extra = WeightStorageOf(m, bf16_attention).Total() - WeightStorageOf(m, all_fp8).Total();
    CHECK(extra == doctest::Approx(g.Attention * 1.0)); // one more byte per attention weight
    // Without overrides the precision-aware storage equals the format-only one.
    CHECK(WeightStorageOf(m, all_fp8).Total() == doctest::Approx(WeightStorageOf(m, Format::Fp8).Total()));
}

TEST_CASE("a quantised model built in fp32 keeps its embedding in fp32") {
    const ModelArch m = test::Llama8bOnH100().Model;
    PrecisionSet p;
    p.Weights = Format::Int4;
    p.Compute = Format::Fp32;
    CHECK(WeightStorageOf(m, p).EmbeddingBytes == doctest::Approx(ParamGroupsOf(m).Embedding * 4.0));
    p.Compute = Format::Bf16;
    CHECK(WeightStorageOf(m, p).EmbeddingBytes == doctest::Approx(ParamGroupsOf(m).Embedding * 2.0));
}

TEST_CASE("bitsandbytes formats hold a working copy of their largest quantised matrix") {
    const ModelArch m = test::Llama8bOnH100().Model; // lm_head 128256 × 4096 is its largest matrix, MLP 4096 × 14336 next
    PrecisionSet p;
    p.Weights = Format::Nf4;
    // lm_head left in 16-bit: the largest quantised matrix is an MLP projection; fp16 dequant + bf16 cast = 4 B per weight.
    CHECK(QuantisationTransientBytes(m, p, 1) == doctest::Approx(4096.0 * 14336 * 4.0));
    p.Compute = Format::Fp16; // no cast when the math is fp16
    CHECK(QuantisationTransientBytes(m, p, 1) == doctest::Approx(4096.0 * 14336 * 2.0));
    p.Compute = Format::Bf16;
    p.LayerWeights[static_cast<int>(WeightGroup::LmHead)] = Format::Nf4; // lm_head quantised too (LitGPT)
    CHECK(QuantisationTransientBytes(m, p, 2) == doctest::Approx(128256.0 * 4096 * 4.0 / 2));
    p.Weights = Format::Fp8; // pre-quantised checkpoints load without a staging copy
    CHECK(QuantisationTransientBytes(m, p, 1) == 0.0);
}

TEST_CASE("format names parse case-insensitively and unknown names are rejected") {
    Format f = Format::Bf16;
    CHECK(ParseFormat("Q4_K_M", &f));
    CHECK(f == Format::Q4_K_M);
    CHECK(ParseFormat("nvfp4", &f));
    CHECK(f == Format::Nvfp4);
    CHECK_FALSE(ParseFormat("int3", &f));
    CHECK(FormatNameList().find("q2_k") != std::string::npos);
}

TEST_CASE("a weight-only format picked for the KV cache is an error naming precision.kv_cache") {
    Scenario s = test::Llama8bOnH100();
    s.Precision.KvCache = Format::Nf4;
    const Result r = Evaluate(s);
    CHECK_FALSE(r.Ok);
    CHECK(r.Error.find("precision.kv_cache") == 0);
}

TEST_CASE("an fp8 KV cache halves the bf16 KV cache; int8 the same") {
    Scenario s = test::Llama8bOnH100();
    s.Inference.ContextTokens = 8192;
    const double bf16 = Evaluate(s).MemoryPerGpu.KvCache;
    s.Precision.KvCache = Format::Fp8;
    CHECK(Evaluate(s).MemoryPerGpu.KvCache == doctest::Approx(bf16 / 2));
    s.Precision.KvCache = Format::Int8;
    CHECK(Evaluate(s).MemoryPerGpu.KvCache == doctest::Approx(bf16 / 2));
}

} // TEST_SUITE
