// gpuplan engine: the format table. Every bits-per-weight figure names its source.
#include "engine/formats.h"

#include <algorithm>
#include <cctype>

namespace engine {

namespace {

// Group-quantised int4 (AWQ / GPTQ, group size 128): 4-bit codes + one fp16 scale and one packed 4-bit
// zero point per group of 128 weights → 4 + (16 + 4) / 128 bits.
// source: GPTQ (Frantar et al. 2022, arXiv:2210.17323) and AWQ (Lin et al. 2023, arXiv:2306.00978),
// both with group size 128 as the published default.
constexpr double kInt4GroupSize = 128.0;
constexpr double kInt4Bits      = 4.0 + (16.0 + 4.0) / kInt4GroupSize;

// NF4 with double quantisation: 4 bits + 8-bit absmax per 64 weights + fp32 second-level constant per 256
// blocks → 4 + 8/64 + 32/(64*256) = 4.127 bits. source: QLoRA (Dettmers et al. 2023, arXiv:2305.14314), §3.
constexpr double kNf4Bits = 4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0);
// NF4 without double quantisation (bitsandbytes' default, `bnb_4bit_use_double_quant=False`; LitGPT's qlora.nf4): one
// fp32 absmax per block of 64 → 4 + 32/64 = 4.5 bits. source: bitsandbytes 0.40.0 functional.quantize_4bit
// (blocksize=64, `absmax = torch.zeros((blocks,), device=A.device)`, fp32), QLoRA §3 ("32-bit constants ... 0.5 bits
// per parameter" before double quantisation).
constexpr double kNf4NoDqBits = 4.0 + 32.0 / 64.0;

// Transient working set of bitsandbytes' weight-only formats (what torch.cuda.max_memory_allocated() catches on top of
// the stored weights). source: bitsandbytes 0.40.0 (the release LitGPT's quantize tutorial ran, July 2023):
//  - 4-bit: Params4bit.cuda quantises `self.data.contiguous().half()`, so the quant state's dtype is fp16, and
//    MatMul4Bit.forward (every call with more than one token, i.e. prefill; one-token decode takes gemv_4bit) runs
//    `linear(A, F.dequantize_4bit(B, state).to(A.dtype).t())`: a dequantised fp16 copy (2 B per weight) and, when the
//    activations are bf16/fp32, its cast (another 2 B per weight) are alive at once.
//  - LLM.int8: Int8Params.cuda (and LitGPT's InferenceLinear8bitLt._quantize_weight, a copy of it) stages the weight as
//    `self.data.contiguous().half()` on the GPU and calls `double_quant(B)`, which returns the row-major int8 CB and the
//    transposed CBt before CBt is deleted: 2 + 1 + 1 = 4 B per weight while the rest of the model is resident.
constexpr double kBnb4bitDequantBytes = 2.0;
constexpr double kBnbInt8QuantBytes   = 2.0 + 1.0 + 1.0;

// MXFP4: E2M1 elements with one E8M0 scale per block of 32 → 4 + 8/32 bits.
// source: OCP Microscaling Formats (MX) Specification v1.0, 2023, §5.
constexpr double kMxfp4Bits = 4.0 + 8.0 / 32.0;

// NVFP4: E2M1 elements with one FP8 E4M3 scale per block of 16 (+ a per-tensor fp32 scale, negligible)
// → 4 + 8/16 bits. source: NVIDIA Technical Blog "Introducing NVFP4 for Efficient and Accurate Low-Precision
// Inference", 2025.
constexpr double kNvfp4Bits = 4.0 + 8.0 / 16.0;

// GGUF block formats. q8_0 / q4_0: 32 weights + one fp16 scale per block (34 and 18 bytes per 32 weights).
// K-quants are mixtures (llama.cpp keeps output.weight at q6_K and raises attn_v / ffn_down in _M variants),
// so the figure used is the whole-file bits per weight llama.cpp measured, applied to every tensor
// (embedding and lm_head included, as the file holds them).
// source: ggml-org/llama.cpp tools/quantize/README.md, table "meta-llama/Llama-3.1-8B" (bits/weight column):
// Q2_K 3.1593, Q4_K_M 4.8944, Q5_K_M 5.7036, Q6_K 6.5633, Q8_0 8.5008. Q3_K_M is absent from that table; its
// figure is the same README's earlier "Llama 2 7B" table (Q3_K_M 3.91). Block layouts: ggml/src/ggml-common.h.
constexpr double kQ8_0Bits   = 34.0 * 8.0 / 32.0;
constexpr double kQ4_0Bits   = 18.0 * 8.0 / 32.0;
constexpr double kQ6_KBits   = 6.5633;
constexpr double kQ5_K_MBits = 5.7036;
constexpr double kQ4_K_MBits = 4.8944;
constexpr double kQ3_K_MBits = 3.91;
constexpr double kQ2_KBits   = 3.1593;

// What quantisation tooling leaves in 16-bit: the token embedding is a lookup table, not a Linear layer, and
// lm_head is skipped by default. source: bitsandbytes/transformers BitsAndBytesConfig (llm_int8_skip_modules
// defaults to the output layer), AutoAWQ / GPTQModel (quantise nn.Linear inside decoder layers only),
// llm-compressor FP8 / NVFP4 recipes (ignore=["lm_head"]), NVIDIA ModelOpt (lm_head excluded by default).
constexpr double kKept16 = 16.0;
// GPT-OSS ships only the MoE expert weights in MXFP4; attention, router, embedding and unembedding are bf16.
// source: OpenAI gpt-oss model card (arXiv:2508.10925), §2 "Quantization".
constexpr bool kMxfp4ExpertsOnly = true;

constexpr const char* kIeee  = "IEEE 754 / bfloat16 storage: exact width";
constexpr const char* kFp8   = "FP8 E4M3 (Micikevicius et al. 2022, arXiv:2209.05433): 8 bits, per-tensor/channel scales negligible; embedding and lm_head stay bf16";
constexpr const char* kInt8  = "LLM.int8 / SmoothQuant W8A8 or W8A16: 8 bits, per-channel scales negligible; embedding and lm_head stay 16-bit";
constexpr const char* kGguf  = "llama.cpp tools/quantize/README.md whole-file bits/weight (Llama-3.1-8B table), ggml-common.h block layouts";

const FormatInfo kFormats[] = {
    //  name      linear bits   embed     lm_head   norms   experts-only       KV bytes  compute path          weight-only source
    { "fp32",    32.0,         32.0,     32.0,     32.0,   false,             4.0,      ComputeClass::Fp32,   false,      kIeee },
    { "tf32",    32.0,         32.0,     32.0,     32.0,   false,             4.0,      ComputeClass::Tf32,   false,      kIeee },
    { "bf16",    16.0,         16.0,     16.0,     16.0,   false,             2.0,      ComputeClass::Bf16,   false,      kIeee },
    { "fp16",    16.0,         16.0,     16.0,     16.0,   false,             2.0,      ComputeClass::Bf16,   false,      kIeee },
    { "fp8",      8.0,         kKept16,  kKept16,  16.0,   false,             1.0,      ComputeClass::Fp8,    false,      kFp8 },
    { "int8",     8.0,         kKept16,  kKept16,  16.0,   false,             1.0,      ComputeClass::Int8,   false,      kInt8, kBnbInt8QuantBytes },
    { "int4",    kInt4Bits,    kKept16,  kKept16,  16.0,   false,             0.0,      ComputeClass::Bf16,   true,       "GPTQ/AWQ, group size 128, fp16 scale + 4-bit zero; embedding and lm_head fp16" },
    { "nf4",     kNf4Bits,     kKept16,  kKept16,  16.0,   false,             0.0,      ComputeClass::Bf16,   true,       "QLoRA NF4 with double quantisation; embedding and lm_head 16-bit", kBnb4bitDequantBytes, true },
    { "nf4_nodq", kNf4NoDqBits, kKept16, kKept16,  16.0,   false,             0.0,      ComputeClass::Bf16,   true,       "NF4 without double quantisation (fp32 absmax per 64); embedding and lm_head 16-bit", kBnb4bitDequantBytes, true },
    { "mxfp4",   kMxfp4Bits,   kKept16,  kKept16,  16.0,   kMxfp4ExpertsOnly, 0.0,      ComputeClass::Fp4,    false,      "OCP MX v1.0: E2M1 + E8M0 scale per 32; GPT-OSS: experts only, the rest bf16" },
    { "nvfp4",   kNvfp4Bits,   kKept16,  kKept16,  16.0,   false,             0.0,      ComputeClass::Fp4,    false,      "NVIDIA NVFP4: E2M1 + E4M3 scale per 16; embedding and lm_head bf16" },
    { "q8_0",    kQ8_0Bits,    kQ8_0Bits,   kQ8_0Bits,   kQ8_0Bits,   false,  0.0,      ComputeClass::Bf16,   true,       kGguf },
    { "q6_k",    kQ6_KBits,    kQ6_KBits,   kQ6_KBits,   kQ6_KBits,   false,  0.0,      ComputeClass::Bf16,   true,       kGguf },
    { "q5_k_m",  kQ5_K_MBits,  kQ5_K_MBits, kQ5_K_MBits, kQ5_K_MBits, false,  0.0,      ComputeClass::Bf16,   true,       kGguf },
    { "q4_k_m",  kQ4_K_MBits,  kQ4_K_MBits, kQ4_K_MBits, kQ4_K_MBits, false,  0.0,      ComputeClass::Bf16,   true,       kGguf },
    { "q4_0",    kQ4_0Bits,    kQ4_0Bits,   kQ4_0Bits,   kQ4_0Bits,   false,  0.0,      ComputeClass::Bf16,   true,       kGguf },
    { "q3_k_m",  kQ3_K_MBits,  kQ3_K_MBits, kQ3_K_MBits, kQ3_K_MBits, false,  0.0,      ComputeClass::Bf16,   true,       kGguf },
    { "q2_k",    kQ2_KBits,    kQ2_KBits,   kQ2_KBits,   kQ2_KBits,   false,  0.0,      ComputeClass::Bf16,   true,       kGguf },
};
static_assert(sizeof(kFormats) / sizeof(kFormats[0]) == static_cast<size_t>(Format::Count),
              "one row per Format");

std::string Lower(const std::string& text) {
    std::string out = text;
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

} // namespace

const FormatInfo& GetFormatInfo(Format format) {
    return kFormats[static_cast<int>(format)];
}

const char* FormatName(Format format) {
    return GetFormatInfo(format).Name;
}

bool ParseFormat(const std::string& name, Format* out) {
    const std::string key = Lower(name);
    for (int i = 0; i < static_cast<int>(Format::Count); ++i) {
        if (key == kFormats[i].Name) {
            *out = static_cast<Format>(i);
            return true;
        }
    }
    return false;
}

std::string FormatNameList() {
    std::string out;
    for (int i = 0; i < static_cast<int>(Format::Count); ++i) {
        if (i > 0) out += ", ";
        out += kFormats[i].Name;
    }
    return out;
}

} // namespace engine
