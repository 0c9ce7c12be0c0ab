// gpuplan engine: inference efficiency defaults and their sources.
#include "engine/efficiency.h"

#include <cstdio>
#include <cstring>
#include <string_view>

#include "engine/hardware_support.h"
#include "engine/inference.h"
#include "engine/mfu_defaults.h"
#include "engine/training.h"

namespace engine {

namespace {

// The bandwidth and compute factors below were fitted ONCE by scripts/calibrate.py on the calibration cases of
// tests/validation/cases (those marked "calibration": true, chosen by id before any prediction existed) and
// checked on the held-out rest; docs/ACCURACY.md reports both. Least squares on log(predicted / published),
// grid step 0.01. An architecture no calibration case depends on borrows, and the derivation says so.
// Split change (issue 16, round 2): the calibration third is now chosen by FNV-1a-32(id) % 3 == 0 and the factors
// that calibration set determines were refitted: NVIDIA decode share 0.77 → 0.71, Hopper compute 0.56 → 0.57,
// Blackwell compute 0.26 → 0.30 (15 TensorRT-LLM v1.0 H100/H200/B200 rows; sequence overhead still 0). The new third
// holds no Ampere, CDNA or AMD serving case, so kComputeEffAmpere, kComputeEffCdna3 and kBandwidthEffAmd keep the
// values fitted on the old third; the cases they were fitted on are now held out (docs/ACCURACY.md says so).
// Refit (issue 16, round 3) after the Llama 3.1 405B FP8 cases' KV cache was corrected from an assumed FP8 to the
// BF16 their checkpoint sets (hf_quant_config.json kv_cache_quant_algo: null): NVIDIA decode 0.71 → 0.70, Hopper
// compute 0.57 → 0.60, Blackwell FP4 0.30 unchanged, sequence overhead 0 (scripts/calibrate.py, same 15 cases).

// --- decode: achieved / peak memory bandwidth ------------------------------------------------------------
// NVIDIA, fitted on: llama.cpp PR #4766 (Llama-2-7B F16, RTX 4090, batch 1, 61.03 tokens/s) together with the
// TensorRT-LLM A100/H100 throughput cases (v0.6.1 Llama-2-7B FP16 A100 batch 384; v1.0 Llama-3.1-8B and
// Llama-3.3-70B FP8 H100), whose decode steps are partly bandwidth-bound.
// Refitted with the per-phase roofline (inference.cpp StepTime: weight GEMMs and KV-cache attention bound separately):
// 0.69 → 0.77. The single whole-step max(bytes, FLOPs) had let compute-bound GEMMs hide the KV reads of large batches,
// and the decode share had been pulled down to compensate.
constexpr double kBandwidthEffNvidia = 0.70; // 0.71 before the 405B FP8 cases' KV cache was corrected to BF16; 0.77 on the old third
// AMD CDNA, fitted on: Oracle Cloud blog "Serving Llama 3.1 405B model with AMD MI300X GPUs" (vLLM, 8×MI300X,
// TP 8, FP8, batch 1: 36 tokens/s) and AMD's ROCm vLLM throughput table (405B FP8, 128 in / 2048 out).
constexpr double kBandwidthEffAmd = 0.37;

// --- prefill and compute-bound decode: achieved / peak dense tensor FLOP/s -----------------------------------
// Ampere, fitted on: TensorRT-LLM performance.md v0.5 (Llama-2-7B FP16 A100, 2048-token prompt, TTFT 133 ms) and
// v0.6.1 (Llama-2-7B FP16 A100, batch 384, 128/128, 5,586 tokens/s).
constexpr double kComputeEffAmpere = 0.69; // 0.68 before the per-phase roofline
// Hopper, fitted on: TensorRT-LLM perf-overview v1.0, Llama-3.1-8B FP8 on one H100 (1000/1000) and
// Llama-3.3-70B FP8 on 2×H100 (500/2000).
// Refitted for issue 16 on the larger calibration third (TensorRT-LLM v1.0 H100/H200 FP8 rows at 128–20,000-token
// prompts): 0.41 → 0.60. The old figure was fitted on two throughput cases only and made long-prompt TTFT about
// twice the published value. Per-phase roofline refit: 0.60 → 0.56.
constexpr double kComputeEffHopper = 0.60; // 0.57 before the 405B FP8 cases' BF16 KV correction; 0.56 on the old third
// Blackwell FP4 path, fitted on: TensorRT-LLM perf-overview v1.0 FP4 rows on B200 (Llama-3.1-405B TP4 128/2048,
// Llama-3.3-70B 2048/2048). Against the doubled FP4 peak the NVFP4 GEMMs of that release reach a far smaller share
// than FP8 on Hopper. Every Blackwell calibration case computes in FP4, so the other paths borrow Hopper's figure.
constexpr double kComputeEffBlackwell = 0.30; // 0.23 before the per-phase roofline, 0.26 on the old calibration third
// CDNA3, fitted on: AMD's ROCm vLLM throughput table (Llama-3.1-405B FP8 on 8×MI300X, 128/2048) — vLLM on ROCm of
// that release reaches a far smaller share of the MI300X's 2.6 PFLOP/s FP8 peak than TensorRT-LLM on Hopper.
constexpr double kComputeEffCdna3 = 0.25; // 0.22 before the per-phase roofline
// No calibration case depends on the compute of Ada, Volta, Turing or other vendors: Blackwell Ultra borrows
// Blackwell, CDNA 2/4 borrow CDNA3, the rest the mean of the Ampere and Hopper fits.
constexpr double kComputeEffOther = (kComputeEffAmpere + kComputeEffHopper) / 2.0;

// --- local engines (llama.cpp, Ollama) at batch 1 -----------------------------------------------------------
// A decode step of a small quantised model is not only bytes / bandwidth: every token pays a fixed cost of kernel
// launches, synchronisation and the host loop. Fitted by scripts/calibrate.py-style least squares on log error
// over the llama.cpp CALIBRATION cases (llama-bench tg on RTX 3090/4090 and Apple M1 Max/M3 Max, F16 and 4-bit),
// time per token = weight + KV bytes / (peak × share) + fixed cost; the share is capped at 0.90, the most a
// streaming read reaches (the fit runs into the cap for both backends, so the backends differ in the fixed cost).
constexpr double kLocalBandwidthEffCuda = 0.90;
constexpr double kLocalStepOverheadCudaS = 2.7e-3;
constexpr double kLocalBandwidthEffMetal = 0.90;
constexpr double kLocalStepOverheadMetalS = 8.2e-3;
// No llama.cpp calibration case on ROCm or on an unknown backend: they borrow CUDA's figures (the derivation says so).

// --- eager PyTorch generation loops (inference.engine "pytorch-eager") ------------------------------------------
// LitGPT's generate, gpt-fast's starting point and HF transformers' generate without torch.compile or CUDA graphs
// launch every op of every layer from Python. The GPU runs asynchronously behind the host, so a forward step takes
// max(GPU time, host dispatch time), and at batch 1 the host is the slower of the two. The host time scales with
// the ops issued, i.e. with the layers. source: PyTorch blog "Accelerating Generative AI with PyTorch II: GPT, Fast"
// (Team PyTorch, 2023-11-30, https://pytorch.org/blog/accelerating-generative-ai-2/), "Starting Point (25.5 tok/s)":
// Llama-2-7B (32 layers), batch 1, A100-80GB, "heavily CPU overhead bound": 1 / 25.5 tok/s / 32 layers = 1.23 ms per
// layer per step. Derived from that one published run, not fitted (no calibration case runs an eager loop); the
// LitGPT Falcon-7B case (held out, another model, harness and GPU) checks it. Overridable: efficiency.host_layer_us.
constexpr double kEagerHostLayerS = 1.0 / 25.5 / 32.0;

// --- datacenter engines: host work per sequence per step ----------------------------------------------------
// Scheduling, sampling and detokenising cost host time for every running sequence at every step; at thousands of
// sequences it could cap a saturated engine. scripts/calibrate.py fits it (grid 5 µs, 0–100) jointly with the factors
// above and finds 0: no calibration serving case (TensorRT-LLM with CUDA graphs, vLLM on MI300X) asks for it. It stays a
// documented knob (efficiency.sequence_overhead_us) for engines known to have it.
constexpr double kSequenceOverheadS = 0.0;

// --- GPUs outside every row ------------------------------------------------------------------------------
// An inline GPU whose architecture has no row gets the LOWEST fitted figures (AMD's decode share, CDNA3's
// compute), not NVIDIA's datacenter fits, and EvaluateInference warns (efficiency_unknown_gpu).
constexpr double kBandwidthEffUnknown = kBandwidthEffAmd;

// --- collectives -------------------------------------------------------------------------------------------
// NVIDIA/nccl-tests issue #212 (sjeaugey, NCCL maintainer, 2024-05-06): H100 NVLink line rate 450 GB/s per
// direction, NCCL reaches ≈ 370 GB/s effective after protocol overhead → 0.82.
constexpr double kInterconnectEff = 0.8;

// --- memory the serving engine holds beyond weights, KV and activations: inference.h -------------------------
// kInferenceRuntimeOverheadBytes (vLLM PR #10511 log: non-torch memory 1.79 GiB on one H100) and
// kDefaultGpuMemoryUtilization (vLLM gpu_memory_utilization = 0.9).

struct ArchRow {
    std::string_view Architecture; // a view: a lookup compares lengths first, with no strlen per row
    double      Bandwidth;
    double      Compute;    // on the BF16/FP16, FP8 and INT8 paths
    const char* Basis;
    double      ComputeFp4 = 0; // on the FP4 path; 0 = the same as Compute
};

const ArchRow kRows[] = {
    {"ampere",          kBandwidthEffNvidia, kComputeEffAmpere, "calibrated: NVIDIA decode fit; Ampere compute fit (TensorRT-LLM A100)"},
    {"hopper",          kBandwidthEffNvidia, kComputeEffHopper, "calibrated: NVIDIA decode fit; Hopper compute fit (TensorRT-LLM H100)"},
    {"ada",             kBandwidthEffNvidia, kComputeEffOther,  "NVIDIA decode fit; compute borrowed: mean of the Ampere and Hopper fits"},
    {"blackwell",       kBandwidthEffNvidia, kComputeEffHopper, "NVIDIA decode fit; FP4 compute fit (TensorRT-LLM B200 FP4), other paths borrow Hopper", kComputeEffBlackwell},
    {"blackwell_ultra", kBandwidthEffNvidia, kComputeEffHopper, "NVIDIA decode fit; compute borrowed from Blackwell (FP4) and Hopper", kComputeEffBlackwell},
    {"turing",          kBandwidthEffNvidia, kComputeEffOther,  "NVIDIA decode fit; compute borrowed: mean of the Ampere and Hopper fits"},
    {"volta",           kBandwidthEffNvidia, kComputeEffOther,  "NVIDIA decode fit; compute borrowed: mean of the Ampere and Hopper fits"},
    {"cdna2",           kBandwidthEffAmd,    kComputeEffCdna3,  "AMD decode fit; compute borrowed from CDNA3"},
    {"cdna3",           kBandwidthEffAmd,    kComputeEffCdna3,  "calibrated: AMD decode fit; CDNA3 compute fit (vLLM MI300X)"},
    {"cdna4",           kBandwidthEffAmd,    kComputeEffCdna3,  "AMD decode fit; compute borrowed from CDNA3"},
};

} // namespace

bool IsLocalEngine(std::string_view engine) { return engine == "llama.cpp" || engine == "ollama"; }

bool IsEagerEngine(std::string_view engine) { return engine == "pytorch-eager"; }

namespace {

// What the defaults for an architecture and engine are made of: the row (or none), the vendor's backend and the
// engine kind. Numbers (DefaultInferenceEfficiency) and words (InferenceEfficiencyBasis) both read it, so the text
// always describes the figures, and a figures-only evaluation builds no string.
struct EfficiencyChoice {
    const ArchRow* Row   = nullptr;
    bool           Apple = false;
    const char*    Backend = "";
    bool           Local = false;
    bool           Eager = false;
};

bool StartsWith(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() && std::char_traits<char>::compare(text.data(), prefix.data(), prefix.size()) == 0;
}

// Every evaluation resolves its efficiencies (the planner: every probe), so the names are compared as string_views,
// lengths first, without a library call per comparison.
EfficiencyChoice ChooseEfficiency(const std::string& architecture_name, const std::string& engine_name) {
    const std::string_view architecture = architecture_name, engine = engine_name;
    EfficiencyChoice c;
    for (const ArchRow& row : kRows)
        if (architecture == row.Architecture) { c.Row = &row; break; } // ids are unique
    c.Apple = StartsWith(architecture, "apple");
    const bool amd = StartsWith(architecture, "cdna") || StartsWith(architecture, "rdna");
    c.Backend = c.Apple ? "Metal" : amd ? "ROCm" : c.Row != nullptr ? "CUDA" : "";
    c.Local = IsLocalEngine(engine);
    c.Eager = !c.Local && IsEagerEngine(engine);
    return c;
}

} // namespace

InferenceEfficiency DefaultInferenceEfficiency(const std::string& architecture, const std::string& engine, ComputeClass math) {
    const EfficiencyChoice c = ChooseEfficiency(architecture, engine);
    InferenceEfficiency e;
    e.BandwidthEfficiency = kBandwidthEffUnknown;
    e.ComputeEfficiency = kComputeEffCdna3;
    e.KnownArchitecture = c.Row != nullptr;
    if (c.Row != nullptr) {
        e.BandwidthEfficiency = c.Row->Bandwidth;
        e.ComputeEfficiency = math == ComputeClass::Fp4 && c.Row->ComputeFp4 > 0 ? c.Row->ComputeFp4 : c.Row->Compute;
    }
    e.Backend = c.Backend;
    e.SequenceOverheadS = c.Local ? 0.0 : kSequenceOverheadS;
    if (c.Local) {
        const bool metal = std::strcmp(c.Backend, "Metal") == 0;
        e.BandwidthEfficiency = metal ? kLocalBandwidthEffMetal : kLocalBandwidthEffCuda;
        e.StepOverheadS = metal ? kLocalStepOverheadMetalS : kLocalStepOverheadCudaS;
        if (c.Apple && e.ComputeEfficiency <= 0) e.ComputeEfficiency = kComputeEffCdna3;
        e.KnownArchitecture = e.KnownArchitecture || c.Apple;
    } else if (c.Eager) {
        e.HostLayerS = kEagerHostLayerS;
    } else if (c.Apple) {
        // A datacenter engine on Apple silicon has no case; the Metal share of the local fit, without its fixed cost.
        e.BandwidthEfficiency = kLocalBandwidthEffMetal;
        e.KnownArchitecture = true;
    }
    e.InterconnectEfficiency = kInterconnectEff;
    e.RuntimeOverheadBytes = kInferenceRuntimeOverheadBytes;
    e.GpuMemoryUtilization = kDefaultGpuMemoryUtilization;
    return e;
}

std::string InferenceEfficiencyBasis(const std::string& architecture, const std::string& engine) {
    const EfficiencyChoice c = ChooseEfficiency(architecture, engine);
    if (c.Local) {
        const std::string backend = c.Backend;
        return std::string("llama.cpp ") + (backend == "Metal" ? "Metal" : backend == "CUDA" ? "CUDA" : "CUDA figures borrowed for " + (backend.empty() ? std::string("an unknown backend") : backend)) +
               " fit: bandwidth share and fixed per-token cost (llama-bench calibration cases)";
    }
    if (c.Apple && !c.Eager) return "Apple silicon: the llama.cpp Metal bandwidth share; compute borrowed from CDNA3 (lowest fit)";
    std::string basis = c.Row != nullptr ? std::string(c.Row->Basis)
                                         : "no row for architecture \"" + architecture + "\": the lowest fitted figures (AMD decode, CDNA3 compute), not NVIDIA's";
    if (c.Eager) basis += "; eager PyTorch loop: host dispatch per layer per step from the gpt-fast blog's eager baseline";
    return basis;
}

InferenceEfficiency ResolveInferenceEfficiency(const Scenario& s) {
    return ResolveInferenceEfficiency(s, ResolveMathPath(s.Gpu, s.Precision.Compute).Compute);
}

InferenceEfficiency ResolveInferenceEfficiency(const Scenario& s, ComputeClass math) {
    InferenceEfficiency e = DefaultInferenceEfficiency(s.Gpu.Architecture, s.Inference.Engine, math);
    const EfficiencyOverrides& o = s.Efficiency;
    if (o.BandwidthEfficiency > 0) e.BandwidthEfficiency = o.BandwidthEfficiency;
    if (o.ComputeEfficiency > 0) e.ComputeEfficiency = o.ComputeEfficiency;
    if (o.InterconnectEfficiency > 0) e.InterconnectEfficiency = o.InterconnectEfficiency;
    if (o.RuntimeOverheadBytes >= 0) e.RuntimeOverheadBytes = o.RuntimeOverheadBytes;
    if (o.GpuMemoryUtilization > 0) e.GpuMemoryUtilization = o.GpuMemoryUtilization;
    if (o.StepOverheadS >= 0) e.StepOverheadS = o.StepOverheadS;
    if (o.SequenceOverheadS >= 0) e.SequenceOverheadS = o.SequenceOverheadS;
    if (o.HostLayerS >= 0) e.HostLayerS = o.HostLayerS;
    return e;
}

namespace {

std::string Fixed(double value, int digits) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*f", digits, value);
    return buffer;
}

} // namespace

std::string DefaultsTableMarkdown() {
    std::string md = "| default | value | where it comes from |\n|---|---|---|\n";
    auto row = [&](const std::string& name, const std::string& value, const std::string& source) {
        md += "| " + name + " | " + value + " | " + source + " |\n";
    };
    for (const ArchRow& r : kRows)
        row("inference bandwidth / compute efficiency, `" + std::string(r.Architecture) + "`",
            Fixed(r.Bandwidth, 2) + " / " + Fixed(r.Compute, 2) + (r.ComputeFp4 > 0 ? " (FP4 path " + Fixed(r.ComputeFp4, 2) + ")" : std::string()), r.Basis);
    const InferenceEfficiency unknown = DefaultInferenceEfficiency("");
    row("inference bandwidth / compute efficiency, any other architecture", Fixed(unknown.BandwidthEfficiency, 2) + " / " + Fixed(unknown.ComputeEfficiency, 2),
        "the lowest fitted figures, with the warning `efficiency_unknown_gpu`");
    row("inference bandwidth efficiency, Apple silicon (`apple_*`)", Fixed(kLocalBandwidthEffMetal, 2), "the llama.cpp Metal share (local-engine fit)");
    row("llama.cpp / Ollama on CUDA (and ROCm, borrowed): bandwidth share + fixed cost per token",
        Fixed(kLocalBandwidthEffCuda, 2) + " + " + Fixed(kLocalStepOverheadCudaS * 1e3, 1) + " ms", "fitted on the llama.cpp CUDA calibration cases");
    row("llama.cpp / Ollama on Metal: bandwidth share + fixed cost per token",
        Fixed(kLocalBandwidthEffMetal, 2) + " + " + Fixed(kLocalStepOverheadMetalS * 1e3, 1) + " ms", "fitted on the llama.cpp Metal calibration cases");
    row("eager PyTorch loop (`pytorch-eager`): host dispatch per layer per step", Fixed(kEagerHostLayerS * 1e3, 2) + " ms",
        "PyTorch gpt-fast blog: eager Llama-2-7B baseline, 25.5 tokens/s on A100, CPU-overhead bound (32 layers)");
    row("inference host cost per sequence per step (datacenter engines)", Fixed(kSequenceOverheadS * 1e6, 0) + " µs",
        "fitted by scripts/calibrate.py on the calibration serving cases");
    row("inference interconnect efficiency", Fixed(kInterconnectEff, 2), "NCCL maintainer: ≈ 370 of 450 GB/s on H100 NVLink");
    row("inference runtime overhead per GPU", Fixed(kInferenceRuntimeOverheadBytes / 1073741824.0, 2) + " GiB", "vLLM PR #10511 log: non-torch memory on one H100");
    row("inference `gpu_memory_utilization`", Fixed(kDefaultGpuMemoryUtilization, 2), "vLLM EngineArgs default");
    row("inference `request_rate_per_s` 0", Fixed(kDefaultLoadShare, 2) + " × sustained rate", "load at which TTFT percentiles are reported (a provisioning target, not a measurement)");
    for (const MfuTableRow& r : MfuDefaultRows()) {
        const std::string name = "training utilisation, `" + r.Architecture + "` " + (r.Compute == ComputeClass::Fp8 ? "FP8" : "BF16");
        row(name + ", ≤ " + std::to_string(MfuScaleSplitGpus()) + " GPUs", Fixed(r.SmallScale, 3), r.SmallSource);
        row(name + ", > " + std::to_string(MfuScaleSplitGpus()) + " GPUs", Fixed(r.AtScale, 3), r.AtScaleSource);
    }
    row("training utilisation, other architectures", "borrowed", MfuBorrowList() + "; FP4 uses the FP8 row, other precisions the BF16 row");
    row("training `global_batch_tokens` 0", Fixed(kDefaultGlobalBatchTokens / 1048576.0, 0) + "M tokens, more while the bubble > " +
        Fixed(kDefaultMaxBubbleShare * 100, 0) + " %", "Llama 2's published batch (Touvron et al. 2023, §2.2); bubble (PP − 1)/v / (m + (PP − 1)/v)");
    row("training: pace of MoE routed-expert matmuls relative to dense layers", Fixed(kMoeExpertComputeShare, 2),
        "fitted on the MoE training calibration cases (Megatron-Bridge DeepSeek-V3, Qwen3-235B, GPT-OSS; DeepSeek-V3 report)");
    row("training: host time per MoE expert kernel launch (6 GEMMs per local expert per micro-batch, + 4 × 3 FP8-CS / 4 × 1 MXFP8 quantisation kernels)",
        Fixed(kMoeKernelLaunchS * 1e6, 0) + " µs",
        "fitted with the expert pace by scripts/calibrate.py --training-moe; kernel counts from TransformerEngine v2.12 GroupedLinear / quantizer.cpp; dropless MoE layers are not CUDA-graph captured (Megatron-Core MoE README)");
    row("training: HBM traffic of the non-GEMM kernels per byte of stored activations (`efficiency.non_gemm_traffic_per_activation_byte`)",
        Fixed(kNonGemmTrafficPerActivationByte, 0),
        "fitted with the utilisation rows on the training calibration cases (4 counted: each stored byte written, read, its gradient written and read); "
        "at the decode bandwidth share");
    row("training interconnect efficiency", Fixed(kTrainingInterconnectEfficiency, 2), "nccl-tests all_reduce busbw on 8x A100 NVLink, 230–250 of 300 GB/s");
    row("training runtime overhead per GPU", Fixed(kTrainingContextBytes / 1e9, 2) + " GB + " + Fixed(kNcclCommunicatorBytes / 1e9, 2) + " GB per parallel group of > 1 GPU",
        "CUDA context + cuBLAS workspace, NCCL buffers per communicator (training.h)");
    return md;
}

} // namespace engine
