// gpuplan engine: inference (serving) memory, speed and capacity, as a paged-KV serving engine (vLLM, SGLang,
// TensorRT-LLM) sees them. Efficiency defaults and their sources: efficiency.h; format support: hardware_support.h.
#pragma once
#include "engine/result.h"
#include "engine/scenario.h"

namespace engine {

// Kept for callers that size memory without a scenario; the same figures as efficiency.cpp's defaults.
// source: vLLM PR #10511 log, "non_torch_memory 1.79GiB" on one H100 (CUDA context + library workspaces).
constexpr double kInferenceRuntimeOverheadBytes = 1.79 * 1073741824.0;
// Fraction of GPU memory a serving engine may use. source: vLLM EngineArgs gpu_memory_utilization = 0.9.
constexpr double kDefaultGpuMemoryUtilization = 0.9;
// Activations between layers are bf16/fp16 in every serving engine modelled here, bytes per value.
constexpr double kActivationBytesPerValue = 2.0;
// Logits are materialised in fp32 for sampling. source: vLLM v1 sampler (logits cast to float32 before
// softmax / top-p), vllm/v1/sample/sampler.py.
constexpr double kLogitBytes = 4.0;
// When a GPU spec has no interconnect figure: PCIe 4.0 x16, 64 GB/s bidirectional (PCI-SIG PCIe 4.0 spec:
// 16 GT/s × 16 lanes ≈ 32 GB/s per direction).
constexpr double kFallbackInterconnectBytesPerS = 64e9;

// Latency percentiles need an arrival rate; with inference.request_rate_per_s 0 the deployment is taken at this share
// of the rate it sustains at the scenario's concurrency (a common provisioning target; a UI default, not a measurement).
constexpr double kDefaultLoadShare = 0.7;

void EvaluateInference(const Scenario& scenario, Result* result);

} // namespace engine
