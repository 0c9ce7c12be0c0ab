// gpuplan catalog: GPU, model, price and currency catalogs as loaded from JSON, and their validation.
// Each entry keeps its provenance (source, as_of). Errors name the file, the entry and the field.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "engine/cost.h"
#include "engine/model.h"
#include "engine/plan.h"
#include "engine/tco.h"

namespace catalog {

// A problem found while loading: "gpus.json: h100-sxm: memory_gb: expected a number between 4 and 400".
struct Issue {
    std::string File;
    std::string Entry;   // entry id, or "" for the file itself
    std::string Field;   // field name, or ""
    std::string Message;
    bool        IsError = true; // false for warnings (unknown field, old as_of)
    std::string ToString() const;
};

struct GpuEntry {
    engine::GpuSpec Spec;              // engine-facing numbers (SI units)
    std::string     MemoryType;        // "HBM3"
    double          MarketedMemoryGb = 0; // memory_gb as the vendor sells it ("80" for an 80GB card); 0 = unified memory
    std::string     FormFactor;        // "SXM5", "PCIe"
    std::string     InterconnectKind;  // "nvlink", "pcie", "infinity_fabric", "hccs", "ethernet"
    std::string     InterconnectName;  // "NVLink 4"
    std::string     Software;          // "CUDA", "ROCm", "CANN", "SynapseAI"
    std::string     Availability;      // short note
    double          PurchasePriceUsd = -1; // street price of one card/device, USD; -1 = not published
    std::string     PurchasePriceSource;   // where that price was seen (required with a price)
    std::string     PurchasePriceAsOf;     // when (YYYY-MM-DD or YYYY-MM)
    double          UnifiedMemoryGb  = 0;  // unified-memory machines: the system memory the GPU shares; 0 = discrete GPU
    double          GpuMemoryShare   = 0;  // the part of it the GPU may use (Spec.MemoryBytes = unified x share)
    std::vector<std::string> UnknownPerformance; // performance fields no source publishes; non-empty = cannot be evaluated
    std::string     Source;
    std::string     AsOf;              // YYYY-MM-DD
};

struct ModelEntry {
    engine::ModelArch Arch;
    std::string       Family;
    std::string       Developer;
    std::string       License;
    std::string       Source;
    std::string       AsOf;
};

enum class OfferKind { OnDemand, Spot, Reserved1y, Reserved3y, Count };
const char* OfferKindName(OfferKind kind);

struct Offer {
    std::string Id;
    std::string ProviderId;
    std::string File;                      // the price file it came from ("prices/lambda.json")
    std::string Instance;
    std::string GpuId;
    int         GpusPerInstance      = 1;
    double      PricePerInstanceHour = 0;  // in Currency
    double      PricePerGpuHour      = 0;  // in Currency
    std::string Currency;                  // "USD", "EUR", "RUB"
    OfferKind   Kind = OfferKind::OnDemand;
    std::string Region;
    double      BillingGranularityS  = 0;  // 0 = unknown
    double      BillingMinimumS      = 0;
    double      EgressPerGb          = -1; // in Currency; -1 = unknown
    bool        Estimate             = false;
    bool        VatIncluded          = false; // the price as published includes the provider country's VAT
    std::string FabricIntra;               // inside a host, as the offer states: "nvlink" | "pcie" | "" (not stated)
    std::string FabricInter;               // between hosts: "infiniband" | "roce" | "efa" | "ethernet" | "" (not stated: Ethernet-class)
    double      NetworkGbSPerGpu     = 0;  // stated inter-host bandwidth per GPU, GB/s; 0 = not stated
    int         GpusPerNode          = 0;  // GPUs one host holds; 0 = not stated
    std::string Notes;
    std::string Source;
    std::string AsOf;
    bool        Imported             = false; // came from a visitor's file, not the shipped catalog
};

struct Provider {
    std::string Id;
    std::string Name;
    std::string Kind;        // hyperscaler, gpu_cloud, marketplace, dedicated
    std::string Country;
    std::string Url;
    std::string Currency;
    bool        VatIncluded = false; // the default for its offers: prices as published include VAT
    bool        VatStated   = false; // the price list says either way (required of shipped lists)
    std::string Notes;
};

// A country's value-added (or sales) tax on cloud services, as a buyer there pays it.
struct TaxRate {
    std::string Country;     // ISO 3166-1 alpha-2: "RU", "DE", "US"
    std::string Name;        // "VAT (НДС)", "USt", "sales tax"
    double      Rate = 0;    // fraction: 0.22 = 22 %
    std::string Notes;
    std::string Source;
    std::string AsOf;
};

struct FxRates {
    std::map<std::string, double> PerUsd = {{"USD", 1.0}}; // units of currency per 1 USD
    std::string Source;
    std::string AsOf;
};

// One default of the total cost of ownership (catalogs/tco.json): a value and where it comes from.
struct SourcedValue {
    double      Value = 0;
    std::string Source;
    std::string AsOf;
};

// catalogs/tco.json, as loaded (money in USD unless the name says otherwise).
struct TcoDefaults {
    std::map<std::string, SourcedValue> ElectricityPerKwh; // by currency code; others convert from USD
    SourcedValue Pue, ColocationUsdPerKwMonth, MaintenanceSharePerYear, DepreciationYears, ResidualShare, AdminUsdPerYear,
                 StaffFtePerNode, FabricUsdPerGpu, ImportMarkup, PaybackTargetMonths, RuleShare, TrainingRunsPerYear;
    bool         Loaded = false;
};

struct Catalog {
    std::vector<GpuEntry>   Gpus;
    std::vector<ModelEntry> Models;
    std::vector<Provider>   Providers;
    std::vector<Offer>      Offers;
    std::vector<TaxRate>    Taxes;
    FxRates                 Fx;
    // Owning (catalogs/servers.json, tiers.json, software.json, tco.json; catalog/tco_catalog.cpp)
    std::vector<engine::ServerSpec> Servers;
    std::vector<engine::TierSpec>   Tiers;
    engine::AdviceRules             Advice;
    std::vector<engine::StackSpec>  Stacks;
    TcoDefaults                     Tco;

    const GpuEntry*   FindGpu(const std::string& id) const;
    const ModelEntry* FindModel(const std::string& id) const;
    const Provider*   FindProvider(const std::string& id) const;
    const TaxRate*    FindTax(const std::string& country) const;
};

// Price ages. The reference "today" is the catalog's release date, a constant bumped at every catalog
// refresh (docs/catalogs/REFRESH.md), not the build or wall clock: the same build gives the same marks
// forever, and CI cannot turn red on its own. A stale offer is listed with its age and left out of
// "cheapest" unless the scenario allows stale prices (cost.allow_stale_prices); tests fail the build
// when an offer passes kExpiredAfterDays at the release date.
constexpr const char* kCatalogReleaseDate = "2026-12-01";
constexpr int kStaleAfterDays   = 183; // six months (365 / 2, rounded up)
constexpr int kExpiredAfterDays = 365; // twelve months: an offer this old must be refreshed or removed
// Days from `as_of` (YYYY-MM-DD, or YYYY-MM read as its first day) to `today`; -1 when either is not a date.
int AgeDays(const std::string& as_of, const std::string& today = kCatalogReleaseDate);
bool IsStale(const std::string& as_of, const std::string& today = kCatalogReleaseDate);
// The VAT rate of an offer's provider country (0 when the country has no entry, e.g. an imported row).
double OfferVatRate(const Catalog& catalog, const Offer& offer);
// An offer's per-GPU price with or without VAT (converting with its country's rate), in its own currency.
double PricePerGpuHourTaxed(const Catalog& catalog, const Offer& offer, bool include_vat);

// Parsers take a file's name (for messages) and its text; they append what they could load and every issue.
// They never throw; a malformed file adds an error and nothing else.
void LoadGpusJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues);
void LoadModelsJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues);
void LoadPricesJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues);
void LoadFxJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues);
void LoadTaxesJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues);
// Cross-file checks (offer GPU ids exist, currencies have rates). Call after loading every file.
void CheckCatalog(const Catalog& catalog, std::vector<Issue>* issues);
// Rules for catalog price lists (LoadFileSet applies them; a visitor's import is exempt): each says whether
// its prices include VAT, its country has a VAT rate in taxes.json, and an offer past twelve months at the
// release date is reported (a warning; the tests fail the build on it).
void CheckPriceLists(const Catalog& catalog, std::vector<Issue>* issues);

// The offers for one GPU, converted into cost.Currency with the catalog's exchange rates (offers in a currency
// without a rate are skipped) and to prices with or without VAT as cost.PricesIncludeVat says, so that every
// price compared is like for like. Each carries its age and stale mark; a spot offer that is no cheaper than
// the cheapest current on-demand offer for the GPU is marked DearerThanOnDemand. Imported offers are included.
std::vector<engine::PriceOption> OffersFor(const Catalog& catalog, const std::string& gpu_id, const engine::CostParams& cost);

// How a GPU is priced across the catalog, in one currency (for `catalog stats`, the planner's notes and the page).
struct GpuPriceSummary {
    std::string GpuId;
    int    Offers            = 0;
    int    StaleOffers       = 0;
    double CheapestOnDemand  = 0; // per GPU-hour, current offers only; 0 = none
    double CheapestSpot      = 0; // per GPU-hour, current offers only; 0 = none
    bool   SpotDearerThanOnDemand = false; // the cheapest spot is not a saving over on-demand
};
GpuPriceSummary SummarizeGpuPrices(const Catalog& catalog, const std::string& gpu_id, const engine::CostParams& cost);
// Converts an amount between currencies with the catalog's rates; false when a rate is missing.
bool ConvertCurrency(const Catalog& catalog, double amount, const std::string& from, const std::string& to, double* out);
// Evaluates a scenario and prices it against the catalog's offers (engine::Evaluate + engine::ApplyCosts).
engine::Result EvaluateWithCosts(const Catalog& catalog, const engine::Scenario& scenario);

// Sizes and prices the scenario on every evaluable catalog GPU and ranks them (engine::Plan).
std::vector<engine::PlanRow> PlanWithCatalog(const Catalog& catalog, const engine::Scenario& scenario);

// A visitor's price table: CSV with a header row (provider, gpu, price_per_gpu_hour or price_per_instance_hour,
// currency; optional gpus_per_instance, kind, instance, region, source, as_of) or a gpuplan.prices/1 JSON file.
// Valid rows are appended to `out` (Imported = true); each rejected row is an Issue naming the row and the field.
void ImportPrices(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues);
void LoadPricesCsv(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues);

//-----------------------------------------------------------------------------
// Owning: servers, tiers, software stacks and TCO defaults (catalog/tco_catalog.cpp)
//-----------------------------------------------------------------------------
void LoadServersJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues);
void LoadTiersJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues);
void LoadSoftwareJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues);
void LoadTcoJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues);
// Loads whichever of the four files the set holds; then checks that servers name catalog GPUs.
struct FileSet;
void LoadOwnershipFiles(const FileSet& files, Catalog* out, std::vector<Issue>* issues);
// Countries a cost.data_residency value allows ("RU" → RU; "EU" → the EU member states); empty when unknown.
std::vector<std::string> ResidencyCountries(const std::string& residency);
// Drops offers from providers outside the residency (no-op when it is ""); returns how many were dropped.
int FilterByResidency(const Catalog& catalog, const std::string& residency, std::vector<engine::PriceOption>* options);
// The TCO defaults with the scenario's cost.tco overrides, in the scenario's currency.
engine::TcoAssumptions ResolveTcoAssumptions(const Catalog& catalog, const engine::Scenario& scenario, const engine::ServerSpec* server);
// The full own-or-rent answer for a scenario already evaluated with EvaluateWithCosts and ranked with PlanWithCatalog.
engine::TcoResult EvaluateTco(const Catalog& catalog, const engine::Scenario& scenario, const engine::Result& result,
                              const std::vector<engine::PlanRow>& plan);

// A set of named files: loads gpus.json, models.json, fx.json and prices/*.json from it.
struct FileSet {
    std::vector<std::pair<std::string, std::string>> Files; // (relative path, text)
};
Catalog LoadFileSet(const FileSet& files, std::vector<Issue>* issues);

// The catalog files compiled into the binary at build time (the page's offline fallback, the CLI's default).
const FileSet& EmbeddedFiles();

bool HasErrors(const std::vector<Issue>& issues);

} // namespace catalog
