// gpuplan engine: quantities derived from an architecture, named like sentences.
#pragma once
#include "engine/formats.h"
#include "engine/model.h"

namespace engine {

int    KvHeadsOf(const ModelArch& model);              // KvHeads, or Heads when 0 (MHA)
int    HeadDimOf(const ModelArch& model);              // HeadDim, or Hidden / Heads when 0
bool   IsMoe(const ModelArch& model);
bool   IsMla(const ModelArch& model);
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
double KvCacheBytesPerSequence(const ModelArch& model, Format kv_format, double context_tokens);

} // namespace engine
