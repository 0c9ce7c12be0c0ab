// gpuplan engine: architecture arithmetic.
#include "engine/model_math.h"

#include <algorithm>

namespace engine {

int KvHeadsOf(const ModelArch& m) { return m.KvHeads > 0 ? m.KvHeads : m.Heads; }
int HeadDimOf(const ModelArch& m) { return m.HeadDim > 0 ? m.HeadDim : (m.Heads > 0 ? m.Hidden / m.Heads : 0); }
bool IsMoe(const ModelArch& m) { return m.Experts > 0 && m.ExpertsActive > 0; }
bool IsMla(const ModelArch& m) { return m.KvLoraRank > 0; }

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

double KvCacheBytesPerSequence(const ModelArch& m, Format kv_format, double context_tokens) {
    const double bytes = GetFormatInfo(kv_format).BytesPerKvValue;
    const double per_token_layer = KvElementsPerTokenPerLayer(m) * bytes;
    if (m.SlidingWindow <= 0 || context_tokens <= m.SlidingWindow)
        return per_token_layer * m.Layers * context_tokens;
    // Local layers keep at most the window; with a pattern N, one layer in N is global.
    const int global_layers = m.SlidingWindowPattern > 1 ? m.Layers / m.SlidingWindowPattern : 0;
    const int local_layers = m.Layers - global_layers;
    return per_token_layer * (global_layers * context_tokens + local_layers * static_cast<double>(m.SlidingWindow));
}

} // namespace engine
