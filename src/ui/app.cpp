// gpuplan ui: start-up, the frame (DrawApp), input sanitising and recomputation.
//
// Index
// [SECTION] Start-up
// [SECTION] Recompute
// [SECTION] Frame
#include "ui/app.h"

#include <algorithm>
#include <cmath>

#include "engine/engine.h"
#include "imgui.h"
#include "scenario/scenario_json.h"
#include "ui/page_features.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"

//-----------------------------------------------------------------------------
// [SECTION] Start-up
//-----------------------------------------------------------------------------

namespace {

std::string FirstError(const std::vector<catalog::Issue>& issues) {
    for (const catalog::Issue& issue : issues)
        if (issue.IsError) return issue.ToString();
    return issues.empty() ? std::string() : issues.front().ToString();
}

int ErrorCount(const std::vector<catalog::Issue>& issues) {
    int count = 0;
    for (const catalog::Issue& issue : issues) count += issue.IsError ? 1 : 0;
    return count;
}

std::string WithMore(const std::string& first, int errors) {
    if (errors <= 1) return first;
    return first + " (+" + std::to_string(errors - 1) + ")";
}

} // namespace

void InitApp(AppState* state, const catalog::FileSet& fetched, const std::vector<FetchFailure>& failures,
             const std::string& url_hash) {
    // Catalogs: the site's files when every fetch and every check passed; otherwise the built-in copy.
    std::vector<catalog::Issue> issues;
    bool use_embedded = !failures.empty() || fetched.Files.empty();
    if (!use_embedded) {
        state->catalog = catalog::LoadFileSet(fetched, &issues);
        use_embedded = catalog::HasErrors(issues);
    }
    if (use_embedded) {
        Notice notice;
        notice.Kind = NoticeKind::Warning;
        notice.Title = Str::NoticeCatalogFallback;
        if (!failures.empty()) notice.Detail = failures.front().Path + ": " + failures.front().Reason;
        else if (fetched.Files.empty()) notice.Detail = "catalogs/: no files";
        else notice.Detail = WithMore(FirstError(issues), ErrorCount(issues));
        if (failures.size() > 1) notice.Detail += " (+" + std::to_string(failures.size() - 1) + ")";
        state->ui.Notices.push_back(notice);

        std::vector<catalog::Issue> embedded_issues;
        catalog::Catalog embedded = catalog::LoadFileSet(catalog::EmbeddedFiles(), &embedded_issues);
        if (catalog::HasErrors(embedded_issues)) {
            state->ui.Notices.push_back(Notice{NoticeKind::Warning, Str::NoticeCatalogIssues,
                                               WithMore(FirstError(embedded_issues), ErrorCount(embedded_issues))});
        }
        // Keep whichever copy has more to offer (a broken site file can still leave a usable catalog).
        if (embedded.Gpus.size() + embedded.Models.size() >= state->catalog.Gpus.size() + state->catalog.Models.size())
            state->catalog = std::move(embedded);
    }
    state->prices = SummarizePrices(state->catalog);
    ParseAccuracyReport(EmbeddedAccuracyJson(), &state->accuracy);

    // Scenario: from the link when there is one.
    state->scenario = scenario::DefaultScenario(state->catalog);
    if (!url_hash.empty() && url_hash != "#") ApplyUrlHash(state, url_hash);
    SanitizeScenario(&state->scenario);
    Recompute(state);
}

void ApplyUrlHash(AppState* state, const std::string& full_hash) {
    const std::string url_hash = TakePageHashExtras(state, full_hash); // "&l=ru", "&p=<pinned>" (page_features.h)
    std::vector<catalog::Issue> issues;
    engine::Scenario decoded;
    if (scenario::ScenarioFromUrlHash(url_hash, state->catalog, &decoded, &issues)) {
        state->scenario = decoded;
        if (!issues.empty()) state->ui.Notices.push_back(Notice{NoticeKind::Info, Str::NoticeLinkWarnings, FirstError(issues)});
    } else {
        state->scenario = scenario::DefaultScenario(state->catalog);
        state->ui.Notices.push_back(Notice{NoticeKind::Error, Str::NoticeBadLink, FirstError(issues)});
    }
    SanitizeScenario(&state->scenario);
    Recompute(state);
}

//-----------------------------------------------------------------------------
// [SECTION] Recompute
//-----------------------------------------------------------------------------

namespace {

template <typename T>
void Clamp(T* value, T lo, T hi) {
    if (!(*value >= lo)) *value = lo; // also catches NaN
    if (*value > hi) *value = hi;
}

} // namespace

void SanitizeScenario(engine::Scenario* s) {
    Clamp(&s->GpuCount, 1, 65536);
    engine::ModelArch& m = s->Model;
    Clamp(&m.Layers, 1, 1024);
    Clamp(&m.Heads, 1, 1024);
    if (m.KvHeads > 0 && m.Heads % m.KvHeads != 0) m.KvHeads = m.Heads; // the engine needs a divisor of heads
    Clamp(&m.Params, 0.0, 9.9e13);

    engine::InferenceParams& in = s->Inference;
    Clamp(&in.ContextTokens, 0.0, 1e7);
    Clamp(&in.InputTokens, 1.0, 1e7);
    Clamp(&in.OutputTokens, 1.0, 1e7);
    Clamp(&in.Concurrency, 1, 1000000);
    Clamp(&in.TtftSlaS, 0.0, 3600.0);
    Clamp(&in.MinTokensPerSPerUser, 0.0, 1e5);
    Clamp(&in.TargetUsers, 0.0, 1e8);
    Clamp(&in.PipelineParallel, 1, std::min(m.Layers, s->GpuCount));
    Clamp(&in.TensorParallel, 1, std::max(1, s->GpuCount / in.PipelineParallel));

    engine::TrainingParams& t = s->Training;
    Clamp(&t.Tokens, 1e6, 1e15);
    Clamp(&t.SeqLen, 128.0, 1e7);
    Clamp(&t.MicroBatch, 1, 4096);
    Clamp(&t.ZeroStage, 0, 3);
    Clamp(&t.LoraRank, 1, 4096);
    Clamp(&t.ContextParallel, 1, s->GpuCount);
    Clamp(&t.PipelineParallel, 1, std::min(m.Layers, std::max(1, s->GpuCount / t.ContextParallel)));
    Clamp(&t.TensorParallel, 1, std::max(1, s->GpuCount / (t.PipelineParallel * t.ContextParallel)));
}

void Recompute(AppState* state) {
    state->result = catalog::EvaluateWithCosts(state->catalog, state->scenario);
    state->plan = catalog::PlanWithCatalog(state->catalog, state->scenario); // ~40 evaluations, only on change
    state->gpu_providers = ProvidersWithOffers(state->catalog, state->scenario.Gpu.Id);
    state->offer_info = DescribeOffers(state->catalog, state->result, state->ui.EditedOffers);
    state->provenance = BuildPriceProvenance(state->catalog, state->result);
    const std::string hash = scenario::ScenarioToUrlHash(state->scenario);
    if (hash != state->outbox.UrlHash) {
        state->outbox.UrlHash = hash;
        state->outbox.UrlHashChanged = true;
    }
}

void ImportPricesIntoApp(AppState* state, const std::string& file, const std::string& text) {
    std::vector<catalog::Issue> issues;
    const size_t before = state->catalog.Offers.size();
    catalog::ImportPrices(file, text, &state->catalog, &issues);
    ImportReport& report = state->ui.LastImport;
    report = ImportReport();
    report.Done = true;
    report.File = file;
    report.Imported = static_cast<int>(state->catalog.Offers.size() - before);
    for (const catalog::Issue& issue : issues) (issue.IsError ? report.Rejected : report.Notes).push_back(issue.ToString());
    state->prices = SummarizePrices(state->catalog);
    state->ui.ImportOpen = true;
    Recompute(state);
}

void SetOfferPrice(AppState* state, const std::string& offer_id, double price_per_gpu_hour) {
    if (!(price_per_gpu_hour > 0) || !std::isfinite(price_per_gpu_hour)) return;
    for (catalog::Offer& offer : state->catalog.Offers) {
        if (offer.Id != offer_id) continue;
        double in_offer_currency = 0;
        if (!catalog::ConvertCurrency(state->catalog, price_per_gpu_hour, state->scenario.Cost.Currency, offer.Currency, &in_offer_currency)) return;
        offer.PricePerGpuHour = in_offer_currency;
        offer.PricePerInstanceHour = in_offer_currency * offer.GpusPerInstance;
        state->ui.EditedOffers.insert(offer_id);
        Recompute(state);
        return;
    }
}

void UsePlanRow(AppState* state, const engine::PlanRow& row) {
    const catalog::GpuEntry* entry = state->catalog.FindGpu(row.GpuId);
    if (entry == nullptr || row.GpuCount <= 0) return;
    engine::Scenario& s = state->scenario;
    s.Gpu = entry->Spec;
    s.GpuCount = row.GpuCount;
    if (s.Workload == engine::WorkloadKind::Inference) s.Inference.TensorParallel = row.TensorParallel;
    state->ui.Dirty = true;
}

void SetCurrency(AppState* state, const std::string& currency) {
    engine::CostParams& cost = state->scenario.Cost;
    if (cost.Currency == currency) return;
    for (double* amount : {&cost.PricePerGpuHour, &cost.PurchasePricePerGpu, &cost.ElectricityPerKwh}) {
        double converted = 0;
        if (*amount > 0 && catalog::ConvertCurrency(state->catalog, *amount, cost.Currency, currency, &converted)) *amount = converted;
    }
    cost.Currency = currency;
    state->ui.Dirty = true;
}

//-----------------------------------------------------------------------------
// [SECTION] Frame
//-----------------------------------------------------------------------------

namespace {

constexpr float kInputsShare = 0.37f;    // wide layout: the inputs column's share of the width
constexpr float kInputsMinWidth = 380;
constexpr float kInputsMaxWidth = 480;
constexpr float kColumnPadding = 4;     // inner padding of the scrolling columns (the page has its own)

// A scrolling column with just enough padding for its scrollbar (the page window has its own padding).
void BeginColumn(const char* id, ImVec2 size) {
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(kColumnPadding, 0));
    ImGui::BeginChild(id, size, false, ImGuiWindowFlags_AlwaysUseWindowPadding);
    ImGui::PopStyleVar();
}

void DrawInputs(AppState* state) {
    DrawPresetsPanel(state);
    DrawWorkloadPanel(state);
    DrawModelPanel(state);
    DrawHfConfigPanel(state);
    DrawHardwarePanel(state);
    if (state->scenario.Workload == engine::WorkloadKind::Inference) DrawInferencePanel(state);
    else DrawTrainingPanel(state);
    DrawPrecisionPanel(state);
}

void RecomputeIfDirty(AppState* state) {
    if (!state->ui.Dirty) return;
    state->ui.Dirty = false;
    SanitizeScenario(&state->scenario);
    Recompute(state);
}

void DrawResults(AppState* state) {
    DrawSummaryPanel(state);
    DrawPinnedPanel(state);
    DrawComparePanel(state);
    DrawExportPanel(state);
    DrawMemoryPanel(state);
    DrawCostPanel(state);
    DrawCostCurvePanel(state);
    DrawPriceImportPanel(state);
    if (state->scenario.Workload == engine::WorkloadKind::Inference) DrawCurvePanel(state);
    DrawDetailsPanel(state);
    DrawWarningsPanel(state);
    DrawDerivationPanel(state);
    DrawSourcesPanel(state);
}

} // namespace

void DrawApp(AppState* state) {
    SetLanguage(state->ui.Lang);
    state->ui.WidgetRects.clear();
    state->ui.TextFieldRects.clear();
    state->ui.ActiveFieldNumeric = false;
    const ImGuiIO& io = ImGui::GetIO();
    state->ui.Narrow = io.DisplaySize.x < theme::kNarrowWidth;
    theme::Apply(state->ui.Narrow);

    ImGui::PushFont(state->ui.Narrow ? state->ui.FontTouch : state->ui.FontBody);
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollWithMouse;
    ImGui::Begin("gpuplan", nullptr, flags);
    DrawHeaderPanel(state);
    DrawNoticesPanel(state);


    if (state->ui.Narrow) {
        DrawVerdictPanel(state);
        BeginColumn("page", ImVec2(0, 0));
        DrawInputs(state);
        RecomputeIfDirty(state);
        DrawResults(state);
        ImGui::EndChild();
    } else {
        const float inputs_width = std::clamp(io.DisplaySize.x * kInputsShare, kInputsMinWidth, kInputsMaxWidth);
        BeginColumn("inputs", ImVec2(inputs_width, 0));
        DrawInputs(state);
        ImGui::EndChild();
        RecomputeIfDirty(state);
        ImGui::SameLine();
        BeginColumn("results", ImVec2(0, 0));
        DrawResults(state);
        ImGui::EndChild();
    }
    DrawAccuracyPanel(state);
    ImGui::End();
    RecomputeIfDirty(state); // widgets in the results column (Cost panel) changed the scenario
    UpdatePageFeatures(state);  // text mirror, language and pinned scenario in the link, the link remembered
    ImGui::PopFont();
}
