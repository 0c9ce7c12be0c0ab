// gpuplan engine: architecture arithmetic.
#include "engine/model_math.h"

#include <algorithm>
#include <cmath>

namespace engine {


namespace {

double AttentionParamsPerLayer(const ModelArch& m) {
    const double d = m.Hidden;
    if (IsMla(m)) {
        // DeepSeek-V2 §2.1: q (optionally through a q_lora_rank bottleneck), a shared kv down-projection to
        // kv_lora_rank + rope dims, up-projections to per-head nope keys and values, output projection.
        const double nope = m.QkNopeHeadDim > 0 ? m.QkNopeHeadDim : HeadDimOf(m);
        const double rope = m.QkRopeHeadDim;
        const double v    = m.VHeadDim > 0 ? m.VHeadDim : HeadDimOf(m);
        const double q_out = m.Heads * (nope + rope);
        const double q = m.QLoraRank > 0 ? d * m.QLoraRank + m.QLoraRank * q_out : d * q_out;
        const double kv_down = d * (m.KvLoraRank + rope);
        const double kv_up   = m.KvLoraRank * m.Heads * (nope + v);
        const double o       = m.Heads * v * d;
        return q + kv_down + kv_up + o;
    }
    const double head_dim = HeadDimOf(m);
    const double q = d * m.Heads * head_dim;
    const double kv = 2.0 * d * KvHeadsOf(m) * head_dim;
    const double o = m.Heads * head_dim * d;
    return q + kv + o;
}

double MlpParams(double hidden, double width, bool gated) {
    return (gated ? 3.0 : 2.0) * hidden * width;
}

} // namespace

double EmbeddingParams(const ModelArch& m) {
    const double embed = static_cast<double>(m.Vocab) * m.Hidden;
    return m.TiedEmbeddings ? embed : 2.0 * embed;
}

double ParamsFromArchitecture(const ModelArch& m) {
    const double attention = AttentionParamsPerLayer(m);
    const double norms = 2.0 * m.Hidden;
    double total = EmbeddingParams(m) + m.Hidden; // + final norm
    if (IsMoe(m)) {
        const double expert_ffn = m.ExpertFfn > 0 ? m.ExpertFfn : m.Ffn;
        const double moe_layer = (m.Experts + m.SharedExperts) * MlpParams(m.Hidden, expert_ffn, m.GatedMlp)
                               + static_cast<double>(m.Hidden) * m.Experts; // router
        const double dense_layer = MlpParams(m.Hidden, m.Ffn, m.GatedMlp);
        total += m.Layers * (attention + norms) + m.DenseLayers * dense_layer + (m.Layers - m.DenseLayers) * moe_layer;
    } else {
        total += m.Layers * (attention + norms + MlpParams(m.Hidden, m.Ffn, m.GatedMlp));
    }
    return total;
}

double TotalParams(const ModelArch& m) {
    return m.Params > 0 ? m.Params : ParamsFromArchitecture(m);
}

double ActiveParams(const ModelArch& m) {
    if (m.ActiveParams > 0) return m.ActiveParams;
    if (!IsMoe(m)) return TotalParams(m);
    const double expert_ffn = m.ExpertFfn > 0 ? m.ExpertFfn : m.Ffn;
    const double unused_experts = static_cast<double>(m.Experts - m.ExpertsActive);
    const double inactive = (m.Layers - m.DenseLayers) * unused_experts * MlpParams(m.Hidden, expert_ffn, m.GatedMlp);
    return std::max(0.0, TotalParams(m) - inactive);
}

double KvElementsPerTokenPerLayer(const ModelArch& m) {
    if (IsMla(m)) return static_cast<double>(m.KvLoraRank) + m.QkRopeHeadDim; // DeepSeek-V2 §2.1.2: latent + decoupled rope key
    return 2.0 * KvHeadsOf(m) * HeadDimOf(m);
}

int GlobalAttentionLayers(const ModelArch& m) {
    if (m.SlidingWindow <= 0) return m.Layers;
    return m.SlidingWindowPattern > 1 ? m.Layers / m.SlidingWindowPattern : 0;
}

namespace {

double RoundUpToBlocks(double tokens, double block_tokens) {
    if (block_tokens <= 1.0) return tokens;
    return std::ceil(tokens / block_tokens) * block_tokens;
}

} // namespace

double KvCacheBytesPerSequence(const ModelArch& m, Format kv_format, double context_tokens, double block_tokens) {
    const double bytes = GetFormatInfo(kv_format).BytesPerKvValue;
    const double per_token_layer = KvElementsPerTokenPerLayer(m) * bytes;
    const int global_layers = GlobalAttentionLayers(m);
    const int local_layers = m.Layers - global_layers;
    const double global_tokens = RoundUpToBlocks(context_tokens, block_tokens);
    const double local_tokens = RoundUpToBlocks(std::min<double>(context_tokens, m.SlidingWindow), block_tokens);
    return per_token_layer * (global_layers * global_tokens + local_layers * local_tokens);
}

ParamGroups ParamGroupsOf(const ModelArch& m) {
    ParamGroups g;
    g.Embedding = static_cast<double>(m.Vocab) * m.Hidden;
    g.LmHead = m.TiedEmbeddings ? 0.0 : g.Embedding;
    g.Norms = (2.0 * m.Layers + 1.0) * m.Hidden;
    if (IsMoe(m)) {
        const double expert_ffn = m.ExpertFfn > 0 ? m.ExpertFfn : m.Ffn;
        g.Experts = static_cast<double>(m.Layers - m.DenseLayers) * m.Experts * MlpParams(m.Hidden, expert_ffn, m.GatedMlp);
    }
    // A published total is authoritative: the dense remainder absorbs the difference, and when the total is
    // smaller than embedding + norms + experts the experts shrink first so the groups still sum to it.
    const double total = TotalParams(m);
    const double fixed = g.Embedding + g.LmHead + g.Norms;
    g.Experts = std::max(0.0, std::min(g.Experts, total - fixed));
    g.Dense = std::max(0.0, total - fixed - g.Experts);
    g.Attention = std::min(g.Dense, m.Layers * AttentionParamsPerLayer(m));
    if (fixed > total) { // a tiny inline model with an authoritative count below its embeddings: scale all down
        const double scale = total / fixed;
        g.Embedding *= scale;
        g.LmHead *= scale;
        g.Norms *= scale;
    }
    return g;
}

WeightStorage WeightStorageOf(const ModelArch& m, Format format) {
    const FormatInfo& f = GetFormatInfo(format);
    const ParamGroups g = ParamGroupsOf(m);
    const bool experts_only = f.ExpertsOnlyOnMoe && IsMoe(m);
    constexpr double kBf16Bits = 16.0; // what an experts-only checkpoint keeps for the non-expert linear layers
    WeightStorage w;
    w.EmbeddingBytes = g.Embedding * f.EmbeddingBits / 8.0;
    w.LmHeadBytes    = g.LmHead * f.LmHeadBits / 8.0;
    w.NormBytes      = g.Norms * f.NormBits / 8.0;
    w.ExpertBytes    = g.Experts * f.BitsPerWeight / 8.0;
    w.DenseBytes     = g.Dense * (experts_only ? kBf16Bits : f.BitsPerWeight) / 8.0;
    return w;
}

namespace {

bool IsQuantised(const FormatInfo& f) { return f.BitsPerWeight < 16.0; }

// Bits of a group the base format keeps unquantised: the model's dtype, which is fp32 when the math runs in fp32
// (LitGPT `--precision 32-true` builds the whole model, embedding included, in fp32; the quantised Linear layers keep
// their packed codes). Formats that store every tensor themselves (GGUF) and 16-bit formats are unchanged.
double KeptBits(const FormatInfo& base, double bits, Format compute) {
    const bool fp32_model = compute == Format::Fp32 || compute == Format::Tf32;
    return IsQuantised(base) && bits == 16.0 && fp32_model ? 32.0 : bits;
}

} // namespace

WeightStorage WeightStorageOf(const ModelArch& m, const PrecisionSet& p) { return WeightStorageOf(m, ParamGroupsOf(m), p); }

WeightStorage WeightStorageOf(const ModelArch& m, const ParamGroups& g, const PrecisionSet& p) {
    const FormatInfo& f = GetFormatInfo(p.Weights);
    const bool experts_only = f.ExpertsOnlyOnMoe && IsMoe(m);
    constexpr double kBf16Bits = 16.0; // what an experts-only checkpoint keeps for the non-expert linear layers
    // A group named in LayerWeights is stored in that format's linear-layer width; otherwise as WeightStorageOf(m, format).
    auto bits = [&](WeightGroup group, double base_bits) {
        const Format own = p.LayerWeights[static_cast<int>(group)];
        return own == Format::Count ? base_bits : GetFormatInfo(own).BitsPerWeight;
    };
    const double dense_bits = experts_only ? kBf16Bits : f.BitsPerWeight;
    WeightStorage w;
    w.EmbeddingBytes = g.Embedding * bits(WeightGroup::Embedding, KeptBits(f, f.EmbeddingBits, p.Compute)) / 8.0;
    w.LmHeadBytes    = g.LmHead * bits(WeightGroup::LmHead, KeptBits(f, f.LmHeadBits, p.Compute)) / 8.0;
    w.NormBytes      = g.Norms * KeptBits(f, f.NormBits, p.Compute) / 8.0;
    w.ExpertBytes    = g.Experts * bits(WeightGroup::Experts, f.BitsPerWeight) / 8.0;
    w.DenseBytes     = (g.Attention * bits(WeightGroup::Attention, dense_bits) +
                        (g.Dense - g.Attention) * bits(WeightGroup::Mlp, dense_bits)) / 8.0;
    return w;
}

double QuantisationTransientBytes(const ModelArch& m, const PrecisionSet& p, int tensor_parallel) {
    const FormatInfo& f = GetFormatInfo(p.Weights);
    if (f.TransientBytesPerWeight <= 0.0) return 0.0;
    // The largest matrix the base format quantises: lm_head (when untied and quantised), one MLP projection, one
    // expert projection, or a q / o projection; column- and row-parallel layers and the vocab-parallel lm_head split by TP.
    auto quantised = [&](WeightGroup group, bool base_quantises) {
        const Format own = p.LayerWeights[static_cast<int>(group)];
        return own == Format::Count ? base_quantises : own == p.Weights;
    };
    const double hidden = m.Hidden;
    double largest = 0.0;
    if (!m.TiedEmbeddings && quantised(WeightGroup::LmHead, f.LmHeadBits < 16.0)) largest = std::max(largest, hidden * m.Vocab);
    if (quantised(WeightGroup::Mlp, !f.ExpertsOnlyOnMoe) && (!IsMoe(m) || m.DenseLayers > 0)) largest = std::max(largest, hidden * m.Ffn);
    if (IsMoe(m) && quantised(WeightGroup::Experts, true)) largest = std::max(largest, hidden * (m.ExpertFfn > 0 ? m.ExpertFfn : m.Ffn));
    if (quantised(WeightGroup::Attention, !f.ExpertsOnlyOnMoe)) largest = std::max(largest, hidden * m.Heads * HeadDimOf(m));
    const bool cast = f.TransientCastToCompute && p.Compute != Format::Fp16;
    const double bytes_per_weight = f.TransientBytesPerWeight + (cast ? 2.0 : 0.0);
    return largest / std::max(1, tensor_parallel) * bytes_per_weight;
}

double ExpectedExpertsTouched(const ModelArch& m, double tokens) {
    if (!IsMoe(m) || tokens <= 0) return 0.0;
    const double e = m.Experts;
    const double k = m.ExpertsActive;
    return e * (1.0 - std::pow(1.0 - k / e, tokens));
}

double AttentionFlops(const ModelArch& m, double past_tokens, double new_tokens) {
    // Per layer and query token: QKᵀ is 2 × heads × qk_dim FLOPs per attended key, AV 2 × heads × v_dim.
    double qk_dim = HeadDimOf(m);
    double v_dim = HeadDimOf(m);
    if (IsMla(m)) {
        qk_dim = (m.QkNopeHeadDim > 0 ? m.QkNopeHeadDim : HeadDimOf(m)) + m.QkRopeHeadDim;
        v_dim = m.VHeadDim > 0 ? m.VHeadDim : HeadDimOf(m);
    }
    const double per_key = 2.0 * m.Heads * (qk_dim + v_dim);
    // Causal: query i attends to past + i keys; summed over the new tokens = new × past + new²/2.
    const double full_keys = new_tokens * past_tokens + new_tokens * new_tokens / 2.0;
    double local_keys = full_keys;
    if (m.SlidingWindow > 0) {
        const double w = m.SlidingWindow;
        local_keys = std::min(full_keys, new_tokens * w);
    }
    const int global_layers = GlobalAttentionLayers(m);
    return per_key * (global_layers * full_keys + (m.Layers - global_layers) * local_keys);
}

} // namespace engine
