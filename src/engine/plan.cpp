// gpuplan engine: sizing and ranking a scenario across GPUs (method: docs/PLANNING.md).
//
// Index
// [SECTION] Fabrics: what each offer says about the network between nodes
// [SECTION] Online serving: replicas × concurrency for the traffic and the SLA
// [SECTION] Batch jobs: the optimal batch, replicas for the deadline, spot where cheaper
// [SECTION] Training runs: counts, layouts, spot where cheaper
// [SECTION] Plan, ranking and the Pareto front
#include "engine/plan.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string_view>
#include <utility>

#include "engine/derivation.h"
#include "engine/engine.h"
#include "engine/hardware_support.h"
#include "engine/queueing.h"
#include "engine/training.h"

namespace engine {

namespace {

// Largest replica the search considers: two 8-GPU nodes (TP 16 spans nodes, so it needs a stated fast fabric).
constexpr int kMaxTensorParallel = 16;
// Serving slots (replicas × concurrency) the queueing search evaluates; Erlang C costs O(slots).
constexpr double kMaxServingSlots = 1e7;
// Exposed communication share of a training step above which a multi-node layout on Ethernet-class networking is
// excluded as "needs InfiniBand/RoCE": more than half of every step waiting on the network.
constexpr double kFabricBoundShare = 0.5;

// The Pareto front lists a dearer configuration only when it cuts the latency (or wall-clock) by at least this share.
constexpr double kFrontMinGain = 0.05;

const char* const kExclusionNames[] = {"none", "no_figures", "no_math_path", "does_not_fit", "needs_fabric", "sla_missed", "no_offer"};
static_assert(sizeof(kExclusionNames) / sizeof(kExclusionNames[0]) == static_cast<size_t>(PlanExclusion::Count), "names");

[[gnu::cold]] std::string Str(double value) { return Num(value); }
[[gnu::cold]] std::string Count(double value) { return std::to_string(static_cast<long long>(value)); }

//-----------------------------------------------------------------------------
// [SECTION] Fabrics
//-----------------------------------------------------------------------------

// An on-demand offer's instance size and rate, as OnDemandPerHour prices it.
struct OnDemandRate {
    double GpusPerInstance = 1;
    double PricePerGpuHour = 0;
};

// The network a configuration runs on, and the offers that provide it.
struct FabricGroup {
    int                      GpusPerNode = 8;
    double                   NetworkBytesPerSPerGpu = kEthernetClassBytesPerSPerGpu;
    std::string              Name;          // "infiniband", "roce", "ethernet", "ethernet-class" (not stated), "yours"
    bool                     Fast = false;  // InfiniBand / RoCE stated, or the visitor's own cluster
    std::vector<const PriceOption*> Offers; // into PlanCandidate::Offers (no copy per GPU and group)
    std::vector<OnDemandRate> OnDemand;     // the priced on-demand ones among Offers, in their order (read per sizing point)
};

// Groups a GPU's offers by what they state about the fabric; an offer that states nothing is Ethernet-class (the
// planner never assumes InfiniBand). GPUs on one host: the offer's `gpus_per_node`, else the largest instance the
// same provider sells for this GPU (a provider with 8-GPU shapes can put a smaller job on one host), else the
// instance itself. The scenario's own GPU with the visitor's rate runs on the visitor's cluster
// (hardware.gpus_per_node, hardware.network_gb_s_per_gpu).
std::vector<FabricGroup> FabricGroupsOf(const Scenario& s, const PlanCandidate& candidate, bool own_rate) {
    std::vector<FabricGroup> groups;
    if (own_rate) {
        FabricGroup own;
        own.GpusPerNode = s.Cluster.GpusPerNode;
        own.NetworkBytesPerSPerGpu = s.Cluster.NetworkBytesPerSPerGpu;
        own.Name = "yours";
        own.Fast = true;
        groups.push_back(own);
        return groups;
    }
    // A GPU has a few dozen offers from a handful of providers, in one to three groups: short linear scans.
    std::vector<std::pair<const std::string*, int>> largest; // per provider: its largest instance
    const auto provider_of = [&largest](const std::string& id) -> std::pair<const std::string*, int>& {
        size_t i = 0;
        while (i < largest.size() && *largest[i].first != id) ++i;
        if (i == largest.size()) largest.push_back({&id, 0});
        return largest[i];
    };
    for (const PriceOption& offer : candidate.Offers) {
        std::pair<const std::string*, int>& provider = provider_of(offer.ProviderId);
        provider.second = std::max(provider.second, std::max(1, offer.GpusPerInstance));
    }
    const auto largest_instance = [&provider_of](const std::string& id) { return provider_of(id).second; };
    for (const PriceOption& offer : candidate.Offers) {
        // The offer's node size, bandwidth and fabric name; a group is built only for a new (node, bandwidth) pair.
        const int node = offer.GpusPerNode > 0 ? offer.GpusPerNode : largest_instance(offer.ProviderId);
        const bool fast = IsFastFabric(offer.Fabric);
        const std::string_view name = offer.Fabric.empty() ? std::string_view("ethernet-class") : std::string_view(offer.Fabric);
        double bandwidth = kEthernetClassBytesPerSPerGpu;
        if (offer.NetworkBytesPerSPerGpu > 0) bandwidth = offer.NetworkBytesPerSPerGpu;
        else if (fast) bandwidth = s.Cluster.NetworkBytesPerSPerGpu; // fabric stated without a figure: the scenario's
        size_t at = 0; // the group of the same node size and bandwidth, else a new one
        while (at < groups.size() && !(groups[at].GpusPerNode == node && groups[at].NetworkBytesPerSPerGpu == bandwidth)) ++at;
        if (at == groups.size()) {
            FabricGroup g;
            g.GpusPerNode = node;
            g.NetworkBytesPerSPerGpu = bandwidth;
            g.Name = std::string(name);
            g.Fast = fast;
            g.Offers.reserve(candidate.Offers.size());
            groups.push_back(std::move(g));
        }
        FabricGroup& group = groups[at];
        if (group.Name.find(name) == std::string::npos) { // "efa/infiniband": same node, same bandwidth
            group.Name += '/';
            group.Name += name;
        }
        group.Offers.push_back(&offer);
        if (std::string_view(offer.Kind) == "on_demand" && offer.PricePerGpuHour > 0)
            group.OnDemand.push_back({static_cast<double>(std::max(1, offer.GpusPerInstance)), offer.PricePerGpuHour});
    }
    if (groups.empty()) { // no offer: sized on an Ethernet-class cluster of the scenario's node size, reported as "no offer"
        FabricGroup none;
        none.GpusPerNode = s.Cluster.GpusPerNode;
        none.Name = "ethernet-class";
        groups.push_back(none);
    }
    return groups;
}

// The offers that can run a configuration sized on `chosen`: its own, and every other offer whose hosts hold one
// unit of it whole (a replica for inference, the whole run for training), so that no traffic crosses their network.
// A job sized on one fabric is then priced at the cheapest offer that can host it, spot included.
std::vector<PriceOption> OffersThatCanHost(const std::vector<FabricGroup>& groups, const FabricGroup& chosen, int unit_gpus) {
    size_t count = chosen.Offers.size();
    for (const FabricGroup& g : groups)
        if (&g != &chosen && unit_gpus <= g.GpusPerNode) count += g.Offers.size();
    std::vector<PriceOption> out;
    out.reserve(count);
    for (const PriceOption* offer : chosen.Offers) out.push_back(*offer);
    for (const FabricGroup& g : groups)
        if (&g != &chosen && unit_gpus <= g.GpusPerNode)
            for (const PriceOption* offer : g.Offers) out.push_back(*offer);
    return out;
}

// The scenario on a candidate GPU and fabric; the visitor's own rate (own_rate) applies to their own GPU only, 0 elsewhere.
Scenario OnFabric(Scenario s, const GpuSpec& gpu, const FabricGroup& g, double own_rate) {
    s.Gpu = gpu;
    s.Cost.PricePerGpuHour = own_rate;
    s.Cluster.GpusPerNode = g.GpusPerNode;
    s.Cluster.NetworkBytesPerSPerGpu = g.NetworkBytesPerSPerGpu;
    return s;
}

bool HasOnDemand(const FabricGroup& g) { return !g.OnDemand.empty(); }

// Cheapest on-demand rent per hour for `gpus` GPUs (whole instances), as ApplyCosts prices it; 0 = no offer.
double OnDemandPerHour(const FabricGroup& g, double gpus, double own_rate) {
    if (own_rate > 0) return gpus * own_rate;
    double best = 0;
    for (const OnDemandRate& o : g.OnDemand) {
        const double cost = std::ceil(gpus / o.GpusPerInstance) * o.GpusPerInstance * o.PricePerGpuHour;
        if (best == 0 || cost < best) best = cost;
    }
    return best;
}

// The outcome of sizing one GPU on one fabric: a row, or the reason it failed.
struct Sized {
    bool          Ok = false;
    PlanExclusion Why = PlanExclusion::DoesNotFit;
    std::string   Reason;
    std::optional<Scenario> S; // the configuration to evaluate and price (set when Ok; a failure holds none)
    std::vector<PlanRowPoint> Points;
    double        Rank = 0; // for choosing between fabrics before pricing: GPUs, or an estimated cost
    bool          Hostable = true;    // the fabric's offers can host the configuration (ApplyCosts' rule: one host, or a fast fabric)
    bool          PricedRank = false; // training: Rank is an on-demand run cost (else a time)
};

// What the fit probes below read: Ok, Fits and GpusNeeded (no text, no curve, no speed).
constexpr EvaluateOptions kFitOnly{/*Explain=*/false, /*Curve=*/false, /*Speed=*/false};

// The largest point of the throughput curve (one replica) whose memory fits when the replica really runs at that
// concurrency: the curve's KV bound leaves out what grows with it besides the KV cache (the sampled logits), so the
// top point is checked by evaluating it, stepping down the curve until one fits. 0 when none does.
// The probes run on `t` itself (no copy); its concurrency is restored.
double LargestFittingBatch(Scenario* t, const Result& r) {
    const std::vector<ThroughputPoint>& curve = r.Inference.Curve;
    const int concurrency = t->Inference.Concurrency;
    double found = 0;
    for (size_t i = curve.size(); i-- > 0;) {
        t->Inference.Concurrency = static_cast<int>(curve[i].Concurrency);
        const Result at = Evaluate(*t, kFitOnly);
        if (at.Ok && at.Fits) {
            found = curve[i].Concurrency;
            break;
        }
    }
    t->Inference.Concurrency = concurrency;
    return found;
}

// The smallest power-of-two tensor parallelism that holds one replica, or 0. The probe runs on `s` itself (no copy);
// its GPU count and tensor parallelism are restored.
int SmallestTensorParallel(Scenario* s, std::string* error) {
    const int gpu_count = s->GpuCount, tensor_parallel = s->Inference.TensorParallel;
    s->GpuCount = kMaxTensorParallel * s->Inference.PipelineParallel;
    s->Inference.TensorParallel = 1;
    const Result probe = Evaluate(*s, kFitOnly);
    s->GpuCount = gpu_count;
    s->Inference.TensorParallel = tensor_parallel;
    if (!probe.Ok) {
        *error = probe.Error;
        return 0;
    }
    if (probe.GpusNeeded <= 0 || probe.GpusNeeded / s->Inference.PipelineParallel > kMaxTensorParallel) return 0;
    return probe.GpusNeeded / s->Inference.PipelineParallel;
}

[[gnu::cold]] std::string DoesNotFitReason(const Scenario& s) {
    return "does not fit: one replica needs more than " + std::to_string(kMaxTensorParallel * s.Inference.PipelineParallel) + " × " +
           Gb(s.Gpu.MemoryBytes) + " at " + Count(s.Inference.ContextTokens > 0 ? s.Inference.ContextTokens : s.Inference.InputTokens + s.Inference.OutputTokens) +
           " tokens of context; use a smaller weight format or a shorter context";
}

//-----------------------------------------------------------------------------
// [SECTION] Online serving
//-----------------------------------------------------------------------------

// The arrival rate at the peak, requests/s; 0 when the load is given as concurrent users or not at all.
double PeakRequestRate(const InferenceParams& in) { return TrafficPeakRequestsPerS(in.Traffic); }

bool MeetsPointSla(const InferenceParams& in, const ThroughputPoint& p) {
    if (in.TtftSlaS > 0 && p.TtftS > in.TtftSlaS) return false;
    if (in.OutputTokens > 0 && in.MinTokensPerSPerUser > 0 && p.TokensPerSPerUser < in.MinTokensPerSPerUser) return false;
    return true;
}

// Queue-inclusive TTFT targets: p95 from ttft_p95_sla_s (else ttft_sla_s), p99 from ttft_p99_sla_s.
bool MeetsQueueSla(const InferenceParams& in, double slots, double service_s, double rate, double ttft_s) {
    const QueueWaits waits = QueueWaitsOf(slots, service_s, rate);
    if (!waits.Stable) return false;
    const double p95_target = in.TtftP95SlaS > 0 ? in.TtftP95SlaS : in.TtftSlaS;
    if (p95_target > 0 && ttft_s + waits.P95S > p95_target) return false;
    return !(in.TtftP99SlaS > 0 && ttft_s + waits.P99S > in.TtftP99SlaS);
}

Sized SizeOnline(const Scenario& base, const PlanCandidate& candidate, const FabricGroup& g, double own_rate) {
    Sized out;
    Scenario s = OnFabric(base, candidate.Gpu, g, own_rate);
    const InferenceParams& in = base.Inference;
    const int pp = in.PipelineParallel;
    std::string error;
    const int tp_min = SmallestTensorParallel(&s, &error);
    if (tp_min <= 0) {
        out.Reason = error.empty() ? DoesNotFitReason(s) : error;
        return out;
    }
    const double rate = PeakRequestRate(in);
    bool blocked_by_fabric = false, any_sla = false;
    double best_ttft = std::numeric_limits<double>::infinity(), best_speed = 0;
    double best_gpus = 0, best_latency = 0;
    int best_tp = 0, best_batch = 0;
    Scenario& t = s; // each degree is evaluated on the one working copy; the best is set on it at the end
    for (int tp = tp_min; tp <= kMaxTensorParallel && tp <= 4 * tp_min; tp *= 2) {
        const int replica = tp * pp;
        if (replica > g.GpusPerNode && !g.Fast) {
            blocked_by_fabric = true;
            continue;
        }
        t.GpuCount = replica;
        t.Inference.TensorParallel = tp;
        t.Inference.Concurrency = 1;
        const Result r = Evaluate(t);
        if (!r.Ok || !r.Fits) continue;
        const double fit_max = LargestFittingBatch(&t, r);
        out.Points.reserve(out.Points.size() + r.Inference.Curve.size()); // at most one point per curve point
        for (const ThroughputPoint& p : r.Inference.Curve) {
            if (p.Concurrency > fit_max) break;
            best_ttft = std::min(best_ttft, p.TtftS);
            best_speed = std::max(best_speed, p.TokensPerSPerUser);
            if (!MeetsPointSla(in, p)) continue;
            const double batch = p.Concurrency; // one replica: the curve's concurrency is per replica
            const double service_s = p.TtftS + in.OutputTokens * p.TpotS;
            const double max_replicas = std::floor(kMaxPlanGpus / replica);
            double replicas = 1;
            double latency = p.TtftS;
            if (rate > 0) {
                // The stable-queue bound alone needs more GPUs than the best so far: this point cannot win.
                if (out.Ok && std::max(1.0, std::floor(rate * service_s / batch)) * replica > best_gpus) continue;
                replicas = ReplicasForRate(in, batch, service_s, p.TtftS, rate, max_replicas);
                if (replicas > 0) latency = p.TtftS + QueueWaitQuantileS(replicas * batch, service_s, rate, 0.95);
            } else {
                // Concurrent users; with no load stated at all, the scenario's own concurrency is the load.
                const double users = in.TargetUsers > 0 ? in.TargetUsers : in.Concurrency;
                replicas = std::ceil(users / batch);
                if (replicas > max_replicas) replicas = 0;
            }
            if (!(replicas > 0)) {
                out.Why = PlanExclusion::DoesNotFit;
                out.Reason = "the load needs more than " + Count(kMaxPlanGpus) + " GPUs";
                continue;
            }
            any_sla = true;
            const double gpus = replicas * replica;
            const double per_hour = OnDemandPerHour(g, gpus, own_rate);
            out.Points.push_back({static_cast<int>(gpus), per_hour, latency});
            // Fewest GPUs; then the lower latency.
            const bool better = !out.Ok || gpus < best_gpus || (gpus == best_gpus && latency < best_latency);
            if (better) {
                out.Ok = true;
                best_gpus = gpus;
                best_latency = latency;
                best_tp = tp;
                best_batch = static_cast<int>(batch);
                out.Rank = per_hour > 0 ? per_hour : gpus;
            }
        }
    }
    if (out.Ok) {
        out.S = std::move(s);
        out.S->Inference.TensorParallel = best_tp;
        out.S->GpuCount = static_cast<int>(best_gpus);
        out.S->Inference.Concurrency = best_batch;
        return out;
    }
    if (any_sla || out.Reason.size() > 0) return out;
    if (blocked_by_fabric && std::isinf(best_ttft)) {
        out.Why = PlanExclusion::NeedsFabric;
        out.Reason = "needs InfiniBand/RoCE: one replica needs " + std::to_string(tp_min * pp) + " GPUs, more than a node of " +
                     std::to_string(g.GpusPerNode) + ", and no offer states a fast fabric between nodes";
        return out;
    }
    out.Why = PlanExclusion::SlaMissed;
    out.Reason = "SLA missed: best TTFT " + Str(best_ttft) + " s" + (in.TtftSlaS > 0 ? " (target " + Str(in.TtftSlaS) + " s)" : "") +
                 (in.OutputTokens > 0 ? ", best " + Str(best_speed) + " tokens/s per user" +
                                            (in.MinTokensPerSPerUser > 0 ? " (target " + Str(in.MinTokensPerSPerUser) + ")" : "")
                                      : "");
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] Batch jobs
//-----------------------------------------------------------------------------

Sized SizeBatch(const Scenario& base, const PlanCandidate& candidate, const FabricGroup& g, double own_rate) {
    Sized out;
    Scenario s = OnFabric(base, candidate.Gpu, g, own_rate);
    const InferenceParams& in = base.Inference;
    std::string error;
    const int tp = SmallestTensorParallel(&s, &error);
    if (tp <= 0) {
        out.Reason = error.empty() ? DoesNotFitReason(s) : error;
        return out;
    }
    const int replica = tp * in.PipelineParallel;
    if (replica > g.GpusPerNode && !g.Fast) {
        out.Why = PlanExclusion::NeedsFabric;
        out.Reason = "needs InfiniBand/RoCE: one replica needs " + std::to_string(replica) + " GPUs, more than a node of " + std::to_string(g.GpusPerNode) +
                     ", and no offer states a fast fabric between nodes";
        return out;
    }
    Scenario t = s;
    t.GpuCount = replica;
    t.Inference.TensorParallel = tp;
    t.Inference.Concurrency = 1;
    const Result probe = Evaluate(t);
    if (!probe.Ok || !(probe.Inference.OptimalBatch >= 1)) {
        out.Reason = probe.Ok ? "does not fit: the KV cache holds no sequence at this context" : probe.Error;
        return out;
    }
    // The throughput-optimal batch, or the largest below it that fits when it runs (LargestFittingBatch). The job time
    // then comes from the Result at that batch.
    double batch = probe.Inference.OptimalBatch;
    const double fit_max = LargestFittingBatch(&t, probe);
    if (batch > fit_max) batch = fit_max;
    if (!(batch >= 1)) {
        out.Reason = "does not fit: the KV cache holds no sequence at this context";
        return out;
    }
    t.Inference.Concurrency = static_cast<int>(batch);
    const double one_replica_s = Evaluate(t).Inference.BatchJobTimeS;
    double replicas = 1;
    if (in.DeadlineS > 0 && one_replica_s > 0) replicas = std::ceil(one_replica_s / in.DeadlineS);
    if (replicas * replica > kMaxPlanGpus) {
        out.Reason = "the deadline needs more than " + Count(kMaxPlanGpus) + " GPUs";
        return out;
    }
    out.Ok = true;
    out.S = t;
    out.S->GpuCount = static_cast<int>(replicas * replica);
    // Front: more replicas finish sooner; the cost stays near-flat but for whole instances and billing steps.
    for (double n = replicas; n <= replicas * 8 && n * replica <= kMaxPlanGpus; n *= 2) {
        const double gpus = n * replica;
        const double time_s = one_replica_s > 0 ? one_replica_s / n : 0;
        const double per_hour = OnDemandPerHour(g, gpus, own_rate);
        out.Points.push_back({static_cast<int>(gpus), per_hour * time_s / 3600.0, time_s});
    }
    out.Rank = OnDemandPerHour(g, replicas * replica, own_rate);
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] Training runs
//-----------------------------------------------------------------------------

// The current evaluation options without the training layout search (EvaluateOptions::LayoutSearch).
EvaluateOptions WithoutLayoutSearch() {
    EvaluateOptions options = CurrentEvaluateOptions();
    options.LayoutSearch = false;
    return options;
}

// The Suggested* fields of one training result copied into another.
void CopySuggestion(const TrainingResult& from, TrainingResult* to) {
    to->SuggestedFound = from.SuggestedFound;
    to->SuggestedTensorParallel = from.SuggestedTensorParallel;
    to->SuggestedPipelineParallel = from.SuggestedPipelineParallel;
    to->SuggestedDataParallel = from.SuggestedDataParallel;
    to->SuggestedZeroStage = from.SuggestedZeroStage;
    to->SuggestedExpertParallel = from.SuggestedExpertParallel;
    to->SuggestedRecompute = from.SuggestedRecompute;
    to->SuggestedTimeS = from.SuggestedTimeS;
    to->SuggestedMemoryPerGpuBytes = from.SuggestedMemoryPerGpuBytes;
    to->SuggestionReason = from.SuggestionReason;
}

// The scenario's layout on `count` GPUs, or the fastest layout the engine suggests; false when nothing fits.
// The second evaluation, on the suggested layout, does not search again (figures only): the candidates are built from
// what a layout leaves alone (micro-batch, context parallel, virtual stages, shard group, the workload), so the search
// on the changed scenario finds the same layout; the first result's suggestion is kept (tests/catalog/test_layout_search_pruning.cpp
// checks this across the catalog).
bool LayoutTraining(Scenario* s, Result* r) {
    *r = Evaluate(*s);
    if (!r->Ok) return false;
    if (r->Training.SuggestedFound && (!r->Fits || r->Training.SuggestedTimeS < r->Training.TimeS)) {
        ApplySuggestedLayout(r->Training, s);
        if (Explaining()) {
            *r = Evaluate(*s);
        } else {
            Result applied = Evaluate(*s, WithoutLayoutSearch());
            CopySuggestion(r->Training, &applied.Training);
            *r = std::move(applied);
        }
    }
    return r->Ok && r->Fits;
}

Sized SizeTraining(const Scenario& base, const PlanCandidate& candidate, const FabricGroup& g, double own_rate) {
    Sized out;
    Scenario s = OnFabric(base, candidate.Gpu, g, own_rate);
    Result r;
    if (!LayoutTraining(&s, &r)) {
        if (!r.Ok) {
            out.Reason = r.Error;
            return out;
        }
        bool laid_out = false; // the doubling below found the count and its layout: that is the configuration
        if (!(r.GpusNeeded > 0)) {
            // More data parallelism alone never fits (activations do not shard with it): double the GPUs, each count
            // with the fastest layout the search finds (TP, PP, ZeRO-3, recompute), until one fits.
            for (double count = std::max(2.0 * s.GpuCount, 8.0); count <= kMaxPlanGpus; count *= 2) {
                Scenario t = s;
                t.GpuCount = static_cast<int>(count);
                t.Training.ZeroStage = 3;
                Result tr;
                if (LayoutTraining(&t, &tr)) { // count ≤ kMaxPlanGpus: sized and laid out once, not again below
                    laid_out = true;
                    s = std::move(t);
                    r = std::move(tr);
                    break;
                }
            }
        }
        if (!laid_out) {
            if (!(r.GpusNeeded > 0) || r.GpusNeeded > kMaxPlanGpus) {
                out.Reason = "does not fit on " + std::to_string(s.GpuCount) + " GPUs with any layout searched";
                return out;
            }
            s.GpuCount = r.GpusNeeded; // more GPUs than the scenario has: the count that fits, then the fastest layout on it
            s.Training.ZeroStage = std::max(s.Training.ZeroStage, 3);
            if (!LayoutTraining(&s, &r)) {
                out.Reason = "does not fit on " + std::to_string(s.GpuCount) + " GPUs with any layout searched";
                return out;
            }
        }
    }
    // The cost/time trade-off of more GPUs: the fitting count, ×2 and ×4 (each with its fastest layout).
    bool fabric_bound = false;
    const int first = s.GpuCount;
    for (int factor = 1; factor <= 4; factor *= 2) {
        if (static_cast<double>(first) * factor > kMaxPlanGpus) break;
        Scenario t = s;
        t.GpuCount = first * factor;
        Result laid_out;
        if (factor > 1 && !LayoutTraining(&t, &laid_out)) continue;
        const Result& tr = factor == 1 ? r : laid_out; // the fitting count is evaluated already
        const double step = tr.Training.StepTimeS;
        if (t.GpuCount > g.GpusPerNode && !g.Fast && step > 0 && tr.Training.ExposedCommSPerStep / step > kFabricBoundShare) {
            fabric_bound = true;
            continue;
        }
        // ApplyCosts prices a run that spans hosts only on offers that state a fast fabric (InfiniBand is never
        // assumed): on an Ethernet-class group a count beyond one host has no price, however its time looks.
        const bool hostable = own_rate > 0 || g.Fast || t.GpuCount <= g.GpusPerNode;
        const double per_hour = hostable ? OnDemandPerHour(g, t.GpuCount, own_rate) : 0.0;
        const double cost = per_hour * tr.Training.TimeS / 3600.0;
        out.Points.push_back({t.GpuCount, cost, tr.Training.TimeS});
        // A count the offers can host beats one they cannot; then a priced count beats an unpriced one; then the
        // cheaper (priced) or the faster (unpriced) wins.
        const bool priced = cost > 0;
        const bool better = !out.Ok || (hostable && !out.Hostable) ||
                            (hostable == out.Hostable && ((priced && !out.PricedRank) || (priced == out.PricedRank && (priced ? cost : tr.Training.TimeS) < out.Rank)));
        if (better) {
            out.Ok = true;
            out.Hostable = hostable;
            out.PricedRank = priced;
            out.Rank = priced ? cost : tr.Training.TimeS;
            out.S = std::move(t);
        }
    }
    if (!out.Ok && fabric_bound) {
        out.Why = PlanExclusion::NeedsFabric;
        out.Reason = "needs InfiniBand/RoCE: on " + std::to_string(first) + " GPUs in nodes of " + std::to_string(g.GpusPerNode) +
                     " over Ethernet-class networking (no offer states a fast fabric) more than half of each step waits on the network";
    }
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] Plan
//-----------------------------------------------------------------------------

// Fills a row from the priced Result of its configuration: every figure comes from the one Result.
void FillRow(const Scenario& s, const Result& r, const FabricGroup& g, PlanRow* row) {
    const bool inference = s.Workload == WorkloadKind::Inference;
    row->Chosen = s;
    row->GpuCount = s.GpuCount;
    row->MemoryPerGpuBytes = r.MemoryPerGpu.Total;
    row->MemoryUse = s.Gpu.MemoryBytes > 0 ? r.MemoryPerGpu.Total / s.Gpu.MemoryBytes : 0;
    row->Fabric = g.Name;
    row->PerHour = r.Cost.PerHour;
    for (const OfferCost& offer : r.Cost.Offers)
        if (offer.OfferId == r.Cost.CheapestOfferId) row->CheapestOffer = offer.Provider;
    if (s.Cost.PricePerGpuHour > 0) row->CheapestOffer = "your rate";
    if (inference) {
        row->TensorParallel = s.Inference.TensorParallel;
        row->Replicas = r.Inference.Replicas;
        row->Concurrency = s.Inference.Concurrency;
        const bool output = s.Inference.OutputTokens > 0;
        row->TokensPerSPerUser = output ? r.Inference.TokensPerSPerUser : 0;
        row->ThroughputTokensPerS = output ? r.Inference.ThroughputTokensPerS : 0;
        row->PerMillionTokens = output ? r.Cost.PerMillionTokens : 0;
        row->TtftS = TtftAtLoadS(r, s.Inference.Concurrency);
        // The Result's own percentiles (one queueing model, queueing.h): Use shows the same p95/p99.
        row->TtftP95S = r.Inference.TtftP95S;
        row->TtftP99S = r.Inference.TtftP99S;
    } else {
        row->TensorParallel = s.Training.TensorParallel;
        row->TimeS = r.Training.TimeS;
    }
}

// The provider of the spot offer ApplyCosts priced (offers come cheapest first).
std::string CheapestSpotProvider(const CostResult& c) {
    for (const OfferCost& offer : c.Offers)
        if (offer.Kind == "spot") return offer.Provider + " (spot)";
    return "";
}

PlanRow PlanOne(const Scenario& scenario, const PlanCandidate& candidate, double electricity, double storage) {
    PlanRow row;
    row.GpuId = candidate.Gpu.Id;
    row.GpuName = candidate.Gpu.Name;
    row.Precision = FormatName(scenario.Precision.Weights);
    if (!candidate.MissingFigures.empty()) {
        row.Excluded = PlanExclusion::NoFigures;
        row.Reason = "no published figures: " + candidate.MissingFigures;
        return row;
    }
    // The visitor's own rate is for the scenario's own GPU only (issue 10 item 5).
    const bool own_gpu = !scenario.Gpu.Id.empty() && candidate.Gpu.Id == scenario.Gpu.Id;
    const double own_rate = own_gpu ? scenario.Cost.PricePerGpuHour : 0.0;
    const bool inference = scenario.Workload == WorkloadKind::Inference;
    const bool online = inference && scenario.Inference.Mode == ServingMode::Online;

    // Size on every fabric the offers state; keep the cheapest (fewest GPUs where nothing is priced).
    Sized best;
    const FabricGroup* best_group = nullptr;
    const std::vector<FabricGroup> groups = FabricGroupsOf(scenario, candidate, own_rate > 0);
    PlanExclusion failure_why = PlanExclusion::DoesNotFit; // the failure nearest to feasible, when no fabric works
    std::string failure_reason;
    for (const FabricGroup& g : groups) {
        // Each sizing puts the scenario on the candidate and the fabric (OnFabric), with the visitor's rate only on their own GPU.
        Sized sized = online ? SizeOnline(scenario, candidate, g, own_rate) : inference ? SizeBatch(scenario, candidate, g, own_rate) : SizeTraining(scenario, candidate, g, own_rate);
        if (!sized.Ok) {
            if (failure_reason.empty() || sized.Why > failure_why) {
                failure_why = sized.Why;
                failure_reason = std::move(sized.Reason);
            }
            continue;
        }
        // A fabric whose offers can host the configuration and price it beats one that cannot (ApplyCosts then
        // prices with the chosen fabric's offers).
        const bool priced_now = sized.Hostable && (own_rate > 0 || HasOnDemand(g) || (!online && !g.Offers.empty()));
        const bool priced_best = best_group != nullptr && best.Hostable && (own_rate > 0 || HasOnDemand(*best_group) || (!online && !best_group->Offers.empty()));
        if (best_group == nullptr || (priced_now && !priced_best) || (priced_now == priced_best && sized.Rank < best.Rank)) {
            best = std::move(sized);
            best_group = &g;
        }
    }
    if (best_group == nullptr) {
        row.Excluded = failure_why;
        row.Reason = std::move(failure_reason);
        return row;
    }
    row.Points = std::move(best.Points);
    Scenario& s = *best.S;
    const int unit_gpus = inference ? s.Inference.TensorParallel * s.Inference.PipelineParallel : s.GpuCount;
    const std::vector<PriceOption> offers = OffersThatCanHost(groups, *best_group, unit_gpus);
    // The row's Result. A training configuration has its layout already (the sizing searched for it) and a row reads
    // no suggestion: no second search.
    Result r = inference ? Evaluate(s) : Evaluate(s, WithoutLayoutSearch());
    ApplyCosts(s, offers, electricity, &r, storage);
    // Batch with a deadline: spot's preemption overhead can push the job past it at the on-demand replica count;
    // then spot gets the replicas it needs, and the cheaper of the two configurations is kept.
    if (inference && !online && s.Inference.DeadlineS > 0 && r.Cost.Batch.SpotCost > 0 && !r.Cost.Batch.SpotMeetsDeadline) {
        const double replicas = std::ceil(r.Cost.Batch.SpotTimeS / s.Inference.DeadlineS * r.Inference.Replicas);
        if (replicas * unit_gpus <= kMaxPlanGpus) {
            Scenario spot_sized = s;
            spot_sized.GpuCount = static_cast<int>(replicas) * unit_gpus;
            Result alt = Evaluate(spot_sized);
            ApplyCosts(spot_sized, offers, electricity, &alt, storage);
            const BatchEconomics& e = alt.Cost.Batch;
            if (alt.Ok && alt.Fits && e.SpotCost > 0 && e.SpotMeetsDeadline && e.SpotCost < r.Cost.Batch.OnDemandCost) {
                s = spot_sized;
                r = alt;
            }
        }
    }
    if (!r.Ok || !r.Fits) { // the sizing above evaluated the same layout; kept as a guard
        row.Excluded = PlanExclusion::DoesNotFit;
        row.Reason = r.Ok ? "does not fit" : r.Error;
        return row;
    }
    FillRow(s, r, *best_group, &row);
    const CostResult& c = r.Cost;
    if (online) {
        const ServingEconomics& e = c.Serving;
        if (e.Computed) {
            row.MonthlyCost = e.TotalPerMonth;
            row.PerThousandRequests = e.PerThousandRequests;
            row.PerMillionInputTokens = e.PerMillionInputTokens;
            row.PerMillionOutputTokens = e.PerMillionOutputTokens;
            row.Metric = e.TotalPerMonth;
            row.MetricKind = "on_demand";
            // The front's cost is the same bill at each configuration's GPU count (rent scales, storage and egress do not).
            for (PlanRowPoint& p : row.Points)
                p.Cost = p.Cost * e.BilledHoursPerMonth + e.StoragePerMonth + e.EgressPerMonth;
        }
        // The search bounded the chosen configuration's p95 from above (SizeOnline); its front point shows the Result's.
        if (PeakRequestRate(s.Inference) > 0)
            for (PlanRowPoint& p : row.Points)
                if (p.GpuCount == row.GpuCount) p.LatencyS = std::min(p.LatencyS, row.TtftP95S);
        const auto plural = [](double n, const char* one, const char* many) { return std::string(n == 1 ? one : many); };
        const std::string load = PeakRequestRate(s.Inference) > 0 ? Str(e.PeakRequestsPerS) + " requests/s at the peak"
                                 : s.Inference.TargetUsers > 0  ? Count(s.Inference.TargetUsers) + plural(s.Inference.TargetUsers, " user", " users")
                                                                : Count(scenario.Inference.Concurrency) +
                                                                      plural(scenario.Inference.Concurrency, " concurrent sequence", " concurrent sequences");
        const int replica_gpus = row.TensorParallel * s.Inference.PipelineParallel;
        row.Reason = std::to_string(row.Replicas) + plural(row.Replicas, " replica", " replicas") + " of " + std::to_string(replica_gpus) +
                     plural(replica_gpus, " GPU", " GPUs") + " × " + std::to_string(row.Concurrency) + plural(row.Concurrency, " sequence", " sequences") +
                     " for " + load;
    } else if (inference) {
        const BatchEconomics& e = c.Batch;
        if (e.Computed) {
            row.JobCost = e.OnDemandCost;
            row.SpotJobCost = e.SpotCost;
            row.SpotOverhead = e.SpotOverhead;
            const bool spot = e.SpotCost > 0 && e.SpotCheaper && e.SpotMeetsDeadline;
            row.Metric = spot ? e.SpotCost : e.OnDemandCost;
            row.MetricKind = spot ? "spot" : "on_demand";
            row.TimeS = spot ? e.SpotTimeS : e.JobTimeS;
            if (spot) row.CheapestOffer = CheapestSpotProvider(c);
            if (!(spot ? e.SpotMeetsDeadline : e.MeetsDeadline)) {
                row.Excluded = PlanExclusion::SlaMissed;
                row.Reason = "deadline missed";
            }
        } else {
            row.Metric = row.PerMillionTokens;
            row.MetricKind = "on_demand";
        }
        row.Reason = std::to_string(row.Replicas) + (row.Replicas == 1 ? " replica" : " replicas") + " of " + std::to_string(row.TensorParallel) + " GPU" +
                     (row.TensorParallel > 1 ? "s" : "") + " at the optimal batch of " + std::to_string(row.Concurrency) + (row.MetricKind == "spot" ? ", on spot" : "");
    } else {
        const TrainingEconomics& e = c.Train;
        row.JobCost = e.Computed ? e.OnDemandTotal : c.JobCost;
        row.SpotJobCost = e.SpotCost;
        row.SpotOverhead = e.SpotOverhead;
        const bool spot = e.SpotCost > 0 && e.SpotCheaper;
        row.Metric = spot ? e.SpotCost : row.JobCost;
        row.MetricKind = spot ? "spot" : "on_demand";
        if (spot) {
            row.TimeS = e.SpotTimeS;
            row.CheapestOffer = CheapestSpotProvider(c);
        }
        row.Reason = std::to_string(s.GpuCount) + " GPUs, TP " + std::to_string(s.Training.TensorParallel) + " PP " + std::to_string(s.Training.PipelineParallel) +
                     " ZeRO " + std::to_string(s.Training.ZeroStage) + " on " + best_group->Name + (spot ? ", on spot with checkpoints" : "");
    }
    if (!online) {
        // The front's points carry the chosen configuration's kind and extras (spot overhead, storage, billing steps):
        // the chosen one exactly, the other counts scaled by the same ratio to their rent.
        double ratio = 0;
        for (const PlanRowPoint& p : row.Points)
            if (p.GpuCount == row.GpuCount && p.Cost > 0) ratio = row.Metric / p.Cost;
        for (PlanRowPoint& p : row.Points) {
            if (p.GpuCount == row.GpuCount) {
                p.Cost = row.Metric;
                p.LatencyS = row.TimeS;
            } else {
                p.Cost *= ratio;
            }
        }
    }
    if (row.Excluded == PlanExclusion::SlaMissed) return row;
    if (!(row.Metric > 0)) {
        row.Excluded = PlanExclusion::NoOffer;
        // Offers left out only for their age are named: the visitor can allow them instead of typing a rate.
        int newest_stale_days = -1;
        for (const OfferCost& offer : c.Offers)
            if (offer.Stale && (!online || offer.Kind == "on_demand") && (newest_stale_days < 0 || offer.AgeDays < newest_stale_days))
                newest_stale_days = offer.AgeDays;
        const std::string fits = std::string("fits") + (inference ? " and meets the SLA" : "") + " on " + std::to_string(s.GpuCount) +
                                 (s.GpuCount == 1 ? " GPU" : " GPUs");
        row.Reason = newest_stale_days >= 0
                         ? "only stale " + std::string(online ? "on-demand " : "") + "offers (the newest " + std::to_string(newest_stale_days) +
                               " days old): " + fits + "; allow stale prices (cost.allow_stale_prices) or enter your own rate per GPU-hour"
                         : "no " + std::string(online ? "on-demand " : "") + "offer: " + fits + "; enter your own rate per GPU-hour to price it";
        return row;
    }
    row.Feasible = true;
    return row;
}

} // namespace

// The queue SLA holds from some replica count on (waits fall as replicas grow): double from the stability bound, then bisect.
double ReplicasForRate(const InferenceParams& in, double batch, double service_s, double ttft_s, double rate, double max_replicas) {
    double lo = std::max(1.0, std::floor(rate * service_s / batch)); // below this the queue is unstable
    auto ok = [&](double n) { return n * batch <= kMaxServingSlots && MeetsQueueSla(in, n * batch, service_s, rate, ttft_s); };
    if (ok(lo)) return lo;
    double hi = lo;
    while (!ok(hi)) {
        hi *= 2.0;
        if (hi > max_replicas || hi * batch > kMaxServingSlots) return 0;
    }
    while (hi - lo > 1) {
        const double mid = std::floor((lo + hi) / 2.0);
        if (ok(mid)) hi = mid;
        else lo = mid;
    }
    return hi;
}

const char* PlanExclusionName(PlanExclusion exclusion) { return kExclusionNames[static_cast<int>(exclusion)]; }

std::vector<PlanPrecision> PlanPrecisions(const Scenario& scenario) {
    std::vector<PlanPrecision> out;
    PlanPrecision own;
    own.Set = scenario.Precision;
    own.Own = true;
    out.push_back(own);
    if (scenario.Workload != WorkloadKind::Inference) return out; // training runs at the scenario's precision
    for (Format weights : scenario.AllowedWeights) {
        bool seen = false;
        for (const PlanPrecision& p : out) seen |= p.Set.Weights == weights;
        if (seen) continue;
        const FormatInfo& info = GetFormatInfo(weights);
        PlanPrecision p;
        p.Set = scenario.Precision;
        p.Set.Weights = weights;
        // Weight-only formats dequantise to bf16 for the matmuls; the others compute in their own format.
        p.Set.Compute = info.WeightOnly ? Format::Bf16 : weights;
        out.push_back(p);
    }
    return out;
}

std::string PrecisionUnsupported(const GpuSpec& gpu, const PlanPrecision& precision) {
    if (precision.Own) return "";
    const ComputeClass compute = GetFormatInfo(precision.Set.Compute).Compute;
    if (compute != ComputeClass::Fp8 && compute != ComputeClass::Fp4) return "";
    if (GpuComputesNatively(gpu, compute)) return "";
    const std::string path = compute == ComputeClass::Fp8 ? "FP8" : "FP4";
    return "no " + path + " math path: " + gpu.Name + " (" + gpu.Architecture + ") has no " + path + " tensor cores, so " +
           FormatName(precision.Set.Weights) + " weights and math cannot run on it as allowed; " +
           (compute == ComputeClass::Fp8 ? "FP8 needs Ada, Hopper, Blackwell or CDNA3" : "FP4 needs Blackwell or CDNA4") +
           " (to run the format as storage only, with math in bf16, make it the scenario's own weight format)";
}

std::vector<PlanRow> Plan(const Scenario& scenario, const std::vector<PlanCandidate>& candidates, double electricity, double storage) {
    // Figures only: a row is built from figures, never from an evaluation's derivation text or warnings, so the
    // planner formats none (the curve stays: online sizing walks it, batch sizing reads its optimal batch).
    const EvaluateOptionsScope figures_only(EvaluateOptions{/*Explain=*/false, /*Curve=*/true});
    const std::vector<PlanPrecision> precisions = PlanPrecisions(scenario);
    std::vector<PlanRow> rows;
    rows.reserve(candidates.size() * precisions.size());
    Scenario at = scenario; // one working copy: each row sets its precision on it
    for (const PlanCandidate& candidate : candidates)
        for (const PlanPrecision& precision : precisions) {
            if (!candidate.MissingFigures.empty() && !precision.Own) continue; // one "no figures" row per GPU, not one per precision
            at.Precision = precision.Set;
            const std::string unsupported = PrecisionUnsupported(candidate.Gpu, precision);
            if (unsupported.empty()) {
                rows.push_back(PlanOne(at, candidate, electricity, storage));
                continue;
            }
            PlanRow row;
            row.GpuId = candidate.Gpu.Id;
            row.GpuName = candidate.Gpu.Name;
            row.Precision = FormatName(precision.Set.Weights);
            row.Excluded = PlanExclusion::NoMathPath;
            row.Reason = unsupported;
            rows.push_back(row);
        }
    // The rows (each holding its Scenario) are sorted through their indices and moved once into place.
    std::vector<size_t> order(rows.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&rows](size_t i, size_t j) {
        const PlanRow& a = rows[i];
        const PlanRow& b = rows[j];
        if (a.Feasible != b.Feasible) return a.Feasible;
        if (a.Feasible) return a.Metric < b.Metric;
        if (a.Excluded != b.Excluded) return a.Excluded > b.Excluded; // nearest to feasible first: no offer, SLA, fabric, fit, figures
        return a.GpuName < b.GpuName;
    });
    std::vector<PlanRow> sorted;
    sorted.reserve(rows.size());
    for (size_t i : order) sorted.push_back(std::move(rows[i]));
    return sorted;
}

PlanSummary SummarizePlan(const Scenario& s, const std::vector<PlanRow>& rows) {
    PlanSummary summary;
    const bool inference = s.Workload == WorkloadKind::Inference;
    const bool online = inference && s.Inference.Mode == ServingMode::Online;
    summary.Metric = online ? "monthly_cost" : inference ? (s.Inference.BatchRequests > 0 ? "job_cost" : "cost_per_million_tokens") : "run_cost";
    summary.LatencyName = online ? (PeakRequestRate(s.Inference) > 0 ? "ttft_p95_s" : "ttft_s") : inference ? "job_time_s" : "wall_clock_s";
    if (rows.size() >= 2 && rows[0].Feasible && rows[1].Feasible && rows[0].Metric > 0) summary.WinnerMargin = rows[1].Metric / rows[0].Metric - 1.0;
    // Every feasible row's priced configurations, cheapest first; each named (GPU, precision) only if on the front.
    struct Candidate {
        const PlanRow*      Row;
        const PlanRowPoint* Point;
    };
    std::vector<Candidate> points;
    for (const PlanRow& row : rows)
        if (row.Feasible)
            for (const PlanRowPoint& p : row.Points)
                if (p.Cost > 0 && std::isfinite(p.Cost) && std::isfinite(p.LatencyS)) points.push_back({&row, &p});
    std::sort(points.begin(), points.end(), [](const Candidate& a, const Candidate& b) {
        return a.Point->Cost != b.Point->Cost ? a.Point->Cost < b.Point->Cost : a.Point->LatencyS < b.Point->LatencyS;
    });
    double best_latency = std::numeric_limits<double>::infinity();
    for (const Candidate& c : points) {
        // Cheaper points came first: only a faster one is not dominated. A point that saves less than
        // kFrontMinGain of the latency for more money is left out, so the front lists real choices.
        if (c.Point->LatencyS < best_latency * (1.0 - kFrontMinGain)) {
            best_latency = c.Point->LatencyS;
            summary.Front.push_back({c.Row->GpuId, c.Row->GpuName, c.Point->GpuCount, c.Point->Cost, c.Point->LatencyS, /*OnFront=*/true, c.Row->Precision});
        }
    }
    return summary;
}

} // namespace engine
