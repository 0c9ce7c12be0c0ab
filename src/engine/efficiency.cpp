// gpuplan engine: inference efficiency defaults and their sources.
#include "engine/efficiency.h"

#include "engine/inference.h"

namespace engine {

namespace {

// The bandwidth and compute factors below were fitted ONCE by scripts/calibrate.py on the calibration cases of
// tests/validation/cases (those marked "calibration": true, chosen by id before any prediction existed) and
// checked on the held-out rest; docs/ACCURACY.md reports both. Least squares on log(predicted / published),
// grid step 0.01. An architecture no calibration case depends on borrows, and the derivation says so.

// --- decode: achieved / peak memory bandwidth ------------------------------------------------------------
// NVIDIA, fitted on: llama.cpp PR #4766 (Llama-2-7B F16, RTX 4090, batch 1, 61.03 tokens/s) together with the
// TensorRT-LLM A100/H100 throughput cases (v0.6.1 Llama-2-7B FP16 A100 batch 384; v1.0 Llama-3.1-8B and
// Llama-3.3-70B FP8 H100), whose decode steps are partly bandwidth-bound.
constexpr double kBandwidthEffNvidia = 0.71;
// AMD CDNA, fitted on: Oracle Cloud blog "Serving Llama 3.1 405B model with AMD MI300X GPUs" (vLLM, 8×MI300X,
// TP 8, FP8, batch 1: 36 tokens/s) and AMD's ROCm vLLM throughput table (405B FP8, 128 in / 2048 out).
constexpr double kBandwidthEffAmd = 0.37;
// No calibration case on Ascend or Gaudi: they use the NVIDIA figure and the derivation says so.
constexpr double kBandwidthEffOther = kBandwidthEffNvidia;

// --- prefill and compute-bound decode: achieved / peak dense tensor FLOP/s -----------------------------------
// Ampere, fitted on: TensorRT-LLM performance.md v0.5 (Llama-2-7B FP16 A100, 2048-token prompt, TTFT 133 ms) and
// v0.6.1 (Llama-2-7B FP16 A100, batch 384, 128/128, 5,586 tokens/s).
constexpr double kComputeEffAmpere = 0.68;
// Hopper, fitted on: TensorRT-LLM perf-overview v1.0, Llama-3.1-8B FP8 on one H100 (1000/1000) and
// Llama-3.3-70B FP8 on 2×H100 (500/2000).
constexpr double kComputeEffHopper = 0.41;
// CDNA3, fitted on: AMD's ROCm vLLM throughput table (Llama-3.1-405B FP8 on 8×MI300X, 128/2048) — vLLM on ROCm of
// that release reaches a far smaller share of the MI300X's 2.6 PFLOP/s FP8 peak than TensorRT-LLM on Hopper.
constexpr double kComputeEffCdna3 = 0.22;
// No calibration case depends on the compute of Ada, Volta, Turing, Blackwell or other vendors: Blackwell borrows
// Hopper (the same software stack, one generation on), CDNA 2/4 borrow CDNA3, the rest the mean of the NVIDIA fits.
constexpr double kComputeEffOther = (kComputeEffAmpere + kComputeEffHopper) / 2.0;

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
    {"ampere",          kBandwidthEffNvidia, kComputeEffAmpere, "calibrated: NVIDIA decode fit; Ampere compute fit (TensorRT-LLM A100)"},
    {"hopper",          kBandwidthEffNvidia, kComputeEffHopper, "calibrated: NVIDIA decode fit; Hopper compute fit (TensorRT-LLM H100)"},
    {"ada",             kBandwidthEffNvidia, kComputeEffOther,  "NVIDIA decode fit; compute borrowed: mean of the Ampere and Hopper fits"},
    {"blackwell",       kBandwidthEffNvidia, kComputeEffHopper, "NVIDIA decode fit; compute borrowed from Hopper"},
    {"blackwell_ultra", kBandwidthEffNvidia, kComputeEffHopper, "NVIDIA decode fit; compute borrowed from Hopper"},
    {"turing",          kBandwidthEffNvidia, kComputeEffOther,  "NVIDIA decode fit; compute borrowed: mean of the Ampere and Hopper fits"},
    {"volta",           kBandwidthEffNvidia, kComputeEffOther,  "NVIDIA decode fit; compute borrowed: mean of the Ampere and Hopper fits"},
    {"cdna2",           kBandwidthEffAmd,    kComputeEffCdna3,  "AMD decode fit; compute borrowed from CDNA3"},
    {"cdna3",           kBandwidthEffAmd,    kComputeEffCdna3,  "calibrated: AMD decode fit; CDNA3 compute fit (vLLM MI300X)"},
    {"cdna4",           kBandwidthEffAmd,    kComputeEffCdna3,  "AMD decode fit; compute borrowed from CDNA3"},
};

} // namespace

InferenceEfficiency DefaultInferenceEfficiency(const std::string& architecture) {
    // The last architecture asked for on this thread, and its defaults (an evaluation asks for one, many times).
    thread_local std::string last_architecture;
    thread_local InferenceEfficiency last;
    thread_local bool cached = false;
    if (cached && architecture == last_architecture) return last;
    InferenceEfficiency e;
    e.BandwidthEfficiency = kBandwidthEffOther;
    e.ComputeEfficiency = kComputeEffOther;
    e.Basis = "no calibration case for this architecture: NVIDIA decode fit and the mean NVIDIA compute fit";
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
    last_architecture = architecture;
    last = e;
    cached = true;
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
