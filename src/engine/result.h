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
    // Part of Total that PyTorch's caching allocator never hands out, so torch.cuda.max_memory_allocated() and
    // torchtune's peak-memory log leave it out: the runtime (CUDA context, cuBLAS/NCCL buffers) and the states of a
    // bitsandbytes paged optimizer, which live in CUDA unified memory (cudaMallocManaged). Ends up in
    // memory_per_gpu_bytes.allocated = Total − OutsideAllocator (tests/validation/README.md).
    double OutsideAllocator = 0;
};

// One point of the throughput-vs-concurrency curve (the UI plots these; no arithmetic in drawing code).
struct ThroughputPoint {
    double Concurrency           = 0; // sequences decoded together, whole deployment
    double TokensPerS            = 0; // generated tokens/s, whole deployment
    double TokensPerSPerUser     = 0; // decode speed one user sees, tokens/s
    double TpotS                 = 0; // time per output token, s
    double TtftS                 = 0; // time to first token of a request arriving at this load, s
};

struct InferenceResult {
    double TtftS                 = 0; // time to first token for one request at the scenario's input length, s
    double TpotS                 = 0; // time per output token at the scenario's concurrency, s
    double ThroughputTokensPerS  = 0; // generated tokens/s of the whole deployment
    double TokensPerSPerUser     = 0; // 1 / TpotS
    double MaxConcurrency        = 0; // sequences whose KV cache fits at ContextTokens, whole deployment
    double RequestsPerS          = 0; // completed requests/s at the scenario's input/output lengths
    int    Replicas              = 1; // data-parallel copies of the model
    int    GpusPerReplica        = 1; // tensor_parallel × pipeline_parallel
    int    GpusUsed              = 1; // Replicas × GpusPerReplica (≤ hardware.count)
    double KvBytesPerToken       = 0; // KV cache per token of one sequence, whole model (all layers, all heads), bytes
    double KvPoolBytesPerGpu     = 0; // memory left for the KV cache on the fullest GPU (vLLM's "available KV cache memory"), bytes
    double KvPoolTokensPerReplica = 0; // tokens of KV cache the pool holds per replica
    bool   DecodeComputeBound    = false; // decode at the scenario's concurrency is limited by FLOP/s, not bandwidth
    double SlaMaxUsers           = 0; // online: most concurrent users meeting ttft_sla_s and min_tokens_per_s_per_user, whole deployment
    double GpusForTargetUsers    = 0; // online: GPUs needed for inference.target_users under the SLA (0 = not asked or unreachable)
    double OptimalBatch          = 0; // batch: throughput-optimal sequences per replica
    double BatchJobTimeS         = 0; // batch: wall time for inference.batch_requests requests, s (0 = not asked)
    // Latency under load (issue 16): requests arriving at random (Poisson) at RequestRatePerS wait for one of the
    // deployment's concurrency slots; M/D/c waiting time by the Allen–Cunneen approximation (queueing.h, the one model
    // behind every p95/p99: the serving bill and `gpuplan plan` rows copy these).
    double RequestRatePerS       = 0; // arrival rate the percentiles are for, requests/s (whole deployment): the traffic's peak, else request_rate_per_s, else 70 % of capacity
    double SlotUtilisation       = 0; // busy share of the concurrency slots at that rate; ≥ 1 = the queue grows without bound
    double TtftP50S              = 0; // time to first token percentiles including queueing, s (0 when SlotUtilisation ≥ 1)
    double TtftP95S              = 0;
    double TtftP99S              = 0;
    double StepOverheadS         = 0; // fixed time per forward step (kernel launches, synchronisation, scheduler), s
    std::vector<ThroughputPoint> Curve; // throughput vs concurrency, rising concurrency
};

struct TrainingResult {
    double Flops                 = 0; // total training FLOPs (incl. recompute)
    double TimeS                 = 0; // wall-clock time, s
    double GpuHours              = 0;
    double Mfu                   = 0; // model-FLOPs utilisation used for the time
    double TokensPerSPerGpu      = 0;
    double ModelFlops            = 0; // FLOPs MFU counts (no recompute)
    double TrainableParams       = 0; // parameters the optimizer updates (LoRA: adapters)
    int    DataParallel          = 1; // model replicas
    double TokensPerStep         = 0; // tokens per optimizer step
    double StepTimeS             = 0; // one optimizer step, s
    double BubbleShare           = 0; // pipeline bubble share of a step's compute (0..1)
    double ExposedCommSPerStep   = 0; // communication not hidden behind compute, s per step
    double HostMemoryBytes       = 0; // optimizer states kept in CPU memory (offload / paged out), per GPU
    double CheckpointBytes       = 0; // one checkpoint (weights + optimizer states; LoRA: adapters)
    double CheckpointWriteS      = 0; // time to write one checkpoint at the named storage bandwidth
    // The fastest layout that fits (SuggestParallelism)
    bool        SuggestedFound            = false;
    int         SuggestedTensorParallel   = 1;
    int         SuggestedPipelineParallel = 1;
    int         SuggestedDataParallel     = 1;
    int         SuggestedZeroStage        = 0;
    int         SuggestedExpertParallel   = 1; // MoE: routed experts spread over this many data-parallel ranks
    std::string SuggestedRecompute;           // "none" | "selective" | "full"
    double      SuggestedTimeS            = 0;
    double      SuggestedMemoryPerGpuBytes = 0;
    std::string SuggestionReason;
};

// One rentable offer priced for this deployment (instances × price, billed as the provider bills).
struct OfferCost {
    std::string OfferId;
    std::string Provider;          // display name
    std::string Kind;              // on_demand, spot, reserved_1y, reserved_3y
    std::string Region;
    std::string AsOf;
    bool        Estimate = false;
    int         Instances = 0;     // instances rented to hold hardware.count GPUs
    double      PerHour = 0;       // whole deployment, currency/h
    double      JobCost = 0;       // training: the run, billed by the provider's granularity (0 for inference)
    double      PerMillionTokens = 0; // inference: currency per million generated tokens at the scenario's throughput
    bool        Stale = false;     // as_of older than six months: shown with its age, not used as the cheapest unless allowed
    int         AgeDays = -1;      // days from as_of to the catalog's release date; -1 = unknown
    bool        DearerThanOnDemand = false; // spot offer that is no saving over on-demand
    double      BillingGranularityS = 0; // the provider's billing step, s (0 = unknown, treated as per second)
    double      BillingMinimumS = 0;     // the provider's minimum charge per start, s
    double      EgressPerGb = -1;        // internet egress, currency per GB; -1 = not published
    std::string Fabric;                  // between nodes: "infiniband", "roce", "efa", "ethernet" (stated by the offer) or "" (not stated)
    bool        CanHost = true;          // its hosts hold one replica (training: the whole run) or it states a fast fabric
};

// Online serving at the traffic profile (inference.traffic / target_users): the monthly bill and what one request,
// one million tokens and idle capacity cost. Filled by ApplyCosts for online inference with an on-demand price.
struct ServingEconomics {
    bool   Computed = false;
    double AverageRequestsPerS   = 0; // arrival rate while the service takes traffic
    double PeakRequestsPerS      = 0; // average × peak-to-average
    double CapacityRequestsPerS  = 0; // replicas × concurrency / service time of one request
    double ServiceS              = 0; // one request: TTFT at load + output tokens × TPOT
    double Utilization           = 0; // average load / capacity during traffic hours (1 − idle share)
    double TtftAtLoadS           = 0; // TTFT of a request arriving while the replica decodes its other sequences (no queue)
    double TtftP95S              = 0; // with a request rate: the Result's inference.ttft_p95_s (one computation); 0 without a rate or when QueueUnstable
    double TtftP99S              = 0;
    bool   QueueUnstable         = false; // the peak rate reaches capacity: the queue grows without bound
    double ColdStartS            = 0; // loading the weights after a scale-to-zero: storage read and PCIe copy
    double BilledHoursPerMonth   = 0; // GPU-hours billed per GPU per month (always on: 730; scale-to-zero: the traffic hours, rounded by the offer's step and minimum)
    double RequestsPerMonth      = 0;
    double GpuPerMonth           = 0; // rent
    double StoragePerMonth       = 0; // one copy of the weights on block storage
    double EgressPerMonth        = 0; // responses sent to the internet (0 when the price is not published: EgressKnown)
    bool   EgressKnown           = false;
    double TotalPerMonth         = 0;
    double PerThousandRequests   = 0;
    double PerMillionInputTokens = 0;  // the bill's prefill share / input tokens
    double PerMillionOutputTokens = 0; // the bill's decode share / output tokens (0 when output_tokens is 0)
    double PrefillShare          = 0;  // share of GPU time spent on prefill (splits the bill between input and output)
    double HostedApiPerMonth     = 0;  // the same requests at the typed hosted-API prices; 0 = no price typed
};

// A batch job (inference.batch_requests) at the throughput-optimal batch, on-demand and on spot.
struct BatchEconomics {
    bool   Computed = false;
    double JobTimeS              = 0; // wall-clock on the deployment, on-demand
    double OnDemandCost          = 0;
    double SpotTimeS             = 0; // wall-clock on spot, with the preemption overhead
    double SpotCost              = 0; // 0 = no spot offer
    double SpotOverhead          = 0; // extra work from interruptions, fraction of the job
    bool   SpotCheaper           = false; // spot (with its overhead) costs less than on-demand
    bool   MeetsDeadline         = true;  // on-demand job time ≤ inference.deadline_s (true when none)
    bool   SpotMeetsDeadline     = true;
};

// A training run on spot, with interruptions, and the checkpoint storage it needs.
struct TrainingEconomics {
    bool   Computed = false;
    double InterruptionsPerHour  = 0; // for the whole job (any instance reclaimed stops the run)
    double CheckpointIntervalS   = 0; // chosen (Young) or given
    double SpotOverhead          = 0; // checkpoint writes + lost work + restarts, fraction of the run
    double SpotTimeS             = 0;
    double SpotCost              = 0; // rent + checkpoint storage; 0 = no spot offer
    bool   SpotCheaper           = false;
    double WeightsOnlyBytes      = 0; // the exported weights (or adapters)
    double FullStateBytes        = 0; // a resumable checkpoint: weights, optimizer states (Result.Training.CheckpointBytes)
    double StorageCost           = 0; // checkpoints kept during the run, pro rata, + the exported weights for a month
    double OnDemandTotal         = 0; // JobCost + StorageCost
};

struct CostResult {
    bool        Priced = false;    // at least one offer or a visitor rate applied
    std::string Currency;
    double      PerHour = 0;       // cheapest on-demand (or the visitor's rate), whole deployment
    double      SpotPerHour = 0;   // cheapest spot/preemptible; 0 = none published
    double      PerMillionTokens = 0;     // inference at PerHour
    double      SpotPerMillionTokens = 0; // inference at SpotPerHour
    double      JobCost = 0;       // training run at PerHour
    double      SpotJobCost = 0;   // training run at SpotPerHour (checkpoint to survive preemption)
    std::string CheapestOfferId;   // "" when the visitor's rate is used
    bool        PricesIncludeVat = false;       // every price here includes VAT (each offer's own country rate)
    bool        SpotDearerThanOnDemand = false; // the cheapest spot costs at least the cheapest on-demand: not a saving
    int         StaleOffersSkipped = 0;         // stale offers left out of "cheapest" (cost.allow_stale_prices is off)
    std::vector<OfferCost> Offers; // every matching offer, cheapest first
    ServingEconomics  Serving;     // online inference
    BatchEconomics    Batch;       // batch inference
    TrainingEconomics Train;       // training workloads
    // Buying instead of renting (only with a purchase price)
    double      PurchaseCost = 0;      // hardware.count × purchase price per GPU
    double      OwnPerMonth = 0;       // electricity at TDP × PUE × utilisation, currency/month
    double      RentPerMonth = 0;      // PerHour × hours × utilisation, currency/month
    double      PaybackMonths = 0;     // PurchaseCost / (RentPerMonth − OwnPerMonth); 0 = never pays back or unknown
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
    CostResult      Cost;               // filled by ApplyCosts (cost.h) when the caller has price offers
    std::vector<Warning>        Warnings;
    std::vector<DerivationStep> Derivation;
};

} // namespace engine
