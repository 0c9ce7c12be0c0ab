// gpuplan engine: which formats a GPU computes natively, and the math path a scenario actually gets.
// A GPU computes a format natively when its spec has a dense peak for that math path (FP8 from Ada/Hopper/
// CDNA3, FP4 from Blackwell/CDNA4, INT8 where int8_dense_tops exists). Anything else is weight-only storage:
// dequantised to bf16 for the matmuls (as vLLM's Marlin kernels do for FP8/FP4 weights on older GPUs).
#pragma once
#include <string>

#include "engine/formats.h"
#include "engine/model.h"

namespace engine {

enum class FormatSupport {
    Native,     // tensor cores compute in this format
    WeightOnly, // stored compactly, dequantised to bf16 for math (by design, or because the GPU lacks the path)
    Count
};

// Peak dense FLOP/s (OP/s for int8) of a math path on this GPU; 0 when the GPU has no such path.
double PeakFlopsOf(const GpuSpec& gpu, ComputeClass compute);
bool   GpuComputesNatively(const GpuSpec& gpu, ComputeClass compute);
// How `format` behaves as a weight format on `gpu`.
FormatSupport WeightFormatSupport(const GpuSpec& gpu, Format format);

// The math path a scenario runs on: the requested compute format when the GPU has it, else bf16.
struct MathPath {
    ComputeClass Compute   = ComputeClass::Bf16;
    double       PeakFlops = 0;     // dense peak of that path, FLOP/s
    bool         Fallback  = false; // the requested path is missing on this GPU
    std::string  Note;              // why the fallback happened ("" when none, and in a figures-only evaluation)
};
MathPath ResolveMathPath(const GpuSpec& gpu, Format compute_format);

const char* ComputeClassName(ComputeClass compute); // "bf16", "fp8", ...

} // namespace engine
