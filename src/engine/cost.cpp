// gpuplan engine: cost arithmetic.
#include "engine/cost.h"

#include <algorithm>
#include <cmath>

#include "engine/derivation.h"

namespace engine {

namespace {

// Seconds billed for a run of `seconds`: rounded up to the provider's granularity, at least its minimum.
double BilledSeconds(double seconds, double granularity_s, double minimum_s) {
    double billed = seconds;
    if (granularity_s > 0) billed = std::ceil(seconds / granularity_s) * granularity_s;
    return std::max(billed, minimum_s);
}

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

} // namespace

void ApplyCosts(const Scenario& s, const std::vector<PriceOption>& options, double electricity_per_kwh_default, Result* r) {
    CostResult& c = r->Cost;
    c = CostResult();
    c.Currency = s.Cost.Currency;
    c.PricesIncludeVat = s.Cost.PricesIncludeVat;
    if (!r->Ok) return;
    const std::string& cur = s.Cost.Currency;
    for (const PriceOption& option : options) {
        if (!s.Cost.Provider.empty() && option.ProviderId != s.Cost.Provider) continue;
        if (!(option.PricePerGpuHour > 0) || !std::isfinite(option.PricePerGpuHour)) continue;
        c.Offers.push_back(PriceOffer(s, *r, option));
    }
    std::stable_sort(c.Offers.begin(), c.Offers.end(), [](const OfferCost& a, const OfferCost& b) { return a.PerHour < b.PerHour; });
    const OfferCost* on_demand = nullptr;
    const OfferCost* spot = nullptr;
    for (const OfferCost& offer : c.Offers) {
        // A price older than six months is shown with its age but is not the cheapest unless the visitor allows it.
        if (offer.Stale && !s.Cost.AllowStalePrices) {
            c.StaleOffersSkipped += 1;
            continue;
        }
        if (offer.Kind == "on_demand" && on_demand == nullptr) on_demand = &offer;
        if (offer.Kind == "spot" && spot == nullptr) spot = &offer;
    }
    if (s.Cost.PricePerGpuHour > 0) {
        OfferCost own = PriceOffer(s, *r, PriceOption{"", "", "your rate", "on_demand", "", "", 1, s.Cost.PricePerGpuHour, 0, 0, false});
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
