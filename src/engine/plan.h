// gpuplan engine: which GPUs and how many — the scenario sized and priced on every candidate GPU, ranked.
// "The cheapest card that comfortably fits the model and the traffic almost always wins": ranking is by price per
// million generated tokens (inference) or per training run, not by price per card.
#pragma once
#include <string>
#include <vector>

#include "engine/cost.h"
#include "engine/result.h"
#include "engine/scenario.h"

namespace engine {

struct PlanCandidate {
    GpuSpec                  Gpu;
    std::vector<PriceOption> Offers; // in the scenario's currency
};

struct PlanRow {
    std::string GpuId;
    std::string GpuName;
    bool        Feasible = false;     // a configuration of this GPU fits (and meets the SLA when one is set)
    std::string Reason;               // why not, or how it was sized
    int         GpuCount = 0;         // GPUs the configuration uses
    int         TensorParallel = 1;   // inference: GPUs per replica; training: the layout's TP
    double      MemoryPerGpuBytes = 0;
    double      MemoryUse = 0;        // MemoryPerGpu.Total / capacity
    // inference
    double      TtftS = 0;
    double      TokensPerSPerUser = 0;
    double      ThroughputTokensPerS = 0;
    // training
    double      TimeS = 0;
    // cost (cheapest on-demand; 0 = no price)
    double      PerHour = 0;
    double      PerMillionTokens = 0;
    double      JobCost = 0;
    std::string CheapestOffer;        // provider name
};

// Sizes the scenario on each candidate: inference — the smallest tensor-parallel replica that fits at the
// scenario's context and concurrency (enough replicas for inference.target_users under the SLA when set);
// training — the scenario's GPU count with the fastest layout that fits, or the smallest count that fits.
// Rows come back ranked: feasible and priced first (cheapest per million tokens / per run), then feasible without
// a price (fewest GPUs), then infeasible.
std::vector<PlanRow> Plan(const Scenario& scenario, const std::vector<PlanCandidate>& candidates, double electricity_per_kwh_default);

} // namespace engine
