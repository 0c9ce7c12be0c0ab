// gpuplan engine: model architecture and hardware descriptions (plain structs, SI units).
#pragma once
#include <string>

#include "engine/formats.h"

namespace engine {

// A transformer architecture, as its configuration file describes it. Counts are integers; 0 means
// "not applicable" (e.g. experts = 0 for a dense model, kv_lora_rank = 0 when attention is not MLA).
struct ModelArch {
    std::string Id;                    // catalog id ("llama-3.1-8b") or "" for an inline architecture
    std::string Name;                  // display name
    double      Params            = 0; // total parameters; authoritative for weight memory when > 0
    double      ActiveParams      = 0; // parameters used per token (MoE); 0 = derive
    int         Layers            = 0; // transformer blocks
    int         Hidden            = 0; // model width d_model
    int         Heads             = 0; // query heads
    int         KvHeads           = 0; // key/value heads (GQA/MQA); 0 = Heads
    int         HeadDim           = 0; // per-head width; 0 = Hidden / Heads
    int         Ffn               = 0; // dense MLP intermediate width
    int         Vocab             = 0; // vocabulary size
    bool        GatedMlp          = true;  // SwiGLU/GeGLU: three MLP matrices instead of two
    bool        TiedEmbeddings    = false; // lm_head shares the embedding matrix
    // Mixture of experts
    int         Experts           = 0; // routed experts per MoE layer
    int         ExpertsActive     = 0; // routed experts chosen per token
    int         ExpertFfn         = 0; // one routed expert's intermediate width; 0 = Ffn
    int         SharedExperts     = 0; // always-on experts per MoE layer (each ExpertFfn wide)
    int         DenseLayers       = 0; // leading layers with a dense MLP in an MoE model
    // Multi-head latent attention (DeepSeek-V2/V3)
    int         KvLoraRank        = 0; // compressed KV latent width per token per layer
    int         QkRopeHeadDim     = 0; // decoupled RoPE key width cached alongside the latent
    int         QLoraRank         = 0; // compressed query width (compute only)
    int         QkNopeHeadDim     = 0; // per-head non-RoPE q/k width (compute only)
    int         VHeadDim          = 0; // per-head value width (compute only)
    // Local attention
    int         SlidingWindow     = 0; // tokens a local layer attends to; 0 = none
    int         SlidingWindowPattern = 0; // N > 1: one layer in N is global (Gemma 2: 2, Gemma 3: 6); 0: all layers local
    int         MaxContext        = 0; // longest context the model supports, tokens
};

// Peak figures (datasheet, dense) of one accelerator. Achievable = peak × an Efficiency factor.
struct GpuSpec {
    std::string Id;                      // catalog id ("h100-sxm") or "" for an inline spec
    std::string Name;                    // display name
    std::string Vendor;                  // "NVIDIA", "AMD", "Huawei", "Intel"
    std::string Architecture;            // "ampere", "hopper", "blackwell", "cdna3", ... (efficiency defaults)
    double      MemoryBytes        = 0;  // capacity, bytes: what the device reports (catalog: memory_reported_mib, else the marketed GiB; inline spec: GB × 1e9)
    double      BandwidthBytesPerS = 0;  // peak memory bandwidth, bytes/s
    double      PeakFlops[static_cast<int>(ComputeClass::Count)] = {}; // dense peak per math path, FLOP/s (OP/s for int8); 0 = unsupported
    double      InterconnectBytesPerS = 0; // GPU-to-GPU bandwidth inside a node, per GPU, bidirectional as datasheets quote it
    bool        NvlinkLike         = false; // true when InterconnectBytesPerS is a switched/direct GPU fabric, false for PCIe
    double      TdpW               = 0;  // board power, W
};

} // namespace engine
