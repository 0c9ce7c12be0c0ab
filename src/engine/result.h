// gpuplan engine: a Result — the numbers, where the memory goes, warnings, and the derivation trail.
#pragma once
#include <string>
#include <vector>

namespace engine {

// One step of "how was this computed": label, the formula with numbers filled in, the value and its unit.
struct DerivationStep {
    std::string Key;      // stable id ("weights_bytes") for tests and translation
    std::string Label;    // human label ("Weights")
    std::string Formula;  // formula with the numbers used ("8.03e9 params × 2 B")
    double      Value = 0;
    std::string Unit;     // "B", "s", "tokens/s", "FLOP", ...
};

struct Warning {
    std::string Code;     // stable id ("fp8_not_native")
    std::string Message;  // English sentence; the UI may translate by Code
};

// Memory one GPU holds, bytes. Total = sum of the parts.
struct MemoryBreakdown {
    double Weights     = 0;
    double KvCache     = 0;
    double Activations = 0;
    double Gradients   = 0;
    double Optimizer   = 0;
    double Overhead    = 0;
    double Total       = 0;
};

struct InferenceResult {
    double TtftS                 = 0; // time to first token for one request at the scenario's input length, s
    double TpotS                 = 0; // time per output token at the scenario's concurrency, s
    double ThroughputTokensPerS  = 0; // generated tokens/s of the whole deployment
    double TokensPerSPerUser     = 0; // 1 / TpotS
    double MaxConcurrency        = 0; // sequences whose KV cache fits at ContextTokens, whole deployment
    double RequestsPerS          = 0; // completed requests/s at the scenario's input/output lengths
    int    Replicas              = 1; // data-parallel copies of the model
};

struct TrainingResult {
    double Flops                 = 0; // total training FLOPs (incl. recompute)
    double TimeS                 = 0; // wall-clock time, s
    double GpuHours              = 0;
    double Mfu                   = 0; // model-FLOPs utilisation used for the time
    double TokensPerSPerGpu      = 0;
};

struct Result {
    bool            Ok = true;          // false when the scenario itself is invalid (see Error)
    std::string     Error;              // why the scenario cannot be evaluated
    MemoryBreakdown MemoryPerGpu;       // bytes per GPU
    double          GpuMemoryBytes = 0; // capacity of one GPU, bytes
    bool            Fits = false;       // MemoryPerGpu.Total <= GpuMemoryBytes (after serving fraction)
    int             GpusNeeded = 0;     // smallest GPU count that fits with the scenario's other settings
    InferenceResult Inference;
    TrainingResult  Training;
    std::vector<Warning>        Warnings;
    std::vector<DerivationStep> Derivation;
};

} // namespace engine
