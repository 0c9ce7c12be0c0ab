// gpuplan catalog: owning — loading servers.json, tiers.json, software.json and tco.json, the data-residency
// filter on offers, and EvaluateTco (the catalog side of engine::ComputeTco: defaults, currency, context).
//
// Index
// [SECTION] Loading
// [SECTION] Data residency
// [SECTION] Assumptions and EvaluateTco
#include <algorithm>
#include <cmath>
#include <set>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"
#include "engine/training.h"

namespace catalog {

using nlohmann::json;

//-----------------------------------------------------------------------------
// [SECTION] Loading
//-----------------------------------------------------------------------------

namespace {

bool EndsWithName(const std::string& path, const std::string& name) {
    return path.size() >= name.size() && path.compare(path.size() - name.size(), name.size(), name) == 0 &&
           (path.size() == name.size() || path[path.size() - name.size() - 1] == '/');
}

bool ReadDoc(const std::string& file, const std::string& text, const char* schema, const char* list, json* doc, std::vector<Issue>* issues) {
    if (!ParseJsonText(file, text, doc, issues)) return false;
    if (!doc->is_object() || doc->value("schema", std::string()) != schema) {
        issues->push_back(Issue{file, "", "schema", std::string("expected \"") + schema + "\"", true});
        return false;
    }
    if (list != nullptr && (!doc->contains(list) || !(*doc)[list].is_array())) {
        issues->push_back(Issue{file, "", list, "expected an array of entries", true});
        return false;
    }
    return true;
}

// Each entry: an object with a unique id; `read` fills it from the reader.
template <typename Read>
void ForEach(const json& list, const std::string& file, std::vector<Issue>* issues, Read read) {
    std::set<std::string> seen;
    for (size_t i = 0; i < list.size(); ++i) {
        const json& entry = list[i];
        const std::string fallback_id = "#" + std::to_string(i + 1);
        if (!entry.is_object()) {
            issues->push_back(Issue{file, fallback_id, "", "expected an object", true});
            continue;
        }
        const std::string id = entry.value("id", fallback_id);
        ObjectReader r(entry, file, id, issues);
        r.String("id", true);
        if (!seen.insert(id).second) r.Error("id", "duplicate id");
        read(&r, id);
        r.ReportUnknownFields();
    }
}

} // namespace

void LoadServersJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues) {
    json doc;
    if (!ReadDoc(file, text, "gpuplan.servers/1", "servers", &doc, issues)) return;
    const std::string file_as_of = doc.value("as_of", std::string());
    ForEach(doc["servers"], file, issues, [&](ObjectReader* r, const std::string& id) {
        engine::ServerSpec s;
        s.Id = id;
        s.Name = r->String("name", true);
        s.Vendor = r->String("vendor", false);
        s.Kind = r->String("kind", true);
        s.GpuId = r->String("gpu", true);
        s.Gpus = r->Integer("gpus", 1, 72, true, 0);
        s.Cpu = r->String("cpu", false);
        s.CpuCores = r->Integer("cpu_cores", 1, 1024, false, -1);
        s.RamGb = r->Number("ram_gb", 1, 65536, false, -1);
        s.NvmeTb = r->Number("nvme_tb", 0.1, 10000, false, -1);
        s.Storage = r->String("storage", false);
        s.Nics = r->String("nics", false);
        s.NetworkGbpsPerGpu = r->Number("network_gbps_per_gpu", 1, 3200, false, -1);
        s.Fabric = r->String("fabric", false);
        s.Psus = r->String("psus", false);
        r->Integer("psu_count", 1, 32, false, -1);
        r->Number("psu_w", 100, 20000, false, -1);
        // Node power: guide 002's 6–10 kW per 8 GPUs sits well inside this range; a kW/W mix-up falls outside it.
        s.PowerLoadKw = r->Number("power_load_kw", 0.1, 200, false, -1);
        s.PowerBasis = r->String("power_basis", false);
        if (s.PowerLoadKw > 0 && s.PowerBasis != "nameplate_max" && s.PowerBasis != "measured")
            r->Error("power_basis", "expected \"nameplate_max\" or \"measured\" when power_load_kw is given");
        s.Cooling = r->String("cooling", false);
        s.RackUnits = r->Integer("rack_units", 1, 60, false, -1);
        s.PriceUsd = r->Number("price_usd", 100, 1e8, false, -1);
        s.PriceKind = r->String("price_kind", false);
        s.PriceSource = r->String("price_source", s.PriceUsd > 0);
        s.PriceAsOf = r->String("price_as_of", s.PriceUsd > 0);
        s.GpuPriceUsd = r->Number("gpu_price_usd", 100, 1e7, false, -1);
        s.GpuPriceSource = r->String("gpu_price_source", s.GpuPriceUsd > 0);
        r->String("gpu_price_as_of", s.GpuPriceUsd > 0);
        s.Notes = r->String("notes", false);
        s.Source = r->String("source", true);
        s.AsOf = r->String("as_of", file_as_of.empty(), file_as_of);
        out->Servers.push_back(s);
    });
}

void LoadTiersJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues) {
    json doc;
    if (!ReadDoc(file, text, "gpuplan.tiers/1", "tiers", &doc, issues)) return;
    ForEach(doc["tiers"], file, issues, [&](ObjectReader* r, const std::string& id) {
        engine::TierSpec t;
        t.Id = id;
        const std::string workload = r->String("workload", true);
        if (workload != "training" && workload != "inference") r->Error("workload", "expected \"training\" or \"inference\"");
        t.Training = workload == "training";
        t.Tier = r->Integer("tier", 1, 3, true, 0);
        t.When = r->String("when", true);
        const double max_b = r->Number("max_params_b", 0.01, 1e5, false, -1);
        t.MaxParams = max_b > 0 ? max_b * 1e9 : -1;
        t.MinConcurrentUsers = r->Number("min_concurrent_users", 1, 1e9, false, -1);
        t.Gpus = r->Strings("gpus", {});
        t.GpuText = r->String("gpu_text", true);
        t.Host = r->String("host", false);
        t.Servers = r->Strings("servers", {});
        out->Tiers.push_back(t);
    });
    ObjectReader top(doc, file, "", issues);
    for (const char* skip : {"schema", "as_of", "source", "notes", "tiers"}) top.Skip(skip);
    engine::AdviceRules& a = out->Advice;
    a.FlagshipGpus = top.Strings("flagship_gpus", a.FlagshipGpus);
    a.FlagshipFitsBytes = top.Number("flagship_fits_gb", 1, 1000, false, a.FlagshipFitsBytes / 1e9) * 1e9;
    a.FlagshipAlternatives = top.Strings("flagship_alternatives", a.FlagshipAlternatives);
    a.MultinodeMinNetworkGbpsPerGpu = top.Number("multinode_min_network_gbps_per_gpu", 1, 3200, false, a.MultinodeMinNetworkGbpsPerGpu);
    a.LiquidCoolingGpuW = top.Number("liquid_cooling_gpu_w", 100, 5000, false, a.LiquidCoolingGpuW);
    if (const json* common = top.Child("common")) {
        ObjectReader c(*common, file, "common", issues);
        a.NodePowerKwMin = c.Number("node_power_kw_min", 0.1, 200, false, a.NodePowerKwMin);
        a.NodePowerKwMax = c.Number("node_power_kw_max", 0.1, 200, false, a.NodePowerKwMax);
        for (const char* skip : {"psu_text", "node_power_text", "chassis_text", "checkpoint_text"}) c.Skip(skip);
        c.ReportUnknownFields();
    }
    top.ReportUnknownFields();
}

void LoadSoftwareJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues) {
    json doc;
    if (!ReadDoc(file, text, "gpuplan.software/1", "stacks", &doc, issues)) return;
    ForEach(doc["stacks"], file, issues, [&](ObjectReader* r, const std::string& id) {
        engine::StackSpec st;
        st.Id = id;
        st.Name = r->String("name", true);
        st.Kind = r->String("kind", true);
        if (st.Kind != "inference" && st.Kind != "training") r->Error("kind", "expected \"inference\" or \"training\"");
        st.Platforms = r->Strings("platforms", {});
        if (st.Platforms.empty()) r->Error("platforms", "expected at least one platform");
        st.Formats = r->Strings("formats", {});
        for (const std::string& format : st.Formats) {
            engine::Format parsed;
            if (!engine::ParseFormat(format, &parsed)) r->Error("formats", "unknown format \"" + format + "\"; expected one of " + engine::FormatNameList());
        }
        r->String("notes", false);
        st.Source = r->String("source", true);
        r->String("as_of", false);
        out->Stacks.push_back(st);
    });
}

void LoadTcoJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues) {
    json doc;
    if (!ReadDoc(file, text, "gpuplan.tco/1", nullptr, &doc, issues)) return;
    if (!doc.contains("defaults") || !doc["defaults"].is_object()) {
        issues->push_back(Issue{file, "", "defaults", "expected an object", true});
        return;
    }
    const json& d = doc["defaults"];
    auto read = [&](const char* field, const json& node, double lo, double hi, SourcedValue* value) {
        if (!node.is_object()) {
            issues->push_back(Issue{file, field, "", "expected {value, source, as_of}", true});
            return;
        }
        ObjectReader r(node, file, field, issues);
        value->Value = r.Number("value", lo, hi, true, value->Value);
        value->Source = r.String("source", true);
        value->AsOf = r.String("as_of", true);
        r.ReportUnknownFields();
    };
    auto field = [&](const char* name, double lo, double hi, SourcedValue* value) {
        if (!d.contains(name)) {
            issues->push_back(Issue{file, name, "", "missing default", true});
            return;
        }
        read(name, d[name], lo, hi, value);
    };
    TcoDefaults& t = out->Tco;
    if (d.contains("electricity_per_kwh") && d["electricity_per_kwh"].is_object()) {
        for (auto it = d["electricity_per_kwh"].begin(); it != d["electricity_per_kwh"].end(); ++it)
            read(("electricity_per_kwh." + it.key()).c_str(), it.value(), 0.001, 1000, &t.ElectricityPerKwh[it.key()]);
    } else {
        issues->push_back(Issue{file, "electricity_per_kwh", "", "expected an object keyed by currency", true});
    }
    if (!t.ElectricityPerKwh.count("USD")) issues->push_back(Issue{file, "electricity_per_kwh", "USD", "a USD price is required (other currencies convert from it)", true});
    field("pue", 1, 5, &t.Pue);
    field("colocation_usd_per_kw_month", 0, 10000, &t.ColocationUsdPerKwMonth);
    field("maintenance_share_per_year", 0, 1, &t.MaintenanceSharePerYear);
    field("depreciation_years", 1, 20, &t.DepreciationYears);
    field("residual_share", 0, 1, &t.ResidualShare);
    field("admin_usd_per_year", 0, 1e7, &t.AdminUsdPerYear);
    field("staff_fte_per_node", 0, 10, &t.StaffFtePerNode);
    field("fabric_usd_per_gpu", 0, 1e6, &t.FabricUsdPerGpu);
    field("import_markup", 0, 10, &t.ImportMarkup);
    field("payback_target_months", 1, 120, &t.PaybackTargetMonths);
    field("rule_share", 0.01, 10, &t.RuleShare);
    field("training_runs_per_year", 0, 10000, &t.TrainingRunsPerYear);
    t.Loaded = true;
}

void LoadOwnershipFiles(const FileSet& files, Catalog* out, std::vector<Issue>* issues) {
    for (const auto& [path, text] : files.Files) {
        if (EndsWithName(path, "servers.json")) LoadServersJson(path, text, out, issues);
        else if (EndsWithName(path, "tiers.json")) LoadTiersJson(path, text, out, issues);
        else if (EndsWithName(path, "software.json")) LoadSoftwareJson(path, text, out, issues);
        else if (EndsWithName(path, "tco.json")) LoadTcoJson(path, text, out, issues);
    }
    for (const engine::ServerSpec& server : out->Servers)
        if (!out->Gpus.empty() && out->FindGpu(server.GpuId) == nullptr)
            issues->push_back(Issue{"servers.json", server.Id, "gpu", "unknown GPU id \"" + server.GpuId + "\"", true});
    for (const engine::TierSpec& tier : out->Tiers)
        for (const std::string& id : tier.Servers) {
            bool found = false;
            for (const engine::ServerSpec& server : out->Servers) found = found || server.Id == id;
            if (!found && !out->Servers.empty()) issues->push_back(Issue{"tiers.json", tier.Id, "servers", "unknown server id \"" + id + "\"", true});
        }
}

//-----------------------------------------------------------------------------
// [SECTION] Data residency
//-----------------------------------------------------------------------------

std::vector<std::string> ResidencyCountries(const std::string& residency) {
    if (residency == "RU") return {"RU"};
    // The 27 EU member states (ISO 3166-1 alpha-2), europa.eu "EU countries" (2025).
    if (residency == "EU")
        return {"AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE"};
    return {};
}

int FilterByResidency(const Catalog& catalog, const std::string& residency, std::vector<engine::PriceOption>* options) {
    if (residency.empty()) return 0;
    const std::vector<std::string> allowed = ResidencyCountries(residency);
    const size_t before = options->size();
    std::vector<engine::PriceOption> kept;
    for (const engine::PriceOption& option : *options) {
        const Provider* provider = catalog.FindProvider(option.ProviderId);
        const std::string country = provider != nullptr ? provider->Country : "";
        // Imported offers name providers the catalog may not know: kept, since the visitor chose them.
        if (provider == nullptr || std::find(allowed.begin(), allowed.end(), country) != allowed.end()) kept.push_back(option);
    }
    *options = std::move(kept);
    return static_cast<int>(before - options->size());
}

//-----------------------------------------------------------------------------
// [SECTION] Assumptions and EvaluateTco
//-----------------------------------------------------------------------------

namespace {

// A catalog default (USD or unitless), or the scenario's override when it is ≥ 0.
double Pick(double override_value, const SourcedValue& d, double usd_to_currency, std::string* source, const char* field) {
    if (override_value >= 0) {
        *source = std::string("scenario cost.tco.") + field;
        return override_value;
    }
    *source = d.Source;
    return d.Value * usd_to_currency;
}

} // namespace

engine::TcoAssumptions ResolveTcoAssumptions(const Catalog& catalog, const engine::Scenario& s, const engine::ServerSpec* server) {
    engine::TcoAssumptions a;
    const std::string& cur = s.Cost.Currency;
    double fx = 1;
    ConvertCurrency(catalog, 1.0, "USD", cur, &fx);
    const TcoDefaults& d = catalog.Tco;
    const engine::TcoParams& o = s.Cost.Tco;
    // Electricity: the scenario's price, else the catalog's price in this currency, else USD converted.
    if (s.Cost.ElectricityPerKwh > 0) {
        a.ElectricityPerKwh = s.Cost.ElectricityPerKwh;
        a.ElectricitySource = "scenario cost.electricity_per_kwh";
    } else if (d.ElectricityPerKwh.count(cur)) {
        a.ElectricityPerKwh = d.ElectricityPerKwh.at(cur).Value;
        a.ElectricitySource = d.ElectricityPerKwh.at(cur).Source;
    } else if (d.ElectricityPerKwh.count("USD")) {
        a.ElectricityPerKwh = d.ElectricityPerKwh.at("USD").Value * fx;
        a.ElectricitySource = d.ElectricityPerKwh.at("USD").Source + " (converted from USD)";
    }
    if (s.Cost.Pue > 0) {
        a.Pue = s.Cost.Pue;
        a.PueSource = "scenario cost.pue";
    } else {
        a.Pue = d.Pue.Value;
        a.PueSource = d.Pue.Source;
    }
    a.ColocationPerKwMonth = Pick(o.ColocationPerKwMonth, d.ColocationUsdPerKwMonth, fx, &a.ColocationSource, "colocation_per_kw_month");
    a.MaintenanceSharePerYear = Pick(o.MaintenanceSharePerYear, d.MaintenanceSharePerYear, 1, &a.MaintenanceSource, "maintenance_share_per_year");
    a.DepreciationYears = Pick(o.DepreciationYears, d.DepreciationYears, 1, &a.DepreciationSource, "depreciation_years");
    a.ResidualShare = Pick(o.ResidualShare, d.ResidualShare, 1, &a.ResidualSource, "residual_share");
    a.AdminPerYear = Pick(o.AdminPerYear, d.AdminUsdPerYear, fx, &a.AdminSource, "admin_per_year");
    a.StaffFtePerNode = Pick(o.StaffFtePerNode, d.StaffFtePerNode, 1, &a.StaffSource, "staff_fte_per_node");
    a.FabricPerGpu = Pick(o.FabricPerGpu, d.FabricUsdPerGpu, fx, &a.FabricSource, "fabric_per_gpu");
    a.ImportMarkup = Pick(o.ImportMarkup, d.ImportMarkup, 1, &a.ImportSource, "import_markup");
    a.TrainingRunsPerYear = Pick(o.TrainingRunsPerYear, d.TrainingRunsPerYear, 1, &a.RunsSource, "training_runs_per_year");
    a.PaybackTargetMonths = d.PaybackTargetMonths.Value > 0 ? d.PaybackTargetMonths.Value : 18;
    a.PaybackSource = d.PaybackTargetMonths.Source;
    a.RuleShare = d.RuleShare.Value > 0 ? d.RuleShare.Value : 0.5;
    a.RuleSource = d.RuleShare.Source;
    // Prices: the scenario's node price, else the catalog's node price, else the card (gpus.json, then the server's).
    if (o.NodePrice > 0) {
        a.NodePrice = o.NodePrice;
        a.NodePriceSource = "scenario cost.tco.node_price";
    } else if (server != nullptr && server->PriceUsd > 0) {
        a.NodePrice = server->PriceUsd * fx;
        a.NodePriceSource = server->PriceKind + " " + server->PriceAsOf;
    }
    const GpuEntry* gpu = catalog.FindGpu(s.Gpu.Id);
    if (gpu != nullptr && gpu->PurchasePriceUsd > 0) {
        a.GpuPrice = gpu->PurchasePriceUsd * fx;
        a.GpuPriceSource = "gpus.json purchase_price_usd";
    } else if (server != nullptr && server->GpuPriceUsd > 0) {
        a.GpuPrice = server->GpuPriceUsd * fx;
        a.GpuPriceSource = server->GpuPriceSource;
    }
    return a;
}

engine::TcoResult EvaluateTco(const Catalog& catalog, const engine::Scenario& s, const engine::Result& result, const std::vector<engine::PlanRow>& plan) {
    const engine::ServerSpec* server = engine::ChooseServer(s, catalog.Servers, s.Cost.Tco.ServerId);
    const engine::TcoAssumptions assumptions = ResolveTcoAssumptions(catalog, s, server);
    engine::AdviceContext context;
    if (const GpuEntry* gpu = catalog.FindGpu(s.Gpu.Id)) {
        context.GpuPlatform = gpu->Software;
        context.GpuAvailability = gpu->Availability;
    }
    context.Residency = s.Cost.DataResidency;
    context.ResidencyCountries = ResidencyCountries(s.Cost.DataResidency);
    if (const Provider* chosen = catalog.FindProvider(s.Cost.Provider)) context.ChosenProviderCountry = chosen->Country;
    if (!s.Cost.DataResidency.empty()) {
        // What the residency left out: the cheapest foreign on-demand offer for this deployment.
        std::vector<engine::PriceOption> all = OffersFor(catalog, s.Gpu.Id, s.Cost);
        for (const engine::PriceOption& option : all) {
            const Provider* provider = catalog.FindProvider(option.ProviderId);
            if (provider == nullptr || std::find(context.ResidencyCountries.begin(), context.ResidencyCountries.end(), provider->Country) != context.ResidencyCountries.end())
                continue;
            context.ForeignOffersDropped += 1;
            if (option.Kind != "on_demand" || !(option.PricePerGpuHour > 0)) continue;
            const int per_instance = std::max(1, option.GpusPerInstance);
            const double per_hour = (s.GpuCount + per_instance - 1) / per_instance * per_instance * option.PricePerGpuHour;
            if (context.CheapestForeignPerHour == 0 || per_hour < context.CheapestForeignPerHour) {
                context.CheapestForeignPerHour = per_hour;
                context.CheapestForeignProvider = option.ProviderName + " (" + provider->Country + ")";
            }
        }
    }
    // The hybrid year of an inference scenario: a LoRA run of the same model on the same GPUs, sized by the
    // scenario's training block (training.tokens, seq_len, ...), priced like the scenario.
    engine::Result run;
    const engine::Result* run_ptr = nullptr;
    if (s.Workload == engine::WorkloadKind::Inference) {
        engine::Scenario lora = s;
        lora.Workload = engine::WorkloadKind::Lora;
        lora.Precision = engine::PrecisionSet();
        lora.Training.TensorParallel = 1;
        lora.Training.PipelineParallel = 1;
        run = EvaluateWithCosts(catalog, lora);
        if (run.Ok && !run.Fits && run.Training.SuggestedFound) { // take the engine's fastest layout that fits
            engine::ApplySuggestedLayout(run.Training, &lora);
            run = EvaluateWithCosts(catalog, lora);
        }
        if (run.Ok && run.Fits) run_ptr = &run;
    }
    return engine::ComputeTco(s, result, server, assumptions, catalog.Tiers, catalog.Advice, catalog.Stacks, context, plan, run_ptr);
}

} // namespace catalog
