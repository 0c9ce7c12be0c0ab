// Test fixtures: scenarios built from literal architectures, independent of the shipped catalogs.
#pragma once
#include "engine/scenario.h"

namespace test {

// Llama-3.1-8B on one H100 SXM. source: meta-llama/Llama-3.1-8B config.json; NVIDIA H100 datasheet.
inline engine::Scenario Llama8bOnH100() {
    engine::Scenario s;
    engine::ModelArch& m = s.Model;
    m.Id = "llama-3.1-8b";
    m.Name = "Llama 3.1 8B";
    m.Params = 8030261248.0;
    m.Layers = 32;
    m.Hidden = 4096;
    m.Heads = 32;
    m.KvHeads = 8;
    m.HeadDim = 128;
    m.Ffn = 14336;
    m.Vocab = 128256;
    m.MaxContext = 131072;
    engine::GpuSpec& g = s.Gpu;
    g.Id = "h100-sxm";
    g.Name = "H100 SXM";
    g.Architecture = "hopper";
    g.MemoryBytes = 80e9;
    g.BandwidthBytesPerS = 3.35e12;
    g.PeakFlops[static_cast<int>(engine::ComputeClass::Bf16)] = 989.4e12;
    g.PeakFlops[static_cast<int>(engine::ComputeClass::Fp8)] = 1978.9e12;
    g.PeakFlops[static_cast<int>(engine::ComputeClass::Int8)] = 1978.9e12;
    g.InterconnectBytesPerS = 900e9;
    g.NvlinkLike = true;
    g.TdpW = 700;
    return s;
}

// NVIDIA A100 SXM4 80GB. source: NVIDIA A100 datasheet (312 TFLOPS dense BF16, 2.039 TB/s, NVLink 600 GB/s).
inline engine::GpuSpec A100Sxm80() {
    engine::GpuSpec g;
    g.Id = "a100-80gb-sxm";
    g.Name = "A100 SXM 80GB";
    g.Architecture = "ampere";
    g.MemoryBytes = 80e9;
    g.BandwidthBytesPerS = 2.039e12;
    g.PeakFlops[static_cast<int>(engine::ComputeClass::Bf16)] = 312e12;
    g.PeakFlops[static_cast<int>(engine::ComputeClass::Int8)] = 624e12;
    g.InterconnectBytesPerS = 600e9;
    g.NvlinkLike = true;
    g.TdpW = 400;
    return g;
}

// Llama 2 7B pre-training on A100-80GB. source: meta-llama/Llama-2-7b-hf config.json (6.74B params, 32 layers,
// hidden 4096, 32 heads, MHA, ffn 11008, vocab 32000); Llama 2 paper Table 1 (4k context, 4M-token batch).
inline engine::Scenario Llama2_7bPretrainOnA100() {
    engine::Scenario s;
    s.Workload = engine::WorkloadKind::Pretrain;
    engine::ModelArch& m = s.Model;
    m.Id = "llama-2-7b";
    m.Name = "Llama 2 7B";
    m.Params = 6.74e9;
    m.Layers = 32;
    m.Hidden = 4096;
    m.Heads = 32;
    m.KvHeads = 32;
    m.HeadDim = 128;
    m.Ffn = 11008;
    m.Vocab = 32000;
    m.MaxContext = 4096;
    s.Gpu = A100Sxm80();
    s.Training.SeqLen = 4096;
    s.Training.GlobalBatchTokens = 4194304;
    return s;
}

} // namespace test
