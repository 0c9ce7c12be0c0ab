// gpuplan engine: cost arithmetic — offers, the serving bill, batch jobs and training runs on-demand vs spot.
//
// Index
// [SECTION] Online serving: the monthly bill at the traffic profile
// [SECTION] Batch jobs: on-demand vs spot
// [SECTION] Training runs: spot with checkpoints, checkpoint storage
// [SECTION] ApplyCosts
#include "engine/cost.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "engine/derivation.h"
#include "engine/model_math.h"
#include "engine/training.h"

namespace engine {

namespace {

bool IsInference(const Scenario& s) { return s.Workload == WorkloadKind::Inference; }

OfferCost PriceOffer(const Scenario& s, const Result& r, const PriceOption& option) {
    OfferCost cost;
    cost.OfferId = option.OfferId;
    cost.Provider = option.ProviderName;
    cost.Kind = option.Kind;
    cost.Region = option.Region;
    cost.AsOf = option.AsOf;
    cost.Estimate = option.Estimate;
    cost.Stale = option.Stale;
    cost.AgeDays = option.AgeDays;
    cost.DearerThanOnDemand = option.DearerThanOnDemand;
    cost.BillingGranularityS = option.BillingGranularityS;
    cost.BillingMinimumS = option.BillingMinimumS;
    cost.EgressPerGb = option.EgressPerGb;
    cost.Fabric = option.Fabric;
    const int per_instance = std::max(1, option.GpusPerInstance);
    cost.Instances = (s.GpuCount + per_instance - 1) / per_instance;
    cost.PerHour = cost.Instances * per_instance * option.PricePerGpuHour;
    if (IsInference(s)) {
        if (r.Inference.ThroughputTokensPerS > 0) cost.PerMillionTokens = cost.PerHour / (r.Inference.ThroughputTokensPerS * 3600.0) * 1e6;
    } else if (r.Training.TimeS > 0) {
        cost.JobCost = BilledSeconds(r.Training.TimeS, option.BillingGranularityS, option.BillingMinimumS) / 3600.0 * cost.PerHour;
    }
    return cost;
}

double InterruptionsPerInstanceHour(const SpotParams& spot) {
    return spot.InterruptionsPerInstanceHour > 0 ? spot.InterruptionsPerInstanceHour : kDefaultInterruptionsPerInstanceHour;
}

//-----------------------------------------------------------------------------
// [SECTION] Online serving: the monthly bill at the traffic profile
//-----------------------------------------------------------------------------

void FillServing(const Scenario& s, const OfferCost& offer, double storage_per_gb_month, Result* r) {
    ServingEconomics& e = r->Cost.Serving;
    const InferenceParams& in = s.Inference;
    const TrafficProfile& traffic = in.Traffic;
    const std::string& cur = s.Cost.Currency;
    const double b = in.Concurrency;
    const double slots = static_cast<double>(r->Inference.Replicas) * b;
    e.TtftAtLoadS = TtftAtLoadS(*r, b);
    e.ServiceS = e.TtftAtLoadS + in.OutputTokens * r->Inference.TpotS;
    if (!(e.ServiceS > 0) || !(offer.PerHour > 0)) return;
    e.Computed = true;
    e.CapacityRequestsPerS = slots / e.ServiceS;
    const double hours = std::clamp(traffic.HoursPerDay, 0.0, 24.0);
    const double peak_to_average = std::max(1.0, traffic.PeakToAverage);
    bool queue = false; // a request rate (open arrivals) rather than a fixed number of users
    if (traffic.RequestsPerS > 0) {
        e.AverageRequestsPerS = traffic.RequestsPerS;
        queue = true;
    } else if (traffic.RequestsPerDay > 0 && hours > 0) {
        e.AverageRequestsPerS = traffic.RequestsPerDay / (hours * 3600.0);
        queue = true;
    } else if (in.TargetUsers > 0) {
        // Little's law: U users always in service complete U / service time requests per second at the peak.
        e.AverageRequestsPerS = in.TargetUsers / e.ServiceS / peak_to_average;
    } else {
        e.AverageRequestsPerS = e.CapacityRequestsPerS / peak_to_average; // no load stated: the deployment busy at its concurrency
    }
    e.PeakRequestsPerS = e.AverageRequestsPerS * peak_to_average;
    e.Utilization = e.AverageRequestsPerS / e.CapacityRequestsPerS;
    // With a request rate the percentiles are the Result's own (inference.cpp, one queueing model: queueing.h), at
    // the same peak rate; without one the users hold their slots and nobody queues (0 = not applicable).
    e.TtftP95S = e.TtftP99S = 0;
    if (queue) {
        e.QueueUnstable = !(r->Inference.SlotUtilisation < 1.0);
        if (!e.QueueUnstable) {
            e.TtftP95S = r->Inference.TtftP95S;
            e.TtftP99S = r->Inference.TtftP99S;
        } else {
            AddWarning(r, "traffic_exceeds_capacity", "The peak rate " + Num(e.PeakRequestsPerS) + " requests/s reaches the deployment's capacity of " +
                                                          Num(e.CapacityRequestsPerS) + " requests/s: the queue grows without bound. Add replicas (gpuplan plan sizes them).");
        }
    }
    // Cold start: the replica's weights from storage, each GPU's shard over PCIe, whichever takes longer.
    const double load_rate = in.WeightsLoadBytesPerS > 0 ? in.WeightsLoadBytesPerS : kDefaultWeightsLoadBytesPerS;
    const double replica_weights = r->MemoryPerGpu.Weights * r->Inference.GpusPerReplica;
    e.ColdStartS = std::max(replica_weights / load_rate, r->MemoryPerGpu.Weights / kHostToGpuBytesPerS);
    const bool scale_to_zero = in.ScaleToZero && hours < 24.0;
    e.BilledHoursPerMonth = scale_to_zero ? BilledSeconds(hours * 3600.0 + e.ColdStartS, offer.BillingGranularityS, offer.BillingMinimumS) / 3600.0 * kDaysPerMonth
                                          : kHoursPerMonth;
    e.RequestsPerMonth = e.AverageRequestsPerS * hours * 3600.0 * kDaysPerMonth;
    e.GpuPerMonth = offer.PerHour * e.BilledHoursPerMonth;
    const WeightStorage weights = WeightStorageOf(s.Model, s.Precision);
    e.StoragePerMonth = weights.Total() / 1e9 * storage_per_gb_month;
    e.EgressKnown = offer.EgressPerGb >= 0;
    if (e.EgressKnown) e.EgressPerMonth = e.RequestsPerMonth * in.OutputTokens * kResponseBytesPerToken / 1e9 * offer.EgressPerGb;
    e.TotalPerMonth = e.GpuPerMonth + e.StoragePerMonth + e.EgressPerMonth;
    // The bill split between input and output by GPU time: each decode step of TPOT carries b × TTFT-alone / output
    // of prefill work (inference.cpp, amortised prefill); with no output every second is prefill.
    e.PrefillShare = in.OutputTokens > 0 && r->Inference.TpotS > 0
                         ? std::clamp(b * r->Inference.TtftS / in.OutputTokens / r->Inference.TpotS, 0.0, 1.0)
                         : 1.0;
    if (e.RequestsPerMonth > 0) {
        e.PerThousandRequests = e.TotalPerMonth / e.RequestsPerMonth * 1000.0;
        if (in.InputTokens > 0) e.PerMillionInputTokens = e.TotalPerMonth * e.PrefillShare / (e.RequestsPerMonth * in.InputTokens) * 1e6;
        if (in.OutputTokens > 0) e.PerMillionOutputTokens = e.TotalPerMonth * (1.0 - e.PrefillShare) / (e.RequestsPerMonth * in.OutputTokens) * 1e6;
    }
    if (s.Cost.HostedApiPerMillionInput > 0 || s.Cost.HostedApiPerMillionOutput > 0)
        e.HostedApiPerMonth = e.RequestsPerMonth * (in.InputTokens * s.Cost.HostedApiPerMillionInput + in.OutputTokens * s.Cost.HostedApiPerMillionOutput) / 1e6;

    AddStep(r, "serving_service_s", "Service time of one request", "TTFT at load " + Num(e.TtftAtLoadS) + " s + " + Num(in.OutputTokens) + " output tokens × TPOT " +
            Num(r->Inference.TpotS) + " s", e.ServiceS, "s");
    AddStep(r, "serving_capacity", "Requests/s the deployment carries", Num(r->Inference.Replicas) + " replicas × " + Num(b) + " sequences / service time",
            e.CapacityRequestsPerS, "requests/s");
    AddStep(r, "serving_peak_rate", "Peak arrival rate",
            queue ? "average " + Num(e.AverageRequestsPerS) + " requests/s × peak-to-average " + Num(peak_to_average)
                  : (in.TargetUsers > 0 ? Num(in.TargetUsers) + " users / service time (Little's law)" : "no load given: the deployment's capacity"),
            e.PeakRequestsPerS, "requests/s");
    AddStep(r, "serving_utilization", "Busy share of the capacity (traffic hours)", "average rate / capacity; the rest is idle capacity", e.Utilization, "");
    AddStep(r, "cold_start_s", "Cold start (weights load)", "max(" + Gb(replica_weights) + " / " + Num(load_rate / 1e9) + " GB/s storage, " +
            Gb(r->MemoryPerGpu.Weights) + " per GPU / 32 GB/s PCIe)", e.ColdStartS, "s");
    AddStep(r, "billed_hours_per_month", "Billed hours per GPU per month",
            scale_to_zero ? "(" + Num(hours) + " h of traffic + cold start) a day, billed in steps of " + Num(offer.BillingGranularityS) + " s, at least " +
                                Num(offer.BillingMinimumS) + " s, × " + Num(kDaysPerMonth) + " days"
                          : "always on: 730 h (idle hours are billed)",
            e.BilledHoursPerMonth, "h");
    AddStep(r, "serving_per_month", "Monthly bill", "rent " + Num(e.GpuPerMonth) + " + weights storage " + Num(e.StoragePerMonth) + " + egress " +
            (e.EgressKnown ? Num(e.EgressPerMonth) : std::string("n/a (not published)")) + " " + cur, e.TotalPerMonth, cur);
    if (e.RequestsPerMonth > 0)
        AddStep(r, "cost_per_thousand_requests", "Cost per 1,000 requests", "monthly bill / " + Num(e.RequestsPerMonth) + " requests × 1000",
                e.PerThousandRequests, cur);
    if (scale_to_zero && in.TtftSlaS > 0 && e.ColdStartS > in.TtftSlaS)
        AddWarning(r, "cold_start_exceeds_sla", "After scaling to zero the first request waits about " + Num(e.ColdStartS) + " s for the weights to load, beyond the TTFT target.");
    if (e.HostedApiPerMonth > 0)
        AddStep(r, "hosted_api_per_month", "The same traffic on the hosted API", Num(e.RequestsPerMonth) + " requests × (" + Num(in.InputTokens) + " × " +
                Num(s.Cost.HostedApiPerMillionInput) + " + " + Num(in.OutputTokens) + " × " + Num(s.Cost.HostedApiPerMillionOutput) + ") / 1e6", e.HostedApiPerMonth, cur);
}

//-----------------------------------------------------------------------------
// [SECTION] Batch jobs: on-demand vs spot
//-----------------------------------------------------------------------------

void FillBatch(const Scenario& s, const OfferCost* on_demand, const OfferCost* spot, double on_demand_per_hour, Result* r) {
    BatchEconomics& e = r->Cost.Batch;
    const InferenceParams& in = s.Inference;
    if (!(r->Inference.BatchJobTimeS > 0)) return;
    e.Computed = true;
    const std::string& cur = s.Cost.Currency;
    e.JobTimeS = r->Inference.BatchJobTimeS;
    const double granularity = on_demand != nullptr ? on_demand->BillingGranularityS : 0;
    const double minimum = on_demand != nullptr ? on_demand->BillingMinimumS : 0;
    e.OnDemandCost = BilledSeconds(e.JobTimeS, granularity, minimum) / 3600.0 * on_demand_per_hour;
    e.MeetsDeadline = !(in.DeadlineS > 0) || e.JobTimeS <= in.DeadlineS;
    if (on_demand_per_hour > 0)
        AddStep(r, "batch_job_cost", "Batch job cost (on-demand)", Num(e.JobTimeS / 3600.0) + " h at the optimal batch (billed by the provider's step) × " +
                Num(on_demand_per_hour) + " " + cur + "/h", e.OnDemandCost, cur);
    if (spot == nullptr) return;
    // An interruption stops one instance: it reloads the model (cold start, the same formula as serving) and redoes
    // the requests in flight, half a request's service time on average (finished requests are already written).
    const double load_rate = in.WeightsLoadBytesPerS > 0 ? in.WeightsLoadBytesPerS : kDefaultWeightsLoadBytesPerS;
    const double reload_s = std::max(r->MemoryPerGpu.Weights * r->Inference.GpusPerReplica / load_rate, r->MemoryPerGpu.Weights / kHostToGpuBytesPerS);
    const double service_s = TtftAtLoadS(*r, in.Concurrency) + in.OutputTokens * r->Inference.TpotS;
    const double lost_s = reload_s + s.Spot.RestartS + service_s / 2.0;
    const double rate = InterruptionsPerInstanceHour(s.Spot) / 3600.0;
    e.SpotOverhead = SpotOverheadShare(s.Spot, rate, lost_s);
    e.SpotTimeS = e.JobTimeS * (1.0 + e.SpotOverhead);
    e.SpotCost = BilledSeconds(e.SpotTimeS, spot->BillingGranularityS, spot->BillingMinimumS) / 3600.0 * spot->PerHour;
    e.SpotCheaper = e.SpotCost < e.OnDemandCost || !(on_demand_per_hour > 0);
    e.SpotMeetsDeadline = !(in.DeadlineS > 0) || e.SpotTimeS <= in.DeadlineS;
    AddStep(r, "batch_spot_overhead", "Spot preemption overhead",
            s.Spot.PreemptionOverhead >= 0 ? std::string("spot.preemption_overhead (given)")
                                           : Num(rate * 3600.0) + " interruptions per instance-hour × (reload " + Num(reload_s) + " s + restart " +
                                                 Num(s.Spot.RestartS) + " s + half a request " + Num(service_s / 2.0) + " s) / 3600",
            e.SpotOverhead, "");
    AddStep(r, "batch_spot_cost", "Batch job cost (spot)", Num(e.SpotTimeS / 3600.0) + " h (job × (1 + overhead)) × " + Num(spot->PerHour) + " " + cur + "/h",
            e.SpotCost, cur);
}

//-----------------------------------------------------------------------------
// [SECTION] Training runs: spot with checkpoints, checkpoint storage
//-----------------------------------------------------------------------------

void FillTraining(const Scenario& s, const OfferCost* spot, double storage_per_gb_month, Result* r) {
    TrainingEconomics& e = r->Cost.Train;
    const TrainingResult& t = r->Training;
    if (!(t.TimeS > 0)) return;
    e.Computed = true;
    const std::string& cur = s.Cost.Currency;
    const bool adapters = s.Workload == WorkloadKind::Lora || s.Workload == WorkloadKind::Qlora;
    // Exported weights in bf16 (adapters only for LoRA/QLoRA); a resumable checkpoint also holds the optimizer states.
    e.WeightsOnlyBytes = adapters ? t.TrainableParams * 2.0 : WeightStorageOf(s.Model, Format::Bf16).Total();
    e.FullStateBytes = t.CheckpointBytes;
    auto storage_cost = [&](double run_s) {
        return (kCheckpointsKept * e.FullStateBytes * run_s / 3600.0 / kHoursPerMonth + e.WeightsOnlyBytes) / 1e9 * storage_per_gb_month;
    };
    e.StorageCost = storage_cost(t.TimeS);
    e.OnDemandTotal = r->Cost.JobCost + e.StorageCost;
    AddStep(r, "checkpoint_storage_cost", "Checkpoint storage", Num(kCheckpointsKept) + " × " + Gb(e.FullStateBytes) +
            " resumable checkpoints for the run (pro rata) + " + Gb(e.WeightsOnlyBytes) + " exported weights for a month, × " +
            Num(storage_per_gb_month) + " " + cur + "/GB-month", e.StorageCost, cur);
    if (spot == nullptr) return;
    // Young (1974): with checkpoint write time δ and mean time between interruptions M, the interval τ = √(2δM)
    // minimises δ/τ + τ/(2M). source: J. W. Young, "A first order approximation to the optimum checkpoint interval",
    // Commun. ACM 17(9), 1974. An interruption of any instance stops the run; restart reads the checkpoint back.
    e.InterruptionsPerHour = InterruptionsPerInstanceHour(s.Spot) * spot->Instances;
    const double mtbi_s = 3600.0 / e.InterruptionsPerHour;
    const double write_s = t.CheckpointWriteS;
    e.CheckpointIntervalS = s.Spot.CheckpointIntervalS > 0 ? s.Spot.CheckpointIntervalS : std::sqrt(2.0 * write_s * mtbi_s);
    const double restart_s = write_s + s.Spot.RestartS;
    if (s.Spot.PreemptionOverhead >= 0) e.SpotOverhead = s.Spot.PreemptionOverhead;
    else if (e.CheckpointIntervalS > 0) e.SpotOverhead = write_s / e.CheckpointIntervalS + (e.CheckpointIntervalS / 2.0 + restart_s) / mtbi_s;
    e.SpotTimeS = t.TimeS * (1.0 + e.SpotOverhead);
    e.SpotCost = BilledSeconds(e.SpotTimeS, spot->BillingGranularityS, spot->BillingMinimumS) / 3600.0 * spot->PerHour + storage_cost(e.SpotTimeS);
    e.SpotCheaper = e.SpotCost < e.OnDemandTotal || !(r->Cost.PerHour > 0);
    AddStep(r, "checkpoint_interval_s", "Checkpoint interval on spot",
            s.Spot.CheckpointIntervalS > 0 ? std::string("spot.checkpoint_interval_s (given)")
                                           : "Young: √(2 × write " + Num(write_s) + " s × mean time between interruptions " + Num(mtbi_s) + " s)",
            e.CheckpointIntervalS, "s");
    AddStep(r, "training_spot_overhead", "Spot preemption overhead",
            s.Spot.PreemptionOverhead >= 0 ? std::string("spot.preemption_overhead (given)")
                                           : "write / interval + (interval / 2 lost + restart " + Num(restart_s) + " s) / " + Num(mtbi_s) + " s between interruptions (" +
                                                 Num(spot->Instances) + " instances × " + Num(InterruptionsPerInstanceHour(s.Spot)) + " per hour)",
            e.SpotOverhead, "");
    AddStep(r, "training_spot_cost", "Training run cost (spot)", Num(e.SpotTimeS / 3600.0) + " h × " + Num(spot->PerHour) + " " + cur + "/h + storage",
            e.SpotCost, cur);
}

} // namespace

double BilledSeconds(double seconds, double granularity_s, double minimum_s) {
    double billed = seconds;
    if (granularity_s > 0) billed = std::ceil(seconds / granularity_s) * granularity_s;
    return std::max(billed, minimum_s);
}

double TtftAtLoadS(const Result& r, double concurrency_per_replica) {
    const double replicas = std::max(1, r.Inference.Replicas);
    for (const ThroughputPoint& p : r.Inference.Curve)
        if (p.Concurrency / replicas >= concurrency_per_replica - 1e-9) return p.TtftS;
    if (!r.Inference.Curve.empty()) return r.Inference.Curve.back().TtftS;
    return r.Inference.TtftS;
}

double SpotOverheadShare(const SpotParams& spot, double interruptions_per_s, double lost_s_per_interruption) {
    if (spot.PreemptionOverhead >= 0) return spot.PreemptionOverhead;
    return std::max(0.0, interruptions_per_s * lost_s_per_interruption);
}

//-----------------------------------------------------------------------------
// [SECTION] ApplyCosts
//-----------------------------------------------------------------------------

void ApplyCosts(const Scenario& s, const std::vector<PriceOption>& options, double electricity_per_kwh_default, Result* r,
                double storage_per_gb_month_default) {
    CostResult& c = r->Cost;
    c = CostResult();
    c.Currency = s.Cost.Currency;
    c.PricesIncludeVat = s.Cost.PricesIncludeVat;
    if (!r->Ok) return;
    const std::string& cur = s.Cost.Currency;
    // An offer prices the headline only when its hosts hold one unit of the deployment (a replica; a whole training
    // run) or it states a fast fabric between hosts: InfiniBand is never assumed (docs/PLANNING.md, "Network").
    const int unit = IsInference(s) ? s.Inference.TensorParallel * s.Inference.PipelineParallel : s.GpuCount;
    // Per provider: the host size an offer that states none can have. A GPU has a few dozen offers from a handful of
    // providers (the planner prices every row): a short linear scan, no map of strings.
    std::vector<std::pair<const std::string*, int>> largest_instance;
    const auto largest_of = [&largest_instance](const std::string& provider) -> int& {
        for (std::pair<const std::string*, int>& entry : largest_instance)
            if (*entry.first == provider) return entry.second;
        largest_instance.push_back({&provider, 0});
        return largest_instance.back().second;
    };
    for (const PriceOption& option : options) {
        int& largest = largest_of(option.ProviderId);
        largest = std::max(largest, std::max(1, option.GpusPerInstance));
    }
    int unhostable = 0;
    std::vector<OfferCost> priced;
    priced.reserve(options.size());
    for (const PriceOption& option : options) {
        if (!s.Cost.Provider.empty() && option.ProviderId != s.Cost.Provider) continue;
        if (!(option.PricePerGpuHour > 0) || !std::isfinite(option.PricePerGpuHour)) continue;
        OfferCost cost = PriceOffer(s, *r, option);
        const int node = option.GpusPerNode > 0 ? option.GpusPerNode : largest_of(option.ProviderId);
        const bool fast = IsFastFabric(option.Fabric);
        cost.CanHost = unit <= node || fast;
        unhostable += cost.CanHost ? 0 : 1;
        priced.push_back(std::move(cost));
    }
    // Cheapest first (ties in catalog order): sorted through their indices, each offer (seven strings) moved once.
    std::vector<size_t> order(priced.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&priced](size_t a, size_t b) { return priced[a].PerHour < priced[b].PerHour; });
    c.Offers.reserve(priced.size());
    for (size_t i : order) c.Offers.push_back(std::move(priced[i]));
    const OfferCost* on_demand = nullptr;
    const OfferCost* spot = nullptr;
    for (const OfferCost& offer : c.Offers) {
        // A price older than six months is shown with its age but is not the cheapest unless the visitor allows it.
        if (offer.Stale && !s.Cost.AllowStalePrices) {
            c.StaleOffersSkipped += 1;
            continue;
        }
        if (!offer.CanHost) continue;
        const std::string_view kind = offer.Kind;
        if (kind == "on_demand" && on_demand == nullptr) on_demand = &offer;
        if (kind == "spot" && spot == nullptr) spot = &offer;
    }
    if (unhostable > 0 && s.Cost.PricePerGpuHour <= 0)
        AddWarning(r, "offers_cannot_host", std::to_string(unhostable) + " offer(s) left out of the cheapest: their hosts hold fewer than the " +
                                                std::to_string(unit) + " GPUs that must share a fast link, and they state no InfiniBand/RoCE/EFA between hosts.");
    if (s.Cost.PricePerGpuHour > 0) {
        PriceOption own_rate;
        own_rate.ProviderName = "your rate";
        own_rate.Kind = "on_demand";
        own_rate.PricePerGpuHour = s.Cost.PricePerGpuHour;
        OfferCost own = PriceOffer(s, *r, own_rate);
        c.PerHour = own.PerHour;
        c.PerMillionTokens = own.PerMillionTokens;
        c.JobCost = own.JobCost;
        AddStep(r, "cost_per_hour", "Rent per hour", std::to_string(s.GpuCount) + " GPUs × your rate " + Num(s.Cost.PricePerGpuHour) + " " + cur,
                c.PerHour, cur + "/h");
    } else if (on_demand != nullptr) {
        c.PerHour = on_demand->PerHour;
        c.PerMillionTokens = on_demand->PerMillionTokens;
        c.JobCost = on_demand->JobCost;
        c.CheapestOfferId = on_demand->OfferId;
        AddStep(r, "cost_per_hour", "Rent per hour (cheapest on-demand)",
                std::to_string(on_demand->Instances) + " instance(s) at " + on_demand->Provider + " (" + on_demand->OfferId + ", as of " +
                    on_demand->AsOf + ")",
                c.PerHour, cur + "/h");
        if (on_demand->Estimate)
            AddWarning(r, "price_estimate", "The cheapest on-demand price (" + on_demand->Provider + ") is an estimate derived from a published price; see its notes.");
    }
    if (spot != nullptr) {
        c.SpotPerHour = spot->PerHour;
        c.SpotPerMillionTokens = spot->PerMillionTokens;
        c.SpotJobCost = spot->JobCost;
        AddStep(r, "spot_per_hour", "Rent per hour (cheapest spot)", std::to_string(spot->Instances) + " instance(s) at " + spot->Provider, c.SpotPerHour,
                cur + "/h");
        // A spot price at or above on-demand is no saving (a whole-node or hyperscaler spot row against a per-GPU
        // marketplace on-demand row): say so rather than show it as the cheaper way.
        c.SpotDearerThanOnDemand = c.PerHour > 0 && c.SpotPerHour >= c.PerHour;
        if (c.SpotDearerThanOnDemand)
            AddWarning(r, "spot_dearer", "The cheapest spot offer (" + spot->Provider + ", " + Num(c.SpotPerHour) + " " + cur +
                                             "/h) costs at least the cheapest on-demand one: spot is no saving here.");
        if (IsInference(s) && s.Inference.Mode == ServingMode::Online)
            AddWarning(r, "spot_online", "Spot capacity can be reclaimed at any time: use it for batch jobs and checkpointed training, not for online serving.");
    }
    if (c.StaleOffersSkipped > 0)
        AddWarning(r, "stale_prices", std::to_string(c.StaleOffersSkipped) +
                                          " offer(s) older than six months are listed but not used as the cheapest; allow stale prices to use them.");
    c.Priced = c.PerHour > 0 || c.SpotPerHour > 0;
    if (!c.Priced) {
        AddWarning(r, "no_price", "No published price for this GPU in " + cur + (s.Cost.Provider.empty() ? "" : " at " + s.Cost.Provider) +
                                       ": enter your own rate per GPU-hour.");
        return;
    }
    if (IsInference(s) && c.PerMillionTokens > 0)
        AddStep(r, "cost_per_million_tokens", "Cost per million generated tokens",
                Num(c.PerHour) + " " + cur + "/h / (" + Num(r->Inference.ThroughputTokensPerS) + " tokens/s × 3600) × 1e6", c.PerMillionTokens,
                cur + "/Mtok");
    if (!IsInference(s) && c.JobCost > 0)
        AddStep(r, "job_cost", "Training run cost", Num(r->Training.TimeS / 3600.0) + " h (billed by the provider's step) × " + Num(c.PerHour) + " " + cur + "/h",
                c.JobCost, cur);

    const double storage_price = s.Cost.StoragePerGbMonth > 0 ? s.Cost.StoragePerGbMonth : storage_per_gb_month_default;
    OfferCost own_offer; // the visitor's rate as an offer: per-second billing, egress unknown
    own_offer.PerHour = c.PerHour;
    const OfferCost& headline = s.Cost.PricePerGpuHour > 0 || on_demand == nullptr ? own_offer : *on_demand;
    if (IsInference(s) && s.Inference.Mode == ServingMode::Online && c.PerHour > 0) FillServing(s, headline, storage_price, r);
    if (IsInference(s) && s.Inference.Mode == ServingMode::Batch)
        FillBatch(s, s.Cost.PricePerGpuHour > 0 ? nullptr : on_demand, c.SpotDearerThanOnDemand ? nullptr : spot, c.PerHour, r);
    if (!IsInference(s)) FillTraining(s, c.SpotDearerThanOnDemand ? nullptr : spot, storage_price, r);

    // Buying: the purchase pays back when renting the same capacity at the same load costs more than the power.
    if (s.Cost.PurchasePricePerGpu > 0 && c.PerHour > 0) {
        const double pue = s.Cost.Pue > 0 ? s.Cost.Pue : kDefaultPue;
        const double kwh_price = s.Cost.ElectricityPerKwh > 0 ? s.Cost.ElectricityPerKwh : electricity_per_kwh_default;
        const double utilization = std::clamp(s.Cost.Utilization, 0.0, 1.0);
        c.PurchaseCost = s.GpuCount * s.Cost.PurchasePricePerGpu;
        c.OwnPerMonth = s.GpuCount * s.Gpu.TdpW / 1000.0 * pue * kHoursPerMonth * utilization * kwh_price;
        c.RentPerMonth = c.PerHour * kHoursPerMonth * utilization;
        const double saving = c.RentPerMonth - c.OwnPerMonth;
        c.PaybackMonths = saving > 0 ? c.PurchaseCost / saving : 0;
        AddStep(r, "own_per_month", "Owning: electricity per month",
                std::to_string(s.GpuCount) + " × " + Num(s.Gpu.TdpW) + " W × PUE " + Num(pue) + " × 730 h × " + Num(utilization) + " × " + Num(kwh_price) + " " + cur + "/kWh",
                c.OwnPerMonth, cur);
        AddStep(r, "payback_months", "Buying pays back after", Num(c.PurchaseCost) + " " + cur + " / (rent " + Num(c.RentPerMonth) + " − power " + Num(c.OwnPerMonth) + " per month)",
                c.PaybackMonths, "months");
        if (s.Gpu.TdpW <= 0) AddWarning(r, "no_tdp", "This GPU has no published power figure: the cost of owning leaves electricity out.");
    }
}

} // namespace engine
