// gpuplan engine: which GPUs, how many, what it costs — the scenario sized for its own load on every candidate GPU,
// then ranked by the workload's own metric. "The cheapest card that comfortably fits the model and the traffic
// almost always wins": online serving ranks by the monthly bill at the stated traffic (SLA met), a batch job by its
// cost within the deadline (spot where cheaper), a training run by its cost (spot with checkpoints where cheaper).
// Sizing method, the Pareto front and the exclusion reasons: docs/PLANNING.md.
#pragma once
#include <string>
#include <vector>

#include "engine/cost.h"
#include "engine/result.h"
#include "engine/scenario.h"

namespace engine {

struct PlanCandidate {
    GpuSpec                  Gpu;
    std::vector<PriceOption> Offers;         // in the scenario's currency
    std::string              MissingFigures; // performance fields no source publishes ("" = evaluable)
};

// Why a GPU family (at one precision) is not in the ranking; later = nearer to feasible.
enum class PlanExclusion { None, NoFigures, NoMathPath, DoesNotFit, NeedsFabric, SlaMissed, NoOffer, Count };
const char* PlanExclusionName(PlanExclusion exclusion); // "no_figures", "no_math_path", "does_not_fit", ...

// A precision the planner sizes every GPU at: the scenario's own, and one per weight format the visitor allows
// (precision.allowed, Scenario::AllowedWeights). An allowed format other than the scenario's runs with its own math path — fp8 and fp4 formats
// on FP8 / FP4 tensor cores (W8A8 / W4A4, as vLLM and TensorRT-LLM serve them), int8 on INT8 tensor cores where the
// GPU has them (else weight-only, math in bf16), weight-only formats (int4 AWQ/GPTQ, nf4, GGUF) dequantised to bf16 —
// and the scenario's KV cache format.
struct PlanPrecision {
    PrecisionSet Set;
    bool         Own = false; // the scenario's own precision: never excluded for its math path (the engine falls back to bf16 with a warning)
};
std::vector<PlanPrecision> PlanPrecisions(const Scenario& scenario);
// Why `gpu` cannot run an allowed precision ("" when it can): an fp8 or fp4 format on a GPU with no such tensor path
// (no FP8 before Ada/Hopper/CDNA3, no FP4 before Blackwell/CDNA4: hardware_support.h).
std::string PrecisionUnsupported(const GpuSpec& gpu, const PlanPrecision& precision);

// One configuration the search priced: a point for the Pareto front (cost vs latency / wall-clock).
struct PlanPoint {
    std::string GpuId;
    std::string GpuName;
    int         GpuCount = 0;
    double      Cost = 0;     // the workload's metric: monthly bill, job cost or run cost (scenario currency)
    double      LatencyS = 0; // online: p95 TTFT (TTFT at load without a request rate); batch: job time; training: wall-clock
    bool        OnFront = false;
    std::string Precision;    // the weights format it runs at
};

// One configuration of a row's GPU the search priced, at the row's precision (the GPU and precision are the row's:
// SummarizePlan names them on the front's PlanPoints).
struct PlanRowPoint {
    int    GpuCount = 0;
    double Cost     = 0; // as PlanPoint::Cost
    double LatencyS = 0; // as PlanPoint::LatencyS
};

struct PlanRow {
    std::string GpuId;
    std::string GpuName;
    std::string Precision;            // the weights format the row is sized at ("int8"); Chosen.Precision has all three
    bool        Feasible = false;     // fits, meets the SLA it is listed under, and has a price: ranked
    PlanExclusion Excluded = PlanExclusion::None;
    std::string Reason;               // how it was sized, or why it is excluded (what it would need)
    int         GpuCount = 0;         // GPUs the configuration uses (0 when it does not fit)
    int         TensorParallel = 1;   // inference: GPUs per replica; training: the layout's TP
    int         Replicas = 0;         // inference: data-parallel replicas
    int         Concurrency = 0;      // inference: sequences per replica the sizing chose
    double      MemoryPerGpuBytes = 0;
    double      MemoryUse = 0;        // MemoryPerGpu.Total / capacity
    std::string Fabric;               // inter-node fabric the configuration was sized on ("infiniband", "ethernet-class", …)
    // inference (0 when not meaningful: no generated tokens/s when output_tokens is 0)
    double      TtftS = 0;            // TTFT at load, no queue
    double      TtftP95S = 0;         // with queueing: the Result's inference.ttft_p95_s for Chosen (one computation)
    double      TtftP99S = 0;
    double      TokensPerSPerUser = 0;
    double      ThroughputTokensPerS = 0;
    // batch job / training run wall-clock of the chosen kind (on-demand or spot)
    double      TimeS = 0;
    // cost (scenario currency)
    double      PerHour = 0;          // cheapest on-demand (or the visitor's rate for the scenario's own GPU)
    double      MonthlyCost = 0;      // online: the bill at the traffic profile
    double      PerThousandRequests = 0;
    double      PerMillionInputTokens = 0;
    double      PerMillionOutputTokens = 0;
    double      PerMillionTokens = 0; // per generated token at the sized load (batch without a request count: at the optimal batch)
    double      JobCost = 0;          // batch / training on-demand (training: + checkpoint storage)
    double      SpotJobCost = 0;      // the same on spot with its preemption overhead; 0 = no spot offer (or dearer per hour)
    double      SpotOverhead = 0;     // that overhead: extra work from interruptions, fraction of the job
    double      Metric = 0;           // what the ranking sorts by: MonthlyCost, or the cheaper of JobCost / SpotJobCost
    std::string MetricKind;           // "on_demand" | "spot"
    std::string CheapestOffer;        // provider name
    std::vector<PlanRowPoint> Points; // every configuration of this GPU the search priced (Pareto front input)
    Scenario    Chosen;               // the configuration the row's figures come from (GPU, count, layout, batch, fabric):
                                      // Use applies it whole, so the Result shows the row's numbers
};

// The ranked answer: feasible rows by Metric, then excluded ones (one per GPU family, with the reason).
struct PlanSummary {
    std::string Metric;               // "monthly_cost" | "job_cost" | "cost_per_million_tokens" | "run_cost"
    std::string LatencyName;          // "ttft_p95_s" | "ttft_s" | "job_time_s" | "wall_clock_s"
    double      WinnerMargin = 0;     // runner-up's metric / winner's − 1 (0 with fewer than two feasible rows)
    std::vector<PlanPoint> Front;     // Pareto-optimal configurations, cheapest first
};

// Sizes the scenario on each candidate and ranks them. `storage_per_gb_month_default` is in the scenario's currency.
std::vector<PlanRow> Plan(const Scenario& scenario, const std::vector<PlanCandidate>& candidates, double electricity_per_kwh_default,
                          double storage_per_gb_month_default = kDefaultStorageUsdPerGbMonth);

// The winner's margin and the Pareto front (cost vs latency or wall-clock) of ranked rows.
PlanSummary SummarizePlan(const Scenario& scenario, const std::vector<PlanRow>& rows);

// Fewest replicas of `batch` serving slots each that carry `rate` requests/s (the peak) with a request's service time
// `service_s` and TTFT at load `ttft_s`, so that TTFT + the M/D/c wait (queueing.h) meets the p95 target
// (inference.ttft_p95_sla_s, else ttft_sla_s) and the p99 target, and the queue is stable. 0 when more than
// `max_replicas` would be needed. The planner passes TTFT and service time at the replica's full batch: an upper bound
// on the Result's own percentiles (which take TTFT at the load the rate puts on the slots), so a row's p95/p99 — the
// Result's — never exceed what the search checked.
double ReplicasForRate(const InferenceParams& in, double batch, double service_s, double ttft_s, double rate, double max_replicas);

// Most GPUs one plan row may use; larger needs are reported, never wrapped around an int.
constexpr double kMaxPlanGpus = 1e6;

} // namespace engine
