// gpuplan ui: export, your own model, the pinned scenario, presets, and the link's extras (page_features.h).
//
// Index
// [SECTION] Export
// [SECTION] Your own model
// [SECTION] Pinned scenario
// [SECTION] Presets and Reset
// [SECTION] Link and browser memory
#include "ui/page_features.h"

#include <algorithm>
#include <cmath>

#include "cli/report.h"
#include "scenario/export.h"
#include "scenario/hf_config.h"
#include "scenario/scenario_json.h"
#include "ui/app.h"
#include "ui/text_mirror.h"
#include "ui/view.h"

//-----------------------------------------------------------------------------
// [SECTION] Export
//-----------------------------------------------------------------------------

bool ParseExportKind(const std::string& name, ExportKind* out) {
    static const char* const kNames[] = {"md", "text", "csv", "offers-csv", "compare-csv", "json"};
    for (int i = 0; i < static_cast<int>(ExportKind::Count); ++i)
        if (name == kNames[i]) {
            *out = static_cast<ExportKind>(i);
            return true;
        }
    return false;
}

std::string ExportText(const AppState& state, ExportKind kind) {
    const engine::Scenario& s = state.scenario;
    const engine::Result& r = state.result;
    switch (kind) {
    case ExportKind::Markdown: return cli::RenderResult(s, r, cli::TextFormat::Markdown, r.Fits ? nullptr : PlanRowFor(state.plan, s));
    case ExportKind::Text: return cli::RenderResult(s, r, cli::TextFormat::Table, r.Fits ? nullptr : PlanRowFor(state.plan, s));
    case ExportKind::ResultCsv: return scenario::ResultToCsv(s, r);
    case ExportKind::OffersCsv: return scenario::OffersToCsv(r);
    case ExportKind::CompareCsv: return scenario::PlanToCsv(s, state.plan);
    case ExportKind::ResultJson: return scenario::ResultToJson(r) + "\n";
    case ExportKind::Count: break;
    }
    return "";
}

const char* ExportFileName(ExportKind kind) {
    static const char* const kFiles[] = {"gpuplan-result.md", "gpuplan-result.txt", "gpuplan-result.csv", "gpuplan-offers.csv",
                                         "gpuplan-compare.csv", "gpuplan-result.json"};
    return kind < ExportKind::Count ? kFiles[static_cast<int>(kind)] : "gpuplan.txt";
}

const char* ExportMime(ExportKind kind) {
    switch (kind) {
    case ExportKind::Markdown: return "text/markdown;charset=utf-8";
    case ExportKind::ResultJson: return "application/json";
    case ExportKind::ResultCsv:
    case ExportKind::OffersCsv:
    case ExportKind::CompareCsv: return "text/csv;charset=utf-8";
    default: return "text/plain;charset=utf-8";
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Your own model
//-----------------------------------------------------------------------------

void ApplyHfConfig(AppState* state, const std::string& file, const std::string& text) {
    HfConfigReport& report = state->ui.LastHfConfig;
    report = HfConfigReport();
    report.Done = true;
    std::vector<catalog::Issue> issues;
    engine::ModelArch arch;
    report.Ok = scenario::ModelFromHfConfigText(text, file, &arch, &issues);
    for (const catalog::Issue& issue : issues) (issue.IsError ? report.Errors : report.Notes).push_back(issue.ToString());
    state->ui.HfConfigOpen = true;
    if (!report.Ok) return;
    report.ModelName = arch.Name;
    report.Params = arch.Params;
    state->scenario.Model = arch;
    state->ui.Dirty = true;
}

//-----------------------------------------------------------------------------
// [SECTION] Pinned scenario
//-----------------------------------------------------------------------------

void PinCurrentScenario(AppState* state) {
    state->ui.HasPinned = true;
    state->ui.PinnedScenario = state->scenario;
    state->ui.PinnedResult = state->result;
}

void Unpin(AppState* state) {
    state->ui.HasPinned = false;
}

namespace {

// "+12.0 %" from pinned to current; "" when the pinned value is not a number to compare against.
std::string Change(double pinned, double current) {
    if (!(pinned > 0) || !std::isfinite(current)) return "";
    if (current == pinned) return "0 %";
    return FormatSignedPercent((current - pinned) / pinned);
}

} // namespace

std::vector<PinnedRow> BuildPinnedRows(const AppState& state) {
    const engine::Scenario& ps = state.ui.PinnedScenario;
    const engine::Scenario& cs = state.scenario;
    const engine::Result& p = state.ui.PinnedResult;
    const engine::Result& c = state.result;
    std::vector<PinnedRow> rows;
    auto gpus = [](const engine::Scenario& s) { return std::to_string(s.GpuCount) + " \xc3\x97 " + s.Gpu.Name; };
    rows.push_back({Tr(Str::Model), ps.Model.Name, cs.Model.Name, ""});
    rows.push_back({Tr(Str::Gpu), gpus(ps), gpus(cs), Change(ps.GpuCount, cs.GpuCount)});
    rows.push_back({Tr(Str::PrecisionWeights), engine::FormatName(ps.Precision.Weights), engine::FormatName(cs.Precision.Weights), ""});
    rows.push_back({Tr(Str::Total), FormatGb(p.MemoryPerGpu.Total), FormatGb(c.MemoryPerGpu.Total), Change(p.MemoryPerGpu.Total, c.MemoryPerGpu.Total)});
    rows.push_back({Tr(Str::Fits), Tr(p.Fits ? Str::Fits : Str::DoesNotFit), Tr(c.Fits ? Str::Fits : Str::DoesNotFit), ""});
    const bool both_inference = ps.Workload == engine::WorkloadKind::Inference && cs.Workload == engine::WorkloadKind::Inference;
    const bool both_training = ps.Workload != engine::WorkloadKind::Inference && cs.Workload != engine::WorkloadKind::Inference;
    if (both_inference) {
        rows.push_back({Tr(Str::Ttft), FormatDuration(p.Inference.TtftS), FormatDuration(c.Inference.TtftS), Change(p.Inference.TtftS, c.Inference.TtftS)});
        rows.push_back({Tr(Str::TokensPerUser), FormatRate(p.Inference.TokensPerSPerUser, Str::UnitTokensPerS),
                        FormatRate(c.Inference.TokensPerSPerUser, Str::UnitTokensPerS), Change(p.Inference.TokensPerSPerUser, c.Inference.TokensPerSPerUser)});
        rows.push_back({Tr(Str::Throughput), FormatRate(p.Inference.ThroughputTokensPerS, Str::UnitTokensPerS),
                        FormatRate(c.Inference.ThroughputTokensPerS, Str::UnitTokensPerS), Change(p.Inference.ThroughputTokensPerS, c.Inference.ThroughputTokensPerS)});
    } else if (both_training) {
        rows.push_back({Tr(Str::TrainTime), FormatDuration(p.Training.TimeS), FormatDuration(c.Training.TimeS), Change(p.Training.TimeS, c.Training.TimeS)});
        rows.push_back({Tr(Str::GpuHours), FormatGpuHours(p.Training.GpuHours), FormatGpuHours(c.Training.GpuHours), Change(p.Training.GpuHours, c.Training.GpuHours)});
    }
    const bool same_currency = p.Cost.Currency == c.Cost.Currency;
    rows.push_back({Tr(Str::OnDemandPerHour), FormatMoneyPerHour(p.Cost.PerHour, p.Cost.Currency), FormatMoneyPerHour(c.Cost.PerHour, c.Cost.Currency),
                    same_currency ? Change(p.Cost.PerHour, c.Cost.PerHour) : ""});
    if (both_inference)
        rows.push_back({Tr(Str::PerMillionTokens), FormatMoney(p.Cost.PerMillionTokens, p.Cost.Currency), FormatMoney(c.Cost.PerMillionTokens, c.Cost.Currency),
                        same_currency ? Change(p.Cost.PerMillionTokens, c.Cost.PerMillionTokens) : ""});
    if (both_training)
        rows.push_back({Tr(Str::JobCost), FormatMoney(p.Cost.JobCost, p.Cost.Currency), FormatMoney(c.Cost.JobCost, c.Cost.Currency),
                        same_currency ? Change(p.Cost.JobCost, c.Cost.JobCost) : ""});
    return rows;
}

//-----------------------------------------------------------------------------
// [SECTION] Cost vs GPU count
//-----------------------------------------------------------------------------

namespace {

constexpr int kCostCurveMinTop = 8;   // the chart reaches at least 8 GPUs (one node)
constexpr int kCostCurveMaxTop = 256; // and at most 256

} // namespace

std::vector<CostCurvePoint> BuildCostVsGpus(const catalog::Catalog& catalog, const engine::Scenario& scenario) {
    std::vector<int> counts;
    int top = kCostCurveMinTop;
    while (top < 2 * scenario.GpuCount && top < kCostCurveMaxTop) top *= 2;
    for (int count = 1; count <= top; count *= 2) counts.push_back(count);
    if (scenario.GpuCount <= top && std::find(counts.begin(), counts.end(), scenario.GpuCount) == counts.end()) {
        counts.push_back(scenario.GpuCount);
        std::sort(counts.begin(), counts.end());
    }
    std::vector<CostCurvePoint> points;
    const bool inference = scenario.Workload == engine::WorkloadKind::Inference;
    for (int count : counts) {
        engine::Scenario s = scenario;
        s.GpuCount = count;
        SanitizeScenario(&s); // tensor / pipeline parallel no wider than the GPUs
        engine::Result r = catalog::EvaluateWithCosts(catalog, s);
        if (inference && r.Ok && !r.Fits && s.Inference.TensorParallel * s.Inference.PipelineParallel < count) {
            // The scenario's replica does not fit: spread one replica over all the GPUs (tensor parallel = count).
            s.Inference.TensorParallel = count / s.Inference.PipelineParallel;
            SanitizeScenario(&s);
            r = catalog::EvaluateWithCosts(catalog, s);
        }
        CostCurvePoint point;
        point.Gpus = count;
        point.Fits = r.Ok && r.Fits;
        point.Value = inference ? r.Cost.PerMillionTokens : r.Cost.JobCost;
        point.PerHour = r.Cost.PerHour;
        point.TimeS = r.Training.TimeS;
        points.push_back(point);
    }
    return points;
}

//-----------------------------------------------------------------------------
// [SECTION] Presets and Reset
//-----------------------------------------------------------------------------

engine::Scenario PresetScenario(Preset preset, const catalog::Catalog& catalog) {
    engine::Scenario s = scenario::DefaultScenario(catalog);
    auto model = [&](const char* id) {
        if (const catalog::ModelEntry* entry = catalog.FindModel(id)) s.Model = entry->Arch;
    };
    auto gpu = [&](const char* id, int count) {
        if (const catalog::GpuEntry* entry = catalog.FindGpu(id)) s.Gpu = entry->Spec;
        s.GpuCount = count;
    };
    switch (preset) {
    case Preset::Chatbot100Users: // an 8B assistant, 100 people typing at once, answers starting within 2 s at reading speed
        model("llama-3.1-8b");
        gpu("l40s", 1);
        s.Inference.InputTokens = 1024;
        s.Inference.OutputTokens = 256;
        s.Inference.ContextTokens = 8192;
        s.Inference.Concurrency = 32;
        s.Inference.TtftSlaS = 2;
        s.Inference.MinTokensPerSPerUser = 15;
        s.Inference.TargetUsers = 100;
        break;
    case Preset::LoraFinetune8b: // LoRA rank 16 on an 8B, 100M tokens (a few epochs of a mid-size instruction set)
        model("llama-3.1-8b");
        gpu("h100-sxm", 1);
        s.Workload = engine::WorkloadKind::Lora;
        s.Training.Tokens = 1e8;
        s.Training.SeqLen = 4096;
        s.Training.MicroBatch = 2;
        s.Training.LoraRank = 16;
        break;
    case Preset::Pretrain1bOn100bTokens: // a 1B model on 100B tokens on one 8-GPU node
        model("llama-3.2-1b");
        gpu("h100-sxm", 8);
        s.Workload = engine::WorkloadKind::Pretrain;
        s.Training.Tokens = 1e11;
        s.Training.SeqLen = 4096;
        s.Training.MicroBatch = 4;
        s.Training.ZeroStage = 1;
        break;
    case Preset::BatchSummarise1mDocs: // 1M documents of ~2,000 tokens, a 200-token summary each, offline
        model("llama-3.1-8b");
        gpu("h100-sxm", 1);
        s.Inference.Mode = engine::ServingMode::Batch;
        s.Inference.InputTokens = 2000;
        s.Inference.OutputTokens = 200;
        s.Inference.Concurrency = 64;
        s.Inference.BatchRequests = 1e6;
        break;
    case Preset::Count: break;
    }
    return s;
}

void ApplyPreset(AppState* state, Preset preset) {
    const std::string currency = state->scenario.Cost.Currency;
    state->scenario = PresetScenario(preset, state->catalog);
    SetCurrency(state, currency); // keep the visitor's currency
    state->ui.Dirty = true;
}

void ResetApp(AppState* state) {
    state->scenario = scenario::DefaultScenario(state->catalog);
    state->ui.HasPinned = false;
    state->ui.LastHfConfig = HfConfigReport();
    state->ui.Dirty = true;
}

//-----------------------------------------------------------------------------
// [SECTION] Link and browser memory
//-----------------------------------------------------------------------------

namespace {

constexpr const char* kLanguageParam = "&l=";
constexpr const char* kPinnedParam = "&p=";

std::string PinnedExtra(const AppState& state) {
    if (!state.ui.HasPinned) return "";
    const std::string hash = scenario::ScenarioToUrlHash(state.ui.PinnedScenario); // "#s=..."
    return kPinnedParam + hash.substr(3);
}

} // namespace

std::string TakePageHashExtras(AppState* state, const std::string& hash) {
    const size_t amp = hash.find('&');
    if (amp == std::string::npos) return hash;
    std::string extras = hash.substr(amp);
    const std::string rest = hash.substr(0, amp);
    size_t at = 0;
    while (at < extras.size()) {
        size_t next = extras.find('&', at + 1);
        if (next == std::string::npos) next = extras.size();
        const std::string param = extras.substr(at, next - at);
        if (param.rfind(kLanguageParam, 0) == 0) {
            const std::string lang = param.substr(3);
            if (lang == "ru") state->ui.Lang = Language::Russian;
            else if (lang == "en") state->ui.Lang = Language::English;
        } else if (param.rfind(kPinnedParam, 0) == 0) {
            std::vector<catalog::Issue> issues;
            engine::Scenario pinned;
            if (scenario::ScenarioFromUrlHash("#s=" + param.substr(3), state->catalog, &pinned, &issues)) {
                SanitizeScenario(&pinned);
                state->ui.HasPinned = true;
                state->ui.PinnedScenario = pinned;
                state->ui.PinnedResult = catalog::EvaluateWithCosts(state->catalog, pinned);
            }
        }
        at = next;
    }
    return rest;
}

void UpdatePageFeatures(AppState* state) {
    UiState& ui = state->ui;
    // The pinned scenario follows the currency, so the deltas compare like with like.
    if (ui.HasPinned && ui.PinnedScenario.Cost.Currency != state->scenario.Cost.Currency) {
        ui.PinnedScenario.Cost.Currency = state->scenario.Cost.Currency;
        ui.PinnedResult = catalog::EvaluateWithCosts(state->catalog, ui.PinnedScenario);
    }
    UpdateTextMirror(state);
    Outbox& outbox = state->outbox;
    const std::string base = outbox.UrlHash.substr(0, outbox.UrlHash.find('&'));
    // Rebuilt when the scenario (its link) or the prices (imports, edits: offers and the price shown) change.
    const std::string curve_key = base + "|" + std::to_string(state->catalog.Offers.size()) + "|" +
                                  std::to_string(ui.EditedOffers.size()) + "|" + std::to_string(state->result.Cost.PerHour);
    if (ui.CostCurveKey != curve_key) {
        ui.CostCurve = BuildCostVsGpus(state->catalog, state->scenario);
        ui.CostCurveKey = curve_key;
    }
    if (base.empty()) return;
    const std::string extras = kLanguageParam + std::string(ui.Lang == Language::Russian ? "ru" : "en") + PinnedExtra(*state);
    // The address bar changes when the scenario did (Recompute asked) or when the visitor switched the language or
    // pinned / unpinned; the first frame only completes the shared link, leaving the address bar as opened.
    const bool extras_changed = !ui.LastHashExtras.empty() && extras != ui.LastHashExtras;
    ui.LastHashExtras = extras;
    const std::string full = base + extras;
    if (full != outbox.UrlHash) {
        outbox.UrlHash = full;
        outbox.UrlHashChanged = outbox.UrlHashChanged || extras_changed;
    }
    if (outbox.UrlHashChanged) {
        outbox.StoreKey = kStoredLinkKey;
        outbox.StoreValue = full;
    }
}
