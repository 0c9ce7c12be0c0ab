// gpuplan engine: default training utilisation per GPU architecture, compute precision and scale.
// Each default is the fraction of the chosen precision's dense peak that published training runs achieved on
// the FLOPs the GPUs actually executed; every row names the run it comes from (mfu_defaults.cpp).
#pragma once
#include <string>
#include <vector>

#include "engine/formats.h"

namespace engine {

struct MfuDefault {
    double      Utilisation = 0;  // achieved / peak dense FLOP/s at the compute precision, on executed FLOPs (0..1)
    const char* Source = "";      // the published run the figure comes from (static text)
    std::string BorrowedFrom;     // "" when the architecture has its own figure; else the architecture whose figure is used
};

// Default utilisation for `architecture` ("ampere", "hopper", ...) computing in `compute` on `gpu_count` GPUs.
// Architectures without a published training figure borrow the nearest generation's (BorrowedFrom says which).
// Called for every layout the parallelism search tries: the architecture is resolved to its table rows once and
// remembered, so a repeated call compares one short string and allocates nothing (BorrowedFrom is empty then).
MfuDefault DefaultTrainingUtilisation(const std::string& architecture, ComputeClass compute, int gpu_count);

// Every row of the table (for the generated defaults table in docs/SCENARIO.md).
struct MfuTableRow {
    std::string  Architecture;
    ComputeClass Compute = ComputeClass::Bf16;
    double       SmallScale = 0; // ≤ MfuScaleSplitGpus() GPUs
    std::string  SmallSource;
    double       AtScale = 0;
    std::string  AtScaleSource;
};
std::vector<MfuTableRow> MfuDefaultRows();
int                      MfuScaleSplitGpus();
// "volta → ampere, ..." (architectures that borrow another generation's row)
std::string              MfuBorrowList();

} // namespace engine
