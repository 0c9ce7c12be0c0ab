// gpuplan engine: the format support matrix, read from the GPU spec's peak columns.
#include "engine/hardware_support.h"

#include "engine/derivation.h"

namespace engine {

namespace {

const char* const kComputeNames[] = {"fp32", "tf32", "bf16", "fp8", "int8", "fp4"};
static_assert(sizeof(kComputeNames) / sizeof(kComputeNames[0]) == static_cast<size_t>(ComputeClass::Count), "names");

} // namespace

const char* ComputeClassName(ComputeClass compute) { return kComputeNames[static_cast<int>(compute)]; }

double PeakFlopsOf(const GpuSpec& gpu, ComputeClass compute) {
    return gpu.PeakFlops[static_cast<int>(compute)];
}

bool GpuComputesNatively(const GpuSpec& gpu, ComputeClass compute) {
    return PeakFlopsOf(gpu, compute) > 0;
}

FormatSupport WeightFormatSupport(const GpuSpec& gpu, Format format) {
    const FormatInfo& f = GetFormatInfo(format);
    if (f.WeightOnly) return FormatSupport::WeightOnly;
    return GpuComputesNatively(gpu, f.Compute) ? FormatSupport::Native : FormatSupport::WeightOnly;
}

MathPath ResolveMathPath(const GpuSpec& gpu, Format compute_format) {
    MathPath path;
    const ComputeClass wanted = GetFormatInfo(compute_format).Compute;
    if (GpuComputesNatively(gpu, wanted)) {
        path.Compute = wanted;
        path.PeakFlops = PeakFlopsOf(gpu, wanted);
        return path;
    }
    path.Compute = ComputeClass::Bf16;
    path.PeakFlops = PeakFlopsOf(gpu, ComputeClass::Bf16);
    path.Fallback = true;
    if (Explaining()) // text for the warning; a figures-only evaluation formats none
        path.Note = std::string(gpu.Name.empty() ? "this GPU" : gpu.Name) + " has no " + ComputeClassName(wanted) +
                " tensor path in its spec; math runs in bf16 (" + FormatName(compute_format) + " is storage only).";
    return path;
}

} // namespace engine
