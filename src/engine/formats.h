// gpuplan engine: numeric formats (weights, KV cache, compute) and what each costs in storage.
// Pure C++17. Sources for every bits-per-weight figure are in formats.cpp next to the table.
#pragma once
#include <string>

namespace engine {

// A storage/compute format a user can pick for weights, KV cache or math.
enum class Format {
    Fp32, Tf32, Bf16, Fp16, Fp8, Int8, Int4, Nf4, Nf4NoDq, Mxfp4, Nvfp4,
    Q8_0, Q6_K, Q5_K_M, Q4_K_M, Q4_0, Q3_K_M, Q2_K,
    Count
};

// Which peak-throughput column of a GPU a format's math runs on.
enum class ComputeClass { Fp32, Tf32, Bf16, Fp8, Int8, Fp4, Count };

struct FormatInfo {
    const char*  Name;            // canonical lower-case name used in JSON and URLs ("bf16")
    double       BitsPerWeight;   // effective storage of quantised linear layers incl. scales/zeros, bits per parameter
    double       EmbeddingBits;   // bits per parameter the format's tooling keeps for the token embedding
    double       LmHeadBits;      // bits per parameter kept for an untied lm_head
    double       NormBits;        // bits per parameter of norm weights (never quantised)
    bool         ExpertsOnlyOnMoe;// MoE checkpoints quantise only routed experts (GPT-OSS MXFP4); the rest stays bf16
    double       BytesPerKvValue; // bytes per element when used for KV cache (0 = not a KV format)
    ComputeClass Compute;         // tensor-core path when used as the compute format
    bool         WeightOnly;      // true when it only stores weights (dequantised to bf16/fp16 for math)
    const char*  Source;          // where BitsPerWeight comes from
    double       TransientBytesPerWeight = 0;    // extra bytes per weight of the largest quantised matrix its reference library holds at once (quantising while loading, dequantising for a matmul)
    bool         TransientCastToCompute = false; // that dequantised copy is fp16 and is cast again when compute is bf16/fp32 (+2 B per weight)
};

const FormatInfo& GetFormatInfo(Format format);
// Parses a canonical name (case-insensitive, accepts "q4_k_m" and "Q4_K_M"); false when unknown.
bool ParseFormat(const std::string& name, Format* out);
const char* FormatName(Format format);
// All format names, comma separated, for error messages.
std::string FormatNameList();

} // namespace engine
