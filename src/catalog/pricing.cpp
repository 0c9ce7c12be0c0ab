// gpuplan catalog: turning price offers into the engine's PriceOptions, in the scenario's currency, with or
// without VAT as the scenario asks, each with its age and stale mark.
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

using OfferList = std::vector<const Offer*>;
using ProviderMap = std::unordered_map<std::string, const Provider*>;

// The catalog's offers grouped by GPU id and its providers by id, built in one pass: the planner asks for every
// GPU's offers, and a scan of all offers per GPU would make a plan quadratic in the catalog.
struct OfferIndex {
    std::unordered_map<std::string, OfferList> ByGpu;
    ProviderMap                                Providers;
};

OfferIndex IndexOffers(const Catalog& catalog) {
    OfferIndex index;
    for (const Provider& provider : catalog.Providers) index.Providers.emplace(provider.Id, &provider);
    for (const Offer& offer : catalog.Offers) index.ByGpu[offer.GpuId].push_back(&offer);
    return index;
}

OfferList OffersOfGpu(const Catalog& catalog, const std::string& gpu_id) {
    OfferList offers;
    for (const Offer& offer : catalog.Offers)
        if (offer.GpuId == gpu_id) offers.push_back(&offer);
    return offers;
}

// An offer's per-GPU price in the scenario's currency, with or without VAT; false without an exchange rate.
bool ComparablePrice(const Catalog& catalog, const Offer& offer, const engine::CostParams& cost, double* out) {
    const double taxed = PricePerGpuHourTaxed(catalog, offer, cost.PricesIncludeVat);
    return ConvertCurrency(catalog, taxed, offer.Currency, cost.Currency, out) && *out > 0;
}

// What the summary and the price options read of one offer, worked out once: its comparable price and its age
// (a plan prices every offer of the catalog, and each of these was computed two or three times per offer).
struct PricedOffer {
    const Offer* Source  = nullptr;
    bool         Priced  = false; // ComparablePrice succeeded
    double       Price   = 0;     // per GPU-hour, scenario currency
    int          AgeDays = -1;    // AgeDays(as_of); -1 = not a date
    bool         Stale   = false; // IsStale(as_of): older than kStaleAfterDays
};

std::vector<PricedOffer> Priced(const Catalog& catalog, const OfferList& offers, const engine::CostParams& cost) {
    std::vector<PricedOffer> out;
    out.reserve(offers.size());
    for (const Offer* offer : offers) {
        PricedOffer p;
        p.Source = offer;
        p.Priced = ComparablePrice(catalog, *offer, cost, &p.Price);
        p.AgeDays = AgeDays(offer->AsOf);
        p.Stale = p.AgeDays > kStaleAfterDays; // IsStale
        out.push_back(p);
    }
    return out;
}

// Offers that can be "the cheapest": current ones, or any when the scenario allows stale prices.
bool Usable(const PricedOffer& offer, const engine::CostParams& cost) { return cost.AllowStalePrices || !offer.Stale; }

GpuPriceSummary Summarize(const std::string& gpu_id, const std::vector<PricedOffer>& offers, const engine::CostParams& cost) {
    GpuPriceSummary summary;
    summary.GpuId = gpu_id;
    for (const PricedOffer& priced : offers) {
        const Offer* offer = priced.Source;
        if (!cost.Provider.empty() && offer->ProviderId != cost.Provider) continue;
        if (!priced.Priced) continue;
        const double price = priced.Price;
        summary.Offers += 1;
        if (priced.Stale) summary.StaleOffers += 1;
        if (!Usable(priced, cost)) continue;
        double* best = offer->Kind == OfferKind::OnDemand ? &summary.CheapestOnDemand : offer->Kind == OfferKind::Spot ? &summary.CheapestSpot : nullptr;
        if (best != nullptr && (*best == 0 || price < *best)) *best = price;
    }
    summary.SpotDearerThanOnDemand = summary.CheapestSpot > 0 && summary.CheapestOnDemand > 0 && summary.CheapestSpot >= summary.CheapestOnDemand;
    return summary;
}

// What an offer says about egress and its fabric, for the planner (kept apart from the price conversion).
void FillOfferNetwork(const Catalog& catalog, const Offer& offer, const std::string& currency, engine::PriceOption* option) {
    double egress = -1;
    if (offer.EgressPerGb >= 0 && ConvertCurrency(catalog, offer.EgressPerGb, offer.Currency, currency, &egress)) option->EgressPerGb = egress;
    option->Fabric = offer.FabricInter;
    option->NetworkBytesPerSPerGpu = offer.NetworkGbSPerGpu * 1e9;
    option->GpusPerNode = offer.GpusPerNode;
}

// Per GPU-hour, a spot row is compared with the cheapest usable on-demand row of the same GPU (any provider the
// scenario allows), so that a whole-node spot price is not shown as a saving over a per-GPU rental.
std::vector<engine::PriceOption> PriceOptions(const Catalog& catalog, const std::string& gpu_id, const OfferList& offers,
                                              const ProviderMap& providers, const engine::CostParams& cost) {
    const std::vector<PricedOffer> priced = Priced(catalog, offers, cost);
    const GpuPriceSummary summary = Summarize(gpu_id, priced, cost);
    std::vector<engine::PriceOption> out;
    out.reserve(offers.size());
    for (const PricedOffer& p : priced) {
        if (!p.Priced) continue;
        const Offer& offer = *p.Source;
        engine::PriceOption option;
        option.PricePerGpuHour = p.Price;
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
        option.AgeDays = p.AgeDays;
        option.Stale = p.Stale;
        option.VatIncluded = cost.PricesIncludeVat;
        option.DearerThanOnDemand = offer.Kind == OfferKind::Spot && summary.CheapestOnDemand > 0 &&
                                    option.PricePerGpuHour >= summary.CheapestOnDemand;
        FillOfferNetwork(catalog, offer, cost.Currency, &option);
        out.push_back(std::move(option));
    }
    return out;
}

double DefaultElectricity(const Catalog& catalog, const engine::Scenario& scenario) {
    double electricity = engine::kDefaultElectricityUsdPerKwh;
    ConvertCurrency(catalog, engine::kDefaultElectricityUsdPerKwh, "USD", scenario.Cost.Currency, &electricity);
    return electricity;
}

// The engine's USD default for block storage (weights, checkpoints) in the scenario's currency.
double DefaultStorage(const Catalog& catalog, const engine::Scenario& scenario) {
    double storage = engine::kDefaultStorageUsdPerGbMonth;
    ConvertCurrency(catalog, engine::kDefaultStorageUsdPerGbMonth, "USD", scenario.Cost.Currency, &storage);
    return storage;
}

} // namespace

GpuPriceSummary SummarizeGpuPrices(const Catalog& catalog, const std::string& gpu_id, const engine::CostParams& cost) {
    return Summarize(gpu_id, Priced(catalog, OffersOfGpu(catalog, gpu_id), cost), cost);
}

std::vector<engine::PriceOption> OffersFor(const Catalog& catalog, const std::string& gpu_id, const engine::CostParams& cost) {
    const OfferList offers = OffersOfGpu(catalog, gpu_id);
    ProviderMap providers;
    for (const Offer* offer : offers)
        if (const Provider* provider = catalog.FindProvider(offer->ProviderId)) providers.emplace(offer->ProviderId, provider);
    return PriceOptions(catalog, gpu_id, offers, providers, cost);
}

engine::Result EvaluateWithCosts(const Catalog& catalog, const engine::Scenario& scenario) {
    engine::Result result = engine::Evaluate(scenario);
    std::vector<engine::PriceOption> options = OffersFor(catalog, scenario.Gpu.Id, scenario.Cost);
    FilterByResidency(catalog, scenario.Cost.DataResidency, &options); // cost.data_residency (tco_catalog.cpp)
    engine::ApplyCosts(scenario, options, DefaultElectricity(catalog, scenario), &result, DefaultStorage(catalog, scenario));
    return result;
}

std::vector<engine::PlanRow> PlanWithCatalog(const Catalog& catalog, const engine::Scenario& scenario) {
    const OfferIndex index = IndexOffers(catalog);
    const OfferList none;
    std::vector<engine::PlanCandidate> candidates;
    candidates.reserve(catalog.Gpus.size());
    for (const GpuEntry& gpu : catalog.Gpus) {
        std::string missing; // performance figures no source publishes: the planner lists the GPU as excluded
        for (const std::string& field : gpu.UnknownPerformance) missing += (missing.empty() ? "" : ", ") + field;
        const auto offers = index.ByGpu.find(gpu.Spec.Id);
        candidates.push_back({gpu.Spec, PriceOptions(catalog, gpu.Spec.Id, offers != index.ByGpu.end() ? offers->second : none,
                                                     index.Providers, scenario.Cost), missing});
        FilterByResidency(catalog, scenario.Cost.DataResidency, &candidates.back().Offers);
    }
    return engine::Plan(scenario, candidates, DefaultElectricity(catalog, scenario), DefaultStorage(catalog, scenario));
}

} // namespace catalog
