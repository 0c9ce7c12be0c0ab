// gpuplan engine: inference efficiency defaults and their sources.
#include "engine/efficiency.h"

#include "engine/inference.h"

namespace engine {

namespace {

// --- decode: achieved / peak memory bandwidth ------------------------------------------------------------
// Fitted to llama.cpp PR #4766 (ggerganov, 2024-01-10, llama-bench): Llama-2-7B F16 on RTX 4090 decodes 61.03
// tokens/s at batch 1; each token reads 13.48 GB of weights → 823 GB/s of the card's 1008 GB/s = 0.82.
// Used for every NVIDIA architecture that has no measurement of its own (a well-tuned decode kernel streams
// weights at a similar fraction of peak on Ampere, Hopper and Blackwell HBM).
constexpr double kBandwidthEffNvidia = 0.80;
// Fitted to the Oracle Cloud blog "Serving Llama 3.1 405B model with AMD MI300X GPUs" (vLLM, 8×MI300X, TP 8,
// FP8, batch 1, 128 in / 128 out): 36 tokens/s. Per GPU a token reads 50.7 GB; after this model's all-reduce
// time (2 × 126 layers × 6 µs) the achieved bandwidth is ≈ 0.38 × 5.3 TB/s. ROCm decode kernels of that
// release; applied to CDNA 2/3/4 until a newer measurement replaces it.
constexpr double kBandwidthEffAmd = 0.38;
// No published decode measurement found for Ascend or Gaudi: the NVIDIA figure is used and the derivation says so.
constexpr double kBandwidthEffOther = kBandwidthEffNvidia;

// --- prefill: achieved / peak dense tensor FLOP/s -----------------------------------------------------------
// Ampere: TensorRT-LLM docs/source/performance.md (v0.5): Llama-2-7B FP16 on A100, 2048 input tokens,
// first-token latency 133 ms → 2.87e13 FLOP / 0.133 s = 216 TFLOP/s of 312 = 0.69.
constexpr double kComputeEffAmpere = 0.69;
// Ada: same table, Llama-2-7B FP8 on L40S, 2048 input tokens, 73 ms → 393 TFLOP/s of 733 FP8 = 0.54.
constexpr double kComputeEffAda = 0.54;
// Hopper: same table, Llama-2-70B FP8 on 4×H100 (TP 4), 2048 input tokens, 109 ms; after this model's
// all-reduce time (≈ 26 ms) ≈ 7.2e13 FLOP per GPU in 83 ms = 0.44 of 1979 FP8 TFLOP/s.
constexpr double kComputeEffHopper = 0.44;
// Architectures without a prefill measurement: mean of the three fitted figures above.
constexpr double kComputeEffOther = (kComputeEffAmpere + kComputeEffAda + kComputeEffHopper) / 3.0;

// --- collectives -------------------------------------------------------------------------------------------
// NVIDIA/nccl-tests issue #212 (sjeaugey, NCCL maintainer, 2024-05-06): H100 NVLink line rate 450 GB/s per
// direction, NCCL reaches ≈ 370 GB/s effective after protocol overhead → 0.82.
constexpr double kInterconnectEff = 0.8;

// --- memory the serving engine holds beyond weights, KV and activations: inference.h -------------------------
// kInferenceRuntimeOverheadBytes (vLLM PR #10511 log: non-torch memory 1.79 GiB on one H100) and
// kDefaultGpuMemoryUtilization (vLLM gpu_memory_utilization = 0.9).

struct ArchRow {
    const char* Architecture;
    double      Bandwidth;
    double      Compute;
    const char* Basis;
};

const ArchRow kRows[] = {
    {"ampere",          kBandwidthEffNvidia, kComputeEffAmpere, "decode: llama.cpp RTX 4090 fit; prefill: TensorRT-LLM A100 TTFT fit"},
    {"ada",             kBandwidthEffNvidia, kComputeEffAda,    "decode: llama.cpp RTX 4090 fit; prefill: TensorRT-LLM L40S TTFT fit"},
    {"hopper",          kBandwidthEffNvidia, kComputeEffHopper, "decode: llama.cpp RTX 4090 fit; prefill: TensorRT-LLM H100 TP4 TTFT fit"},
    {"blackwell",       kBandwidthEffNvidia, kComputeEffOther,  "decode: llama.cpp RTX 4090 fit; prefill: mean of Ampere/Ada/Hopper fits"},
    {"blackwell_ultra", kBandwidthEffNvidia, kComputeEffOther,  "decode: llama.cpp RTX 4090 fit; prefill: mean of Ampere/Ada/Hopper fits"},
    {"turing",          kBandwidthEffNvidia, kComputeEffOther,  "decode: llama.cpp RTX 4090 fit; prefill: mean of Ampere/Ada/Hopper fits"},
    {"volta",           kBandwidthEffNvidia, kComputeEffOther,  "decode: llama.cpp RTX 4090 fit; prefill: mean of Ampere/Ada/Hopper fits"},
    {"cdna2",           kBandwidthEffAmd,    kComputeEffOther,  "decode: OCI vLLM MI300X batch-1 fit; prefill: mean of NVIDIA fits"},
    {"cdna3",           kBandwidthEffAmd,    kComputeEffOther,  "decode: OCI vLLM MI300X batch-1 fit; prefill: mean of NVIDIA fits"},
    {"cdna4",           kBandwidthEffAmd,    kComputeEffOther,  "decode: OCI vLLM MI300X batch-1 fit; prefill: mean of NVIDIA fits"},
};

} // namespace

InferenceEfficiency DefaultInferenceEfficiency(const std::string& architecture) {
    InferenceEfficiency e;
    e.BandwidthEfficiency = kBandwidthEffOther;
    e.ComputeEfficiency = kComputeEffOther;
    e.Basis = "no measurement for this architecture: NVIDIA decode fit and the mean prefill fit";
    for (const ArchRow& row : kRows) {
        if (architecture == row.Architecture) {
            e.BandwidthEfficiency = row.Bandwidth;
            e.ComputeEfficiency = row.Compute;
            e.Basis = row.Basis;
        }
    }
    e.InterconnectEfficiency = kInterconnectEff;
    e.RuntimeOverheadBytes = kInferenceRuntimeOverheadBytes;
    e.GpuMemoryUtilization = kDefaultGpuMemoryUtilization;
    return e;
}

InferenceEfficiency ResolveInferenceEfficiency(const Scenario& s) {
    InferenceEfficiency e = DefaultInferenceEfficiency(s.Gpu.Architecture);
    const EfficiencyOverrides& o = s.Efficiency;
    if (o.BandwidthEfficiency > 0) e.BandwidthEfficiency = o.BandwidthEfficiency;
    if (o.ComputeEfficiency > 0) e.ComputeEfficiency = o.ComputeEfficiency;
    if (o.InterconnectEfficiency > 0) e.InterconnectEfficiency = o.InterconnectEfficiency;
    if (o.RuntimeOverheadBytes >= 0) e.RuntimeOverheadBytes = o.RuntimeOverheadBytes;
    if (o.GpuMemoryUtilization > 0) e.GpuMemoryUtilization = o.GpuMemoryUtilization;
    return e;
}

} // namespace engine
