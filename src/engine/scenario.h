// gpuplan engine: a Scenario (what the visitor describes) with every default documented in one place.
// The JSON and URL codecs live in src/scenario/; the engine sees resolved structs only.
#pragma once
#include <string>
#include <vector>

#include "engine/formats.h"
#include "engine/model.h"

namespace engine {

enum class WorkloadKind { Inference, Pretrain, FullFinetune, Lora, Qlora, Count };
enum class RecomputePolicy { None, Selective, Full, Count };
// How FP8 training scales its tensors (Transformer Engine recipes): per-tensor current scaling (FP8-CS), per-tensor
// delayed scaling (amax history), or MXFP8 block scaling (FP8-MX, Blackwell). It sets the kernels per quantised tensor.
enum class Fp8ScalingKind { Current, Delayed, Mxfp8, Count };
enum class OptimizerKind { AdamW, AdamW8bit, Adafactor, Sgd, Count };
enum class ServingMode { Online, Batch, Count };

const char* WorkloadName(WorkloadKind workload);   // "inference", "pretrain", ...
bool        ParseWorkload(const std::string& name, WorkloadKind* out);
const char* RecomputeName(RecomputePolicy recompute);
bool        ParseRecompute(const std::string& name, RecomputePolicy* out);
const char* Fp8ScalingName(Fp8ScalingKind scaling);
bool        ParseFp8Scaling(const std::string& name, Fp8ScalingKind* out);
const char* OptimizerName(OptimizerKind optimizer);
bool        ParseOptimizer(const std::string& name, OptimizerKind* out);
const char* ServingModeName(ServingMode mode);
bool        ParseServingMode(const std::string& name, ServingMode* out);

// Parameter groups a checkpoint can store in a format of their own (precision.layer_weights).
enum class WeightGroup { Embedding, LmHead, Attention, Mlp, Experts, Count };
const char* WeightGroupName(WeightGroup group);   // "embedding", "lm_head", "attention", "mlp", "experts"
bool        ParseWeightGroup(const std::string& name, WeightGroup* out);

struct PrecisionSet {
    Format Weights = Format::Bf16; // how weights are stored
    Format KvCache = Format::Bf16; // how the KV cache is stored (inference)
    Format Compute = Format::Bf16; // the math path (fp8 = FP8 tensor cores, as in Transformer Engine)
    // Mixed-precision checkpoints: a group's own storage format; Format::Count = what `Weights` implies for that group
    // (Meta's FP8 Llama 3.1 405B keeps attention in bf16; LitGPT's bitsandbytes modes also quantise lm_head).
    Format LayerWeights[static_cast<int>(WeightGroup::Count)] = {Format::Count, Format::Count, Format::Count, Format::Count, Format::Count};
};

// Online traffic: the load a deployment is sized and billed for (gpuplan plan, serving economics in cost.h).
// The rate comes from RequestsPerS, else RequestsPerDay spread over HoursPerDay; with neither, inference.target_users
// (concurrent users) is the load.
struct TrafficProfile {
    double RequestsPerS           = 0;    // average arrival rate while the service takes traffic, requests/s; 0 = from RequestsPerDay
    double RequestsPerDay         = 0;    // requests a day (used when RequestsPerS is 0)
    double PeakToAverage          = 1;    // peak arrival rate / average rate: capacity is sized for the peak
    double HoursPerDay            = 24;   // hours a day the service takes traffic (outside them it can scale to zero)
};

struct InferenceParams {
    ServingMode Mode              = ServingMode::Online;
    double ContextTokens          = 0;    // KV cache reserved per sequence, tokens; 0 = InputTokens + OutputTokens
    double InputTokens            = 1024; // prompt length per request, tokens
    double OutputTokens           = 256;  // generated tokens per request
    int    Concurrency            = 1;    // sequences decoded together (per replica)
    int    TensorParallel         = 1;    // GPUs a replica's layers are split across
    int    PipelineParallel       = 1;    // stages a replica's layers are cut into
    double TtftSlaS               = 0;    // online: required time to first token, s; 0 = none
    double MinTokensPerSPerUser   = 0;    // online: required decode speed per user, tokens/s; 0 = none
    double TargetUsers            = 0;    // online: concurrent users to serve; 0 = none
    double BatchRequests          = 0;    // batch: requests in the job; 0 = none
    double PrefillChunkTokens     = 2048; // prefill chunk size (vLLM max_num_batched_tokens), tokens
    double KvBlockTokens          = 16;   // paged-attention block size (vLLM default 16), tokens
    // --- accuracy (issue 16) ---
    std::string Engine;                   // serving software: "" / "vllm" / "sglang" / "trtllm" (datacenter engines), "llama.cpp", "ollama", "pytorch-eager" (Python loop)
    int    ExpertParallel         = 1;    // MoE: GPUs a replica's routed experts are spread over (≤ TP × PP); 1 = experts split like the dense layers
    double RequestRatePerS        = 0;    // online: arriving requests/s for the deployment (latency percentiles) when inference.traffic states no rate; 0 = 70 % of the sustained rate
    TrafficProfile Traffic;               // online: request rate, peak-to-average, hours per day
    double TtftP95SlaS            = 0;    // online: required 95th-percentile TTFT including the wait in the queue, s; 0 = none
    double TtftP99SlaS            = 0;    // online: required 99th-percentile TTFT including the wait in the queue, s; 0 = none
    bool   ScaleToZero            = false; // online: release every GPU outside the traffic hours (cold start on the first request)
    double WeightsLoadBytesPerS   = 0;    // cold start: storage read rate for the weights, bytes/s per replica; 0 = default (cost.h)
    double DeadlineS              = 0;    // batch: the job must finish within this wall-clock time, s; 0 = none
};

struct TrainingParams {
    double    Tokens              = 1e9;  // tokens to train on (pre-training) or per epoch × epochs
    double    SeqLen              = 4096; // tokens per sequence
    int       MicroBatch          = 1;    // sequences per GPU per forward/backward
    double    GlobalBatchTokens   = 0;    // tokens per optimizer step; 0 = SeqLen × MicroBatch × data-parallel size
    int       TensorParallel      = 1;
    int       PipelineParallel    = 1;
    int       ContextParallel     = 1;
    bool      SequenceParallel    = false; // Megatron sequence parallelism (shards norm/dropout activations by TP)
    bool      MoeA2aOverlap       = true;  // MoE expert-parallel all-to-all overlapped with another micro-batch's compute
                                           // (Megatron-Core overlap_moe_expert_parallel_comm); false = on the critical path
    bool      MoeFlexDispatcher   = false; // MoE tokens dispatched by DeepEP/HybridEP (Megatron-Core "flex" dispatcher): one
                                           // copy per destination rank; false = "alltoall", one copy per routed expert
    bool      Dropout             = false; // hidden and attention dropout (GPT-3-era recipes: Megatron-LM's default 0.1);
                                           // false = modern recipes (Llama, Mistral, Qwen configs: dropout 0.0)
    Fp8ScalingKind Fp8Scaling     = Fp8ScalingKind::Current; // FP8 compute: how tensors are scaled (FP8-CS, delayed, FP8-MX)
    int       ZeroStage           = 0;    // 0..3 (ZeRO-3 = FSDP full shard)
    int       ShardGroupGpus      = 0;    // hybrid shard (HSDP): GPUs a ZeRO shard spans; 0 = all data-parallel GPUs
    bool      OffloadOptimizer    = false; // optimizer states in CPU memory (ZeRO-Offload)
    RecomputePolicy Recompute     = RecomputePolicy::None;
    bool      FlashAttention      = true;
    OptimizerKind Optimizer       = OptimizerKind::AdamW;
    bool      MasterWeightsFp32   = true; // mixed precision keeps an fp32 master copy
    int       LoraRank            = 16;
    std::vector<std::string> LoraTargets = {"q", "k", "v", "o", "gate", "up", "down"};
    bool      PagedOptimizer      = false; // bitsandbytes paged optimizer (QLoRA)
    bool      OptimizerInBackward = false; // step each parameter as its gradient arrives (torchtune optimizer_in_bwd)
    int       LossChunks          = 1;     // cross-entropy over this many sequence chunks (torchtune CEWithChunkedOutputLoss: 8)
    bool      StatesInWeightDtype = false; // optimizer moments (and LoRA adapters) in the 16-bit weights' dtype (PyTorch optimizers on bf16 parameters)
    bool      OffloadActivations  = false; // tensors saved for backward kept in host memory (torchtune enable_activation_offloading)
    bool      GradsSetToNone      = false; // gradients freed after each optimizer step (PyTorch zero_grad(set_to_none=True)): a step of one
                                           // micro-batch runs its forward without them (torchtune recipes; not Megatron/DeepSpeed buffers)
    bool      CompiledLoss        = false; // chunked loss: fp32 upcast compiled with the cross-entropy (torchtune compile_loss), never stored
    // --- accuracy (issue 16) ---
    int       ExpertParallel      = 1;     // MoE: data-parallel ranks the routed experts are spread over (Megatron expert_model_parallel_size)
    int       VirtualPipelineStages = 1;   // interleaved 1F1B: model chunks per pipeline rank (Megatron virtual_pipeline_model_parallel_size)
};

struct ClusterSpec {
    int    GpusPerNode            = 8;    // GPUs sharing the fast intra-node fabric
    double NetworkBytesPerSPerGpu = 50e9; // inter-node bandwidth per GPU, bytes/s (400 Gb/s InfiniBand NDR = 50 GB/s)
};

// Owning in full (gpuplan tco, engine/tco.h): each field overrides a catalog default from catalogs/tco.json;
// a negative value (or "") means "use the default". Money is in CostParams::Currency.
struct TcoParams {
    std::string ServerId;                      // reference node (catalogs/servers.json); "" = the one that fits best
    double      NodePrice             = -1;    // whole node; -1 = the catalog's price
    double      ColocationPerKwMonth  = -1;    // rack space, cooling and power delivery per kW of node load
    double      MaintenanceSharePerYear = -1;  // support and repairs, share of the purchase per year
    double      DepreciationYears     = -1;    // write-off period; also the horizon of the comparison
    double      ResidualShare         = -1;    // resale value at the end, share of the purchase
    double      StaffFtePerNode       = -1;    // administrators per node (0.1 = a tenth of one person)
    double      AdminPerYear          = -1;    // one administrator's cost per year
    double      FabricPerGpu          = -1;    // multi-node InfiniBand (switch port, cables, optics) per GPU
    double      ImportMarkup          = -1;    // parallel-import markup on the hardware, share (0.3 = +30 %)
    double      TrainingRunsPerYear   = -1;    // training workloads: runs a year (the hybrid comparison)
};

// What renting or owning costs. Prices come from the catalog's offers for the scenario's GPU, converted into
// Currency by the caller (engine::PriceOption); these fields are the visitor's own assumptions.
struct CostParams {
    std::string Currency              = "USD"; // currency of every cost figure in the Result
    double      PricePerGpuHour       = 0;     // the visitor's own rate; 0 = the cheapest matching catalog offer
    std::string Provider;                      // provider id to restrict offers to; "" = all providers
    double      PurchasePricePerGpu   = 0;     // buying: server price per GPU (GPU + its share of the server); 0 = unknown
    double      ElectricityPerKwh     = 0;     // buying: electricity price; 0 = default (cost.h)
    double      Pue                   = 0;     // buying: power usage effectiveness of the room; 0 = default (cost.h)
    double      Utilization           = 1;     // fraction of hours the capacity is busy (buy vs rent compares at this load)
    bool        PricesIncludeVat      = false; // compare offers with their country's VAT added (true) or without it (false)
    bool        AllowStalePrices      = false; // let offers older than six months be the cheapest (catalog.h kStaleAfterDays)
    std::string DataResidency;                 // "RU" | "EU" | "": rent only from providers in that jurisdiction
    TcoParams   Tco;
    double      StoragePerGbMonth     = 0;     // weights and checkpoints on block storage; 0 = default (cost.h)
    double      HostedApiPerMillionInput  = 0; // a hosted API's price per million input tokens, to compare with; 0 = none
    double      HostedApiPerMillionOutput = 0; // a hosted API's price per million output tokens; 0 = none
};

// Spot / preemptible capacity: what an interruption costs. Used for batch jobs and training runs (online serving is
// priced on-demand only). Defaults and sources: cost.h.
struct SpotParams {
    double InterruptionsPerInstanceHour = 0;  // reclaims per rented instance per hour; 0 = default (cost.h)
    double PreemptionOverhead     = -1;   // extra work as a fraction of the job (0.1 = 10%); -1 = derived from the rate below
    double CheckpointIntervalS    = 0;    // training: time between checkpoints, s; 0 = Young's optimum (cost.h)
    double RestartS               = 0;    // extra wait after an interruption (re-provisioning) on top of reloading, s
};

// Efficiency factors: achievable = peak × factor. 0 means "use the documented default" (efficiency.h).
struct EfficiencyOverrides {
    double Mfu                    = 0; // training model-FLOPs utilisation
    double BandwidthEfficiency    = 0; // decode: achieved / peak memory bandwidth
    double ComputeEfficiency      = 0; // prefill: achieved / peak tensor FLOP/s
    double InterconnectEfficiency = 0; // collectives: achieved / peak link bandwidth
    double RuntimeOverheadBytes   = -1; // CUDA context + allocator + framework per GPU, bytes; -1 = default
    double GpuMemoryUtilization   = 0; // fraction of GPU memory the serving engine may use (vLLM 0.9); 0 = default
    double StepOverheadS          = -1; // inference: fixed cost per forward step, s; -1 = default (efficiency.h)
    double SequenceOverheadS      = -1; // inference: host cost per sequence per step (scheduling, sampling), s; -1 = default
    double HostLayerS             = -1; // inference, eager engines: host dispatch time per layer per step, s; -1 = default
    double MoeExpertComputeShare  = 0;  // training: pace of routed-expert matmuls relative to dense layers; 0 = default
    double MoeExpertLaunchS       = -1; // training: host time per local expert per MoE layer per micro-batch, s; -1 = kernels × MoeKernelLaunchS
    double MoeKernelLaunchS       = -1; // training: host time per per-expert kernel launch in an MoE layer, s; -1 = default (training.h)
    double NonGemmTrafficPerActivationByte = -1; // training: HBM bytes the non-GEMM kernels move per byte of stored activations; -1 = default (training.h)
};

// The largest deployment gpuplan sizes (the scenario reader, the page and the planner share it); counts
// derived from doubles are checked against it before they become an int.
constexpr int kMaxGpuCount = 1000000;

struct Scenario {
    WorkloadKind        Workload  = WorkloadKind::Inference;
    ModelArch           Model;               // resolved architecture (catalog entry or inline)
    GpuSpec             Gpu;                 // resolved accelerator (catalog entry or inline)
    int                 GpuCount  = 1;       // GPUs in the deployment (all replicas / all nodes), 1..kMaxGpuCount
    PrecisionSet        Precision;
    // JSON precision.allowed — gpuplan plan, inference: further weight formats the planner may choose per GPU, each
    // with its own math path and the KV cache above (engine/plan.h PlanPrecisions). Empty = only Precision.
    std::vector<Format> AllowedWeights;
    InferenceParams     Inference;
    TrainingParams      Training;
    ClusterSpec         Cluster;
    EfficiencyOverrides Efficiency;
    CostParams          Cost;
    std::string         Stack;               // serving/training stack id (catalogs/software.json); "" = not checked
    SpotParams          Spot;
};

} // namespace engine
