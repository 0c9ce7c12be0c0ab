// gpuplan engine: training FLOPs, communication and wall-clock time.
//
// Index
// [SECTION] FLOPs per token
// [SECTION] Communication and time
#include <algorithm>
#include <cmath>

#include "engine/efficiency.h"
#include "engine/mfu_defaults.h"
#include "engine/model_math.h"
#include "engine/training.h"

namespace engine {

//-----------------------------------------------------------------------------
// [SECTION] FLOPs per token
//-----------------------------------------------------------------------------

namespace {

// Attention-score FLOPs per token, forward + backward, all layers: 6 · H · T · (d_qk + d_v) per layer, which is
// PaLM's 12·L·H·Q·T when d_qk = d_v = Q (Chowdhery et al. 2022, Appendix B; the same term as Korthikanti et al.
// 2022's 72Bslh²·s/6h). Counted without causal halving, as PaLM, Megatron-LM and torchtitan count it. Local
// (sliding-window) layers attend to at most the window.
double AttentionFlopsPerToken(const ModelArch& m, double seq_len) {
    const double head_dim = HeadDimOf(m);
    const double d_qk = IsMla(m) ? (m.QkNopeHeadDim > 0 ? m.QkNopeHeadDim : head_dim) + m.QkRopeHeadDim : head_dim;
    const double d_v = IsMla(m) && m.VHeadDim > 0 ? m.VHeadDim : head_dim;
    const double per_layer_per_key = 6.0 * m.Heads * (d_qk + d_v);
    if (m.SlidingWindow <= 0 || seq_len <= m.SlidingWindow) return per_layer_per_key * m.Layers * seq_len;
    const int global_layers = m.SlidingWindowPattern > 1 ? m.Layers / m.SlidingWindowPattern : 0;
    const int local_layers = m.Layers - global_layers;
    return per_layer_per_key * (global_layers * seq_len + local_layers * static_cast<double>(m.SlidingWindow));
}

} // namespace

// Per token: forward = 2 FLOPs per multiplying parameter, backward = 4 (input and weight gradients, each as costly as
// the forward; Narayanan et al. 2021 §5.1), hence 6N. LoRA's frozen weights need no weight gradient: 2 + 2 = 4N for the
// base, 6 per adapter parameter (the LoRA paper's §4.2 reports 25% faster GPT-3 175B training for this reason).
// Full recompute repeats the transformer layers' forward (not the lm head): +2·(N − V·h) + attention/3; selective
// recompute repeats the attention core only: + attention/3 (Korthikanti et al. 2022 §5).
TrainingFlopsPerToken FlopsPerToken(const Scenario& s, RecomputePolicy recompute) {
    const ModelArch& m = s.Model;
    TrainingFlopsPerToken f;
    const double embedding = static_cast<double>(m.Vocab) * m.Hidden;
    f.MatmulParams = std::max(0.0, ActiveParams(m) - (m.TiedEmbeddings ? 0.0 : embedding)); // the lookup does no math
    f.Attention = AttentionFlopsPerToken(m, s.Training.SeqLen);
    const double layer_params = std::max(0.0, f.MatmulParams - embedding);
    double adapters = 0;
    if (IsLoraWorkload(s.Workload)) {
        adapters = LoraTrainableParams(m, s.Training.LoraRank, s.Training.LoraTargets);
        f.Model = 4.0 * f.MatmulParams + 6.0 * adapters + f.Attention;
    } else {
        f.Model = 6.0 * f.MatmulParams + f.Attention;
    }
    f.Forward = 2.0 * f.MatmulParams + 2.0 * adapters + f.Attention / 3.0;
    double extra = 0;
    if (recompute == RecomputePolicy::Full) extra = 2.0 * layer_params + 2.0 * adapters + f.Attention / 3.0;
    else if (recompute == RecomputePolicy::Selective) extra = f.Attention / 3.0;
    f.Hardware = f.Model + extra;
    // Routed-expert matmuls: 6 FLOPs per active routed parameter (+2 with full recompute); LoRA: 4 (+2).
    if (IsMoe(m) && m.Experts > 0) {
        const double active_routed = ParamGroupsOf(m).Experts * m.ExpertsActive / m.Experts;
        const double per_param = (IsLoraWorkload(s.Workload) ? 4.0 : 6.0) + (recompute == RecomputePolicy::Full ? 2.0 : 0.0);
        f.RoutedExperts = std::min(f.Hardware, per_param * active_routed);
    }
    return f;
}

//-----------------------------------------------------------------------------
// [SECTION] Communication and time
//-----------------------------------------------------------------------------

namespace {

double RingShare(double n) { return n > 1 ? (n - 1.0) / n : 0.0; }

} // namespace

double MoeKernelsPerExpert(const Scenario& s, ComputeClass compute) {
    double kernels_per_tensor = 0; // BF16 and FP4 (NVFP4's split quantise is one fused kernel for all experts)
    if (compute == ComputeClass::Fp8) {
        switch (s.Training.Fp8Scaling) {
        case Fp8ScalingKind::Current: kernels_per_tensor = kFp8CurrentScalingKernelsPerTensor; break;
        case Fp8ScalingKind::Delayed: kernels_per_tensor = kFp8DelayedScalingKernelsPerTensor; break;
        case Fp8ScalingKind::Mxfp8:   kernels_per_tensor = kMxfp8KernelsPerTensor; break;
        case Fp8ScalingKind::Count:   break;
        }
    }
    return kMoeExpertGemmsPerMicroBatch + kMoeExpertQuantisedTensors * kernels_per_tensor;
}

double MoeExpertHostS(const Scenario& s, ComputeClass compute) {
    if (s.Efficiency.MoeExpertLaunchS >= 0) return s.Efficiency.MoeExpertLaunchS;
    const double launch_s = s.Efficiency.MoeKernelLaunchS >= 0 ? s.Efficiency.MoeKernelLaunchS : kMoeKernelLaunchS;
    return MoeKernelsPerExpert(s, compute) * launch_s;
}

TrainingConstants TrainingConstantsOf(const Scenario& s) {
    TrainingConstants c;
    c.Params = TotalParams(s.Model);
    c.ExpertParams = ParamGroupsOf(s.Model).Experts;
    c.WeightBytes = TrainingWeightBytes(s);
    c.TrainableParams = TrainableParams(s);
    for (int policy = 0; policy < static_cast<int>(RecomputePolicy::Count); ++policy)
        c.Flops[policy] = FlopsPerToken(s, static_cast<RecomputePolicy>(policy));
    // Peak at the compute precision; a path the GPU lacks runs on BF16 (EvaluateTraining warns).
    c.Compute = GetFormatInfo(s.Precision.Compute).Compute;
    if (!(s.Gpu.PeakFlops[static_cast<int>(c.Compute)] > 0)) c.Compute = ComputeClass::Bf16;
    if (!(s.Efficiency.Mfu > 0)) {
        const MfuDefault d = DefaultTrainingUtilisation(s.Gpu.Architecture, c.Compute, s.GpuCount);
        c.DefaultUtilisation = d.Utilisation;
        c.DefaultUtilisationSource = d.Source;
    }
    c.Activations = ActivationInputsFor(s, TrainingLayout{});
    c.StreamBytesPerS = s.Gpu.BandwidthBytesPerS * ResolveInferenceEfficiency(s).BandwidthEfficiency;
    return c;
}

TrainingTime EstimateTrainingTime(const Scenario& s, const TrainingLayout& l) { return EstimateTrainingTime(s, l, TrainingConstantsOf(s)); }

TrainingTime EstimateTrainingTime(const Scenario& s, const TrainingLayout& l, const TrainingConstants& c, int micro_batches) {
    TrainingTime out;
    const ModelArch& m = s.Model;
    const TrainingFlopsPerToken& flops = c.Flops[static_cast<int>(l.Recompute)];

    const ComputeClass compute = c.Compute;
    out.PeakFlopsPerS = s.Gpu.PeakFlops[static_cast<int>(compute)];
    out.Compute = compute;
    if (s.Efficiency.Mfu > 0) {
        // efficiency.mfu is model-FLOPs utilisation of the compute; executed FLOPs run at mfu × hardware / model.
        out.Utilisation = std::min(1.0, s.Efficiency.Mfu * flops.Hardware / flops.Model);
        out.UtilisationSource = "efficiency.mfu";
    } else {
        out.Utilisation = c.DefaultUtilisation;
        out.UtilisationSource = c.DefaultUtilisationSource;
    }

    const double tp = l.TensorParallel, pp = l.PipelineParallel, cp = l.ContextParallel, dp = l.DataParallel;
    out.MicroBatchesPerStep = micro_batches > 0 ? micro_batches : MicroBatchesPerStep(s, l);
    const double micro = out.MicroBatchesPerStep;
    const double micro_tokens = s.Training.SeqLen * l.MicroBatch;
    out.TokensPerStep = micro * micro_tokens * dp;
    // MoE: the routed experts' grouped GEMMs, token permutation and routing run at kMoeExpertComputeShare of the
    // dense layers' pace (training.h), so their FLOPs count 1 / share times.
    const double expert_share = s.Efficiency.MoeExpertComputeShare > 0 ? s.Efficiency.MoeExpertComputeShare : kMoeExpertComputeShare;
    const double effective_flops = flops.Hardware + flops.RoutedExperts * (1.0 / expert_share - 1.0);
    out.MicroBatchComputeS = effective_flops * micro_tokens / (tp * pp * cp) / (out.PeakFlopsPerS * out.Utilisation);
    // 1F1B bubble (Narayanan et al. 2021 §2.2.1); the interleaved schedule divides the idle slots by the model
    // chunks per rank v (§2.2.2).
    const double vpp = std::max(1, l.VirtualPipelineStages);
    out.BubbleShare = PipelineBubbleShare(l.PipelineParallel, l.VirtualPipelineStages, out.MicroBatchesPerStep);
    // MoE layers launch their expert kernels one per local expert and are not captured in a CUDA graph: the launches
    // add host time to every micro-batch (training.h kMoeKernelLaunchS). Full recompute launches the forward again
    // (4 passes of 3).
    if (IsMoe(m) && m.Experts > 0) {
        const double local_experts = std::ceil(static_cast<double>(m.Experts) / std::max(1, l.ExpertParallel));
        const double moe_layers_per_stage = std::ceil(static_cast<double>(m.Layers - m.DenseLayers) / pp);
        out.MoeHostS = moe_layers_per_stage * local_experts * MoeExpertHostS(s, compute) * (l.Recompute == RecomputePolicy::Full ? 4.0 / 3.0 : 1.0);
    }
    // Memory-bound non-GEMM kernels of the stage's layers (training.h kNonGemmTrafficPerActivationByte).
    const double traffic_per_byte = s.Efficiency.NonGemmTrafficPerActivationByte >= 0 ? s.Efficiency.NonGemmTrafficPerActivationByte
                                                                                     : kNonGemmTrafficPerActivationByte;
    if (traffic_per_byte > 0 && c.StreamBytesPerS > 0) {
        ActivationInputs in = c.Activations;
        in.MicroBatch = l.MicroBatch;
        in.TensorParallel = l.TensorParallel;
        in.SequenceParallel = l.SequenceParallel;
        in.ContextParallel = l.ContextParallel;
        in.Recompute = RecomputePolicy::None; // the kernels run whatever is kept
        const double repeat = l.Recompute == RecomputePolicy::Full ? 5.0 / 4.0 : 1.0;
        out.NonGemmS = traffic_per_byte * repeat * ActivationBytesPerLayer(in) * std::ceil(static_cast<double>(m.Layers) / pp) / c.StreamBytesPerS;
    }
    const double micro_s = out.MicroBatchComputeS + out.NonGemmS + out.MoeHostS;
    out.ComputeStepS = (micro + (pp - 1.0) / vpp) * micro_s;
    const double backward_share = (flops.Hardware - flops.Forward) / flops.Hardware;

    // Links: NVLink/NVSwitch inside a node (one direction of the datasheet's bidirectional figure), the NIC between nodes.
    const double efficiency = s.Efficiency.InterconnectEfficiency > 0 ? s.Efficiency.InterconnectEfficiency : kTrainingInterconnectEfficiency;
    const double intra_bw = (s.Gpu.InterconnectBytesPerS > 0 ? s.Gpu.InterconnectBytesPerS * kBidirectionalToOneWay : s.Cluster.NetworkBytesPerSPerGpu) * efficiency;
    const double inter_bw = s.Cluster.NetworkBytesPerSPerGpu * efficiency;
    const int node = s.Cluster.GpusPerNode;
    auto bandwidth = [&](double span_gpus) { return span_gpus > node ? inter_bw : intra_bw; }; // a group spanning nodes runs at the NIC's pace
    // Ring collectives (all-reduce, reduce-scatter, all-gather) of a group of `size` ranks spaced `stride` GPUs apart.
    // NCCL builds one flat ring through every member inside a node before crossing to the next (NVIDIA/nccl#471:
    // "small rings are connected into one big flat ring"), and runs several rings (channels) at once, each leaving
    // the node through another NIC, so the NICs' bandwidth adds up (NVIDIA/nccl#652: "you should get ~20 GB/s with
    // each individual NIC, and performance should add up as you add more"). Per member, the ring then moves its bytes
    // at the node's NICs shared by the group's members on that node — members per node × the NIC per GPU — bounded
    // by NVLink. One member per node (a stride of a whole node or more) is the NIC's pace as before.
    auto ring_bandwidth = [&](double size, double stride) {
        if (size * stride <= node) return intra_bw;
        const double members_per_node = std::max(1.0, std::min(size, std::floor(node / std::max(1.0, stride))));
        return std::min(intra_bw, members_per_node * inter_bw);
    };

    // Data parallel: what one GPU sends per collective.
    const bool lora = IsLoraWorkload(s.Workload);
    const double model_split = tp * pp;
    const double trainable_local = c.TrainableParams / model_split;
    const double weight_bytes = c.WeightBytes / c.Params; // per param
    double grad_bytes = lora ? kLoraAdapterBytes * trainable_local : weight_bytes * trainable_local;
    double gathered_bytes = lora ? (c.Params / model_split * weight_bytes + trainable_local * kLoraAdapterBytes)
                                 : weight_bytes * c.Params / model_split;
    const double dp_stride = tp * pp * cp;
    // Expert parallelism: a GPU holds 1/EP of the routed experts and reduces their gradients only over the DP / EP
    // ranks holding the same experts (Megatron-Core expert data parallelism). Counted as bytes at the dense group's
    // ring share: expert bytes × share(DP / EP) / share(DP).
    const double ep_size = std::max(1, l.ExpertParallel);
    if (ep_size > 1 && !lora && RingShare(dp) > 0) {
        const double experts_local = std::min(c.Params, c.ExpertParams) / model_split;
        const double dense_local = c.Params / model_split - experts_local;
        const double expert_factor = RingShare(dp / ep_size) / RingShare(dp) / ep_size;
        grad_bytes = weight_bytes * (dense_local + experts_local * expert_factor);
        gathered_bytes = weight_bytes * (dense_local + experts_local / ep_size);
    }
    const double shard = l.ZeroStage > 0 ? l.ShardGroupGpus : dp;
    out.DpCrossesNodes = dp > 1 && dp * dp_stride > node;
    const double dp_bw = ring_bandwidth(dp, dp_stride);
    const double shard_bw = ring_bandwidth(shard, dp_stride);
    double dp_exposed = 0;
    if (dp > 1) {
        const double window = backward_share * micro_s; // DDP overlaps the last micro-batch's backward
        if (l.ZeroStage <= 1) {
            const double all_reduce = 2.0 * RingShare(dp) * grad_bytes / dp_bw; // ring all-reduce: 2(n−1)/n × bytes
            out.DpCommS = all_reduce;
            dp_exposed = std::max(0.0, all_reduce - window);
        } else {
            // ZeRO-2: reduce-scatter gradients every micro-batch, all-gather updated parameters once per step.
            // ZeRO-3: all-gather parameters in forward and again in backward, reduce-scatter gradients: 1.5× DP's
            // traffic (ZeRO §7.2.2), hidden behind the whole micro-batch by prefetching.
            const double updated_bytes = lora ? trainable_local * kLoraAdapterBytes : gathered_bytes;
            double per_micro = RingShare(shard) * grad_bytes / shard_bw;
            double per_micro_window = window;
            double gather_after_step = 0;
            if (l.ZeroStage == 2) {
                gather_after_step = RingShare(shard) * updated_bytes / shard_bw; // after the optimizer step: exposed
            } else {
                per_micro += 2.0 * RingShare(shard) * gathered_bytes / shard_bw;
                per_micro_window = micro_s;
            }
            // Hybrid shard: the gradient shards are all-reduced across replicas once per step, overlapping the last
            // micro-batch's backward as DDP does.
            const double replica_all_reduce = shard < dp ? 2.0 * RingShare(dp / shard) * grad_bytes / shard / ring_bandwidth(dp / shard, shard * dp_stride) : 0.0;
            out.DpCommS = micro * per_micro + gather_after_step + replica_all_reduce;
            dp_exposed = micro * std::max(0.0, per_micro - per_micro_window) + gather_after_step + std::max(0.0, replica_all_reduce - window);
        }
    }

    // Tensor parallel: 4 all-reduces (or all-gather + reduce-scatter with SP) of b·s·h activations per layer per
    // micro-batch, 2 in forward and 2 in backward (Shoeybi et al. 2019 §3, Fig. 4); full recompute adds the forward's 2.
    // They sit on the critical path (Megatron's default has no TP overlap).
    const double layers_per_stage = std::ceil(static_cast<double>(m.Layers) / pp);
    out.TpCrossesNodes = tp > node;
    if (tp > 1) {
        const double per_layer = (l.Recompute == RecomputePolicy::Full ? 6.0 : 4.0);
        const double bytes = micro_tokens / cp * m.Hidden * kActivationBytes;
        out.TpCommS = micro * layers_per_stage * per_layer * 2.0 * RingShare(tp) * bytes / bandwidth(tp);
    }
    // Pipeline: each stage sends activations forward and gradients back per micro-batch.
    if (pp > 1) {
        const double bytes = micro_tokens / cp * m.Hidden * kActivationBytes / (l.SequenceParallel ? tp : 1.0);
        out.PpCommS = vpp * micro * 2.0 * bytes / bandwidth(tp * cp * pp); // interleaving: v hand-offs per micro-batch
    }
    // Expert parallelism: each MoE layer sends every local token's hidden state to its top-k experts and back
    // (dispatch + combine) in forward and again in backward, an all-to-all over the EP group where each rank keeps
    // 1/EP of the traffic (Megatron-Core MoEAlltoAllTokenDispatcher; Lepikhin et al. 2020, GShard §3.2). Full
    // recompute repeats the forward pair. Overlapped with the compute of another micro-batch (DeepSeek-V3 §3.2.1
    // DualPipe; Megatron-Core's overlapped 1F1B all-to-all): only what exceeds a micro-batch's compute is exposed.
    const double ep = std::max(1, l.ExpertParallel);
    double ep_exposed = 0;
    if (ep > 1 && IsMoe(m)) {
        const double moe_layers_per_stage = std::ceil(static_cast<double>(m.Layers - m.DenseLayers) / pp);
        const double local_tokens = micro_tokens / cp / (l.SequenceParallel ? tp : 1.0);
        const double token_bytes = local_tokens * m.Hidden * kMoeDispatchBytes;
        const double passes = l.Recompute == RecomputePolicy::Full ? 6.0 : 4.0;
        // Hierarchical dispatch when the EP group spans nodes (DeepSeek-V3 §3.2.2; DeepEP): a token crosses the
        // network once per distinct remote node holding one of its top-k experts — (N − 1)(1 − (1 − 1/N)^k) nodes
        // on average for uniform routing over N nodes — and its copies fan out over NVLink inside each node. The
        // two links run at once; the slower sets the pace.
        const double ep_per_node = std::max(1.0, std::floor(node / (tp * cp)));
        const double ep_nodes = std::ceil(ep / ep_per_node);
        const double k = m.ExpertsActive;
        // The all-to-all dispatcher sends one copy per routed expert, (EP − 1)/EP of them to other ranks. DeepEP and
        // HybridEP (training.moe_flex_dispatcher) send a token once to each rank holding one of its experts
        // (deepseek-ai/DeepEP deep_ep/buffer.py Buffer.get_dispatch_layout: "is_token_in_rank: [num_tokens, num_ranks]
        // with torch.bool, whether a token be sent to a rank"; Megatron-Core's flex dispatcher hands DeepEP/HybridEP
        // the routing map and they pack one copy per destination rank): (EP − 1)(1 − (1 − 1/EP)^k) remote ranks on average
        // for uniform routing, and the combine returns as many. The same rule the network leg below applies per node.
        const double remote_copies = s.Training.MoeFlexDispatcher ? (ep - 1.0) * (1.0 - std::pow(1.0 - 1.0 / ep, k))
                                                                  : k * RingShare(ep);
        double per_pass_s = token_bytes * remote_copies / bandwidth(tp * cp * ep);
        if (ep_nodes > 1) {
            const double remote_nodes = (ep_nodes - 1.0) * (1.0 - std::pow(1.0 - 1.0 / ep_nodes, k));
            per_pass_s = std::max(token_bytes * remote_nodes / inter_bw, token_bytes * k / intra_bw);
        }
        const double per_micro = moe_layers_per_stage * passes * per_pass_s;
        out.EpCommS = micro * per_micro;
        // Megatron-Bridge enables the overlap per recipe (scripts/performance/utils/helpers.py
        // set_moe_a2a_overlap_overrides: overlap_moe_expert_parallel_comm = True, only where the recipe sets
        // moe_a2a_overlap, default False); without it the dispatch and combine wait on the expert GEMMs.
        ep_exposed = s.Training.MoeA2aOverlap ? micro * std::max(0.0, per_micro - micro_s) : out.EpCommS;
    }
    // Context parallel (ring attention): K and V chunks circulate in forward, K/V and their gradients in backward,
    // overlapped with the attention of the resident chunk.
    double cp_exposed = 0;
    if (cp > 1) {
        const ActivationInputs& in = c.Activations; // K and V widths: the model's, whatever the layout
        const double kv_bytes = micro_tokens / cp * (in.KeyWidth + in.ValueWidth) / tp * kActivationBytes;
        const double per_micro = 3.0 * (cp - 1.0) * kv_bytes * layers_per_stage / bandwidth(tp * cp);
        out.CpCommS = micro * per_micro;
        cp_exposed = micro * std::max(0.0, per_micro - micro_s);
    }
    // ZeRO-Offload: 16-bit gradients to the host, 16-bit parameters back, every step over PCIe.
    if (s.Training.OffloadOptimizer) {
        const double offload_shard = l.ZeroStage > 0 ? shard : 1.0;
        out.OffloadS = 2.0 * trainable_local * (lora ? kLoraAdapterBytes : weight_bytes) / offload_shard / kPcieBytesPerS;
    }

    out.ExposedCommS = dp_exposed + out.TpCommS + out.PpCommS + cp_exposed + ep_exposed;
    out.StepS = out.ComputeStepS + out.ExposedCommS + out.OffloadS;
    out.Steps = s.Training.Tokens / out.TokensPerStep;
    out.TimeS = out.Steps * out.StepS;
    out.ModelFlops = flops.Model * s.Training.Tokens;
    out.HardwareFlops = flops.Hardware * s.Training.Tokens;
    out.Mfu = out.ModelFlops / (out.TimeS * s.GpuCount * out.PeakFlopsPerS);
    return out;
}

} // namespace engine
