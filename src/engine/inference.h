// gpuplan engine: inference (serving) memory, speed and capacity.
#pragma once
#include "engine/result.h"
#include "engine/scenario.h"

namespace engine {

// Runtime memory outside weights and KV: CUDA context, cuBLAS/NCCL workspaces, allocator slack, per GPU.
// 1 GB is the order of a CUDA context + cuBLAS workspace on Hopper as PyTorch reports it after init.
// source: PyTorch CUDA semantics notes ("CUDA context ... may use 300–500 MB"), plus cuBLAS workspace
// and NCCL buffers; overridable via efficiency.runtime_overhead_gb.
constexpr double kInferenceRuntimeOverheadBytes = 1.0e9;
// Fraction of GPU memory a serving engine may use. source: vLLM EngineArgs gpu_memory_utilization = 0.9.
constexpr double kDefaultGpuMemoryUtilization = 0.9;

void EvaluateInference(const Scenario& scenario, Result* result);

} // namespace engine
