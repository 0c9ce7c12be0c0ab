// gpuplan engine: sizing and ranking a scenario across GPUs.
#include "engine/plan.h"

#include <algorithm>

#include "engine/engine.h"
#include "engine/training.h"

namespace engine {

namespace {

// Largest replica the search considers: one 8-GPU node, or 2 nodes for the largest models (TP 16 spans nodes).
constexpr int kMaxTensorParallel = 16;

PlanRow SizeInference(Scenario s, const PlanCandidate& candidate, double electricity, Result* out) {
    PlanRow row;
    s.Gpu = candidate.Gpu;
    s.GpuCount = kMaxTensorParallel * s.Inference.PipelineParallel;
    s.Inference.TensorParallel = 1;
    const Result probe = Evaluate(s);
    if (!probe.Ok) {
        row.Reason = probe.Error;
        return row;
    }
    if (probe.GpusNeeded <= 0 || probe.GpusNeeded / s.Inference.PipelineParallel > kMaxTensorParallel) {
        row.Reason = "does not fit on " + std::to_string(kMaxTensorParallel) + " GPUs per replica";
        return row;
    }
    const int tp = probe.GpusNeeded / s.Inference.PipelineParallel;
    const int replica = tp * s.Inference.PipelineParallel;
    // Models whose KV heads do not divide the TP degree are still served (heads replicate), so any power of two goes.
    s.Inference.TensorParallel = tp;
    s.GpuCount = replica;
    Result r = Evaluate(s);
    row.Reason = "one replica of " + std::to_string(replica) + " GPU" + (replica > 1 ? "s" : "");
    if (s.Inference.TargetUsers > 0) {
        if (r.Inference.GpusForTargetUsers <= 0) {
            row.Reason = "cannot meet the service level for the target users";
            *out = r;
            return row;
        }
        if (!(r.Inference.GpusForTargetUsers <= kMaxGpuCount)) { // also NaN
            row.Reason = "needs more than " + std::to_string(kMaxGpuCount) + " GPUs for the target users";
            *out = r;
            return row;
        }
        s.GpuCount = static_cast<int>(std::max<double>(replica, r.Inference.GpusForTargetUsers));
        r = Evaluate(s);
        row.Reason = std::to_string(s.GpuCount / replica) + " replicas of " + std::to_string(replica) + " GPUs for " +
                     std::to_string(static_cast<long long>(s.Inference.TargetUsers)) + " users";
    }
    ApplyCosts(s, candidate.Offers, electricity, &r);
    row.Feasible = r.Ok && r.Fits;
    row.GpuCount = s.GpuCount;
    row.TensorParallel = tp;
    row.TtftS = r.Inference.TtftS;
    row.TokensPerSPerUser = r.Inference.TokensPerSPerUser;
    row.ThroughputTokensPerS = r.Inference.ThroughputTokensPerS;
    *out = r;
    return row;
}

PlanRow SizeTraining(Scenario s, const PlanCandidate& candidate, double electricity, Result* out) {
    PlanRow row;
    s.Gpu = candidate.Gpu;
    Result r = Evaluate(s);
    if (!r.Ok) {
        row.Reason = r.Error;
        *out = r;
        return row;
    }
    auto adopt_suggestion = [&](const Result& from) { ApplySuggestedLayout(from.Training, &s); };
    row.Reason = std::to_string(s.GpuCount) + " GPUs, your layout";
    if (r.Training.SuggestedFound && (!r.Fits || r.Training.SuggestedTimeS < r.Training.TimeS)) {
        adopt_suggestion(r);
        r = Evaluate(s);
        row.Reason = std::to_string(s.GpuCount) + " GPUs, suggested layout";
    } else if (!r.Fits && r.GpusNeeded > 0) {
        // More GPUs than the scenario has: take the count that fits, then the fastest layout on it.
        s.GpuCount = r.GpusNeeded;
        s.Training.ZeroStage = std::max(s.Training.ZeroStage, 3);
        r = Evaluate(s);
        if (r.Training.SuggestedFound) {
            adopt_suggestion(r);
            r = Evaluate(s);
        }
        row.Reason = std::to_string(s.GpuCount) + " GPUs needed to fit";
    }
    ApplyCosts(s, candidate.Offers, electricity, &r);
    row.Feasible = r.Ok && r.Fits;
    if (!row.Feasible) row.Reason = "does not fit on " + std::to_string(s.GpuCount) + " GPUs with any layout searched";
    row.GpuCount = s.GpuCount;
    row.TensorParallel = s.Training.TensorParallel;
    row.TimeS = r.Training.TimeS;
    *out = r;
    return row;
}

bool Priced(const PlanRow& row) { return row.PerMillionTokens > 0 || row.JobCost > 0; }

} // namespace

std::vector<PlanRow> Plan(const Scenario& scenario, const std::vector<PlanCandidate>& candidates, double electricity) {
    const EvaluateOptionsScope figures_only({/*Explain=*/false, /*Curve=*/false}); // rows need numbers, not derivation text
    std::vector<PlanRow> rows;
    const bool inference = scenario.Workload == WorkloadKind::Inference;
    for (const PlanCandidate& candidate : candidates) {
        Result r;
        PlanRow row = inference ? SizeInference(scenario, candidate, electricity, &r) : SizeTraining(scenario, candidate, electricity, &r);
        row.GpuId = candidate.Gpu.Id;
        row.GpuName = candidate.Gpu.Name;
        row.MemoryPerGpuBytes = r.MemoryPerGpu.Total;
        row.MemoryUse = candidate.Gpu.MemoryBytes > 0 ? r.MemoryPerGpu.Total / candidate.Gpu.MemoryBytes : 0;
        row.PerHour = r.Cost.PerHour;
        row.PerMillionTokens = inference ? r.Cost.PerMillionTokens : 0;
        row.JobCost = inference ? 0 : r.Cost.JobCost;
        for (const OfferCost& offer : r.Cost.Offers)
            if (offer.OfferId == r.Cost.CheapestOfferId) row.CheapestOffer = offer.Provider;
        rows.push_back(row);
    }
    auto cost = [&](const PlanRow& row) { return inference ? row.PerMillionTokens : row.JobCost; };
    std::stable_sort(rows.begin(), rows.end(), [&](const PlanRow& a, const PlanRow& b) {
        const int rank_a = a.Feasible ? (Priced(a) ? 0 : 1) : 2;
        const int rank_b = b.Feasible ? (Priced(b) ? 0 : 1) : 2;
        if (rank_a != rank_b) return rank_a < rank_b;
        if (rank_a == 0) return cost(a) < cost(b);
        if (rank_a == 1) return a.GpuCount < b.GpuCount;
        return a.GpuName < b.GpuName;
    });
    return rows;
}

} // namespace engine
