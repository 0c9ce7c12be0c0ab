// gpuplan catalog: turning price offers into the engine's PriceOptions, in the scenario's currency, with or
// without VAT as the scenario asks, each with its age and stale mark.
#include <cmath>

#include "catalog/catalog.h"
#include "engine/engine.h"

namespace catalog {

bool ConvertCurrency(const Catalog& catalog, double amount, const std::string& from, const std::string& to, double* out) {
    auto from_it = catalog.Fx.PerUsd.find(from);
    auto to_it = catalog.Fx.PerUsd.find(to);
    if (from_it == catalog.Fx.PerUsd.end() || to_it == catalog.Fx.PerUsd.end() || !(from_it->second > 0)) return false;
    *out = amount / from_it->second * to_it->second;
    return std::isfinite(*out);
}

namespace {

// An offer's per-GPU price in the scenario's currency, with or without VAT; false without an exchange rate.
bool ComparablePrice(const Catalog& catalog, const Offer& offer, const engine::CostParams& cost, double* out) {
    const double taxed = PricePerGpuHourTaxed(catalog, offer, cost.PricesIncludeVat);
    return ConvertCurrency(catalog, taxed, offer.Currency, cost.Currency, out) && *out > 0;
}

// Offers that can be "the cheapest": current ones, or any when the scenario allows stale prices.
bool Usable(const Offer& offer, const engine::CostParams& cost) { return cost.AllowStalePrices || !IsStale(offer.AsOf); }

} // namespace

GpuPriceSummary SummarizeGpuPrices(const Catalog& catalog, const std::string& gpu_id, const engine::CostParams& cost) {
    GpuPriceSummary summary;
    summary.GpuId = gpu_id;
    for (const Offer& offer : catalog.Offers) {
        if (offer.GpuId != gpu_id) continue;
        if (!cost.Provider.empty() && offer.ProviderId != cost.Provider) continue;
        double price = 0;
        if (!ComparablePrice(catalog, offer, cost, &price)) continue;
        summary.Offers += 1;
        if (IsStale(offer.AsOf)) summary.StaleOffers += 1;
        if (!Usable(offer, cost)) continue;
        double* best = offer.Kind == OfferKind::OnDemand ? &summary.CheapestOnDemand : offer.Kind == OfferKind::Spot ? &summary.CheapestSpot : nullptr;
        if (best != nullptr && (*best == 0 || price < *best)) *best = price;
    }
    summary.SpotDearerThanOnDemand = summary.CheapestSpot > 0 && summary.CheapestOnDemand > 0 && summary.CheapestSpot >= summary.CheapestOnDemand;
    return summary;
}

std::vector<engine::PriceOption> OffersFor(const Catalog& catalog, const std::string& gpu_id, const engine::CostParams& cost) {
    // Per GPU-hour, a spot row is compared with the cheapest usable on-demand row of the same GPU (any provider
    // the scenario allows), so that a whole-node spot price is not shown as a saving over a per-GPU rental.
    const GpuPriceSummary summary = SummarizeGpuPrices(catalog, gpu_id, cost);
    std::vector<engine::PriceOption> out;
    for (const Offer& offer : catalog.Offers) {
        if (offer.GpuId != gpu_id) continue;
        engine::PriceOption option;
        if (!ComparablePrice(catalog, offer, cost, &option.PricePerGpuHour)) continue;
        const Provider* provider = catalog.FindProvider(offer.ProviderId);
        option.OfferId = offer.Id;
        option.ProviderId = offer.ProviderId;
        option.ProviderName = provider != nullptr ? provider->Name : offer.ProviderId;
        option.Kind = OfferKindName(offer.Kind);
        option.Region = offer.Region;
        option.AsOf = offer.AsOf;
        option.GpusPerInstance = offer.GpusPerInstance;
        option.BillingGranularityS = offer.BillingGranularityS;
        option.BillingMinimumS = offer.BillingMinimumS;
        option.Estimate = offer.Estimate;
        option.AgeDays = AgeDays(offer.AsOf);
        option.Stale = IsStale(offer.AsOf);
        option.VatIncluded = cost.PricesIncludeVat;
        option.DearerThanOnDemand = offer.Kind == OfferKind::Spot && summary.CheapestOnDemand > 0 &&
                                    option.PricePerGpuHour >= summary.CheapestOnDemand;
        out.push_back(option);
    }
    return out;
}

namespace {

double DefaultElectricity(const Catalog& catalog, const engine::Scenario& scenario) {
    double electricity = engine::kDefaultElectricityUsdPerKwh;
    ConvertCurrency(catalog, engine::kDefaultElectricityUsdPerKwh, "USD", scenario.Cost.Currency, &electricity);
    return electricity;
}

} // namespace

engine::Result EvaluateWithCosts(const Catalog& catalog, const engine::Scenario& scenario) {
    engine::Result result = engine::Evaluate(scenario);
    std::vector<engine::PriceOption> options = OffersFor(catalog, scenario.Gpu.Id, scenario.Cost);
    FilterByResidency(catalog, scenario.Cost.DataResidency, &options); // cost.data_residency (tco_catalog.cpp)
    engine::ApplyCosts(scenario, options, DefaultElectricity(catalog, scenario), &result);
    return result;
}

std::vector<engine::PlanRow> PlanWithCatalog(const Catalog& catalog, const engine::Scenario& scenario) {
    std::vector<engine::PlanCandidate> candidates;
    for (const GpuEntry& gpu : catalog.Gpus) {
        if (!gpu.UnknownPerformance.empty()) continue;
        candidates.push_back({gpu.Spec, OffersFor(catalog, gpu.Spec.Id, scenario.Cost)});
        FilterByResidency(catalog, scenario.Cost.DataResidency, &candidates.back().Offers);
    }
    return engine::Plan(scenario, candidates, DefaultElectricity(catalog, scenario));
}

} // namespace catalog
