// gpuplan catalog: turning price offers into the engine's PriceOptions, in the scenario's currency.
#include <cmath>
#include <unordered_map>

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

// The catalog's offers grouped by GPU id and its providers by id, built in one pass: the planner asks for every
// GPU's offers, and a scan of all offers per GPU would make a plan quadratic in the catalog.
struct OfferIndex {
    std::unordered_map<std::string, std::vector<const Offer*>> ByGpu;
    std::unordered_map<std::string, const Provider*>           Providers;
};

OfferIndex IndexOffers(const Catalog& catalog) {
    OfferIndex index;
    for (const Provider& provider : catalog.Providers) index.Providers.emplace(provider.Id, &provider);
    for (const Offer& offer : catalog.Offers) index.ByGpu[offer.GpuId].push_back(&offer);
    return index;
}

std::vector<engine::PriceOption> PriceOptions(const Catalog& catalog, const std::vector<const Offer*>& offers,
                                              const std::unordered_map<std::string, const Provider*>& providers,
                                              const std::string& currency) {
    std::vector<engine::PriceOption> out;
    out.reserve(offers.size());
    for (const Offer* offer_ptr : offers) {
        const Offer& offer = *offer_ptr;
        engine::PriceOption option;
        if (!ConvertCurrency(catalog, offer.PricePerGpuHour, offer.Currency, currency, &option.PricePerGpuHour)) continue;
        const auto provider = providers.find(offer.ProviderId);
        option.OfferId = offer.Id;
        option.ProviderId = offer.ProviderId;
        option.ProviderName = provider != providers.end() ? provider->second->Name : offer.ProviderId;
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

} // namespace

std::vector<engine::PriceOption> OffersFor(const Catalog& catalog, const std::string& gpu_id, const std::string& currency) {
    std::vector<const Offer*> offers;
    for (const Offer& offer : catalog.Offers)
        if (offer.GpuId == gpu_id) offers.push_back(&offer);
    std::unordered_map<std::string, const Provider*> providers;
    for (const Offer* offer : offers)
        if (const Provider* provider = catalog.FindProvider(offer->ProviderId)) providers.emplace(offer->ProviderId, provider);
    return PriceOptions(catalog, offers, providers, currency);
}

engine::Result EvaluateWithCosts(const Catalog& catalog, const engine::Scenario& scenario) {
    engine::Result result = engine::Evaluate(scenario);
    double electricity = engine::kDefaultElectricityUsdPerKwh;
    ConvertCurrency(catalog, engine::kDefaultElectricityUsdPerKwh, "USD", scenario.Cost.Currency, &electricity);
    engine::ApplyCosts(scenario, OffersFor(catalog, scenario.Gpu.Id, scenario.Cost.Currency), electricity, &result);
    return result;
}

std::vector<engine::PlanRow> PlanWithCatalog(const Catalog& catalog, const engine::Scenario& scenario) {
    const OfferIndex index = IndexOffers(catalog);
    const std::vector<const Offer*> none;
    std::vector<engine::PlanCandidate> candidates;
    candidates.reserve(catalog.Gpus.size());
    for (const GpuEntry& gpu : catalog.Gpus) {
        if (!gpu.UnknownPerformance.empty()) continue;
        const auto offers = index.ByGpu.find(gpu.Spec.Id);
        candidates.push_back({gpu.Spec, PriceOptions(catalog, offers != index.ByGpu.end() ? offers->second : none, index.Providers,
                                                     scenario.Cost.Currency)});
    }
    double electricity = engine::kDefaultElectricityUsdPerKwh;
    ConvertCurrency(catalog, engine::kDefaultElectricityUsdPerKwh, "USD", scenario.Cost.Currency, &electricity);
    return engine::Plan(scenario, candidates, electricity);
}

} // namespace catalog
