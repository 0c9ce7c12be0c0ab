// Test fixtures: scenarios built from literal architectures, independent of the shipped catalogs.
#pragma once
#include <string>

#include "engine/result.h"
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

// DeepSeek-V2 (MLA + MoE). source: deepseek-ai/DeepSeek-V2 config.json; DeepSeek-V2 paper (arXiv:2405.04434) §2.1.
inline engine::ModelArch DeepSeekV2() {
    engine::ModelArch m;
    m.Id = "deepseek-v2";
    m.Name = "DeepSeek-V2";
    m.Params = 235.7e9;
    m.ActiveParams = 21e9;
    m.Layers = 60;
    m.Hidden = 5120;
    m.Heads = 128;
    m.KvHeads = 128;
    m.HeadDim = 128;
    m.Ffn = 12288;
    m.Vocab = 102400;
    m.Experts = 160;
    m.ExpertsActive = 6;
    m.ExpertFfn = 1536;
    m.SharedExperts = 2;
    m.DenseLayers = 1;
    m.KvLoraRank = 512;
    m.QkRopeHeadDim = 64;
    m.QLoraRank = 1536;
    m.QkNopeHeadDim = 128;
    m.VHeadDim = 128;
    m.MaxContext = 131072;
    return m;
}

// gpt-oss-120b (MoE, alternating 128-token sliding window). source: openai/gpt-oss-120b config.json and the
// gpt-oss model card (arXiv:2508.10925) Table 1: 116.83B total parameters.
// Qwen/Qwen3-235B-A22B config.json: 94 layers, 4 KV heads, 128 experts (8 active) of width 1536, no shared expert.
inline engine::ModelArch Qwen3_235b() {
    engine::ModelArch m;
    m.Id = "qwen3-235b-a22b";
    m.Name = "Qwen3-235B-A22B";
    m.Params = 235.09e9;
    m.ActiveParams = 22.14e9;
    m.Layers = 94;
    m.Hidden = 4096;
    m.Heads = 64;
    m.KvHeads = 4;
    m.HeadDim = 128;
    m.Ffn = 12288;
    m.Vocab = 151936;
    m.Experts = 128;
    m.ExpertsActive = 8;
    m.ExpertFfn = 1536;
    return m;
}

inline engine::ModelArch GptOss120b() {
    engine::ModelArch m;
    m.Id = "gpt-oss-120b";
    m.Name = "gpt-oss-120b";
    m.Params = 116.83e9;
    m.ActiveParams = 5.13e9;
    m.Layers = 36;
    m.Hidden = 2880;
    m.Heads = 64;
    m.KvHeads = 8;
    m.HeadDim = 64;
    m.Ffn = 2880;
    m.Vocab = 201088;
    m.Experts = 128;
    m.ExpertsActive = 4;
    m.ExpertFfn = 2880;
    m.SlidingWindow = 128;
    m.SlidingWindowPattern = 2;
    m.MaxContext = 131072;
    return m;
}

// gpt-oss-20b. source: openai/gpt-oss-20b config.json; model card Table 1: 20.91B total parameters.
inline engine::ModelArch GptOss20b() {
    engine::ModelArch m = GptOss120b();
    m.Id = "gpt-oss-20b";
    m.Name = "gpt-oss-20b";
    m.Params = 20.91e9;
    m.ActiveParams = 3.61e9;
    m.Layers = 24;
    m.Experts = 32;
    return m;
}

// Gemma 3 27B (5 local : 1 global, window 1024). source: google/gemma-3-27b-it config.json (text_config).
inline engine::ModelArch Gemma3_27b() {
    engine::ModelArch m;
    m.Id = "gemma-3-27b";
    m.Name = "Gemma 3 27B";
    m.Params = 27009346304.0;
    m.Layers = 62;
    m.Hidden = 5376;
    m.Heads = 32;
    m.KvHeads = 16;
    m.HeadDim = 128;
    m.Ffn = 21504;
    m.Vocab = 262208;
    m.TiedEmbeddings = true;
    m.SlidingWindow = 1024;
    m.SlidingWindowPattern = 6;
    m.MaxContext = 131072;
    return m;
}

// Llama-2-7B (MHA). source: meta-llama/Llama-2-7b-hf config.json; 6.74B parameters.
inline engine::ModelArch Llama2_7b() {
    engine::ModelArch m;
    m.Id = "llama-2-7b";
    m.Name = "Llama 2 7B";
    m.Params = 6738415616.0;
    m.Layers = 32;
    m.Hidden = 4096;
    m.Heads = 32;
    m.KvHeads = 32;
    m.HeadDim = 128;
    m.Ffn = 11008;
    m.Vocab = 32000;
    m.MaxContext = 4096;
    return m;
}

// NVIDIA GeForce RTX 4090. source: NVIDIA Ada Lovelace architecture whitepaper v2.02, Table 1 (dense tensor
// figures with FP32 accumulate: 165.2 BF16, 330.3 FP8 TFLOPS; 1008 GB/s; 24 GB).
inline engine::GpuSpec Rtx4090() {
    engine::GpuSpec g;
    g.Id = "rtx-4090";
    g.Name = "RTX 4090";
    g.Architecture = "ada";
    g.MemoryBytes = 24e9;
    g.BandwidthBytesPerS = 1008e9;
    g.PeakFlops[static_cast<int>(engine::ComputeClass::Bf16)] = 165.2e12;
    g.PeakFlops[static_cast<int>(engine::ComputeClass::Fp8)] = 330.3e12;
    g.PeakFlops[static_cast<int>(engine::ComputeClass::Int8)] = 660.6e12;
    g.InterconnectBytesPerS = 64e9;
    g.NvlinkLike = false;
    g.TdpW = 450;
    return g;
}

// True when the result carries a warning with this code.
inline bool HasWarning(const engine::Result& result, const std::string& code) {
    for (const engine::Warning& warning : result.Warnings)
        if (warning.Code == code) return true;
    return false;
}

} // namespace test
