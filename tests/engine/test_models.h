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

} // namespace test
