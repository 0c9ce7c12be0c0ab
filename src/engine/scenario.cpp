// gpuplan engine: enum names and scenario validation.
#include "engine/engine.h"

#include <cmath>
#include <cstdio>

namespace engine {

namespace {

template <typename Enum, size_t N>
bool ParseName(const char* const (&names)[N], const std::string& name, Enum* out) {
    for (size_t i = 0; i < N; ++i) {
        if (name == names[i]) {
            *out = static_cast<Enum>(i);
            return true;
        }
    }
    return false;
}

const char* const kWorkloadNames[]  = {"inference", "pretrain", "full_finetune", "lora", "qlora"};
const char* const kRecomputeNames[] = {"none", "selective", "full"};
const char* const kFp8ScalingNames[] = {"current", "delayed", "mxfp8"};
const char* const kOptimizerNames[] = {"adamw", "adamw_8bit", "adafactor", "sgd"};
const char* const kModeNames[]      = {"online", "batch"};
const char* const kWeightGroupNames[] = {"embedding", "lm_head", "attention", "mlp", "experts"};
static_assert(sizeof(kWorkloadNames) / sizeof(kWorkloadNames[0]) == static_cast<size_t>(WorkloadKind::Count), "names");
static_assert(sizeof(kRecomputeNames) / sizeof(kRecomputeNames[0]) == static_cast<size_t>(RecomputePolicy::Count), "names");
static_assert(sizeof(kFp8ScalingNames) / sizeof(kFp8ScalingNames[0]) == static_cast<size_t>(Fp8ScalingKind::Count), "names");
static_assert(sizeof(kOptimizerNames) / sizeof(kOptimizerNames[0]) == static_cast<size_t>(OptimizerKind::Count), "names");
static_assert(sizeof(kModeNames) / sizeof(kModeNames[0]) == static_cast<size_t>(ServingMode::Count), "names");
static_assert(sizeof(kWeightGroupNames) / sizeof(kWeightGroupNames[0]) == static_cast<size_t>(WeightGroup::Count), "names");

bool Positive(double value) { return std::isfinite(value) && value > 0.0; }
bool NonNegative(double value) { return std::isfinite(value) && value >= 0.0; }

[[gnu::cold]] std::string Expect(const char* field, const char* what, double got) {
    char buffer[160];
    std::snprintf(buffer, sizeof(buffer), "%s: expected %s, got %g", field, what, got);
    return buffer;
}

} // namespace

const char* WorkloadName(WorkloadKind workload) { return kWorkloadNames[static_cast<int>(workload)]; }
bool ParseWorkload(const std::string& name, WorkloadKind* out) { return ParseName(kWorkloadNames, name, out); }
const char* RecomputeName(RecomputePolicy recompute) { return kRecomputeNames[static_cast<int>(recompute)]; }
bool ParseRecompute(const std::string& name, RecomputePolicy* out) { return ParseName(kRecomputeNames, name, out); }
const char* Fp8ScalingName(Fp8ScalingKind scaling) { return kFp8ScalingNames[static_cast<int>(scaling)]; }
bool ParseFp8Scaling(const std::string& name, Fp8ScalingKind* out) { return ParseName(kFp8ScalingNames, name, out); }
const char* OptimizerName(OptimizerKind optimizer) { return kOptimizerNames[static_cast<int>(optimizer)]; }
bool ParseOptimizer(const std::string& name, OptimizerKind* out) { return ParseName(kOptimizerNames, name, out); }
const char* ServingModeName(ServingMode mode) { return kModeNames[static_cast<int>(mode)]; }
bool ParseServingMode(const std::string& name, ServingMode* out) { return ParseName(kModeNames, name, out); }
const char* WeightGroupName(WeightGroup group) { return kWeightGroupNames[static_cast<int>(group)]; }
bool ParseWeightGroup(const std::string& name, WeightGroup* out) { return ParseName(kWeightGroupNames, name, out); }

// Limits that keep every derived number finite; far beyond any real deployment.
constexpr double kMaxGpus          = 1e6;
constexpr double kMaxTokens        = 1e16;
constexpr double kMaxContextTokens = 1e8;

std::string ValidateScenario(const Scenario& s) {
    const ModelArch& m = s.Model;
    if (!(m.Layers > 0)) return Expect("model.layers", "a positive integer", m.Layers);
    if (!(m.Hidden > 0)) return Expect("model.hidden", "a positive integer", m.Hidden);
    if (!(m.Heads > 0)) return Expect("model.heads", "a positive integer", m.Heads);
    if (m.KvHeads < 0 || (m.KvHeads > 0 && m.Heads % m.KvHeads != 0))
        return Expect("model.kv_heads", "a divisor of heads", m.KvHeads);
    if (m.HeadDim < 0) return Expect("model.head_dim", "a non-negative integer", m.HeadDim);
    if (!(m.Vocab > 0)) return Expect("model.vocab", "a positive integer", m.Vocab);
    if (m.Ffn < 0) return Expect("model.ffn", "a non-negative integer", m.Ffn);
    if (!NonNegative(m.Params) || m.Params > 1e14) return Expect("model.params", "0 (derive) or a parameter count below 1e14", m.Params);
    if (!NonNegative(m.ActiveParams) || (m.Params > 0 && m.ActiveParams > m.Params))
        return Expect("model.active_params", "at most params", m.ActiveParams);
    if (m.Experts < 0) return Expect("model.experts", "a non-negative integer", m.Experts);
    if (m.ExpertsActive < 0 || m.ExpertsActive > m.Experts)
        return Expect("model.experts_active", "between 0 and experts", m.ExpertsActive);
    if (m.DenseLayers < 0 || m.DenseLayers > m.Layers)
        return Expect("model.dense_layers", "between 0 and layers", m.DenseLayers);
    if (m.SlidingWindow < 0) return Expect("model.sliding_window", "a non-negative integer", m.SlidingWindow);

    const GpuSpec& g = s.Gpu;
    if (!Positive(g.MemoryBytes) || g.MemoryBytes > 4e12) return Expect("hardware.gpu.memory_gb", "a positive size below 4000 GB", g.MemoryBytes / 1e9);
    if (!Positive(g.BandwidthBytesPerS)) return Expect("hardware.gpu.bandwidth_tb_s", "a positive number", g.BandwidthBytesPerS / 1e12);
    if (!Positive(g.PeakFlops[static_cast<int>(ComputeClass::Bf16)]))
        return Expect("hardware.gpu.bf16_dense_tflops", "a positive number", g.PeakFlops[static_cast<int>(ComputeClass::Bf16)] / 1e12);
    if (s.GpuCount < 1 || s.GpuCount > kMaxGpus) return Expect("hardware.count", "between 1 and 1e6", s.GpuCount);
    if (s.Cluster.GpusPerNode < 1) return Expect("hardware.gpus_per_node", "a positive integer", s.Cluster.GpusPerNode);
    if (!Positive(s.Cluster.NetworkBytesPerSPerGpu)) return Expect("hardware.network_gb_s_per_gpu", "a positive number", s.Cluster.NetworkBytesPerSPerGpu / 1e9);

    const InferenceParams& in = s.Inference;
    if (!NonNegative(in.ContextTokens) || in.ContextTokens > kMaxContextTokens) return Expect("inference.context_tokens", "0 (input + output) or a token count up to 1e8", in.ContextTokens);
    if (!NonNegative(in.InputTokens) || in.InputTokens > kMaxContextTokens) return Expect("inference.input_tokens", "a token count up to 1e8", in.InputTokens);
    if (!NonNegative(in.OutputTokens) || in.OutputTokens > kMaxContextTokens) return Expect("inference.output_tokens", "a token count up to 1e8", in.OutputTokens);
    if (in.Concurrency < 1 || in.Concurrency > 1e7) return Expect("inference.concurrency", "between 1 and 1e7", in.Concurrency);
    if (in.TensorParallel < 1 || in.TensorParallel > s.GpuCount) return Expect("inference.tensor_parallel", "between 1 and hardware.count", in.TensorParallel);
    if (in.PipelineParallel < 1 || in.PipelineParallel > m.Layers) return Expect("inference.pipeline_parallel", "between 1 and model.layers", in.PipelineParallel);
    if (static_cast<double>(in.TensorParallel) * in.PipelineParallel > s.GpuCount)
        return Expect("inference.tensor_parallel", "tensor_parallel × pipeline_parallel ≤ hardware.count", in.TensorParallel * in.PipelineParallel);
    if (!NonNegative(in.TtftSlaS)) return Expect("inference.ttft_sla_s", "a non-negative number", in.TtftSlaS);
    if (!NonNegative(in.MinTokensPerSPerUser)) return Expect("inference.min_tokens_per_s_per_user", "a non-negative number", in.MinTokensPerSPerUser);
    if (!NonNegative(in.TargetUsers) || in.TargetUsers > 1e9) return Expect("inference.target_users", "a non-negative number", in.TargetUsers);
    if (!NonNegative(in.BatchRequests) || in.BatchRequests > 1e12) return Expect("inference.batch_requests", "a non-negative number", in.BatchRequests);
    if (!Positive(in.PrefillChunkTokens)) return Expect("inference.prefill_chunk_tokens", "a positive number", in.PrefillChunkTokens);
    if (!Positive(in.KvBlockTokens)) return Expect("inference.kv_block_tokens", "a positive number", in.KvBlockTokens);

    const TrainingParams& t = s.Training;
    if (!Positive(t.Tokens) || t.Tokens > kMaxTokens) return Expect("training.tokens", "a positive token count up to 1e16", t.Tokens);
    if (!Positive(t.SeqLen) || t.SeqLen > kMaxContextTokens) return Expect("training.seq_len", "a positive token count up to 1e8", t.SeqLen);
    if (t.MicroBatch < 1 || t.MicroBatch > 1e6) return Expect("training.micro_batch", "a positive integer", t.MicroBatch);
    if (!NonNegative(t.GlobalBatchTokens)) return Expect("training.global_batch_tokens", "a non-negative number", t.GlobalBatchTokens);
    if (t.TensorParallel < 1 || t.TensorParallel > s.GpuCount) return Expect("training.tensor_parallel", "between 1 and hardware.count", t.TensorParallel);
    if (t.PipelineParallel < 1 || t.PipelineParallel > m.Layers) return Expect("training.pipeline_parallel", "between 1 and model.layers", t.PipelineParallel);
    if (t.ContextParallel < 1) return Expect("training.context_parallel", "a positive integer", t.ContextParallel);
    if (static_cast<double>(t.TensorParallel) * t.PipelineParallel * t.ContextParallel > s.GpuCount)
        return Expect("training.tensor_parallel", "tensor × pipeline × context parallel ≤ hardware.count", static_cast<double>(t.TensorParallel) * t.PipelineParallel * t.ContextParallel);
    if (t.ZeroStage < 0 || t.ZeroStage > 3) return Expect("training.zero_stage", "0, 1, 2 or 3", t.ZeroStage);
    if (t.ShardGroupGpus < 0) return Expect("training.shard_group_gpus", "a non-negative integer", t.ShardGroupGpus);
    if (t.LossChunks < 1 || t.LossChunks > 1024) return Expect("training.loss_chunks", "between 1 and 1024", t.LossChunks);
    if (t.LoraRank < 1 || t.LoraRank > 65536) return Expect("training.lora_rank", "between 1 and 65536", t.LoraRank);

    const EfficiencyOverrides& e = s.Efficiency;
    auto fraction_ok = [](double v) { return std::isfinite(v) && v >= 0.0 && v <= 1.0; };
    if (!fraction_ok(e.Mfu)) return Expect("efficiency.mfu", "a fraction between 0 and 1", e.Mfu);
    if (!fraction_ok(e.BandwidthEfficiency)) return Expect("efficiency.bandwidth_efficiency", "a fraction between 0 and 1", e.BandwidthEfficiency);
    if (!fraction_ok(e.ComputeEfficiency)) return Expect("efficiency.compute_efficiency", "a fraction between 0 and 1", e.ComputeEfficiency);
    if (!fraction_ok(e.InterconnectEfficiency)) return Expect("efficiency.interconnect_efficiency", "a fraction between 0 and 1", e.InterconnectEfficiency);
    if (!fraction_ok(e.GpuMemoryUtilization)) return Expect("efficiency.gpu_memory_utilization", "a fraction between 0 and 1", e.GpuMemoryUtilization);
    if (!std::isfinite(e.RuntimeOverheadBytes) || e.RuntimeOverheadBytes < -1.0 || e.RuntimeOverheadBytes > 1e12)
        return Expect("efficiency.runtime_overhead_gb", "a size in GB (≥ 0)", e.RuntimeOverheadBytes / 1e9);
    return "";
}

} // namespace engine
