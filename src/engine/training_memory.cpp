// gpuplan engine: training memory per GPU — model states (weights, gradients, optimizer), activations, overhead.
//
// Index
// [SECTION] Layout
// [SECTION] LoRA
// [SECTION] Activations
// [SECTION] Memory per GPU
#include <algorithm>
#include <cmath>

#include "engine/model_math.h"
#include "engine/training.h"

namespace engine {

//-----------------------------------------------------------------------------
// [SECTION] Layout
//-----------------------------------------------------------------------------

TrainingLayout LayoutOf(const Scenario& s) { return LayoutOf(s, s.GpuCount, s.Training.ZeroStage, s.Training.ShardGroupGpus); }

TrainingLayout LayoutOf(const Scenario& s, int gpu_count, int zero_stage, int shard_group_gpus) {
    const TrainingParams& t = s.Training;
    TrainingLayout layout;
    layout.TensorParallel = t.TensorParallel;
    layout.PipelineParallel = t.PipelineParallel;
    layout.ContextParallel = t.ContextParallel;
    layout.DataParallel = std::max(1, gpu_count / std::max(1, t.TensorParallel * t.PipelineParallel * t.ContextParallel));
    layout.SequenceParallel = t.SequenceParallel && t.TensorParallel > 1;
    layout.ZeroStage = zero_stage;
    layout.ShardGroupGpus = (shard_group_gpus > 0 && shard_group_gpus < layout.DataParallel) ? shard_group_gpus : layout.DataParallel;
    layout.Recompute = t.Recompute;
    layout.MicroBatch = t.MicroBatch;
    layout.ExpertParallel = IsMoe(s.Model) ? std::clamp(t.ExpertParallel, 1, layout.DataParallel) : 1;
    layout.VirtualPipelineStages = t.PipelineParallel > 1 ? std::max(1, t.VirtualPipelineStages) : 1;
    return layout;
}

std::string DescribeLayout(const TrainingLayout& l) {
    std::string text = "TP " + std::to_string(l.TensorParallel) + " × PP " + std::to_string(l.PipelineParallel);
    if (l.ContextParallel > 1) text += " × CP " + std::to_string(l.ContextParallel);
    text += " × DP " + std::to_string(l.DataParallel);
    if (l.ExpertParallel > 1) text += " (EP " + std::to_string(l.ExpertParallel) + ")";
    if (l.VirtualPipelineStages > 1) text += ", interleaved ×" + std::to_string(l.VirtualPipelineStages);
    text += l.ZeroStage > 0 ? ", ZeRO-" + std::to_string(l.ZeroStage) : ", no ZeRO";
    if (l.ZeroStage > 0 && l.ShardGroupGpus < l.DataParallel) text += " (hybrid, shard group " + std::to_string(l.ShardGroupGpus) + ")";
    if (l.SequenceParallel) text += ", sequence parallel";
    text += std::string(", ") + RecomputeName(l.Recompute) + " recompute";
    return text;
}

double PipelineBubbleShare(int pipeline_parallel, int virtual_stages, int micro_batches) {
    const double idle = (pipeline_parallel - 1.0) / std::max(1, virtual_stages);
    return idle / (std::max(1, micro_batches) + idle);
}

double DefaultGlobalBatchTokens(const Scenario& s, const TrainingLayout& l) {
    const double per_round = s.Training.SeqLen * l.MicroBatch * l.DataParallel;
    double rounds = std::ceil(kDefaultGlobalBatchTokens / per_round);
    if (l.PipelineParallel > 1) {
        // bubble ≤ share ⇔ m ≥ idle × (1 − share) / share, idle = (PP − 1) / v
        const double idle = (l.PipelineParallel - 1.0) / l.VirtualPipelineStages;
        rounds = std::max(rounds, std::ceil(idle * (1.0 - kDefaultMaxBubbleShare) / kDefaultMaxBubbleShare - 1e-9));
    }
    return std::max(1.0, rounds) * per_round;
}

int MicroBatchesPerStep(const Scenario& s, const TrainingLayout& l) {
    const double per_round = s.Training.SeqLen * l.MicroBatch * l.DataParallel;
    const double batch = s.Training.GlobalBatchTokens > 0 ? s.Training.GlobalBatchTokens : DefaultGlobalBatchTokens(s, l);
    const double rounds = std::round(batch / per_round);
    return static_cast<int>(std::clamp(rounds, 1.0, 1e6));
}


Format TrainingWeightFormat(const Scenario& s) {
    // QLoRA quantises the frozen base to NF4 with double quantisation (Dettmers et al. 2023 §3); a 16/32-bit
    // precision.weights with workload qlora means "the usual QLoRA recipe".
    if (s.Workload == WorkloadKind::Qlora && GetFormatInfo(s.Precision.Weights).BitsPerWeight >= 16.0) return Format::Nf4;
    return s.Precision.Weights;
}

double TrainingWeightBytes(const Scenario& s) {
    const Format format = TrainingWeightFormat(s);
    if (format == Format::Fp32 || format == Format::Bf16 || format == Format::Fp16)
        return TotalParams(s.Model) * GetFormatInfo(format).BitsPerWeight / 8.0;
    PrecisionSet precision = s.Precision;
    precision.Weights = format;
    return WeightStorageOf(s.Model, precision).Total();
}

//-----------------------------------------------------------------------------
// [SECTION] LoRA
//-----------------------------------------------------------------------------

namespace {

bool Targets(const std::vector<std::string>& targets, const char* name) {
    return std::find(targets.begin(), targets.end(), name) != targets.end();
}

// Adapter parameters per adapted matrix: A is r × d_in, B is d_out × r. source: Hu et al. 2021 (LoRA), §4.1.
double Adapter(double rank, double d_in, double d_out) { return rank * (d_in + d_out); }

} // namespace

double LoraTrainableParams(const ModelArch& m, int rank, const std::vector<std::string>& targets) {
    const double r = rank;
    const double h = m.Hidden;
    const double head_dim = HeadDimOf(m);
    double attention = 0;
    if (IsMla(m)) {
        // DeepSeek-V2 projections: q (q_b_proj after a q_lora_rank bottleneck), k → kv_a_proj_with_mqa,
        // v → kv_b_proj, o → o_proj (PEFT target names of the DeepSeek configs).
        const double nope = m.QkNopeHeadDim > 0 ? m.QkNopeHeadDim : head_dim;
        const double v_dim = m.VHeadDim > 0 ? m.VHeadDim : head_dim;
        const double q_in = m.QLoraRank > 0 ? m.QLoraRank : h;
        if (Targets(targets, "q")) attention += Adapter(r, q_in, m.Heads * (nope + m.QkRopeHeadDim));
        if (Targets(targets, "k")) attention += Adapter(r, h, static_cast<double>(m.KvLoraRank) + m.QkRopeHeadDim);
        if (Targets(targets, "v")) attention += Adapter(r, m.KvLoraRank, m.Heads * (nope + v_dim));
        if (Targets(targets, "o")) attention += Adapter(r, m.Heads * v_dim, h);
    } else {
        const double q_width = m.Heads * head_dim;
        const double kv_width = KvHeadsOf(m) * head_dim;
        if (Targets(targets, "q")) attention += Adapter(r, h, q_width);
        if (Targets(targets, "k")) attention += Adapter(r, h, kv_width);
        if (Targets(targets, "v")) attention += Adapter(r, h, kv_width);
        if (Targets(targets, "o")) attention += Adapter(r, q_width, h);
    }
    auto mlp = [&](double width) {
        double sum = 0;
        if (m.GatedMlp && Targets(targets, "gate")) sum += Adapter(r, h, width);
        if (Targets(targets, "up")) sum += Adapter(r, h, width);
        if (Targets(targets, "down")) sum += Adapter(r, width, h);
        return sum;
    };
    double total = m.Layers * attention;
    if (IsMoe(m)) {
        const double expert_ffn = m.ExpertFfn > 0 ? m.ExpertFfn : m.Ffn;
        total += m.DenseLayers * mlp(m.Ffn) + (m.Layers - m.DenseLayers) * (m.Experts + m.SharedExperts) * mlp(expert_ffn);
    } else {
        total += m.Layers * mlp(m.Ffn);
    }
    return total;
}

double TrainableParams(const Scenario& s) {
    return IsLoraWorkload(s.Workload) ? LoraTrainableParams(s.Model, s.Training.LoraRank, s.Training.LoraTargets) : TotalParams(s.Model);
}

//-----------------------------------------------------------------------------
// [SECTION] Activations
//-----------------------------------------------------------------------------

// Bytes one layer keeps for the backward pass, per token, split as Korthikanti et al. 2022 §4.1–4.2 do:
//   replicated across TP ranks (sequence parallel divides them): two norm inputs 2h + 2h, QKV input 2h, MLP input 2h,
//     two dropout masks h + h                                                      → 10h for GPT
//   split by TP: Q, K, V 2h each, output-projection input 2h, MLP 2 × 2·4h         → 24h for GPT
//   attention core, split by TP: softmax 2as + dropout mask as + dropout output 2as → 5as (no flash)
// which gives their sbh(34 + 5as/h) without parallelism. Here K/V take the GQA width, the MLP its real width
// (SwiGLU 6f), MoE one MLP input per routed expert, and flash attention replaces the s×s core with 4 B per head.
// LoRA/QLoRA leave out the inputs of frozen projections (ActivationInputs::QkvInputKept and the two after it).
double ActivationBytesPerLayer(const ActivationInputs& in) {
    const double tokens = in.SeqLen * in.MicroBatch / in.ContextParallel;
    const double t = in.TensorParallel;
    const double replicated_split = in.SequenceParallel ? t : 1.0;
    if (in.Recompute == RecomputePolicy::Full)
        return kActivationBytes * in.Hidden * tokens / replicated_split; // only the layer input (Korthikanti §5: 2sbh)
    const double dropout_masks = in.Dropout ? 2.0 * in.Hidden : 0.0; // 1 B per element
    const double qkv_input = in.QkvInputKept ? in.Hidden : 0.0;
    const double mlp_input = in.MlpInputKept ? in.Hidden * in.MlpInputCopies : 0.0;
    const double replicated = kActivationBytes * (2.0 * in.Hidden + qkv_input + mlp_input) + dropout_masks + in.RouterBytes;
    const double mlp_units = (in.GatedMlp ? kGatedMlpActivationUnits : kPlainMlpActivationUnits) - (in.DownInputKept ? 0.0 : kActivationBytes);
    const double split = kActivationBytes * (in.QueryWidth + in.KeyWidth + in.ValueWidth + in.AttnOutWidth) + mlp_units * in.MlpWidth;
    double core = 0;
    if (in.Recompute == RecomputePolicy::None) {
        core = in.FlashAttention ? kFlashStatsBytes * in.Heads
                                 : in.Heads * in.SeqLen * (kActivationBytes + (in.Dropout ? 1.0 + kActivationBytes : 0.0));
    }
    return tokens * (replicated / replicated_split + (split + core) / t);
}

namespace {

// The layout's fields of the inputs (the rest comes from the model and the scenario: TrainingConstants::Activations).
ActivationInputs WithLayout(ActivationInputs in, const TrainingLayout& l) {
    in.MicroBatch = l.MicroBatch;
    in.TensorParallel = l.TensorParallel;
    in.SequenceParallel = l.SequenceParallel;
    in.ContextParallel = l.ContextParallel;
    in.Recompute = l.Recompute;
    return in;
}

} // namespace

ActivationInputs ActivationInputsFor(const Scenario& s, const TrainingLayout& l) {
    const ModelArch& m = s.Model;
    ActivationInputs in;
    in.SeqLen = s.Training.SeqLen;
    in.Hidden = m.Hidden;
    in.Heads = m.Heads;
    const double head_dim = HeadDimOf(m);
    if (IsMla(m)) {
        const double nope = m.QkNopeHeadDim > 0 ? m.QkNopeHeadDim : head_dim;
        const double v_dim = m.VHeadDim > 0 ? m.VHeadDim : head_dim;
        in.QueryWidth = m.Heads * (nope + m.QkRopeHeadDim);
        in.KeyWidth = in.QueryWidth;
        in.ValueWidth = m.Heads * v_dim;
        in.AttnOutWidth = in.ValueWidth;
    } else {
        in.QueryWidth = m.Heads * head_dim;
        in.KeyWidth = KvHeadsOf(m) * head_dim;
        in.ValueWidth = in.KeyWidth;
        in.AttnOutWidth = in.QueryWidth;
    }
    if (IsMoe(m)) {
        // Average over the leading dense layers and the MoE layers (the formula is linear in these fields).
        const double expert_ffn = m.ExpertFfn > 0 ? m.ExpertFfn : m.Ffn;
        const double moe_share = static_cast<double>(m.Layers - m.DenseLayers) / m.Layers;
        const double moe_width = expert_ffn * (m.ExpertsActive + m.SharedExperts);
        const double moe_copies = m.ExpertsActive + (m.SharedExperts > 0 ? 1.0 : 0.0);
        in.MlpWidth = moe_share * moe_width + (1.0 - moe_share) * m.Ffn;
        in.MlpInputCopies = moe_share * moe_copies + (1.0 - moe_share);
        in.RouterBytes = moe_share * 4.0 * m.Experts; // fp32 router probabilities per token
    } else {
        in.MlpWidth = m.Ffn;
    }
    in.GatedMlp = m.GatedMlp;
    in.FlashAttention = s.Training.FlashAttention;
    // LoRA/QLoRA: the frozen projections keep no input for a weight gradient; an adapter's A matrix needs the same
    // input as its base projection, so a targeted projection keeps it.
    if (IsLoraWorkload(s.Workload)) {
        const std::vector<std::string>& targets = s.Training.LoraTargets;
        in.QkvInputKept = Targets(targets, "q") || Targets(targets, "k") || Targets(targets, "v");
        in.MlpInputKept = Targets(targets, "gate") || Targets(targets, "up");
        in.DownInputKept = Targets(targets, "down");
    }
    // Modern LLM recipes train without dropout (Llama, Mistral, Qwen configs: attention_dropout 0.0), so the masks
    // of Korthikanti's GPT-3 setting are stored only where a recipe keeps dropout (training.dropout: Megatron-LM's
    // --hidden-dropout / --attention-dropout default 0.1, NeMo's GPT-3 configs).
    in.Dropout = s.Training.Dropout;
    return WithLayout(in, l);
}

//-----------------------------------------------------------------------------
// [SECTION] Memory per GPU
//-----------------------------------------------------------------------------

namespace {

// Optimizer bytes per trainable parameter, excluding a master copy. `d_small`/`d_large` are the two dimensions of a
// typical trained matrix (Adafactor keeps one fp32 vector per dimension).
double OptimizerStateBytes(OptimizerKind optimizer, double d_small, double d_large) {
    switch (optimizer) {
    case OptimizerKind::AdamW:     return kAdamMomentsBytes;
    case OptimizerKind::AdamW8bit: return kAdam8bitMomentsBytes;
    case OptimizerKind::Adafactor: return kAdafactorFactorBytes * (1.0 / d_small + 1.0 / d_large);
    case OptimizerKind::Sgd:       return kSgdMomentumBytes;
    case OptimizerKind::Count:     break;
    }
    return kAdamMomentsBytes;
}

} // namespace

TrainingMemory EstimateTrainingMemory(const Scenario& s, const TrainingLayout& l) { return EstimateTrainingMemory(s, l, TrainingConstantsOf(s)); }

TrainingMemory EstimateTrainingMemory(const Scenario& s, const TrainingLayout& l, const TrainingConstants& c, int micro_batches_per_step) {
    TrainingMemory mem;
    const ModelArch& m = s.Model;
    const double params = c.Params;
    const double model_split = static_cast<double>(l.TensorParallel) * l.PipelineParallel;
    // Expert parallelism spreads the routed experts over EP data-parallel ranks; their ZeRO shard group is the
    // expert-data-parallel group, DP / EP (Megatron-Core expert_model_parallel_size and expert data parallelism).
    const double ep = std::max(1, l.ExpertParallel);
    const double expert_params = ep > 1 ? std::min(params, c.ExpertParams) : 0.0;
    const double dense_local = (params - expert_params) / model_split;
    const double expert_local = expert_params / (model_split * ep);
    const double local_params = dense_local + expert_local;
    const double zero_group = l.ZeroStage > 0 ? std::max(1, l.ShardGroupGpus) : 1.0;
    // One divisor for both groups (the dense part sharded over the ZeRO group, the experts over group / EP).
    const double shard = l.ZeroStage > 0 ? local_params / (dense_local / zero_group + expert_local / std::max(1.0, zero_group / ep)) : 1.0;
    const double weight_shard = l.ZeroStage >= 3 ? shard : 1.0;
    const double grad_shard = l.ZeroStage >= 2 ? shard : 1.0;
    const double optimizer_shard = l.ZeroStage >= 1 ? shard : 1.0;
    mem.WeightBytesPerParam = c.WeightBytes / params;

    if (!IsLoraWorkload(s.Workload)) {
        mem.TrainableParams = params;
        const double grad_bytes = mem.WeightBytesPerParam; // gradients in the weights' dtype (ZeRO §3.1: 2Ψ fp16)
        const double master = (s.Training.MasterWeightsFp32 && mem.WeightBytesPerParam < kMasterWeightBytes) ? kMasterWeightBytes : 0.0;
        double states = OptimizerStateBytes(s.Training.Optimizer, m.Hidden, std::max(m.Hidden, m.Ffn));
        // Moments in the parameters' dtype (states_in_weight_dtype, no fp32 master): PyTorch's AdamW and SGD create them
        // with torch.zeros_like(p) / torch.clone(grad) (torch/optim/adamw.py _init_group, sgd.py), so pure-bf16
        // training (torchtune dtype=bf16) keeps bf16 m and v, 4 B per parameter.
        if (s.Training.StatesInWeightDtype && master == 0.0 && mem.WeightBytesPerParam < kMasterWeightBytes &&
            (s.Training.Optimizer == OptimizerKind::AdamW || s.Training.Optimizer == OptimizerKind::Sgd))
            states *= std::max(mem.WeightBytesPerParam, kActivationBytes) / kMasterWeightBytes;
        mem.OptimizerBytesPerParam = master + states;
        mem.WeightsBytes = local_params * mem.WeightBytesPerParam / weight_shard;
        mem.GradientsBytes = local_params * grad_bytes / grad_shard;
        // Optimizer in backward: each parameter is stepped as soon as its gradient is ready and the gradient freed,
        // so at most the largest single tensor's gradient (the embedding or lm_head) lives at once.
        // source: PyTorch tutorial "How to save memory by fusing the optimizer step into the backward pass";
        // torchtune optimizer_in_bwd.
        if (s.Training.OptimizerInBackward)
            mem.GradientsBytes = std::min(mem.GradientsBytes, static_cast<double>(m.Vocab) * m.Hidden / l.TensorParallel * grad_bytes);
        mem.OptimizerBytes = local_params * mem.OptimizerBytesPerParam / optimizer_shard;
    } else {
        mem.TrainableParams = c.TrainableParams; // LoraTrainableParams
        const double local_adapters = mem.TrainableParams / model_split;
        // Adapters are fp32 already (PEFT), so no separate master copy. With states_in_weight_dtype they are built
        // in the 16-bit compute dtype: torchtune instantiates the whole model,
        // adapters included, under training.set_default_dtype(bf16) (recipes/lora_finetune_single_device.py
        // _setup_model), and its AdamW moments follow the adapters' dtype (torch.zeros_like).
        const bool low_precision = s.Training.StatesInWeightDtype;
        const double adapter_bytes = low_precision ? kActivationBytes : kLoraAdapterBytes;
        mem.OptimizerBytesPerParam = OptimizerStateBytes(s.Training.Optimizer, s.Training.LoraRank, m.Hidden);
        if (low_precision && (s.Training.Optimizer == OptimizerKind::AdamW || s.Training.Optimizer == OptimizerKind::Sgd))
            mem.OptimizerBytesPerParam *= adapter_bytes / kLoraAdapterBytes;
        mem.WeightsBytes = (local_params * mem.WeightBytesPerParam + local_adapters * adapter_bytes) / weight_shard;
        mem.GradientsBytes = local_adapters * adapter_bytes / grad_shard;
        mem.OptimizerBytes = local_adapters * mem.OptimizerBytesPerParam / optimizer_shard;
    }
    if (s.Training.OffloadOptimizer) {
        mem.HostBytes = mem.OptimizerBytes;
        mem.OptimizerBytes = 0;
    }

    // Activations: 1F1B keeps up to PP micro-batches in flight on the first stage (Narayanan et al. 2021 §2.2.1),
    // each for its layers/PP layers; the last stage holds one micro-batch plus the fp32 logits.
    const ActivationInputs inputs = WithLayout(c.Activations, l);
    mem.ActivationsPerLayerBytes = ActivationBytesPerLayer(inputs);
    const double layers_per_stage = std::ceil(static_cast<double>(m.Layers) / l.PipelineParallel);
    const int micro_batches = micro_batches_per_step > 0 ? micro_batches_per_step : MicroBatchesPerStep(s, l);
    mem.InFlightMicroBatches = l.PipelineParallel > 1 ? std::min(l.PipelineParallel, micro_batches) : 1;
    const double logits_elements = s.Training.SeqLen * l.MicroBatch * m.Vocab / l.TensorParallel / l.ContextParallel;
    const int chunks = std::max(1, s.Training.LossChunks);
    // Compiled with the cross-entropy (training.compiled_loss), the upcast of a chunk is fused into the loss's kernels:
    // the forward reads the bf16 chunk and keeps its per-token log-sum-exp, the backward recomputes the fp32 values in
    // registers, so no fp32 chunk is stored (kCompiledLossUpcastBytes).
    const double upcast_bytes = s.Training.CompiledLoss ? kCompiledLossUpcastBytes : kLogitsBytesPerElement / chunks;
    mem.LogitsBytes = chunks > 1 ? logits_elements * (kChunkedLogitsBytesPerElement + upcast_bytes)
                                 : logits_elements * kLogitsBytesPerElement;
    double working_layer = 0; // full recompute rebuilds one layer's activations at a time during backward
    if (l.Recompute == RecomputePolicy::Full) {
        ActivationInputs one = inputs;
        one.Recompute = RecomputePolicy::None;
        working_layer = ActivationBytesPerLayer(one);
    }
    double first_stored = layers_per_stage * mem.InFlightMicroBatches; // layers' worth of saved tensors on the GPU
    double last_stored = layers_per_stage;
    if (s.Training.OffloadActivations) { // the rest sits in host memory (kOffloadFwdStashTensors)
        const double resident = l.Recompute == RecomputePolicy::Full ? static_cast<double>(kOffloadFwdStashTensors) : kOffloadLayersResident;
        first_stored = std::min(first_stored, resident);
        last_stored = std::min(last_stored, resident);
    }
    const double first_stage = mem.ActivationsPerLayerBytes * first_stored + working_layer;
    // The loss's backward runs first and frees the logits and their gradient (after the output projection's
    // backward) before the last layer is recomputed, so the logits and the recomputed layer are not live together.
    // source: PyTorch autograd frees saved tensors once their node has run (torch.autograd docs, "Saved tensors");
    // torchtune recipes `del logits` before loss.backward().
    const double last_stage = mem.ActivationsPerLayerBytes * last_stored + std::max(working_layer, mem.LogitsBytes);
    mem.ActivationsBytes = l.PipelineParallel > 1 ? std::max(first_stage, last_stage) : last_stage;
    mem.GradientsFloorBytes = mem.GradientsBytes;

    // Gradients released after every optimizer step (training.grads_set_to_none). PyTorch's
    // optimizer.zero_grad(set_to_none=True) frees every .grad (torchtune: full_finetune_single_device.py and
    // lora_finetune_single_device.py, "self._optimizer.zero_grad(set_to_none=True)" after "self._optimizer.step()",
    // commits 30b8519e8 and 1814feb17), and autograd allocates a gradient when its parameter's backward first runs. With
    // one micro-batch per step and no pipeline (no forward after a backward inside the step) the gradients then
    // grow through the backward while the saved tensors shrink, so the step peaks at one of two moments:
    //   after the loss's backward: every saved tensor and the logits, plus the output projection's weight gradient
    //     (the first one autograd produces, while the logits' gradient is live; none when the head is frozen);
    //   at the first layer's backward: every gradient, that layer's saved input and the layer being recomputed.
    // Plain data parallelism (DDP) keeps its gradient buckets for the whole run, so the rule needs DP 1 or ZeRO ≥ 2.
    const bool grads_released = s.Training.GradsSetToNone && l.PipelineParallel == 1 && micro_batches == 1 &&
                                (l.DataParallel == 1 || l.ZeroStage >= 2);
    if (grads_released) {
        const double head_gradient = IsLoraWorkload(s.Workload)
                                         ? 0.0
                                         : std::min(mem.GradientsBytes, static_cast<double>(m.Vocab) * m.Hidden / l.TensorParallel * mem.WeightBytesPerParam);
        const double loss_backward = mem.ActivationsPerLayerBytes * last_stored + mem.LogitsBytes + head_gradient;
        const double backward_end = mem.GradientsBytes + mem.ActivationsPerLayerBytes + working_layer;
        mem.PeakLossBackwardBytes = loss_backward;
        mem.PeakBackwardEndBytes = backward_end;
        mem.GradientsFloorBytes = std::min(head_gradient, mem.GradientsBytes);
        if (loss_backward >= backward_end) {
            mem.GradientsBytes = head_gradient;
            mem.ActivationsBytes = loss_backward - head_gradient;
        } else {
            mem.ActivationsBytes = mem.ActivationsPerLayerBytes + working_layer;
        }
    }

    // Overhead: runtime, gradient buckets, ZeRO-3 gathered layers.
    const int communicators = (l.DataParallel > 1) + (l.TensorParallel > 1) + (l.PipelineParallel > 1) + (l.ContextParallel > 1) + (l.ExpertParallel > 1);
    mem.RuntimeBytes = s.Efficiency.RuntimeOverheadBytes >= 0 ? s.Efficiency.RuntimeOverheadBytes : kTrainingContextBytes + communicators * kNcclCommunicatorBytes;
    mem.BucketBytes = l.DataParallel > 1 ? kCommBucketBytes : 0.0;
    if (l.ZeroStage >= 3 && shard > 1)
        mem.GatherBufferBytes = kZero3LayersGathered * (local_params / m.Layers) * mem.WeightBytesPerParam;
    mem.OverheadBytes = mem.RuntimeBytes + mem.BucketBytes + mem.GatherBufferBytes;

    // A paged optimizer (bitsandbytes, unified memory) lets its states page out to host memory when the GPU is full.
    if (s.Training.PagedOptimizer && mem.Total() > s.Gpu.MemoryBytes) {
        const double spill = std::min(mem.OptimizerBytes, mem.Total() - s.Gpu.MemoryBytes);
        mem.OptimizerBytes -= spill;
        mem.HostBytes += spill;
    }
    return mem;
}

} // namespace engine
