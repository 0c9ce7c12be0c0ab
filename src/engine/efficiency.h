// gpuplan engine: default efficiency factors for inference (achievable = peak × factor), per GPU architecture.
// Training MFU defaults live with the training model. Every figure's source is next to its row in efficiency.cpp.
#pragma once
#include <string>

#include "engine/scenario.h"

namespace engine {

struct InferenceEfficiency {
    double BandwidthEfficiency    = 0; // decode: achieved / peak memory bandwidth
    double ComputeEfficiency      = 0; // prefill (and compute-bound decode): achieved / peak tensor FLOP/s
    double InterconnectEfficiency = 0; // tensor-parallel collectives: achieved / peak link bandwidth
    double RuntimeOverheadBytes   = 0; // CUDA context, library workspaces, allocator slack per GPU, bytes
    double GpuMemoryUtilization   = 0; // fraction of GPU memory the serving engine may use
    const char* Basis = "";            // where the bandwidth/compute defaults come from (static text, for the derivation trail)
};

// Defaults for an architecture name as the GPU catalog spells it ("hopper", "ada", "cdna3", ...). Called for every
// tensor-parallel degree an evaluation tries: the row is looked up once per architecture and remembered.
InferenceEfficiency DefaultInferenceEfficiency(const std::string& architecture);
// Defaults with the scenario's efficiency overrides applied (0 / -1 in an override = keep the default).
InferenceEfficiency ResolveInferenceEfficiency(const Scenario& scenario);

// Ring all-reduce latency term per collective, s (launch + synchronisation for a small message).
// source: NVIDIA/nccl issue #1259 (2024-04-22): HGX 8×H100, NCCL 2.20, all_reduce_perf with CUDA graphs,
// small-message all-reduce ≈ 6 µs between two GPUs over NVLink.
constexpr double kAllReduceLatencyS = 6e-6;

} // namespace engine
