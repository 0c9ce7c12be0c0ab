// gpuplan engine: quantities derived from an architecture, named like sentences.
#pragma once
#include "engine/formats.h"
#include "engine/model.h"
#include "engine/scenario.h"

namespace engine {

// Inline: every step, memory figure and layout the engine sizes asks these (a plan: hundreds of thousands of times).
// KvHeads, or Heads when 0 (MHA); HeadDim, or Hidden / Heads when 0.
inline int  KvHeadsOf(const ModelArch& m) { return m.KvHeads > 0 ? m.KvHeads : m.Heads; }
inline int  HeadDimOf(const ModelArch& m) { return m.HeadDim > 0 ? m.HeadDim : (m.Heads > 0 ? m.Hidden / m.Heads : 0); }
inline bool IsMoe(const ModelArch& m) { return m.Experts > 0 && m.ExpertsActive > 0; }
inline bool IsMla(const ModelArch& m) { return m.KvLoraRank > 0; }
// Parameter count implied by the architecture (embeddings, attention, MLP or experts, norms, lm_head).
double ParamsFromArchitecture(const ModelArch& model);
// Params when given, else the architecture's count.
double TotalParams(const ModelArch& model);
// Parameters touched per token (MoE: shared + routed active experts); TotalParams for dense models.
double ActiveParams(const ModelArch& model);
// Embedding (+ untied lm_head) parameters.
double EmbeddingParams(const ModelArch& model);
// KV cache elements per token per layer for a full-attention layer (2 × kv_heads × head_dim; MLA: latent + rope).
double KvElementsPerTokenPerLayer(const ModelArch& model);
// KV cache bytes one sequence holds at `context_tokens`, all layers (sliding-window layers capped at the window).
// With block_tokens > 1 every layer's token count is rounded up to whole paged-attention blocks (vLLM).
double KvCacheBytesPerSequence(const ModelArch& model, Format kv_format, double context_tokens, double block_tokens = 1.0);
// Layers that attend to the whole context (all layers without a sliding window; one in N with a pattern N).
int    GlobalAttentionLayers(const ModelArch& model);

// Parameters grouped the way serving engines store and shard them. The groups sum to TotalParams.
struct ParamGroups {
    double Embedding = 0; // token embedding, vocab × hidden
    double LmHead    = 0; // untied output projection, vocab × hidden (0 when tied)
    double Norms     = 0; // norm weights, (2 × layers + 1) × hidden
    double Experts   = 0; // routed expert MLPs of MoE layers
    double Dense     = 0; // everything else: attention, dense MLPs, shared experts, routers
    double Attention = 0; // the attention projections inside Dense (q, k, v, o; MLA's down/up projections)
};
ParamGroups ParamGroupsOf(const ModelArch& model);

// Bytes of each parameter group stored in `format` (what stays in higher precision follows FormatInfo).
struct WeightStorage {
    double EmbeddingBytes = 0;
    double LmHeadBytes    = 0;
    double NormBytes      = 0;
    double ExpertBytes    = 0;
    double DenseBytes     = 0;
    double Total() const { return EmbeddingBytes + LmHeadBytes + NormBytes + ExpertBytes + DenseBytes; }
};
WeightStorage WeightStorageOf(const ModelArch& model, Format format);
// The same with each group's own format where precision.LayerWeights names one, and the groups a quantised format
// leaves unquantised (embedding, lm_head, norms) in the model's dtype: fp32 when the compute format is fp32/tf32.
WeightStorage WeightStorageOf(const ModelArch& model, const PrecisionSet& precision);
// The same from the model's ParamGroupsOf, where the caller has them already.
WeightStorage WeightStorageOf(const ModelArch& model, const ParamGroups& groups, const PrecisionSet& precision);

// Transient bytes one tensor-parallel rank holds on top of the stored weights while its weight-only format's library
// quantises or dequantises the largest quantised matrix (FormatInfo::TransientBytesPerWeight); 0 for other formats.
double QuantisationTransientBytes(const ModelArch& model, const PrecisionSet& precision, int tensor_parallel);

// Expected distinct routed experts one MoE layer touches for `tokens` tokens, each choosing k of E uniformly:
// E × (1 − (1 − k/E)^tokens). Equals E for large batches, k for one token; 0 for dense models.
double ExpectedExpertsTouched(const ModelArch& model, double tokens);
// Attention score + value FLOPs (QKᵀ and AV matmuls, causal) for `new_tokens` tokens appended after `past_tokens`
// tokens of one sequence, all layers; sliding-window layers attend to at most the window.
double AttentionFlops(const ModelArch& model, double past_tokens, double new_tokens);

} // namespace engine
