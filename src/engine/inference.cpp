// gpuplan engine: inference memory per GPU.
#include "engine/inference.h"

#include <algorithm>
#include <cmath>

#include "engine/derivation.h"
#include "engine/model_math.h"

namespace engine {

namespace {

struct InferenceMemory {
    double WeightsBytes  = 0; // per GPU
    double KvBytes       = 0; // per GPU
    double OverheadBytes = 0; // per GPU
    double Total() const { return WeightsBytes + KvBytes + OverheadBytes; }
};

double ContextTokensOf(const InferenceParams& in) {
    return in.ContextTokens > 0 ? in.ContextTokens : in.InputTokens + in.OutputTokens;
}

// Weights and KV heads split across tensor-parallel ranks and pipeline stages; KV heads replicate when
// there are fewer KV heads than TP ranks (vLLM replicates them so each rank holds at least one).
InferenceMemory MemoryPerGpu(const Scenario& s, int tensor_parallel, int pipeline_parallel) {
    InferenceMemory mem;
    const double params = TotalParams(s.Model);
    const double bits = GetFormatInfo(s.Precision.Weights).BitsPerWeight;
    mem.WeightsBytes = params * bits / 8.0 / (static_cast<double>(tensor_parallel) * pipeline_parallel);
    const double context = ContextTokensOf(s.Inference);
    const double kv_sequence = KvCacheBytesPerSequence(s.Model, s.Precision.KvCache, context);
    const double kv_split = IsMla(s.Model) ? 1.0 : std::min<double>(tensor_parallel, KvHeadsOf(s.Model));
    mem.KvBytes = kv_sequence * s.Inference.Concurrency / kv_split / pipeline_parallel;
    mem.OverheadBytes = s.Efficiency.RuntimeOverheadBytes >= 0 ? s.Efficiency.RuntimeOverheadBytes : kInferenceRuntimeOverheadBytes;
    return mem;
}

double UsableBytes(const Scenario& s) {
    const double utilization = s.Efficiency.GpuMemoryUtilization > 0 ? s.Efficiency.GpuMemoryUtilization : kDefaultGpuMemoryUtilization;
    return s.Gpu.MemoryBytes * utilization;
}

} // namespace

void EvaluateInference(const Scenario& s, Result* r) {
    const int tp = s.Inference.TensorParallel;
    const int pp = s.Inference.PipelineParallel;
    const InferenceMemory mem = MemoryPerGpu(s, tp, pp);
    const double params = TotalParams(s.Model);
    const FormatInfo& weights = GetFormatInfo(s.Precision.Weights);
    const FormatInfo& kv = GetFormatInfo(s.Precision.KvCache);
    const double context = ContextTokensOf(s.Inference);

    r->MemoryPerGpu.Weights  = mem.WeightsBytes;
    r->MemoryPerGpu.KvCache  = mem.KvBytes;
    r->MemoryPerGpu.Overhead = mem.OverheadBytes;
    r->MemoryPerGpu.Total    = mem.Total();
    r->GpuMemoryBytes = s.Gpu.MemoryBytes;
    const double usable = UsableBytes(s);
    r->Fits = r->MemoryPerGpu.Total <= usable;

    AddStep(r, "params", "Parameters", s.Model.Params > 0 ? "from the model card" : "from the architecture", params, "params");
    AddStep(r, "weights_bytes", "Weights per GPU",
            Num(params) + " params × " + Num(weights.BitsPerWeight) + " bits / 8 / (TP " + std::to_string(tp) + " × PP " + std::to_string(pp) + ")",
            mem.WeightsBytes, "B");
    AddStep(r, "kv_bytes_per_token", "KV cache per token",
            IsMla(s.Model) ? "(kv_lora_rank + qk_rope_head_dim) × layers × " + Num(kv.BytesPerKvValue) + " B"
                           : "2 × " + std::to_string(s.Model.Layers) + " layers × " + std::to_string(KvHeadsOf(s.Model)) + " KV heads × " +
                                 std::to_string(HeadDimOf(s.Model)) + " head dim × " + Num(kv.BytesPerKvValue) + " B",
            KvElementsPerTokenPerLayer(s.Model) * kv.BytesPerKvValue * s.Model.Layers, "B");
    AddStep(r, "kv_cache_bytes", "KV cache per GPU",
            "per-sequence KV at " + Num(context) + " tokens × " + std::to_string(s.Inference.Concurrency) + " sequences / KV split / PP",
            mem.KvBytes, "B");
    AddStep(r, "overhead_bytes", "Runtime overhead", "CUDA context, workspaces, allocator (efficiency.runtime_overhead_gb)", mem.OverheadBytes, "B");
    AddStep(r, "total_bytes", "Total per GPU", "weights + KV cache + overhead", r->MemoryPerGpu.Total, "B");
    AddStep(r, "usable_bytes", "Usable GPU memory", Gb(s.Gpu.MemoryBytes) + " × gpu_memory_utilization", usable, "B");

    // Smallest tensor-parallel degree (power of two, within the deployment) at which a replica fits.
    r->GpusNeeded = 0;
    for (int candidate = 1; candidate <= 1024; candidate *= 2) {
        if (MemoryPerGpu(s, candidate, pp).Total() <= usable) {
            r->GpusNeeded = candidate * pp;
            break;
        }
    }
    AddStep(r, "gpus_needed", "GPUs needed for one replica", "smallest power-of-two TP that fits × PP", r->GpusNeeded, "GPUs");
    if (!r->Fits) {
        std::string message = "Needs " + Gb(r->MemoryPerGpu.Total) + " per GPU; " + s.Gpu.Name + " offers " + Gb(usable) + " usable.";
        if (r->GpusNeeded > 0)
            message += " Use " + std::to_string(r->GpusNeeded) + " GPUs (tensor parallel), a smaller weight format, or fewer sequences.";
        else
            message += " It does not fit even at TP 1024: use a smaller weight format or shorter context.";
        AddWarning(r, "does_not_fit", message);
    }
    r->Inference.Replicas = std::max(1, s.GpuCount / (tp * pp));
}

} // namespace engine
