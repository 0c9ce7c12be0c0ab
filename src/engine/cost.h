// gpuplan engine: renting vs owning — per hour, per job, per million tokens, payback. Prices are inputs
// (the caller converts catalog offers into the scenario's currency); the engine only does arithmetic.
#pragma once
#include <string>
#include <vector>

#include "engine/result.h"
#include "engine/scenario.h"

namespace engine {

// One catalog offer for the scenario's GPU, already in the scenario's currency.
struct PriceOption {
    std::string OfferId;
    std::string ProviderId;
    std::string ProviderName;
    std::string Kind;                    // on_demand | spot | reserved_1y | reserved_3y
    std::string Region;
    std::string AsOf;
    int         GpusPerInstance     = 1;
    double      PricePerGpuHour     = 0; // in the scenario's currency
    double      BillingGranularityS = 0; // 0 = unknown (treated as per second)
    double      BillingMinimumS     = 0;
    bool        Estimate            = false;
    bool        Stale               = false; // older than six months at the catalog's release date: never the cheapest unless allowed
    int         AgeDays             = -1;    // days from as_of to the catalog's release date; -1 = unknown
    bool        VatIncluded         = false; // PricePerGpuHour includes VAT (as the scenario's cost.prices_include_vat asks)
    bool        DearerThanOnDemand  = false; // spot only: no saving over the cheapest current on-demand offer for this GPU
};

// Average hours in a month: 365 × 24 / 12.
constexpr double kHoursPerMonth = 730.0;
// Default power usage effectiveness of a data-centre room. source: Uptime Institute Global Data Center Survey
// 2024 — average annual PUE 1.56.
constexpr double kDefaultPue = 1.56;
// Default electricity price, USD/kWh. source: US EIA Electricity Monthly Update (2024–2025): the median state's
// average revenue per kWh, all sectors, is 11.5–11.9 ¢/kWh. Converted by the caller for other currencies.
constexpr double kDefaultElectricityUsdPerKwh = 0.12;

// Fills result->Cost from the offers (and scenario.Cost). Offers whose kind is reserved are listed but the
// headline uses on-demand and spot. Adds derivation steps and warnings (no price, estimate, old prices).
void ApplyCosts(const Scenario& scenario, const std::vector<PriceOption>& offers, double electricity_per_kwh_default,
                Result* result);

} // namespace engine
