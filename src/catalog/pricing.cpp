// gpuplan catalog: turning price offers into the engine's PriceOptions, in the scenario's currency.
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

std::vector<engine::PriceOption> OffersFor(const Catalog& catalog, const std::string& gpu_id, const std::string& currency) {
    std::vector<engine::PriceOption> out;
    for (const Offer& offer : catalog.Offers) {
        if (offer.GpuId != gpu_id) continue;
        engine::PriceOption option;
        if (!ConvertCurrency(catalog, offer.PricePerGpuHour, offer.Currency, currency, &option.PricePerGpuHour)) continue;
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
        out.push_back(option);
    }
    return out;
}

engine::Result EvaluateWithCosts(const Catalog& catalog, const engine::Scenario& scenario) {
    engine::Result result = engine::Evaluate(scenario);
    double electricity = engine::kDefaultElectricityUsdPerKwh;
    ConvertCurrency(catalog, engine::kDefaultElectricityUsdPerKwh, "USD", scenario.Cost.Currency, &electricity);
    std::vector<engine::PriceOption> options = OffersFor(catalog, scenario.Gpu.Id, scenario.Cost.Currency);
    FilterByResidency(catalog, scenario.Cost.DataResidency, &options); // cost.data_residency (tco_catalog.cpp)
    engine::ApplyCosts(scenario, options, electricity, &result);
    return result;
}

std::vector<engine::PlanRow> PlanWithCatalog(const Catalog& catalog, const engine::Scenario& scenario) {
    std::vector<engine::PlanCandidate> candidates;
    for (const GpuEntry& gpu : catalog.Gpus) {
        if (!gpu.UnknownPerformance.empty()) continue;
        candidates.push_back({gpu.Spec, OffersFor(catalog, gpu.Spec.Id, scenario.Cost.Currency)});
        FilterByResidency(catalog, scenario.Cost.DataResidency, &candidates.back().Offers);
    }
    double electricity = engine::kDefaultElectricityUsdPerKwh;
    ConvertCurrency(catalog, engine::kDefaultElectricityUsdPerKwh, "USD", scenario.Cost.Currency, &electricity);
    return engine::Plan(scenario, candidates, electricity);
}

} // namespace catalog
