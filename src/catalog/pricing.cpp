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

namespace {

// What an offer says about egress and its fabric, for the planner (kept apart from the price conversion above).
void FillOfferNetwork(const Catalog& catalog, const Offer& offer, const std::string& currency, engine::PriceOption* option) {
    double egress = -1;
    if (offer.EgressPerGb >= 0 && ConvertCurrency(catalog, offer.EgressPerGb, offer.Currency, currency, &egress)) option->EgressPerGb = egress;
    option->Fabric = offer.FabricInter;
    option->NetworkBytesPerSPerGpu = offer.NetworkGbSPerGpu * 1e9;
    option->GpusPerNode = offer.GpusPerNode;
}

} // namespace

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
        FillOfferNetwork(catalog, offer, currency, &option);
        out.push_back(option);
    }
    return out;
}

namespace {

// The engine's USD defaults (electricity, block storage) in the scenario's currency.
double DefaultElectricity(const Catalog& catalog, const engine::Scenario& scenario) {
    double electricity = engine::kDefaultElectricityUsdPerKwh;
    ConvertCurrency(catalog, engine::kDefaultElectricityUsdPerKwh, "USD", scenario.Cost.Currency, &electricity);
    return electricity;
}

double DefaultStorage(const Catalog& catalog, const engine::Scenario& scenario) {
    double storage = engine::kDefaultStorageUsdPerGbMonth;
    ConvertCurrency(catalog, engine::kDefaultStorageUsdPerGbMonth, "USD", scenario.Cost.Currency, &storage);
    return storage;
}

} // namespace

engine::Result EvaluateWithCosts(const Catalog& catalog, const engine::Scenario& scenario) {
    engine::Result result = engine::Evaluate(scenario);
    engine::ApplyCosts(scenario, OffersFor(catalog, scenario.Gpu.Id, scenario.Cost.Currency), DefaultElectricity(catalog, scenario), &result,
                       DefaultStorage(catalog, scenario));
    return result;
}

std::vector<engine::PlanRow> PlanWithCatalog(const Catalog& catalog, const engine::Scenario& scenario) {
    std::vector<engine::PlanCandidate> candidates;
    for (const GpuEntry& gpu : catalog.Gpus) {
        std::string missing;
        for (const std::string& field : gpu.UnknownPerformance) missing += (missing.empty() ? "" : ", ") + field;
        candidates.push_back({gpu.Spec, OffersFor(catalog, gpu.Spec.Id, scenario.Cost.Currency), missing});
    }
    return engine::Plan(scenario, candidates, DefaultElectricity(catalog, scenario), DefaultStorage(catalog, scenario));
}

} // namespace catalog
