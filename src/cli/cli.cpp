// gpuplan CLI: commands evaluate, catalog (gpus|models|check|stats), validate and help.
//
// Index
// [SECTION] Usage and options
// [SECTION] evaluate
// [SECTION] catalog
// [SECTION] validate and dispatch
#include "cli/cli.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <map>
#include <ostream>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/report.h"
#include "cli/tco_report.h"
#include "cli/validate.h"
#include "engine/engine.h"
#include "scenario/export.h"
#include "scenario/hf_config.h"
#include "scenario/scenario_json.h"

namespace cli {

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Usage and options
//-----------------------------------------------------------------------------

constexpr const char* kUsage =
    "gpuplan — GPU sizing and cost for LLM training and inference\n"
    "\n"
    "usage:\n"
    "  gpuplan evaluate --scenario FILE|- [--format table|text|json|md|csv|offers-csv] [--hf-config FILE] [--catalogs DIR]\n"
    "  gpuplan plan --scenario FILE|- [--format table|text|json|md|csv] [--allow-precisions bf16,fp8,int8,int4]\n"
    "               [--hf-config FILE] [--catalogs DIR]   (--allow-precisions: weight formats the plan may choose per GPU,\n"
    "               besides the scenario's own; overrides precision.allowed)\n"
    "                                   every GPU sized for the scenario's load and SLA, ranked by its own metric\n"
    "                                   (monthly bill, job cost or run cost), with exclusions and the Pareto front\n"
    "  gpuplan tco --scenario FILE|- [--format table|json|md] [--catalogs DIR]\n"
    "                                   own or rent: tier, server, bill of materials, TCO, payback, verdict\n"
    "  gpuplan catalog gpus|models [--format table|json] [--catalogs DIR]\n"
    "  gpuplan catalog check [DIR]      validate catalog files (default: the built-in copy)\n"
    "  gpuplan catalog stats [DIR]      counts, providers, offer ages, spot offers, priced GPUs\n"
    "  gpuplan validate [DIR] [--format table|json|md]\n"
    "                                   published measurements vs predictions (default DIR: tests/validation/cases)\n"
    "  gpuplan --help | --version\n"
    "\n"
    "--hf-config FILE: the model from a Hugging Face config.json (--scenario may then be left out).\n"
    "Scenario format: docs/SCENARIO.md. Exit codes: 0 ok, 1 check failed, 2 bad input.\n";

constexpr const char* kVersion = "gpuplan 0.1.0";

struct Options {
    std::vector<std::string> Positional;
    std::map<std::string, std::string> Flags; // --name value
    std::string Error;
};

Options ParseOptions(const std::vector<std::string>& args, size_t first) {
    static const std::set<std::string> kValued = {"--scenario", "--format", "--catalogs", "--hf-config", "--allow-precisions"};
    Options options;
    for (size_t i = first; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg.rfind("--", 0) == 0 && arg.size() > 2) {
            const size_t eq = arg.find('=');
            const std::string name = arg.substr(0, eq);
            if (!kValued.count(name)) {
                options.Error = "unknown option " + name;
                return options;
            }
            if (eq != std::string::npos) options.Flags[name] = arg.substr(eq + 1);
            else if (i + 1 < args.size()) options.Flags[name] = args[++i];
            else options.Error = name + " needs a value";
        } else {
            options.Positional.push_back(arg);
        }
    }
    return options;
}

// The catalog the command uses: --catalogs DIR, or the copy built into the binary.
bool LoadCatalog(const Options& options, catalog::Catalog* out, std::ostream& err) {
    catalog::FileSet files;
    auto it = options.Flags.find("--catalogs");
    if (it != options.Flags.end()) {
        std::string error;
        if (!ReadCatalogDir(it->second, &files, &error)) {
            err << "gpuplan: " << error << "\n";
            return false;
        }
    } else {
        files = catalog::EmbeddedFiles();
    }
    std::vector<catalog::Issue> issues;
    *out = catalog::LoadFileSet(files, &issues);
    if (catalog::HasErrors(issues)) {
        for (const catalog::Issue& issue : issues)
            if (issue.IsError) err << "gpuplan: catalog: " << issue.ToString() << "\n";
        return false;
    }
    return true;
}

bool FormatFlag(const Options& options, const std::set<std::string>& allowed, std::string* format, std::ostream& err) {
    auto it = options.Flags.find("--format");
    *format = it == options.Flags.end() ? "table" : it->second;
    if (!allowed.count(*format)) {
        std::string list;
        for (const std::string& name : allowed) list += (list.empty() ? "" : ", ") + name;
        err << "gpuplan: --format: expected one of " << list << ", got \"" << *format << "\"\n";
        return false;
    }
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] evaluate
//-----------------------------------------------------------------------------

// Reads --scenario (a file or "-") against the catalog; prints issues; false when the input is unusable.
bool LoadScenario(const Options& options, const std::string& stdin_text, catalog::Catalog* cat, engine::Scenario* s, std::ostream& err) {
    auto it = options.Flags.find("--scenario");
    auto hf = options.Flags.find("--hf-config");
    if (it == options.Flags.end() && hf == options.Flags.end()) {
        err << "gpuplan: --scenario FILE|- is required\n";
        return false;
    }
    std::string text = "{}"; // --hf-config alone: the default scenario with that model
    if (it != options.Flags.end() && it->second == "-") text = stdin_text;
    else if (it != options.Flags.end() && !ReadTextFile(it->second, &text)) {
        err << "gpuplan: " << it->second << ": cannot be read\n";
        return false;
    }
    if (!LoadCatalog(options, cat, err)) return false;
    std::vector<catalog::Issue> issues;
    bool ok = scenario::ScenarioFromJson(text, *cat, s, &issues);
    if (ok && hf != options.Flags.end()) {
        std::string config_text;
        if (!ReadTextFile(hf->second, &config_text)) {
            err << "gpuplan: " << hf->second << ": cannot be read\n";
            return false;
        }
        ok = scenario::ModelFromHfConfigText(config_text, hf->second, &s->Model, &issues);
    }
    for (const catalog::Issue& issue : issues) err << "gpuplan: " << issue.ToString() << "\n";
    return ok;
}

int Evaluate(const Options& options, const std::string& stdin_text, std::ostream& out, std::ostream& err) {
    std::string format;
    if (!FormatFlag(options, {"table", "text", "json", "md", "csv", "offers-csv"}, &format, err)) return kExitBadInput;
    catalog::Catalog cat;
    engine::Scenario s;
    if (!LoadScenario(options, stdin_text, &cat, &s, err)) return kExitBadInput;
    const engine::Result result = catalog::EvaluateWithCosts(cat, s);
    if (!result.Ok) {
        err << "gpuplan: scenario: " << result.Error << "\n";
        return kExitBadInput;
    }
    if (format == "json") out << scenario::ResultToJson(result) << "\n";
    else if (format == "csv") out << scenario::ResultToCsv(s, result);
    else if (format == "offers-csv") out << scenario::OffersToCsv(result);
    else {
        // Does not fit: the planner's row for this GPU says what would (the same row the page's Compare shows).
        std::vector<engine::PlanRow> plan;
        const engine::PlanRow* would_work = nullptr;
        if (!result.Fits) {
            plan = catalog::PlanWithCatalog(cat, s);
            for (const engine::PlanRow& row : plan)
                if (row.GpuId == s.Gpu.Id && row.Precision == engine::FormatName(s.Precision.Weights) && would_work == nullptr) would_work = &row;
        }
        out << RenderResult(s, result, format == "md" ? TextFormat::Markdown : TextFormat::Table, would_work);
    }
    return kExitOk;
}

// --allow-precisions bf16,fp8,int4: the weight formats the plan may choose (the scenario's precision.allowed).
bool AllowPrecisionsFlag(const Options& options, engine::Scenario* s, std::ostream& err) {
    auto it = options.Flags.find("--allow-precisions");
    if (it == options.Flags.end()) return true;
    std::vector<engine::Format> formats;
    std::string list = it->second + ",";
    for (size_t start = 0, comma; (comma = list.find(',', start)) != std::string::npos; start = comma + 1) {
        const std::string name = list.substr(start, comma - start);
        if (name.empty()) continue;
        engine::Format f;
        if (!engine::ParseFormat(name, &f) || f == engine::Format::Tf32) {
            err << "gpuplan plan: --allow-precisions: unknown weight format \"" << name << "\"; expected a comma-separated list of "
                << engine::FormatNameList() << " (not tf32)\n";
            return false;
        }
        if (std::find(formats.begin(), formats.end(), f) == formats.end()) formats.push_back(f);
    }
    s->AllowedWeights = formats;
    return true;
}

int PlanCommand(const Options& options, const std::string& stdin_text, std::ostream& out, std::ostream& err) {
    std::string format;
    if (!FormatFlag(options, {"table", "text", "json", "md", "csv"}, &format, err)) return kExitBadInput;
    catalog::Catalog cat;
    engine::Scenario s;
    if (!LoadScenario(options, stdin_text, &cat, &s, err)) return kExitBadInput;
    if (!AllowPrecisionsFlag(options, &s, err)) return kExitBadInput;
    const std::vector<engine::PlanRow> rows = catalog::PlanWithCatalog(cat, s);
    if (format == "json") out << scenario::PlanToJson(s, rows) << "\n";
    else if (format == "csv") out << scenario::PlanToCsv(s, rows);
    else out << RenderPlan(s, rows, format == "md" ? TextFormat::Markdown : TextFormat::Table);
    return kExitOk;
}

int TcoCommand(const Options& options, const std::string& stdin_text, std::ostream& out, std::ostream& err) {
    std::string format;
    if (!FormatFlag(options, {"table", "json", "md"}, &format, err)) return kExitBadInput;
    catalog::Catalog cat;
    engine::Scenario s;
    if (!LoadScenario(options, stdin_text, &cat, &s, err)) return kExitBadInput;
    const engine::Result result = catalog::EvaluateWithCosts(cat, s);
    if (!result.Ok) {
        err << "gpuplan: scenario: " << result.Error << "\n";
        return kExitBadInput;
    }
    const engine::TcoResult tco = catalog::EvaluateTco(cat, s, result, catalog::PlanWithCatalog(cat, s));
    if (format == "json") out << TcoToJson(tco) << "\n";
    else out << RenderTco(s, tco, format == "md" ? TextFormat::Markdown : TextFormat::Table);
    return kExitOk;
}

//-----------------------------------------------------------------------------
// [SECTION] catalog
//-----------------------------------------------------------------------------

std::string Gb(double bytes) { return HumanValue(bytes, "B"); }
// A parameter count as people write it: "70.6B", "494M".
std::string ParamCount(double params) {
    if (!(params > 0)) return "n/a";
    char buffer[32];
    if (params >= 1e9) std::snprintf(buffer, sizeof(buffer), "%.3gB", params / 1e9);
    else std::snprintf(buffer, sizeof(buffer), "%.3gM", params / 1e6);
    return buffer;
}
std::string Tflops(double flops) { return flops > 0 ? HumanValue(flops / 1e12, "") : "n/a"; }

int ListCatalog(const std::string& what, const Options& options, std::ostream& out, std::ostream& err) {
    std::string format;
    if (!FormatFlag(options, {"table", "json"}, &format, err)) return kExitBadInput;
    catalog::Catalog cat;
    if (!LoadCatalog(options, &cat, err)) return kExitBadInput;
    using engine::ComputeClass;
    if (what == "gpus") {
        if (format == "json") {
            nlohmann::json list = nlohmann::json::array();
            for (const catalog::GpuEntry& g : cat.Gpus)
                list.push_back({{"id", g.Spec.Id}, {"name", g.Spec.Name}, {"vendor", g.Spec.Vendor}, {"memory_gb", g.Spec.MemoryBytes / 1e9},
                                {"bandwidth_tb_s", g.Spec.BandwidthBytesPerS / 1e12},
                                {"bf16_dense_tflops", g.Spec.PeakFlops[static_cast<int>(ComputeClass::Bf16)] / 1e12},
                                {"source", g.Source}, {"as_of", g.AsOf}});
            out << list.dump(2) << "\n";
            return kExitOk;
        }
        std::vector<std::vector<std::string>> rows = {{"id", "name", "memory", "TB/s", "bf16 TFLOPS", "fp8 TFLOPS", "as_of"}};
        for (const catalog::GpuEntry& g : cat.Gpus)
            rows.push_back({g.Spec.Id, g.Spec.Name, Gb(g.Spec.MemoryBytes), HumanValue(g.Spec.BandwidthBytesPerS / 1e12, ""),
                            Tflops(g.Spec.PeakFlops[static_cast<int>(ComputeClass::Bf16)]), Tflops(g.Spec.PeakFlops[static_cast<int>(ComputeClass::Fp8)]), g.AsOf});
        out << RenderRows(rows, TextFormat::Table) << kCapacityNote << "\n";
        return kExitOk;
    }
    if (format == "json") {
        nlohmann::json list = nlohmann::json::array();
        for (const catalog::ModelEntry& m : cat.Models)
            list.push_back({{"id", m.Arch.Id}, {"name", m.Arch.Name}, {"params", m.Arch.Params}, {"layers", m.Arch.Layers},
                            {"experts", m.Arch.Experts}, {"source", m.Source}, {"as_of", m.AsOf}});
        out << list.dump(2) << "\n";
        return kExitOk;
    }
    std::vector<std::vector<std::string>> rows = {{"id", "name", "params", "layers", "kind", "max context"}};
    for (const catalog::ModelEntry& m : cat.Models) {
        std::string kind = m.Arch.Experts > 0 ? "MoE " + std::to_string(m.Arch.ExpertsActive) + "/" + std::to_string(m.Arch.Experts) : "dense";
        if (m.Arch.KvLoraRank > 0) kind += ", MLA";
        rows.push_back({m.Arch.Id, m.Arch.Name, ParamCount(m.Arch.Params), std::to_string(m.Arch.Layers), kind,
                        m.Arch.MaxContext > 0 ? std::to_string(m.Arch.MaxContext) : "n/a"});
    }
    out << RenderRows(rows, TextFormat::Table);
    return kExitOk;
}

bool LoadForCheck(const Options& options, catalog::Catalog* cat, std::vector<catalog::Issue>* issues, std::ostream& err) {
    catalog::FileSet files;
    if (!options.Positional.empty()) {
        std::string error;
        if (!ReadCatalogDir(options.Positional[0], &files, &error)) {
            err << "gpuplan: " << error << "\n";
            return false;
        }
    } else {
        files = catalog::EmbeddedFiles();
    }
    *cat = catalog::LoadFileSet(files, issues);
    return true;
}

int CheckCatalog(const Options& options, std::ostream& out, std::ostream& err) {
    catalog::Catalog cat;
    std::vector<catalog::Issue> issues;
    if (!LoadForCheck(options, &cat, &issues, err)) return kExitBadInput;
    int errors = 0, warnings = 0;
    for (const catalog::Issue& issue : issues) {
        (issue.IsError ? errors : warnings) += 1;
        out << issue.ToString() << "\n";
    }
    out << (errors == 0 ? "ok: " : "FAILED: ") << errors << " errors, " << warnings << " warnings; " << cat.Gpus.size() << " GPUs, "
        << cat.Models.size() << " models, " << cat.Providers.size() << " providers, " << cat.Offers.size() << " offers\n";
    return errors == 0 ? kExitOk : kExitFailed;
}

// Age buckets for `catalog stats`, in days before the catalog's release date (catalog.h).
struct AgeBucket {
    const char* Label;
    int         MaxDays; // inclusive upper bound
};
constexpr AgeBucket kAgeBuckets[] = {
    {"up to 1 month", 31},
    {"1-3 months", 92},
    {"3-6 months", catalog::kStaleAfterDays},
    {"6-12 months (stale)", catalog::kExpiredAfterDays},
    {"over 12 months (expired)", 1 << 30},
};

std::string JoinIds(const std::vector<std::string>& ids) {
    std::string text;
    for (const std::string& id : ids) text += (text.empty() ? "" : ", ") + id;
    return text;
}

int CatalogStats(const Options& options, std::ostream& out, std::ostream& err) {
    catalog::Catalog cat;
    std::vector<catalog::Issue> issues;
    if (!LoadForCheck(options, &cat, &issues, err)) return kExitBadInput;
    const std::string today = catalog::kCatalogReleaseDate;
    auto count = [](size_t n) { return std::to_string(n); };

    // GPUs: priced (at least one offer), with a purchase price, evaluable.
    int priced = 0, purchase = 0, unevaluable = 0;
    std::vector<std::string> spot_no_saving;
    for (const catalog::GpuEntry& g : cat.Gpus) {
        const catalog::GpuPriceSummary summary = catalog::SummarizeGpuPrices(cat, g.Spec.Id, engine::CostParams());
        priced += summary.Offers > 0;
        purchase += g.PurchasePriceUsd > 0;
        unevaluable += !g.UnknownPerformance.empty();
        if (summary.SpotDearerThanOnDemand) spot_no_saving.push_back(g.Spec.Id);
    }
    int moe = 0, mla = 0;
    for (const auto& m : cat.Models) {
        moe += m.Arch.Experts > 0;
        mla += m.Arch.KvLoraRank > 0;
    }
    std::vector<std::string> rub_providers;
    int russian = 0;
    for (const auto& p : cat.Providers) {
        russian += p.Country == "RU";
        if (p.Currency == "RUB") rub_providers.push_back(p.Id);
    }
    int estimates = 0, vat_included = 0, rub_offers = 0;
    std::map<std::string, int> kinds;
    std::vector<int> buckets(std::size(kAgeBuckets), 0);
    const catalog::Offer* oldest = nullptr;
    for (const catalog::Offer& o : cat.Offers) {
        estimates += o.Estimate;
        vat_included += o.VatIncluded;
        rub_offers += o.Currency == "RUB";
        kinds[catalog::OfferKindName(o.Kind)]++;
        const int age = catalog::AgeDays(o.AsOf, today);
        for (size_t b = 0; b < buckets.size(); ++b)
            if (age <= kAgeBuckets[b].MaxDays) { buckets[b]++; break; }
        if (oldest == nullptr || o.AsOf < oldest->AsOf) oldest = &o;
    }

    std::vector<std::vector<std::string>> rows = {{"what", "count"},
                                                  {"GPUs", count(cat.Gpus.size())},
                                                  {"  priced (at least one offer)", std::to_string(priced)},
                                                  {"  with a purchase price", std::to_string(purchase)},
                                                  {"  not evaluable (figures unpublished)", std::to_string(unevaluable)},
                                                  {"models", count(cat.Models.size())},
                                                  {"  MoE", std::to_string(moe)},
                                                  {"  MLA", std::to_string(mla)},
                                                  {"providers", count(cat.Providers.size())},
                                                  {"  in Russia (RU)", std::to_string(russian)},
                                                  {"  pricing in RUB", std::to_string(rub_providers.size())},
                                                  {"offers", count(cat.Offers.size())}};
    for (const auto& [kind, n] : kinds) rows.push_back({"  " + kind, std::to_string(n)});
    rows.push_back({"  in RUB", std::to_string(rub_offers)});
    rows.push_back({"  VAT included as published", std::to_string(vat_included)});
    rows.push_back({"  estimates", std::to_string(estimates)});
    rows.push_back({"currencies with rates", count(cat.Fx.PerUsd.size())});
    rows.push_back({"countries with a VAT rate", count(cat.Taxes.size())});
    out << RenderRows(rows, TextFormat::Table);

    out << "\noffer ages at the catalog's release date " << today << ":\n";
    std::vector<std::vector<std::string>> age_rows = {{"age", "offers"}};
    for (size_t b = 0; b < buckets.size(); ++b) age_rows.push_back({kAgeBuckets[b].Label, std::to_string(buckets[b])});
    out << RenderRows(age_rows, TextFormat::Table);
    if (oldest != nullptr) {
        const int age = catalog::AgeDays(oldest->AsOf, today);
        out << "oldest offer: " << oldest->AsOf << " (" << oldest->Id << ", " << age << " days" << (catalog::IsStale(oldest->AsOf, today) ? ", stale" : "")
            << ")\n";
    }
    // The oldest as_of of any entry (datasheets may be old; that is not staleness).
    std::string oldest_any = "9999-12-31", oldest_what;
    auto consider = [&](const std::string& as_of, const std::string& what) {
        if (!as_of.empty() && as_of < oldest_any) { oldest_any = as_of; oldest_what = what; }
    };
    for (const auto& g : cat.Gpus) consider(g.AsOf, "gpu " + g.Spec.Id);
    for (const auto& m : cat.Models) consider(m.AsOf, "model " + m.Arch.Id);
    for (const auto& o : cat.Offers) consider(o.AsOf, "offer " + o.Id);
    consider(cat.Fx.AsOf, "fx rates");
    if (!oldest_what.empty()) out << "oldest as_of: " << oldest_any << " (" << oldest_what << ")\n";
    const int fx_age = catalog::AgeDays(cat.Fx.AsOf, today);
    out << "exchange rates: as of " << (cat.Fx.AsOf.empty() ? "n/a" : cat.Fx.AsOf) << " (" << fx_age << " days"
        << (catalog::IsStale(cat.Fx.AsOf, today) ? ", stale" : "") << ")\n";
    out << "RUB providers: " << (rub_providers.empty() ? "none" : JoinIds(rub_providers)) << "\n";
    out << "spot no cheaper than on-demand (USD, per GPU-hour, current offers): "
        << (spot_no_saving.empty() ? "none" : std::to_string(spot_no_saving.size()) + " GPUs (" + JoinIds(spot_no_saving) + ")") << "\n";
    if (catalog::HasErrors(issues)) {
        err << "gpuplan: the catalog has errors; run `gpuplan catalog check`\n";
        return kExitFailed;
    }
    return kExitOk;
}

//-----------------------------------------------------------------------------
// [SECTION] validate and dispatch
//-----------------------------------------------------------------------------

int Validate(const Options& options, std::ostream& out, std::ostream& err) {
    std::string format;
    if (!FormatFlag(options, {"table", "json", "md"}, &format, err)) return kExitBadInput;
    catalog::Catalog cat;
    if (!LoadCatalog(options, &cat, err)) return kExitBadInput;
    const std::string dir = options.Positional.empty() ? "tests/validation/cases" : options.Positional[0];
    std::vector<CaseResult> results;
    std::string error;
    if (!RunValidation(dir, cat, &results, &error)) {
        err << "gpuplan validate: " << error << "\n";
        return kExitBadInput;
    }
    out << RenderValidation(results, Summarize(results), format);
    // A case that cannot run is a broken case file, not an accuracy figure: name each one and fail the check.
    int not_run = 0;
    for (const CaseResult& c : results)
        if (!c.Ok) {
            err << "gpuplan validate: " << c.Id << ": could not be run: " << c.Message << "\n";
            ++not_run;
        }
    return not_run > 0 ? kExitFailed : kExitOk;
}

} // namespace

int Run(const std::vector<std::string>& args, const std::string& stdin_text, std::ostream& out, std::ostream& err) {
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        (args.empty() ? err : out) << kUsage;
        return args.empty() ? kExitBadInput : kExitOk;
    }
    if (args[0] == "--version") {
        out << kVersion << "\n";
        return kExitOk;
    }
    const std::string& command = args[0];
    if (command == "evaluate") {
        const Options options = ParseOptions(args, 1);
        if (!options.Error.empty()) { err << "gpuplan evaluate: " << options.Error << "\n" << kUsage; return kExitBadInput; }
        if (options.Flags.count("--allow-precisions")) { err << "gpuplan evaluate: --allow-precisions is an option of gpuplan plan\n"; return kExitBadInput; }
        return Evaluate(options, stdin_text, out, err);
    }
    if (command == "catalog") {
        const std::string what = args.size() > 1 ? args[1] : "";
        const Options options = ParseOptions(args, 2);
        if (!options.Error.empty()) { err << "gpuplan catalog: " << options.Error << "\n"; return kExitBadInput; }
        if (what == "gpus" || what == "models") return ListCatalog(what, options, out, err);
        if (what == "check") return CheckCatalog(options, out, err);
        if (what == "stats") return CatalogStats(options, out, err);
        err << "gpuplan catalog: expected gpus, models, check or stats\n";
        return kExitBadInput;
    }
    if (command == "plan") {
        const Options options = ParseOptions(args, 1);
        if (!options.Error.empty()) { err << "gpuplan plan: " << options.Error << "\n" << kUsage; return kExitBadInput; }
        return PlanCommand(options, stdin_text, out, err);
    }
    if (command == "tco") {
        const Options options = ParseOptions(args, 1);
        if (!options.Error.empty()) { err << "gpuplan tco: " << options.Error << "\n" << kUsage; return kExitBadInput; }
        if (options.Flags.count("--allow-precisions")) { err << "gpuplan tco: --allow-precisions is an option of gpuplan plan\n"; return kExitBadInput; }
        return TcoCommand(options, stdin_text, out, err);
    }
    if (command == "validate") {
        const Options options = ParseOptions(args, 1);
        if (!options.Error.empty()) { err << "gpuplan validate: " << options.Error << "\n"; return kExitBadInput; }
        return Validate(options, out, err);
    }
    err << "gpuplan: unknown command \"" << command << "\"\n" << kUsage;
    return kExitBadInput;
}

} // namespace cli
