// Architecture arithmetic: KV per token (MHA/GQA/MQA/MLA, sliding windows, paged blocks), MoE expert touch,
// attention FLOPs, parameter groups.
#include <doctest/doctest.h>

#include <cmath>

#include "engine/model_math.h"
#include "test_models.h"

using namespace engine;

TEST_SUITE("engine") {

TEST_CASE("MLA caches 4.5 head dims per layer, 1.8% of multi-head attention's KV (DeepSeek-V2)") {
    // source: DeepSeek-V2 paper (arXiv:2405.04434) Table 1: KV cache per token per layer is 2·n_h·d_h elements
    // for MHA and (d_c + d_h^R) ≈ 9/2·d_h for MLA, with d_c = 4·d_h = 512 and d_h^R = d_h/2 = 64. Exact.
    const ModelArch m = test::DeepSeekV2();
    CHECK(KvElementsPerTokenPerLayer(m) == 576.0);
    CHECK(KvElementsPerTokenPerLayer(m) == 4.5 * 128);
    ModelArch mha = m;
    mha.KvLoraRank = 0;
    CHECK(KvElementsPerTokenPerLayer(mha) == 2.0 * 128 * 128);
    // 60 layers × 576 × 2 B = 69,120 B per token in bf16.
    CHECK(KvCacheBytesPerSequence(m, Format::Bf16, 1.0) == 69120.0);
}

TEST_CASE("GQA and MQA shrink the KV cache by heads / kv_heads") {
    ModelArch m = test::Llama8bOnH100().Model; // 32 heads, 8 KV heads, head dim 128
    CHECK(KvElementsPerTokenPerLayer(m) == 2.0 * 8 * 128);
    m.KvHeads = 1;
    CHECK(KvElementsPerTokenPerLayer(m) == 2.0 * 128);
    m.KvHeads = 0; // MHA
    CHECK(KvElementsPerTokenPerLayer(m) == 2.0 * 32 * 128);
}

TEST_CASE("interleaved local/global layers cap local layers at the window (Gemma 3: 5 local to 1 global)") {
    const ModelArch m = test::Gemma3_27b(); // 62 layers → 10 global, 52 local with a 1024-token window
    CHECK(GlobalAttentionLayers(m) == 10);
    const double per_token_layer = 2.0 * 16 * 128 * 2; // bf16
    CHECK(KvCacheBytesPerSequence(m, Format::Bf16, 32768) == doctest::Approx(per_token_layer * (10 * 32768.0 + 52 * 1024.0)));
    // Below the window every layer holds the whole context.
    CHECK(KvCacheBytesPerSequence(m, Format::Bf16, 512) == doctest::Approx(per_token_layer * 62 * 512));
    // At 32k the cache is 18.75% of an all-global cache: (10·32768 + 52·1024) / (62·32768).
    ModelArch global = m;
    global.SlidingWindow = 0;
    CHECK(KvCacheBytesPerSequence(m, Format::Bf16, 32768) / KvCacheBytesPerSequence(global, Format::Bf16, 32768) ==
          doctest::Approx(0.1875).epsilon(1e-6));
}

TEST_CASE("a sliding window without a pattern makes every layer local (Mistral 7B v0.1)") {
    ModelArch m = test::Llama8bOnH100().Model;
    m.SlidingWindow = 4096;
    CHECK(GlobalAttentionLayers(m) == 0);
    CHECK(KvCacheBytesPerSequence(m, Format::Bf16, 32768) == doctest::Approx(KvCacheBytesPerSequence(m, Format::Bf16, 4096)));
}

TEST_CASE("paged KV rounds every layer's tokens up to whole blocks") {
    const ModelArch m = test::Llama8bOnH100().Model;
    CHECK(KvCacheBytesPerSequence(m, Format::Bf16, 1000, 16) == doctest::Approx(KvCacheBytesPerSequence(m, Format::Bf16, 1008)));
    CHECK(KvCacheBytesPerSequence(m, Format::Bf16, 1008, 16) == doctest::Approx(KvCacheBytesPerSequence(m, Format::Bf16, 1008)));
}

TEST_CASE("experts touched by a batch: k for one token, E(1 − (1 − k/E)^B) after, all E for large batches") {
    ModelArch m = test::GptOss120b(); // 4 of 128
    CHECK(ExpectedExpertsTouched(m, 1) == doctest::Approx(4.0));
    CHECK(ExpectedExpertsTouched(m, 2) == doctest::Approx(128.0 * (1.0 - std::pow(124.0 / 128.0, 2)))); // 7.875
    CHECK(ExpectedExpertsTouched(m, 10000) == doctest::Approx(128.0));
    CHECK(ExpectedExpertsTouched(test::Llama8bOnH100().Model, 64) == 0.0);
}

TEST_CASE("attention FLOPs of a causal prefill and of one decode token, by hand") {
    const ModelArch m = test::Llama8bOnH100().Model; // 32 heads × (128 + 128) × 2 = 16,384 FLOP per key per layer
    // prefill of 1024 tokens: 1024² / 2 keys × 16,384 × 32 layers
    CHECK(AttentionFlops(m, 0, 1024) == doctest::Approx(1024.0 * 1024 / 2 * 16384 * 32));
    // one new token after 4096 cached: 4096 + 0.5 keys
    CHECK(AttentionFlops(m, 4096, 1) == doctest::Approx(4096.5 * 16384 * 32));
}

TEST_CASE("parameter groups sum to the published total and carry the embedding split") {
    const ModelArch m = test::Llama8bOnH100().Model;
    const ParamGroups g = ParamGroupsOf(m);
    CHECK(g.Embedding == 525336576.0);
    CHECK(g.LmHead == 525336576.0);
    CHECK(g.Norms == 65.0 * 4096);
    CHECK(g.Embedding + g.LmHead + g.Norms + g.Experts + g.Dense == doctest::Approx(m.Params));
    const ParamGroups moe = ParamGroupsOf(test::GptOss120b());
    CHECK(moe.Experts == doctest::Approx(36.0 * 128 * 3 * 2880 * 2880)); // 114.66B of 116.83B
    CHECK(moe.Embedding + moe.LmHead + moe.Norms + moe.Experts + moe.Dense == doctest::Approx(116.83e9));
}

} // TEST_SUITE
