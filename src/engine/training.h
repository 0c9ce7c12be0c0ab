// gpuplan engine: training and fine-tuning (pretrain, full_finetune, lora, qlora) — memory per GPU, FLOPs,
// time, communication, checkpoints, and a suggested parallel layout.
//
// Index
// [SECTION] Constants (each with its source)
// [SECTION] Layout
// [SECTION] Memory (training_memory.cpp)
// [SECTION] FLOPs and time (training_time.cpp)
// [SECTION] Evaluation and suggestion (training.cpp, parallelism_search.cpp)
#pragma once
#include <string>

#include "engine/result.h"
#include "engine/scenario.h"

namespace engine {

//-----------------------------------------------------------------------------
// [SECTION] Constants (each with its source)
//-----------------------------------------------------------------------------

// Mixed-precision Adam: fp32 master weights + momentum + variance = 12 B/param on top of 2 B weights and 2 B
// gradients. source: Rajbhandari et al. 2020 (ZeRO), §3.1: "K = 12", 16Ψ bytes in total.
constexpr double kMasterWeightBytes        = 4.0;
constexpr double kAdamMomentsBytes         = 8.0;  // fp32 m and v. source: ZeRO §3.1
// 8-bit Adam: m and v as 1 byte each plus one fp32 absmax per 2048-value block per state.
// source: Dettmers et al. 2022, "8-bit Optimizers via Block-wise Quantization", §2 (block size 2048).
constexpr double kAdam8bitMomentsBytes     = 2.0 + 2.0 * 4.0 / 2048.0;
// SGD with momentum: one fp32 buffer. source: torch.optim.SGD (momentum_buffer, same dtype as the param; fp32 master).
constexpr double kSgdMomentumBytes         = 4.0;
// Adafactor (HF/T5 defaults: beta1 = None, factored second moment): one fp32 row and one fp32 column vector per
// d_out × d_in matrix, i.e. 4 × (d_in + d_out) / (d_in × d_out) B/param. source: Shazeer & Stern 2018, Alg. 4.
constexpr double kAdafactorFactorBytes     = 4.0;
// LoRA adapters are trained in fp32: PEFT's autocast_adapter_dtype=True (default) upcasts bf16/fp16 adapter
// weights to float32. source: PEFT docs, PeftModel(autocast_adapter_dtype=True).
constexpr double kLoraAdapterBytes         = 4.0;
// Activations are kept in bf16/fp16. source: Korthikanti et al. 2022, §4.1 ("stored in 16-bit floating point").
constexpr double kActivationBytes          = 2.0;
// Logits for the loss are computed in fp32: 4·s·b·V/t bytes. source: Korthikanti et al. 2022, §4.1 (output layer).
constexpr double kLogitsBytesPerElement    = 4.0;
// Chunked cross-entropy keeps the bf16 logits of every chunk for the backward pass but upcasts only one chunk at a
// time to fp32: 2·s·b·V + 4·s·b·V / chunks. source: torchtune CEWithChunkedOutputLoss (num_output_chunks = 8;
// "upcasting to fp32 one chunk at a time").
constexpr double kChunkedLogitsBytesPerElement = 2.0;
// torch.compile of the upcast with the cross-entropy stores no fp32 copy of a chunk: inductor fuses the cast into the
// loss's reductions, and the min-cut partitioner saves the bf16 input and recomputes the cast in the backward
// (torch/_functorch/partitioners.py min_cut_rematerialization_partition, inductor's default: "Partitions the joint
// graph such that the backward recomputes the forward"). torchtune
// compiles exactly that (training/_compile.py compile_loss: "loss.compute_cross_entropy = torch.compile(...)", commit
// 30b8519e8) because "the CE and upcasting have to be compiled together" (CEWithChunkedOutputLoss docstring; PR #1390:
// "compile the upcasting with the loss"). Bytes per logit of the upcast then: none.
constexpr double kCompiledLossUpcastBytes = 0.0;
// Activation offloading moves every tensor saved for backward (>= 1 KiB) to pinned host memory on a side stream and
// keeps a tensor on the GPU until its copy is done, holding at most the last 5 saved tensors at once; the output
// projection is excluded, so the logits stay. In the backward each tensor is brought back one step ahead.
// source: torchtune training/_activation_offloading.py OffloadActivations (max_fwd_stash_size = 5,
// min_offload_size = 1024) and recipes/lora_finetune_single_device.py (NoOpManager on model.output), commit 30b8519e8.
// With full recompute a layer saves one tensor (its input), so 5 layer inputs stay; otherwise the stash is smaller
// than one layer's saved tensors, and one layer fetched ahead in the backward is held next to the one in use.
constexpr int    kOffloadFwdStashTensors   = 5;
constexpr double kOffloadLayersResident    = 2.0;
// Flash attention saves one fp32 log-sum-exp per head per token instead of the s×s probabilities.
// source: Dao et al. 2022 (FlashAttention), Alg. 2 (saves ℓ and m per row; FA2 keeps one logsumexp).
constexpr double kFlashStatsBytes          = 4.0;
// Fused SwiGLU saves its two inputs (gate and up, 2·f each) and the down projection's input (f): 6·f bytes per token.
// source: Megatron-LM megatron/core/fusions/fused_bias_swiglu.py (saves the concatenated input only).
constexpr double kGatedMlpActivationUnits  = 6.0;
// GeLU MLP: GeLU input (f) and down-projection input (f), 2 B each: 4·f. source: Korthikanti et al. 2022, §4.1 (8sbh at f = 4h).
constexpr double kPlainMlpActivationUnits  = 4.0;
// Runtime memory outside model states and activations per GPU: CUDA context + cuBLAS workspace (inference's 1 GB)
// plus NCCL communicator buffers (NCCL_BUFFSIZE 4 MiB × 2 directions × up to 32 channels ≈ 0.27 GB per communicator).
// source: PyTorch CUDA notes; NCCL env docs (NCCL_BUFFSIZE default 4 MiB). A communicator exists only for a parallel
// group of more than one GPU (DP, TP, PP, CP, EP: torch.distributed creates one NCCL communicator per process group on
// its first collective), so a single-GPU run holds the context alone.
constexpr double kTrainingContextBytes     = 1.0e9;
constexpr double kNcclCommunicatorBytes    = 4.0 * 1048576.0 * 2.0 * 32.0;
// Gradient buckets in flight for data-parallel all-reduce: PyTorch DDP bucket_cap_mb = 25, one being filled and one
// being reduced. source: torch.nn.parallel.DistributedDataParallel (bucket_cap_mb default 25).
constexpr double kCommBucketBytes          = 2.0 * 25.0 * 1048576.0;
// ZeRO-3 / FSDP holds the unsharded parameters of the current and the prefetched next layer.
// source: PyTorch FSDP BackwardPrefetch.BACKWARD_PRE / forward_prefetch (one unit ahead).
constexpr int    kZero3LayersGathered      = 2;
// Collectives reach this fraction of the link's one-direction peak. source: docs/SCENARIO.md default for
// efficiency.interconnect_efficiency; nccl-tests all_reduce busbw on 8x A100 NVLink 230–250 GB/s of 300 GB/s.
constexpr double kTrainingInterconnectEfficiency = 0.7;
// Datasheets quote NVLink as bidirectional (H100: 900 GB/s = 450 GB/s each way); a ring uses one direction.
constexpr double kBidirectionalToOneWay    = 0.5;
// ZeRO-Offload moves fp16 gradients to the host and fp16 parameters back every step over PCIe 4.0 x16
// (16 GT/s × 16 lanes ≈ 31.5 GB/s per direction). source: PCI-SIG PCIe 4.0; Ren et al. 2021 (ZeRO-Offload) §4.
constexpr double kPcieBytesPerS            = 31.5e9;
// Checkpoint storage: Llama 3's Tectonic file system sustained 2 TB/s for 16K GPUs ≈ 122 MB/s per GPU.
// source: Llama 3 paper (Dubey et al. 2024), §3.3.1 "Storage".
constexpr double kCheckpointBytesPerSPerGpu = 2.0e12 / 16384.0;
// Checkpoints kept on storage at once (the latest and the one before, so a failed write never loses the run).
constexpr int    kCheckpointsKept          = 2;
// A warning is raised when exposed communication takes more than this share of a step (a UI threshold).
constexpr double kNetworkBoundWarnShare    = 0.10;
// Default global batch when the scenario leaves it 0: 4M tokens, the batch of every Llama 2 size (Touvron et al.
// 2023, §2.2 "a global batch-size of 4M tokens"); GPT-3 used 0.5M–3.2M (Brown et al. 2020, Table 2.1), Llama 3
// 405B 4M–16M (Dubey et al. 2024, §3.4.1).
constexpr double kDefaultGlobalBatchTokens = 4194304.0;
// With pipeline parallelism the default batch also keeps the bubble at or below this share, and a warning is raised
// above it (Narayanan et al. 2021 recommend m ≫ PP; 10 % is this project's threshold).
constexpr double kDefaultMaxBubbleShare    = 0.10;
// MoE training: the routed experts' matmuls (grouped GEMMs of a few hundred tokens per expert, with token
// permutation and routing around them) reach this share of the pace the dense layers reach. Fitted (least squares
// on log error, grid step 0.05) on the MoE training calibration cases: Megatron-Bridge DeepSeek-V3 on 1,024 H100
// and 256 B200, Qwen3-235B-A22B on 256 H100, GPT-OSS 120B on 64 H100, and DeepSeek-V3's own report on 2,048 H800.
// Published Model TFLOP/s of those recipes are a third or less of the dense recipes' on the same GPUs. Refitted jointly
// with the per-expert host time (scripts/calibrate.py --training-moe): 0.35 → 0.55 once the per-expert host time carries
// what a FLOP-proportional factor could not (small fine-grained MoE layers). Refitted on the FNV-1a calibration third
// (issue 16, round 2; 5 MoE calibration runs): 0.55 → 1.00, the top of the grid, with the launch time 450 → 875 µs.
constexpr double kMoeExpertComputeShare    = 1.00;
// Host time of an MoE layer's expert kernels: Megatron-Core runs the routed experts as TEGroupedMLP (TransformerConfig
// "moe_use_legacy_grouped_gemm: bool = False — Use legacy GroupedMLP rather than TEGroupedMLP"), whose
// TransformerEngine GroupedLinear launches one cuBLAS GEMM per local expert on several streams, in BF16 as in FP8
// (TE v2.12 common/gemm/cublaslt_gemm.cu: multi_stream_cublas_gemm unless NVTE_USE_CUTLASS_GROUPED_GEMM, default
// false). A dropless MoE layer has dynamic shapes, so it is not captured in a CUDA graph ("the resulting dynamic shapes
// make MoE layers uncapturable", megatron/core/transformer/moe/README.md): every launch costs host time on the critical
// path of each micro-batch. Per local expert per micro-batch: fc1 and fc2 each run fprop, dgrad and wgrad (6 GEMMs),
// and in FP8 each quantises its input in the forward and its output gradient in the backward (4 tensors; the weights
// are cast once per step, GroupedLinear caches them after the first micro-batch). The kernels per quantised tensor
// follow the scaling recipe (TE v2.12 pytorch/csrc/quantizer.cpp, extensions/cast.cpp split_quantize):
//  - current scaling (FP8-CS): amax, scale from amax, cast = 3 (Float8CurrentScalingQuantizer::quantize_impl);
//  - delayed scaling: 0 per expert (one fused nvte_multi_cast_transpose for all experts: "Currently only have fused
//    kernel for FP8 delayed scaling");
//  - MXFP8 (FP8-MX): 1, the block scales computed inside the cast (MXFP8Quantizer::quantize, nvte_quantize_v2);
//  - FP4 (NVFP4): 0 per expert (split_quantize's fused NVFP4 kernel).
constexpr double kMoeExpertGemmsPerMicroBatch       = 6.0;
constexpr double kMoeExpertQuantisedTensors         = 4.0;
constexpr double kFp8CurrentScalingKernelsPerTensor = 3.0;
constexpr double kFp8DelayedScalingKernelsPerTensor = 0.0;
constexpr double kMxfp8KernelsPerTensor             = 1.0;
// Host time per such kernel launch (PyTorch/TE dispatch plus the CUDA launch), fitted by scripts/calibrate.py
// --training-moe jointly with kMoeExpertComputeShare on the MoE training calibration cases (issue 16, round 5). It
// replaces one fitted time per local expert (875 µs) that charged BF16 nothing and every FP8 recipe the same.
constexpr double kMoeKernelLaunchS                  = 50e-6;
// Non-GEMM kernels (norms, activation functions, residual adds, dropout, rotary embedding, the FP8 casts and transposes
// of GEMM inputs, token permutation) are memory-bound: their time is the bytes they move over HBM, whatever the math
// path, so they do not speed up with FP8 as the GEMMs do, and their share of a layer grows as the hidden size shrinks
// (bytes ∝ h per token, GEMM FLOPs ∝ h²). Counted through the activations a layer stores for its backward (Korthikanti
// et al. 2022 §4, ActivationBytesPerLayer without recompute), nearly all of which such kernels produce, at the GPU's
// peak bandwidth × the decode bandwidth share of efficiency.cpp (the achieved share of streaming kernels); full
// recompute runs the forward's kernels again (5 of 4). Counting gives 4 bytes of traffic per stored byte (written in
// the forward, read in the backward, its gradient written and read); that misses the kernels whose outputs are not
// stored (FP8 cast + transpose of every GEMM input and output gradient, the norms' statistics passes, fused-away
// intermediates). Fitted instead with the utilisation rows (scripts/calibrate.py --training-rows at each value, grid
// 0, 2, 4, 6, 8, 12, 16, 24; sum of the rows' squared log errors 0.720, 0.603, 0.503, 0.421, 0.355, 0.270, 0.244,
// 0.350) on the training calibration cases (issue 16, round 6). Before it the rows absorbed this time: the FP8 row
// over-predicted small models (MPT-3B +57 %) and under-predicted large ones (GPT-3 175B −19 %).
// LoRA/QLoRA count the activations they actually keep: a frozen projection stores no input (ActivationInputs::
// QkvInputKept), and its input is then neither written for the backward nor cast and transposed for a weight gradient.
constexpr double kNonGemmTrafficPerActivationByte = 16.0;

// MoE token dispatch and combine: bf16 hidden states per routed expert copy of a token (Megatron-Core
// MoEAlltoAllTokenDispatcher; DeepSeek-V3 dispatches in FP8, §3.3.2, which a scenario does not express).
constexpr double kMoeDispatchBytes         = 2.0;

//-----------------------------------------------------------------------------
// [SECTION] Layout
//-----------------------------------------------------------------------------

// How the GPUs split the model and the batch (TP innermost inside a node, then CP, PP, DP outermost).
struct TrainingLayout {
    int             TensorParallel   = 1;
    int             PipelineParallel = 1;
    int             ContextParallel  = 1;
    int             DataParallel     = 1;     // GPUs / (TP × PP × CP), rounded down
    bool            SequenceParallel = false;
    int             ZeroStage        = 0;
    int             ShardGroupGpus   = 1;     // GPUs one ZeRO shard spans (resolved: 1 ≤ group ≤ DataParallel)
    RecomputePolicy Recompute        = RecomputePolicy::None;
    int             MicroBatch       = 1;
    int             ExpertParallel   = 1;     // MoE: data-parallel ranks the routed experts are spread over (divides DataParallel)
    int             VirtualPipelineStages = 1; // interleaved 1F1B model chunks per pipeline rank
};

// The scenario's own layout, resolved (ShardGroupGpus 0 → DataParallel).
TrainingLayout LayoutOf(const Scenario& scenario);
// The same layout at another GPU count, ZeRO stage and shard group (0 = the data-parallel size): what a copy of the
// scenario with those three fields changed would resolve to (the GPUs-needed search varies them, without copying).
TrainingLayout LayoutOf(const Scenario& scenario, int gpu_count, int zero_stage, int shard_group_gpus);
// Micro-batches each data-parallel rank runs per optimizer step (gradient accumulation × pipeline micro-batches):
// global_batch_tokens / (seq_len × micro_batch × DP), at least 1. When global_batch_tokens is 0 the default of
// DefaultGlobalBatchTokens applies.
int            MicroBatchesPerStep(const Scenario& scenario, const TrainingLayout& layout);
// The batch used when training.global_batch_tokens is 0: at least kDefaultGlobalBatchTokens (Llama 2's published
// 4M-token batch) and, with pipeline parallelism, enough micro-batches that the pipeline bubble is at most
// kDefaultMaxBubbleShare. Rounded up to whole micro-batches of every data-parallel rank.
double         DefaultGlobalBatchTokens(const Scenario& scenario, const TrainingLayout& layout);
// Pipeline bubble share of a step: (PP − 1) / v idle slots among m + (PP − 1) / v (Narayanan et al. 2021 §2.2.1
// for 1F1B, §2.2.2 for the interleaved schedule with v model chunks per rank).
double         PipelineBubbleShare(int pipeline_parallel, int virtual_stages, int micro_batches);
[[gnu::cold]] std::string DescribeLayout(const TrainingLayout& layout); // "TP 2 × PP 1 × DP 32, ZeRO-1, selective recompute"
[[gnu::cold]] std::string DurationText(double seconds);                 // "3.2 days", "5.1 h", "12 min", "40 s"

//-----------------------------------------------------------------------------
// [SECTION] Memory (training_memory.cpp)
//-----------------------------------------------------------------------------

inline bool IsLoraWorkload(WorkloadKind workload) { return workload == WorkloadKind::Lora || workload == WorkloadKind::Qlora; }
// The format the (frozen or trained) weights are held in: QLoRA with a 16/32-bit weight format uses NF4.
Format TrainingWeightFormat(const Scenario& scenario);
// Bytes of the whole model's (trained or frozen) weights in that format; quantized formats keep embeddings, lm_head
// and norms at their tooling's precision (WeightStorageOf).
double TrainingWeightBytes(const Scenario& scenario);
// LoRA trainable parameters: rank × (d_in + d_out) per adapted matrix, every layer; MoE experts count per expert.
double LoraTrainableParams(const ModelArch& model, int rank, const std::vector<std::string>& targets);
// Parameters the optimizer updates: all (pretrain, full_finetune) or the adapters (lora, qlora).
double TrainableParams(const Scenario& scenario);

// What one transformer layer stores between forward and backward, per micro-batch, per GPU.
// Korthikanti et al. 2022 §4: sbh(34 + 5as/h) for GPT with dropout, no flash, no parallelism (see the .cpp).
struct ActivationInputs {
    double SeqLen         = 0;  // tokens per sequence (whole sequence; context parallel divides it)
    double MicroBatch     = 1;  // sequences
    double Hidden         = 0;  // d_model
    double Heads          = 0;  // query heads
    double QueryWidth     = 0;  // heads × q/k head dim
    double KeyWidth       = 0;  // kv heads × head dim (GQA), heads × (nope + rope) for MLA
    double ValueWidth     = 0;  // kv heads × head dim, heads × v_head_dim for MLA
    double AttnOutWidth   = 0;  // input width of the output projection
    double MlpWidth       = 0;  // intermediate width a token passes through (MoE: routed active + shared experts)
    double MlpInputCopies = 1;  // copies of the MLP input saved (MoE: one per routed expert + one for shared)
    double RouterBytes    = 0;  // per token (MoE router probabilities in fp32)
    // Inputs of linear layers that are kept only for a weight gradient: a frozen layer (LoRA/QLoRA without an adapter
    // on it) computes only its input gradient, which needs the weight, not the input (Hu et al. 2021 §4.2; autograd
    // saves a matmul's input only when the weight requires a gradient). The output projection's input is the
    // attention output, which flash attention keeps for its own backward whatever the projection does.
    bool   QkvInputKept   = true; // the QKV projection's input (h per token)
    bool   MlpInputKept   = true; // the up / gate projections' input (h per token per copy)
    bool   DownInputKept  = true; // the down projection's input (f per token)
    bool   GatedMlp       = true;
    bool   FlashAttention = true;
    bool   Dropout        = false;
    int    TensorParallel = 1;
    bool   SequenceParallel = false;
    int    ContextParallel = 1;
    RecomputePolicy Recompute = RecomputePolicy::None;
};
double ActivationBytesPerLayer(const ActivationInputs& in);
// The inputs for one layer of `model` (averaged over dense and MoE layers) under `layout`.
ActivationInputs ActivationInputsFor(const Scenario& scenario, const TrainingLayout& layout);

// Memory of the most loaded GPU, bytes.
struct TrainingMemory {
    double TrainableParams        = 0; // whole model
    double WeightsBytes           = 0; // compute copy (bf16) or frozen base + adapters
    double GradientsBytes         = 0;
    double OptimizerBytes         = 0; // master weights + optimizer states kept on the GPU
    double ActivationsBytes       = 0;
    double OverheadBytes          = 0;
    // parts, for the derivation trail
    double WeightBytesPerParam    = 0; // trained or frozen weights
    double OptimizerBytesPerParam = 0; // per trainable param incl. master copy
    double ActivationsPerLayerBytes = 0; // one micro-batch, one layer
    double LogitsBytes            = 0;
    double InFlightMicroBatches   = 1; // on the first pipeline stage
    double RuntimeBytes           = 0;
    double BucketBytes            = 0;
    double GatherBufferBytes      = 0; // ZeRO-3 unsharded layers
    double HostBytes              = 0; // optimizer states in CPU memory (offload, or paged out)
    // grads_set_to_none: the parts above are those live at the step's peak, the larger of two moments
    double GradientsFloorBytes    = 0; // gradients live at the lighter moment (≤ GradientsBytes; the layout search's bound)
    double PeakLossBackwardBytes  = 0; // gradients + activations when the loss's backward has run (0: rule not applied)
    double PeakBackwardEndBytes   = 0; // gradients + activations when the first layer's backward runs
    double Total() const { return WeightsBytes + GradientsBytes + OptimizerBytes + ActivationsBytes + OverheadBytes; }
};
TrainingMemory EstimateTrainingMemory(const Scenario& scenario, const TrainingLayout& layout);

//-----------------------------------------------------------------------------
// [SECTION] FLOPs and time (training_time.cpp)
//-----------------------------------------------------------------------------

struct TrainingFlopsPerToken {
    double MatmulParams  = 0; // active params that multiply (input embedding lookup excluded)
    double Model         = 0; // FLOPs per token MFU counts
    double Hardware      = 0; // FLOPs per token executed (incl. recompute)
    double Attention     = 0; // the attention-score part of Model
    double Forward       = 0; // forward part of Hardware (the rest is backward + recompute)
    double RoutedExperts = 0; // part of Hardware in routed-expert matmuls (MoE)
};
TrainingFlopsPerToken FlopsPerToken(const Scenario& scenario, RecomputePolicy recompute);

struct TrainingTime {
    double PeakFlopsPerS      = 0; // per GPU, at the compute precision used
    ComputeClass Compute      = ComputeClass::Bf16; // the math path the step runs on (a path the GPU lacks falls back to BF16)
    double Utilisation        = 0; // on executed FLOPs
    const char* UtilisationSource = ""; // efficiency.mfu, or the published run of the default (static text: the layout search allocates nothing)
    double Mfu                = 0; // model FLOPs / (time × GPUs × peak)
    double TokensPerStep      = 0;
    int    MicroBatchesPerStep = 1; // per data-parallel rank
    double Steps              = 0;
    double MicroBatchComputeS = 0; // one micro-batch, one pipeline stage
    double MoeHostS           = 0; // one micro-batch, one stage: host time of per-expert launches (FP8 MoE), on the critical path
    double NonGemmS           = 0; // one micro-batch, one stage: memory-bound non-GEMM kernels (kNonGemmTrafficPerActivationByte)
    double BubbleShare        = 0; // (PP − 1) / (m + PP − 1)
    double ComputeStepS       = 0; // per step, no communication: (micro-batches + bubble slots) × (compute + non-GEMM + MoE launches)
    double DpCommS            = 0; // per step, before overlap
    double TpCommS            = 0; // per step (not overlapped)
    double PpCommS            = 0; // per step
    double CpCommS            = 0; // per step, before overlap
    double EpCommS            = 0; // per step: MoE all-to-all dispatch and combine, before overlap
    double OffloadS           = 0; // per step, PCIe traffic of ZeRO-Offload
    double ExposedCommS       = 0; // per step: communication that compute does not hide
    double StepS              = 0;
    double TimeS              = 0;
    double ModelFlops         = 0;
    double HardwareFlops      = 0;
    bool   DpCrossesNodes     = false;
    bool   TpCrossesNodes     = false;
};
TrainingTime EstimateTrainingTime(const Scenario& scenario, const TrainingLayout& layout);
// Kernels launched per local routed expert per MoE layer per micro-batch (forward + backward), for the compute class
// the step runs at: 6 GEMMs plus the FP8 quantisation kernels of training.fp8_scaling (kMoeExpert* above).
double MoeKernelsPerExpert(const Scenario& scenario, ComputeClass compute);
// Host time per local expert per MoE layer per micro-batch: efficiency.moe_expert_launch_us when set, otherwise
// MoeKernelsPerExpert × the launch time (efficiency.moe_kernel_launch_us or kMoeKernelLaunchS).
double MoeExpertHostS(const Scenario& scenario, ComputeClass compute);

// What EstimateTrainingMemory and EstimateTrainingTime compute from the scenario alone, whatever the layout: the
// parameter counts, the weights' bytes, FLOPs per token for each recompute policy, the compute path and its default
// utilisation, the model's activation widths. The layout search computes them once for the scenario it searches and
// times every candidate layout with them (the two-argument forms above compute them for their one call). They belong
// to that one scenario and are not kept beyond the call that computed them; the default utilisation depends on the
// GPU count, so a scenario at another count needs its own (the memory reads nothing that the count, ZeRO stage or
// shard group changes).
struct TrainingConstants {
    double Params          = 0; // TotalParams(model)
    double ExpertParams    = 0; // ParamGroupsOf(model).Experts
    double WeightBytes     = 0; // TrainingWeightBytes(scenario)
    double TrainableParams = 0; // TrainableParams(scenario)
    TrainingFlopsPerToken Flops[static_cast<int>(RecomputePolicy::Count)]; // FlopsPerToken(scenario, policy)
    ComputeClass Compute   = ComputeClass::Bf16; // precision.compute's class, bf16 where the GPU has no peak for it
    double DefaultUtilisation = 0;               // DefaultTrainingUtilisation (when efficiency.mfu is not set)
    const char* DefaultUtilisationSource = "";
    ActivationInputs Activations; // ActivationInputsFor without the layout's fields (micro-batch, TP, SP, CP, recompute)
    double StreamBytesPerS = 0;   // achieved HBM bandwidth of memory-bound kernels: peak × the decode bandwidth share
};
TrainingConstants TrainingConstantsOf(const Scenario& scenario);
// `micro_batches`: MicroBatchesPerStep(scenario, layout) where the caller has it already (the layout search: one count
// for the 12 ZeRO × recompute layouts of a TP × PP × EP, which share DP, PP, virtual stages and micro-batch); 0 = computed.
TrainingMemory    EstimateTrainingMemory(const Scenario& scenario, const TrainingLayout& layout, const TrainingConstants& constants,
                                         int micro_batches = 0);
TrainingTime      EstimateTrainingTime(const Scenario& scenario, const TrainingLayout& layout, const TrainingConstants& constants,
                                       int micro_batches = 0);

//-----------------------------------------------------------------------------
// [SECTION] Evaluation and suggestion (training.cpp, parallelism_search.cpp)
//-----------------------------------------------------------------------------

struct ParallelismSuggestion {
    bool           Found = false;  // a layout that fits exists
    TrainingLayout Layout;         // the fastest one that fits (or the smallest-memory one when none fits)
    double         TimeS = 0;      // its wall-clock time for the scenario's tokens
    double         MemoryPerGpuBytes = 0;
    int            LayoutsTried = 0;
    std::string    Reason;         // why this layout
};
// Searches TP ∈ {1,2,4,8} (within a node), PP ∈ {1,2,4,…,64} (≤ layers), ZeRO 0–3, recompute none/selective/full and,
// for MoE models, expert parallel ∈ {1,2,4,…} (dividing DP, ≤ experts) on the scenario's GPU count, keeping
// micro-batch, context parallel, virtual pipeline stages, offload and the batch.
ParallelismSuggestion SuggestParallelism(const Scenario& scenario);
// The same search with the scenario's TrainingConstantsOf, where the caller has them already.
ParallelismSuggestion SuggestParallelism(const Scenario& scenario, const TrainingConstants& constants);
// Sets the scenario's layout to the one a result suggested (TP, PP, EP, ZeRO, recompute), as a visitor applying it
// would; false when the result has no suggestion.
bool ApplySuggestedLayout(const TrainingResult& result, Scenario* scenario);

// Fills result for a training workload (memory, fits, training numbers, suggestion, derivation, warnings).
void EvaluateTraining(const Scenario& scenario, Result* result);

} // namespace engine
