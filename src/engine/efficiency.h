// gpuplan engine: default efficiency factors for inference (achievable = peak × factor), per GPU architecture.
// Training MFU defaults live with the training model. Every figure's source is next to its row in efficiency.cpp.
#pragma once
#include <string>
#include <string_view>

#include "engine/scenario.h"

namespace engine {

struct InferenceEfficiency {
    double BandwidthEfficiency    = 0; // decode: achieved / peak memory bandwidth
    double ComputeEfficiency      = 0; // prefill (and compute-bound decode): achieved / peak tensor FLOP/s
    double InterconnectEfficiency = 0; // tensor-parallel collectives: achieved / peak link bandwidth
    double RuntimeOverheadBytes   = 0; // CUDA context, library workspaces, allocator slack per GPU, bytes
    double GpuMemoryUtilization   = 0; // fraction of GPU memory the serving engine may use
    double StepOverheadS          = 0; // fixed time per forward step (launches, synchronisation, host loop), s
    double SequenceOverheadS      = 0; // host time per sequence per step (scheduling, sampling, detokenising), s
    double HostLayerS             = 0; // eager engines: host dispatch time per layer per forward step, s (0 = the host keeps ahead)
    const char* Backend           = ""; // "CUDA", "ROCm", "Metal", or "" when the vendor is unknown
    bool   KnownArchitecture      = true; // false: no row for the GPU's architecture; conservative figures are used
};

// Local engines (llama.cpp, Ollama on top of it): bandwidth share and fixed per-token cost of a backend, fitted on
// the llama.cpp calibration cases (efficiency.cpp).
bool IsLocalEngine(std::string_view engine);
// Eager PyTorch generation loops ("pytorch-eager": LitGPT generate, HF transformers generate without compile or CUDA
// graphs): every op is launched from Python, and at small batch the host, not the GPU, sets the pace (efficiency.cpp).
bool IsEagerEngine(std::string_view engine);

// Defaults for an architecture name as the GPU catalog spells it ("hopper", "ada", "cdna3", "apple_m2", ...) and a
// serving engine ("" = datacenter engine; "llama.cpp" / "ollama" = local engine with its per-token cost).
// `math` is the math path in use: an architecture may have a separate figure for its FP4 path (Blackwell).
InferenceEfficiency DefaultInferenceEfficiency(const std::string& architecture, const std::string& engine = "",
                                               ComputeClass math = ComputeClass::Bf16);
// Where those defaults come from, in words, for the derivation trail (built only when a derivation is shown).
[[gnu::cold]] std::string InferenceEfficiencyBasis(const std::string& architecture, const std::string& engine = "");
// Defaults with the scenario's efficiency overrides applied (0 / -1 in an override = keep the default).
InferenceEfficiency ResolveInferenceEfficiency(const Scenario& scenario);
// The same where the caller has resolved the math path already (ResolveMathPath(gpu, precision.compute).Compute).
InferenceEfficiency ResolveInferenceEfficiency(const Scenario& scenario, ComputeClass math);

// The defaults that can move a result by more than 20 %, as a Markdown table (docs/SCENARIO.md embeds it between
// <!-- defaults:begin --> and <!-- defaults:end -->; tests/engine/test_defaults_doc.cpp fails when they differ).
std::string DefaultsTableMarkdown();

// Ring all-reduce latency term per collective, s (launch + synchronisation for a small message).
// source: NVIDIA/nccl issue #1259 (2024-04-22): HGX 8×H100, NCCL 2.20, all_reduce_perf with CUDA graphs,
// small-message all-reduce ≈ 6 µs between two GPUs over NVLink.
constexpr double kAllReduceLatencyS = 6e-6;

} // namespace engine
