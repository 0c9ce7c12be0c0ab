// gpuplan catalog: GPU, model, price and currency catalogs as loaded from JSON, and their validation.
// Each entry keeps its provenance (source, as_of). Errors name the file, the entry and the field.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "engine/cost.h"
#include "engine/model.h"
#include "engine/plan.h"

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
    std::string     FormFactor;        // "SXM5", "PCIe"
    std::string     InterconnectKind;  // "nvlink", "pcie", "infinity_fabric", "hccs", "ethernet"
    std::string     InterconnectName;  // "NVLink 4"
    std::string     Software;          // "CUDA", "ROCm", "CANN", "SynapseAI"
    std::string     Availability;      // short note
    double          PurchasePriceUsd = -1; // -1 = not published
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
    bool        VatIncluded = false;
    std::string Notes;
};

struct FxRates {
    std::map<std::string, double> PerUsd = {{"USD", 1.0}}; // units of currency per 1 USD
    std::string Source;
    std::string AsOf;
};

struct Catalog {
    std::vector<GpuEntry>   Gpus;
    std::vector<ModelEntry> Models;
    std::vector<Provider>   Providers;
    std::vector<Offer>      Offers;
    FxRates                 Fx;

    const GpuEntry*   FindGpu(const std::string& id) const;
    const ModelEntry* FindModel(const std::string& id) const;
    const Provider*   FindProvider(const std::string& id) const;
};

// Parsers take a file's name (for messages) and its text; they append what they could load and every issue.
// They never throw; a malformed file adds an error and nothing else.
void LoadGpusJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues);
void LoadModelsJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues);
void LoadPricesJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues);
void LoadFxJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues);
// Cross-file checks (offer GPU ids exist, currencies have rates). Call after loading every file.
void CheckCatalog(const Catalog& catalog, std::vector<Issue>* issues);

// The offers for one GPU, converted into `currency` with the catalog's exchange rates (offers in a currency
// without a rate are skipped). Imported offers are included.
std::vector<engine::PriceOption> OffersFor(const Catalog& catalog, const std::string& gpu_id, const std::string& currency);
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

// A set of named files: loads gpus.json, models.json, fx.json and prices/*.json from it.
struct FileSet {
    std::vector<std::pair<std::string, std::string>> Files; // (relative path, text)
};
Catalog LoadFileSet(const FileSet& files, std::vector<Issue>* issues);

// The catalog files compiled into the binary at build time (the page's offline fallback, the CLI's default).
const FileSet& EmbeddedFiles();

bool HasErrors(const std::vector<Issue>& issues);

} // namespace catalog
