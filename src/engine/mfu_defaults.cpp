// gpuplan engine: default training utilisation, one row per (architecture, precision, scale) with its source.
//
// How the figures were derived: utilisation = executed FLOPs per token × tokens/s per GPU / dense peak, with the
// FLOP count of training.h (6 × matmul params + PaLM's 12·L·H·Q·T attention term, plus the recompute forward
// where the run recomputed). Peaks are the catalog's dense figures (A100 312, H100 989.4 / FP8 1978.9,
// RTX 4090 165.2 TFLOPS). The figures already include the runs' own communication and pipeline stalls; the
// training model adds only what exceeds the overlap it can prove (training_time.cpp).
#include "engine/mfu_defaults.h"

#include <cstring>

namespace engine {

namespace {

// Runs at or below this many GPUs use the "small" row, above it the "at scale" row.
// The split sits between the largest small-scale source (16 GPUs) and the smallest at-scale one (2,048 GPUs).
constexpr int kScaleSplitGpus = 1024;

struct MfuRow {
    const char* Architecture;
    ComputeClass Compute;
    double SmallScale;        // ≤ kScaleSplitGpus
    const char* SmallSource;
    double AtScale;           // > kScaleSplitGpus
    const char* AtScaleSource;
};

const MfuRow kRows[] = {
    {"ampere", ComputeClass::Bf16,
     // 1.1e9 params, 22 layers, 32 heads × 64, seq 2048: 7.31e9 FLOP/token × 300e9 tokens / (3456 h × 3600 s × 312e12)
     0.565, "TinyLlama 1.1B on 16x A100-40GB: 3,456 GPU-hours for 300B tokens (TinyLlama README / paper, which reports 56% MFU)",
     // 6.74e9 params, 32 layers × 4096, seq 4096: 4.61e10 FLOP/token × 2e12 tokens / (184,320 h × 3600 s × 312e12)
     0.445, "Llama 2 7B: 184,320 A100-80GB GPU-hours for 2T tokens (Llama 2 paper Table 2 / model card)"},
    {"hopper", ComputeClass::Bf16,
     // MPT-7B (6.66e9 params, tied, seq 2048): 4.32e10 FLOP/token × 10,643 tokens/s / 989.4e12
     0.464, "MPT-7B on 8x H100, bf16, FSDP, no activation checkpointing: 10,643 tokens/s/GPU (llm-foundry benchmarks table)",
     0.41, "Llama 3 405B on 16,384 H100: 400 TFLOPS/GPU, 41% BF16 MFU at seq 8192 (Llama 3 paper, Table 4)"},
    {"hopper", ComputeClass::Fp8,
     // MPT-3B (2.65e9 params, tied, seq 2048): 1.79e10 FLOP/token × 30,586 tokens/s / 1978.9e12
     0.277, "MPT-3B on 8x H100, amp_fp8 (Transformer Engine), FSDP: 30,586 tokens/s/GPU (llm-foundry benchmarks table)",
     // 37e9 active params, MLA 128 heads × (192 + 128), seq 4096: 2.78e11 FLOP/token × 14.8e12 / (2.664e6 h × 3600 × 1978.9e12)
     0.217, "DeepSeek-V3 on 2,048 H800, FP8: 2.664M GPU-hours for 14.8T tokens (DeepSeek-V3 report, Table 1)"},
    {"ada", ComputeClass::Bf16,
     // Llama 3.1 8B, full recompute, seq 2048: 6.33e10 executed FLOP/token × 1,650 tokens/s / 165.2e12
     0.632, "Llama 3.1 8B full fine-tune on 1x RTX 4090, activation checkpointing, torch.compile: 1,650 tokens/s (torchtune README)",
     0.632, "no run above one node published; the single-GPU torchtune figure"},
};

// Architectures without a published training figure, and the generation whose figure they borrow.
struct Borrow {
    const char* Architecture;
    const char* From;
};
const Borrow kBorrows[] = {
    {"volta", "ampere"},    {"turing", "ampere"}, {"cdna2", "ampere"},  {"gaudi2", "ampere"},
    {"blackwell", "hopper"}, {"blackwell_ultra", "hopper"}, {"cdna3", "hopper"}, {"cdna4", "hopper"},
    {"gaudi3", "hopper"},   {"davinci", "hopper"},
};
// Where nothing else applies (an inline GPU without an architecture): Hopper, the lower of the two measured
// generations at small scale.
constexpr const char* kFallbackArchitecture = "hopper";

const MfuRow* FindRow(const char* architecture, ComputeClass compute) {
    for (const MfuRow& row : kRows)
        if (std::strcmp(architecture, row.Architecture) == 0 && row.Compute == compute) return &row;
    return nullptr;
}

// FP32/TF32/INT8 training is not in any table: they use the BF16 row. FP4 training borrows the FP8 row.
ComputeClass TableCompute(ComputeClass compute) {
    if (compute == ComputeClass::Fp8 || compute == ComputeClass::Fp4) return ComputeClass::Fp8;
    return ComputeClass::Bf16;
}

// An architecture resolved to its rows: [0] the BF16 table, [1] the FP8 table, and the architecture borrowed from
// ("" when it has its own figure at that precision).
struct ResolvedArchitecture {
    std::string  Architecture;
    const MfuRow* Rows[2] = {nullptr, nullptr};
    const char*  Borrowed[2] = {"", ""};
};

ResolvedArchitecture Resolve(const std::string& architecture) {
    ResolvedArchitecture out;
    out.Architecture = architecture;
    const ComputeClass tables[2] = {ComputeClass::Bf16, ComputeClass::Fp8};
    for (int i = 0; i < 2; ++i) {
        out.Rows[i] = FindRow(architecture.c_str(), tables[i]);
        if (out.Rows[i] != nullptr) continue;
        const char* from = kFallbackArchitecture;
        for (const Borrow& b : kBorrows)
            if (architecture == b.Architecture) from = b.From;
        out.Borrowed[i] = from;
        out.Rows[i] = FindRow(from, tables[i]);
        if (out.Rows[i] == nullptr) out.Rows[i] = FindRow(kFallbackArchitecture, tables[i]);
    }
    return out;
}

// The last architecture resolved on this thread (the search asks for one architecture hundreds of times in a row).
const ResolvedArchitecture& Resolved(const std::string& architecture) {
    thread_local ResolvedArchitecture last = Resolve(kFallbackArchitecture);
    if (last.Architecture != architecture) last = Resolve(architecture);
    return last;
}

} // namespace

MfuDefault DefaultTrainingUtilisation(const std::string& architecture, ComputeClass compute, int gpu_count) {
    const ComputeClass table_compute = TableCompute(compute);
    const int table = table_compute == ComputeClass::Fp8 ? 1 : 0;
    const ResolvedArchitecture& resolved = Resolved(architecture);
    const MfuRow* row = resolved.Rows[table];
    MfuDefault out;
    const bool small = gpu_count <= kScaleSplitGpus;
    out.Utilisation = small ? row->SmallScale : row->AtScale;
    out.Source = small ? row->SmallSource : row->AtScaleSource;
    out.BorrowedFrom = resolved.Borrowed[table];
    if (out.BorrowedFrom.empty() && table_compute != compute) out.BorrowedFrom = architecture + " " + (table_compute == ComputeClass::Fp8 ? "fp8" : "bf16");
    return out;
}

} // namespace engine
