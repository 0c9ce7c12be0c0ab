// gpuplan engine: training evaluation — validation, the Result's numbers, derivation trail and warnings.
//
// Index
// [SECTION] Validation
// [SECTION] Checkpoints
// [SECTION] EvaluateTraining
#include "engine/training.h"

#include <algorithm>
#include <cmath>

#include "engine/derivation.h"
#include "engine/engine.h"
#include "engine/mfu_defaults.h"
#include "engine/model_math.h"

namespace engine {

//-----------------------------------------------------------------------------
// [SECTION] Validation
//-----------------------------------------------------------------------------

namespace {

const char* const kLoraTargetNames[] = {"q", "k", "v", "o", "gate", "up", "down"};

// Checks that only training needs; "" when valid.
std::string ValidateTraining(const Scenario& s) {
    const TrainingParams& t = s.Training;
    const Format weights = s.Precision.Weights;
    if (!IsLoraWorkload(s.Workload) && weights != Format::Fp32 && weights != Format::Bf16 && weights != Format::Fp16)
        return std::string("precision.weights: full training keeps trained weights in fp32, bf16 or fp16, got ") + FormatName(weights) +
               " (FP8 training is precision.compute = fp8; quantized bases are for lora/qlora)";
    if (s.Model.Heads % t.TensorParallel != 0)
        return "training.tensor_parallel: expected a divisor of model.heads (" + std::to_string(s.Model.Heads) + "), got " + std::to_string(t.TensorParallel);
    if (t.SeqLen < t.ContextParallel)
        return "training.context_parallel: expected at most training.seq_len, got " + std::to_string(t.ContextParallel);
    const TrainingLayout layout = LayoutOf(s);
    if (t.ShardGroupGpus > 0 && layout.DataParallel % t.ShardGroupGpus != 0)
        return "training.shard_group_gpus: expected a divisor of the data-parallel size (" + std::to_string(layout.DataParallel) + "), got " +
               std::to_string(t.ShardGroupGpus);
    if (IsLoraWorkload(s.Workload)) {
        if (t.LoraTargets.empty()) return "training.lora_targets: expected at least one of q, k, v, o, gate, up, down";
        for (const std::string& target : t.LoraTargets)
            if (std::find(std::begin(kLoraTargetNames), std::end(kLoraTargetNames), target) == std::end(kLoraTargetNames))
                return "training.lora_targets: unknown target \"" + target + "\"; expected q, k, v, o, gate, up, down";
    }
    return "";
}

//-----------------------------------------------------------------------------
// [SECTION] Checkpoints
//-----------------------------------------------------------------------------

// A resumable checkpoint holds the trained weights and the optimizer states (master copy + moments), not the
// gradients. Full training with mixed-precision Adam: 2 + 4 + 8 = 14 B/param. LoRA saves only the adapters.
double CheckpointBytes(const TrainingMemory& mem, double total_params, bool lora) {
    if (lora) return mem.TrainableParams * (kLoraAdapterBytes + mem.OptimizerBytesPerParam);
    return total_params * (mem.WeightBytesPerParam + mem.OptimizerBytesPerParam);
}

// The smallest GPU count (the layout's model-parallel size × a power of two) at which the scenario's layout fits.
// Without ZeRO, more replicas never lower per-GPU memory, so the search then shards the model states (ZeRO-3 /
// FSDP full shard) — the usual first remedy — and says so in the derivation.
// Each count is sized on the scenario itself, with the layout a copy of it with the count, ZeRO stage and shard group
// set would have (LayoutOf), and with the scenario's TrainingConstants: EstimateTrainingMemory reads those three only
// through the layout, and the constants hold nothing they change.
int TrainingGpusNeeded(const Scenario& s, const TrainingConstants& constants, bool* with_zero3) {
    const int model_parallel = s.Training.TensorParallel * s.Training.PipelineParallel * s.Training.ContextParallel;
    *with_zero3 = false;
    for (int pass = 0; pass < 2; ++pass) {
        for (int replicas = 1; replicas <= (1 << 20); replicas *= 2) {
            const int gpu_count = model_parallel * replicas;
            const int zero_stage = pass == 1 ? 3 : s.Training.ZeroStage;
            int shard_group = s.Training.ShardGroupGpus;
            if (shard_group > 0 && replicas % shard_group != 0) shard_group = 0;
            if (EstimateTrainingMemory(s, LayoutOf(s, gpu_count, zero_stage, shard_group), constants).Total() <= s.Gpu.MemoryBytes) {
                *with_zero3 = pass == 1;
                return gpu_count;
            }
            if (zero_stage == 0) break;
        }
        if (s.Training.ZeroStage == 3) break;
    }
    return 0;
}

[[gnu::cold]] std::string Percent(double fraction) {
    return Num(fraction * 100.0) + "%";
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] EvaluateTraining
//-----------------------------------------------------------------------------

void EvaluateTraining(const Scenario& s, Result* r) {
    const std::string error = ValidateTraining(s);
    if (!error.empty()) {
        r->Ok = false;
        r->Error = error;
        return;
    }
    const ModelArch& m = s.Model;
    const TrainingParams& t = s.Training;
    const bool lora = IsLoraWorkload(s.Workload);
    const TrainingLayout layout = LayoutOf(s);
    const TrainingConstants constants = TrainingConstantsOf(s); // shared by the estimates, the GPUs needed and the layout search
    const TrainingMemory mem = EstimateTrainingMemory(s, layout, constants);
    const TrainingTime time = EstimateTrainingTime(s, layout, constants);
    const TrainingFlopsPerToken& flops = constants.Flops[static_cast<int>(layout.Recompute)];
    const double params = TotalParams(m);
    const Format weight_format = TrainingWeightFormat(s);

    // Memory
    r->MemoryPerGpu.Weights = mem.WeightsBytes;
    r->MemoryPerGpu.Gradients = mem.GradientsBytes;
    r->MemoryPerGpu.Optimizer = mem.OptimizerBytes;
    r->MemoryPerGpu.Activations = mem.ActivationsBytes;
    r->MemoryPerGpu.Overhead = mem.OverheadBytes;
    r->MemoryPerGpu.Total = mem.Total();
    // bitsandbytes' paged optimizers allocate their states with cudaMallocManaged (bitsandbytes functional.get_paged →
    // cget_managed_ptr), outside PyTorch's allocator; the runtime is the CUDA context and library buffers.
    r->MemoryPerGpu.OutsideAllocator = mem.RuntimeBytes + (s.Training.PagedOptimizer ? mem.OptimizerBytes : 0.0);
    r->GpuMemoryBytes = s.Gpu.MemoryBytes;
    r->Fits = mem.Total() <= s.Gpu.MemoryBytes;
    bool needs_zero3 = false;
    r->GpusNeeded = TrainingGpusNeeded(s, constants, &needs_zero3);

    // Words for the memory steps below; a figures-only evaluation (the planner, the layout search's callers) builds none.
    std::string split, zero;
    if (Explaining()) {
        split = "TP " + std::to_string(layout.TensorParallel) + " × PP " + std::to_string(layout.PipelineParallel);
        zero = layout.ZeroStage > 0 ? "ZeRO-" + std::to_string(layout.ZeroStage) + " over " + std::to_string(layout.ShardGroupGpus) + " GPUs" : "no ZeRO";
    }
    AddStep(r, "layout", "Layout", DescribeLayout(layout), layout.DataParallel, "replicas");
    AddStep(r, "params", "Parameters", m.Params > 0 ? "from the model card" : "from the architecture", params, "params");
    AddStep(r, "trainable_params", "Trainable parameters",
            lora ? "LoRA rank " + std::to_string(t.LoraRank) + " × (d_in + d_out) per adapted matrix, " + std::to_string(t.LoraTargets.size()) + " targets × " +
                       std::to_string(m.Layers) + " layers (MoE: per expert)"
                 : "all parameters",
            mem.TrainableParams, "params");
    // With grads_set_to_none the step can peak right after the loss's backward, before most gradients exist.
    const bool peak_before_gradients = mem.PeakLossBackwardBytes > 0 && mem.PeakLossBackwardBytes >= mem.PeakBackwardEndBytes;
    if (lora) {
        const char* adapter_dtype = t.StatesInWeightDtype ? " B bf16 adapters" : " B fp32 adapters";
        const char* adapter_bytes = t.StatesInWeightDtype ? "2" : "4";
        AddStep(r, "weights_bytes", "Frozen base + adapters per GPU",
                "(" + Num(params) + " × " + Num(mem.WeightBytesPerParam) + " B (" + FormatName(weight_format) + ") + " + Num(mem.TrainableParams) +
                    " × " + adapter_bytes + adapter_dtype + ") / (" + split + ")" +
                    (layout.ZeroStage >= 3 ? " / " + std::to_string(layout.ShardGroupGpus) + " (ZeRO-3)" : ""),
                mem.WeightsBytes, "B");
        AddStep(r, "gradients_bytes", "Adapter gradients per GPU",
                peak_before_gradients ? "none yet at the step's peak (freed after each step, grads_set_to_none; produced later in the backward)"
                                      : Num(mem.TrainableParams) + " × " + adapter_bytes + " B / (" + split + ")" + (layout.ZeroStage >= 2 ? " / ZeRO shard" : ""),
                mem.GradientsBytes, "B");
    } else if (peak_before_gradients) {
        AddStep(r, "weights_bytes", "Weights per GPU",
                Num(params) + " × " + Num(mem.WeightBytesPerParam) + " B (" + FormatName(weight_format) + ") / (" + split + ")" +
                    (layout.ZeroStage >= 3 ? " / " + std::to_string(layout.ShardGroupGpus) + " (ZeRO-3)" : ""),
                mem.WeightsBytes, "B");
        AddStep(r, "gradients_bytes", "Gradients per GPU",
                "at the step's peak only the output projection's (vocab × hidden × " + Num(mem.WeightBytesPerParam) +
                    " B / TP): the others are freed after each step (grads_set_to_none) and produced later in the backward",
                mem.GradientsBytes, "B");
    } else {
        AddStep(r, "weights_bytes", "Weights per GPU",
                Num(params) + " × " + Num(mem.WeightBytesPerParam) + " B (" + FormatName(weight_format) + ") / (" + split + ")" +
                    (layout.ZeroStage >= 3 ? " / " + std::to_string(layout.ShardGroupGpus) + " (ZeRO-3)" : ""),
                mem.WeightsBytes, "B");
        AddStep(r, "gradients_bytes", "Gradients per GPU",
                t.OptimizerInBackward
                    ? "optimizer in backward: at most the largest tensor's gradient (vocab × hidden × " + Num(mem.WeightBytesPerParam) + " B / TP)"
                    : Num(params) + " × " + Num(mem.WeightBytesPerParam) + " B / (" + split + ")" +
                          (layout.ZeroStage >= 2 ? " / " + std::to_string(layout.ShardGroupGpus) + " (ZeRO-2+)" : ""),
                mem.GradientsBytes, "B");
    }
    AddStep(r, "optimizer_bytes", "Optimizer states per GPU",
            Num(mem.TrainableParams) + " × " + Num(mem.OptimizerBytesPerParam) + " B (" + OptimizerName(t.Optimizer) +
                (!lora && t.MasterWeightsFp32 && mem.WeightBytesPerParam < kMasterWeightBytes ? " + fp32 master" : "") + ") / (" + split + ") / " + zero +
                (t.OffloadOptimizer ? ", offloaded to CPU" : "") + (t.PagedOptimizer ? ", paged" : ""),
            mem.OptimizerBytes, "B");
    AddStep(r, "activations_per_layer_bytes", "Activations per layer per micro-batch",
            "seq " + Num(t.SeqLen) + " × micro-batch " + std::to_string(layout.MicroBatch) + ", Korthikanti et al. 2022 per-layer terms (GQA widths, " +
                (m.GatedMlp ? "SwiGLU 6f" : "GeLU 4f") + (t.FlashAttention ? ", flash attention" : ", s² scores") + "), " + RecomputeName(layout.Recompute) +
                " recompute" + (layout.SequenceParallel ? ", ÷ TP (sequence parallel)" : ""),
            mem.ActivationsPerLayerBytes, "B");
    AddStep(r, "logits_bytes", "Logits for the loss",
            t.LossChunks > 1 && t.CompiledLoss
                ? "2 B bf16 × seq × micro-batch × vocab " + std::to_string(m.Vocab) + " / TP (" + std::to_string(t.LossChunks) +
                      " chunks, fp32 upcast compiled into the loss: none stored)"
            : t.LossChunks > 1 ? "(2 B bf16 + 4 B fp32 / " + std::to_string(t.LossChunks) + " chunks) × seq × micro-batch × vocab " + std::to_string(m.Vocab) + " / TP"
                             : "4 B fp32 × seq × micro-batch × vocab " + std::to_string(m.Vocab) + " / TP",
            mem.LogitsBytes, "B");
    AddStep(r, "activations_bytes", "Activations per GPU",
            mem.PeakLossBackwardBytes > 0 && !peak_before_gradients
                ? std::string("at the step's peak, the first layer's backward: its input") +
                      (layout.Recompute == RecomputePolicy::Full ? " + the layer being recomputed" : "") + " (the other layers' and the logits are freed)" :
            "per layer × " + Num(std::ceil(static_cast<double>(m.Layers) / layout.PipelineParallel)) + " layers × " + Num(mem.InFlightMicroBatches) +
                " micro-batches in flight (1F1B) + logits" + (layout.Recompute == RecomputePolicy::Full ? " + one layer being recomputed" : "") +
                (t.OffloadActivations ? "; offloaded to host memory but for the tensors in flight" : ""),
            mem.ActivationsBytes, "B");
    if (mem.PeakLossBackwardBytes > 0)
        AddStep(r, "step_peak_bytes", "Gradients + activations at the step's peak",
                "gradients freed after each step (training.grads_set_to_none), one micro-batch: max(after the loss's backward: saved tensors + "
                "logits + output-projection gradient " + Gb(mem.PeakLossBackwardBytes) + ", at the first layer's backward: every gradient + its "
                "input + the layer recomputed " + Gb(mem.PeakBackwardEndBytes) + ")",
                std::max(mem.PeakLossBackwardBytes, mem.PeakBackwardEndBytes), "B");
    AddStep(r, "overhead_bytes", "Overhead",
            "runtime " + Gb(mem.RuntimeBytes) + " (efficiency.runtime_overhead_gb) + gradient buckets " + Gb(mem.BucketBytes) + " + ZeRO-3 gathered layers " +
                Gb(mem.GatherBufferBytes),
            mem.OverheadBytes, "B");
    AddStep(r, "total_bytes", "Total per GPU", "weights + gradients + optimizer + activations + overhead", mem.Total(), "B");
    AddStep(r, "gpus_needed", needs_zero3 ? "GPUs needed with this layout and ZeRO-3" : "GPUs needed with this layout",
            r->GpusNeeded > 0 ? "smallest TP × PP × CP × 2^k that fits" + std::string(needs_zero3 ? ", model states sharded (ZeRO-3)" : "")
                              : "no data-parallel size up to 2^20 fits: the model-parallel part alone exceeds one GPU",
            r->GpusNeeded, "GPUs");

    // FLOPs and time
    TrainingResult& tr = r->Training;
    tr.Flops = time.HardwareFlops;
    tr.ModelFlops = time.ModelFlops;
    tr.TimeS = time.TimeS;
    tr.GpuHours = time.TimeS * s.GpuCount / 3600.0;
    tr.Mfu = time.Mfu;
    tr.TokensPerSPerGpu = t.Tokens / time.TimeS / s.GpuCount;
    tr.TrainableParams = mem.TrainableParams;
    tr.DataParallel = layout.DataParallel;
    tr.TokensPerStep = time.TokensPerStep;
    tr.StepTimeS = time.StepS;
    tr.BubbleShare = time.BubbleShare;
    tr.ExposedCommSPerStep = time.ExposedCommS;
    tr.HostMemoryBytes = mem.HostBytes;

    AddStep(r, "model_flops_per_token", "Model FLOPs per token",
            std::string(lora ? "4" : "6") + " × " + Num(flops.MatmulParams) + " matmul params" + (lora ? " + 6 × adapters" : "") + " + attention 6·L·H·T·(d_qk + d_v) = " +
                Num(flops.Attention) + " (PaLM 6N + 12LHQT)",
            flops.Model, "FLOP");
    AddStep(r, "hardware_flops_per_token", "Executed FLOPs per token", std::string("model FLOPs + ") + RecomputeName(layout.Recompute) + " recompute", flops.Hardware, "FLOP");
    AddStep(r, "training_flops", "Training FLOPs (executed)", Num(flops.Hardware) + " × " + Num(t.Tokens) + " tokens", time.HardwareFlops, "FLOP");
    AddStep(r, "peak_flops", "Peak per GPU", std::string("dense ") + FormatName(s.Precision.Compute) + " peak of " + s.Gpu.Name, time.PeakFlopsPerS, "FLOP/s");
    AddStep(r, "utilisation", "Utilisation of executed FLOPs", time.UtilisationSource, time.Utilisation, "");
    AddStep(r, "micro_batch_time", "Compute per micro-batch", Num(flops.Hardware) + " × " + Num(t.SeqLen * layout.MicroBatch) + " tokens / (TP × PP × CP) / (peak × utilisation)",
            time.MicroBatchComputeS, "s");
    if (time.NonGemmS > 0)
        AddStep(r, "non_gemm_time", "Non-GEMM kernels per micro-batch",
                Num(s.Efficiency.NonGemmTrafficPerActivationByte >= 0 ? s.Efficiency.NonGemmTrafficPerActivationByte : kNonGemmTrafficPerActivationByte) +
                    " B of HBM traffic per stored activation byte × the stage's layers / (peak bandwidth × decode share)",
                time.NonGemmS, "s");
    if (time.MoeHostS > 0)
        AddStep(r, "moe_host_time", "MoE expert launches per micro-batch",
                "MoE layers per stage × local experts (routed / EP) × " +
                    (s.Efficiency.MoeExpertLaunchS >= 0
                         ? Num(s.Efficiency.MoeExpertLaunchS * 1e6) + " µs (efficiency.moe_expert_launch_us)"
                         : Num(MoeKernelsPerExpert(s, time.Compute)) + " kernels (6 GEMMs + FP8 quantisation, training.fp8_scaling " +
                               Fp8ScalingName(s.Training.Fp8Scaling) + ") × " +
                               Num((s.Efficiency.MoeKernelLaunchS >= 0 ? s.Efficiency.MoeKernelLaunchS : kMoeKernelLaunchS) * 1e6) +
                               " µs (efficiency.moe_kernel_launch_us)"),
                time.MoeHostS, "s");
    const double batch_tokens = t.GlobalBatchTokens > 0 ? t.GlobalBatchTokens : DefaultGlobalBatchTokens(s, layout);
    AddStep(r, "global_batch_tokens", "Global batch",
            t.GlobalBatchTokens > 0 ? std::string("training.global_batch_tokens")
                                    : "default (global_batch_tokens 0): max(4M tokens, Llama 2's batch; micro-batches for a pipeline bubble ≤ 10%), "
                                      "rounded up to whole micro-batches",
            batch_tokens, "tokens");
    AddStep(r, "micro_batches_per_step", "Micro-batches per step", "global batch / (seq × micro-batch × DP " + std::to_string(layout.DataParallel) + ")",
            time.MicroBatchesPerStep, "");
    AddStep(r, "pipeline_bubble", "Pipeline bubble",
            layout.VirtualPipelineStages > 1 ? "(PP − 1)/v / (micro-batches + (PP − 1)/v), interleaved v = " + std::to_string(layout.VirtualPipelineStages)
                                             : std::string("(PP − 1) / (micro-batches + PP − 1), 1F1B"),
            time.BubbleShare, "");
    if (time.EpCommS > 0)
        AddStep(r, "ep_comm", "Expert-parallel all-to-all per step",
                s.Training.MoeFlexDispatcher
                    ? "4 passes (dispatch + combine, forward and backward) × tokens × hidden × 2 B × (EP − 1)(1 − (1 − 1/EP)^" + std::to_string(m.ExpertsActive) + ") remote ranks per MoE layer (DeepEP/HybridEP: one copy per rank)"
                    : "4 passes (dispatch + combine, forward and backward) × tokens × top-" + std::to_string(m.ExpertsActive) + " × hidden × 2 B × (EP − 1)/EP per MoE layer",
                time.EpCommS, "s");
    AddStep(r, "dp_comm", "Data-parallel communication per step",
            layout.ZeroStage >= 3 ? "per micro-batch 2 all-gathers + reduce-scatter, (n−1)/n × bytes each (1.5× DP)" : "ring all-reduce 2(n−1)/n × gradient bytes; across nodes at the NICs of the ring's members on a node (min(NVLink, members per node × NIC))",
            time.DpCommS, "s");
    AddStep(r, "tp_comm", "Tensor-parallel communication per step", "4 all-reduces of b·s·h·2 B per layer per micro-batch (6 with full recompute)", time.TpCommS, "s");
    AddStep(r, "exposed_comm", "Exposed communication per step", "DP/CP beyond the compute they overlap with + TP + PP transfers + EP all-to-all", time.ExposedCommS, "s");
    AddStep(r, "step_time", "Step time", "(micro-batches + (PP − 1)/v) × (micro-batch compute + non-GEMM kernels + MoE launches) + exposed communication + offload", time.StepS, "s");
    AddStep(r, "time_s", "Wall-clock time", Num(time.Steps) + " steps × step time", time.TimeS, "s");
    AddStep(r, "gpu_hours", "GPU-hours", "time × " + std::to_string(s.GpuCount) + " GPUs / 3600", tr.GpuHours, "GPU·h");
    AddStep(r, "mfu", "MFU", "model FLOPs / (time × GPUs × peak)", tr.Mfu, "");
    AddStep(r, "tokens_per_s_per_gpu", "Tokens/s per GPU", "tokens / time / GPUs", tr.TokensPerSPerGpu, "tokens/s");

    // Checkpoints
    tr.CheckpointBytes = CheckpointBytes(mem, params, lora);
    tr.CheckpointWriteS = tr.CheckpointBytes / (s.GpuCount * kCheckpointBytesPerSPerGpu);
    AddStep(r, "checkpoint_bytes", "Checkpoint size",
            lora ? "adapters × (4 B + optimizer states)" : Num(params) + " × (" + Num(mem.WeightBytesPerParam) + " B weights + " + Num(mem.OptimizerBytesPerParam) + " B optimizer)",
            tr.CheckpointBytes, "B");
    AddStep(r, "checkpoint_write_s", "Checkpoint write time", "size / (GPUs × 122 MB/s, Llama 3's Tectonic rate per GPU)", tr.CheckpointWriteS, "s");

    // Suggestion
    const ParallelismSuggestion suggestion = CurrentEvaluateOptions().LayoutSearch ? SuggestParallelism(s, constants) : ParallelismSuggestion{};
    tr.SuggestedFound = suggestion.Found;
    tr.SuggestedTensorParallel = suggestion.Layout.TensorParallel;
    tr.SuggestedPipelineParallel = suggestion.Layout.PipelineParallel;
    tr.SuggestedDataParallel = suggestion.Layout.DataParallel;
    tr.SuggestedZeroStage = suggestion.Layout.ZeroStage;
    tr.SuggestedExpertParallel = suggestion.Layout.ExpertParallel;
    tr.SuggestedRecompute = RecomputeName(suggestion.Layout.Recompute);
    tr.SuggestedTimeS = suggestion.TimeS;
    tr.SuggestedMemoryPerGpuBytes = suggestion.MemoryPerGpuBytes;
    tr.SuggestionReason = suggestion.Reason;
    AddStep(r, "suggested_layout", "Suggested layout", suggestion.Reason, suggestion.Found ? suggestion.TimeS : 0.0, "s");

    // Warnings
    if (!r->Fits && Explaining()) {
        std::string message = "Needs " + Gb(mem.Total()) + " per GPU; " + s.Gpu.Name + " has " + Gb(s.Gpu.MemoryBytes) + ".";
        if (suggestion.Found) message += " Fits as " + DescribeLayout(suggestion.Layout) + ".";
        else if (r->GpusNeeded > 0)
            message += " This layout fits on " + std::to_string(r->GpusNeeded) + " GPUs" + (needs_zero3 ? " with ZeRO-3 (FSDP full shard)." : ".");
        else message += " " + suggestion.Reason;
        AddWarning(r, "does_not_fit", message);
    } else if (suggestion.Found && suggestion.TimeS < time.TimeS * 0.95) {
        AddWarning(r, "faster_layout", "A faster layout fits: " + DescribeLayout(suggestion.Layout) + " takes " + DurationText(suggestion.TimeS) + " instead of " +
                                           DurationText(time.TimeS) + ".");
    }
    const double comm_share = time.ExposedCommS / time.StepS;
    if (comm_share > kNetworkBoundWarnShare) {
        const bool network = time.DpCrossesNodes || time.TpCrossesNodes;
        AddWarning(r, "network_bound",
                   std::string(network ? "The network between nodes" : "GPU-to-GPU communication") + ", not the GPUs, sets the pace: " + Percent(comm_share) +
                       " of each step (" + DurationText(time.ExposedCommS * time.Steps) + " of the run) waits for communication. " +
                       (network ? "Faster InfiniBand, hybrid sharding (training.shard_group_gpus) or a larger micro-batch hide more of it."
                                : "Lower TP, or a larger micro-batch, hides more of it."));
    }
    const ComputeClass wanted = GetFormatInfo(s.Precision.Compute).Compute;
    if (!(s.Gpu.PeakFlops[static_cast<int>(wanted)] > 0))
        AddWarning(r, "compute_not_native", std::string(s.Gpu.Name) + " has no " + FormatName(s.Precision.Compute) + " tensor cores; time assumes BF16.");
    if (s.Efficiency.Mfu <= 0 && Explaining()) {
        ComputeClass used = wanted;
        if (!(s.Gpu.PeakFlops[static_cast<int>(used)] > 0)) used = ComputeClass::Bf16;
        const MfuDefault d = DefaultTrainingUtilisation(s.Gpu.Architecture, used, s.GpuCount);
        if (!d.BorrowedFrom.empty())
            AddWarning(r, "mfu_default_borrowed", "No published training utilisation for " + (s.Gpu.Architecture.empty() ? std::string("this GPU") : s.Gpu.Architecture) +
                                                      " at this precision; using " + d.BorrowedFrom + "'s (" + Percent(d.Utilisation) + "). Set efficiency.mfu to override.");
    }
    const int used_gpus = layout.TensorParallel * layout.PipelineParallel * layout.ContextParallel * layout.DataParallel;
    if (used_gpus < s.GpuCount)
        AddWarning(r, "idle_gpus", std::to_string(s.GpuCount - used_gpus) + " of " + std::to_string(s.GpuCount) +
                                       " GPUs idle: the count is not a multiple of TP × PP × CP; they still count in GPU-hours.");
    if (layout.PipelineParallel > 1 && time.BubbleShare > kDefaultMaxBubbleShare)
        AddWarning(r, "pipeline_bubble", "The pipeline idles " + Percent(time.BubbleShare) + " of each step (" + std::to_string(time.MicroBatchesPerStep) +
                                             " micro-batches over " + std::to_string(layout.PipelineParallel) +
                                             " stages): raise global_batch_tokens, use virtual_pipeline_stages, or lower pipeline_parallel.");
    if (IsMoe(m) && t.ExpertParallel > layout.ExpertParallel)
        AddWarning(r, "expert_parallel_clamped", "expert_parallel " + std::to_string(t.ExpertParallel) + " exceeds the data-parallel size; using " +
                                                     std::to_string(layout.ExpertParallel) + ".");
    if (t.GlobalBatchTokens > 0 && std::fabs(time.TokensPerStep - t.GlobalBatchTokens) > 0.01 * t.GlobalBatchTokens)
        AddWarning(r, "batch_rounded", "global_batch_tokens " + Num(t.GlobalBatchTokens) + " is not a multiple of seq × micro-batch × DP; a step processes " +
                                           Num(time.TokensPerStep) + " tokens.");
    if (s.Workload == WorkloadKind::Qlora && weight_format != s.Precision.Weights)
        AddWarning(r, "qlora_nf4_base", std::string("QLoRA keeps the frozen base in NF4 with double quantization (") + Num(GetFormatInfo(Format::Nf4).BitsPerWeight) +
                                            " bits/param) instead of " + FormatName(s.Precision.Weights) + ".");
    if (lora && layout.Recompute == RecomputePolicy::None)
        AddWarning(r, "lora_recompute", "LoRA/QLoRA recipes usually enable gradient checkpointing (recompute = full): activations would drop from " +
                                            Gb(mem.ActivationsBytes) + " per GPU to about a layer input per layer.");
    if (mem.HostBytes > 0)
        AddWarning(r, "host_memory", Gb(mem.HostBytes) + " of optimizer states per GPU live in CPU memory (" +
                                         (t.OffloadOptimizer ? std::string("optimizer offload") : std::string("paged optimizer")) + "); the host needs " +
                                         Gb(mem.HostBytes * std::min(s.GpuCount, s.Cluster.GpusPerNode)) + " of RAM per node for them.");
    AddWarning(r, "checkpoint_storage", "Each checkpoint is " + Gb(tr.CheckpointBytes) + "; keeping " + std::to_string(kCheckpointsKept) + " needs " +
                                            Gb(kCheckpointsKept * tr.CheckpointBytes) + " of storage, and a write takes " + DurationText(tr.CheckpointWriteS) +
                                            " at 122 MB/s per GPU.");
}

} // namespace engine
