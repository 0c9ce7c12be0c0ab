// gpuplan ui: start-up, the frame (DrawApp), input sanitising and recomputation.
//
// Index
// [SECTION] Start-up
// [SECTION] Recompute
// [SECTION] Frame
#include "ui/app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/engine.h"
#include "input/json_input.h"
#include "imgui.h"
#include "scenario/field_limits.h"
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
    const catalog::GpuEntry* default_gpu = state->catalog.FindGpu(scenario::kDefaultGpuId);
    if (default_gpu == nullptr || !default_gpu->UnknownPerformance.empty())
        state->ui.Notices.push_back(Notice{NoticeKind::Info, Str::NoticeCatalogIssues,
                                           std::string("catalogs/gpus.json: the default GPU \"") + scenario::kDefaultGpuId +
                                               "\" is missing or has no published figures; starting with " +
                                               scenario::DefaultScenario(state->catalog).Gpu.Name});

    // Scenario: from the link when there is one. The address bar keeps the link as opened until the visitor
    // changes something (a reload must show the same page, notices included).
    state->scenario = scenario::DefaultScenario(state->catalog);
    state->outbox.AddressBarHash = url_hash;
    if (!url_hash.empty() && url_hash != "#") ApplyUrlHash(state, url_hash);
    else ReportClamps(state, SanitizeScenario(&state->scenario));
    Recompute(state);
}

void ApplyUrlHash(AppState* state, const std::string& full_hash) {
    const std::string url_hash = TakePageHashExtras(state, full_hash); // "&l=ru", "&p=<pinned>" (page_features.h)
    std::vector<catalog::Issue> issues;
    engine::Scenario decoded = scenario::DefaultScenario(state->catalog);
    const scenario::LinkReading reading = scenario::ReadLinkScenario(url_hash, state->catalog, &decoded, &issues);
    state->outbox.AddressBarHash = url_hash;
    if (reading == scenario::LinkReading::Unreadable) {
        state->scenario = scenario::DefaultScenario(state->catalog);
        state->ui.Notices.push_back(Notice{NoticeKind::Error, Str::NoticeBadLink, FirstError(issues)});
    } else {
        state->scenario = decoded;
        if (reading == scenario::LinkReading::Repaired)
            state->ui.Notices.push_back(Notice{NoticeKind::Warning, Str::NoticeLinkRepaired, WithMore(FirstError(issues), ErrorCount(issues))});
        else if (!issues.empty())
            state->ui.Notices.push_back(Notice{NoticeKind::Info, Str::NoticeLinkWarnings, FirstError(issues)});
    }
    ReportClamps(state, SanitizeScenario(&state->scenario));
    Recompute(state);
}

void ReportClamps(AppState* state, const std::vector<std::string>& clamps) {
    // One notice per field: a new adjustment of the same field replaces the last (typing "9999" is four changes).
    std::vector<Notice>& notices = state->ui.Notices;
    for (const std::string& clamp : clamps) {
        const std::string field = clamp.substr(0, clamp.find(':') + 1);
        notices.erase(std::remove_if(notices.begin(), notices.end(),
                                     [&](const Notice& n) { return n.Title == Str::NoticeAdjusted && n.Detail.rfind(field, 0) == 0; }),
                      notices.end());
        notices.push_back(Notice{NoticeKind::Info, Str::NoticeAdjusted, clamp});
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Recompute
//-----------------------------------------------------------------------------

namespace {

// Keeps `value` within [lo, hi]; when it was outside, says so: "inference.tensor_parallel 16 → 4 (…)".
template <typename T>
void Clamp(const char* path, T* value, T lo, T hi, const char* why, std::vector<std::string>* clamps) {
    const T before = *value;
    if (!(*value >= lo)) *value = lo; // also catches NaN
    if (*value > hi) *value = hi;
    if (*value == before) return;
    char text[256];
    std::snprintf(text, sizeof(text), "%s: %.6g → %.6g (%s)", path, static_cast<double>(before), static_cast<double>(*value), why);
    clamps->push_back(text);
}

} // namespace

std::vector<std::string> SanitizeScenario(engine::Scenario* s) {
    // Single fields are already within the reader's ranges (the page's fields use the same, scenario/field_limits.h);
    // what is left are combinations: a layout must fit the GPUs selected and the model's layers and heads.
    std::vector<std::string> clamps;
    engine::ModelArch& m = s->Model;
    if (m.KvHeads > 0 && m.Heads % m.KvHeads != 0) {
        clamps.push_back("model.kv_heads: " + std::to_string(m.KvHeads) + " → " + std::to_string(m.Heads) + " (" + std::string(Tr(Str::ClampDivideHeads)) + ")");
        m.KvHeads = m.Heads;
    }
    engine::InferenceParams& in = s->Inference;
    Clamp("inference.pipeline_parallel", &in.PipelineParallel, 1, std::min(m.Layers, s->GpuCount), Tr(Str::ClampLayersGpus), &clamps);
    Clamp("inference.tensor_parallel", &in.TensorParallel, 1, std::max(1, s->GpuCount / in.PipelineParallel),
          Tr(Str::ClampTpPp), &clamps);
    engine::TrainingParams& t = s->Training;
    Clamp("training.seq_len", &t.SeqLen, 128.0, scenario::limits::kSeqLen.Max, Tr(Str::ClampSeqLen), &clamps);
    Clamp("training.context_parallel", &t.ContextParallel, 1, s->GpuCount, Tr(Str::ClampGpus), &clamps);
    Clamp("training.pipeline_parallel", &t.PipelineParallel, 1, std::min(m.Layers, std::max(1, s->GpuCount / t.ContextParallel)),
          Tr(Str::ClampLayersGpus), &clamps);
    Clamp("training.tensor_parallel", &t.TensorParallel, 1, std::max(1, s->GpuCount / (t.PipelineParallel * t.ContextParallel)),
          Tr(Str::ClampTpPpCp), &clamps);
    // A workload shows only its own block: clamps in the other block are kept quiet.
    const char* hidden = s->Workload == engine::WorkloadKind::Inference ? "training." : "inference.";
    clamps.erase(std::remove_if(clamps.begin(), clamps.end(), [&](const std::string& c) { return c.rfind(hidden, 0) == 0; }), clamps.end());
    return clamps;
}

void Recompute(AppState* state) {
    state->result = catalog::EvaluateWithCosts(state->catalog, state->scenario);
    state->plan = catalog::PlanWithCatalog(state->catalog, state->scenario); // ~40 evaluations, only on change
    state->tco = catalog::EvaluateTco(state->catalog, state->scenario, state->result, state->plan);
    state->tco_assumptions = catalog::ResolveTcoAssumptions(state->catalog, state->scenario,
                                                            engine::ChooseServer(state->scenario, state->catalog.Servers, state->scenario.Cost.Tco.ServerId));
    state->gpu_providers = ProvidersWithOffers(state->catalog, state->scenario.Gpu.Id);
    state->offer_info = DescribeOffers(state->catalog, state->result, state->ui.EditedOffers);
    state->provenance = BuildPriceProvenance(state->catalog, state->result);
    state->outbox.UrlHash = scenario::ScenarioToUrlHash(state->scenario);
}

// The visitor changed the scenario: the address bar follows (a new history entry, so Back undoes the change).
void FollowEditInAddressBar(AppState* state) {
    if (state->outbox.UrlHash == state->outbox.AddressBarHash) return;
    state->outbox.AddressBarHash = state->outbox.UrlHash;
    state->outbox.UrlHashChanged = true;
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

int LocalPriceCount(const AppState& state) {
    int count = static_cast<int>(state.ui.EditedOffers.size());
    for (const catalog::Offer& offer : state.catalog.Offers) count += offer.Imported && !state.ui.EditedOffers.count(offer.Id) ? 1 : 0;
    return count;
}

void ReportImportTooLarge(AppState* state, const std::string& file, double bytes) {
    ImportReport& report = state->ui.LastImport;
    report = ImportReport();
    report.Done = true;
    report.File = file;
    char text[160];
    std::snprintf(text, sizeof(text), "%s: is %.1f MB; the limit is %.1f MB (nothing was imported; split the table into several files)",
                  file.c_str(), bytes / 1e6, static_cast<double>(input::kImportMaxBytes) / 1e6);
    report.Rejected.push_back(input::ValidUtf8(text));
    state->ui.ImportOpen = true;
}

void SetOfferPrice(AppState* state, const std::string& offer_id, double price_per_gpu_hour) {
    if (!(price_per_gpu_hour > 0) || !std::isfinite(price_per_gpu_hour)) return;
    for (catalog::Offer& offer : state->catalog.Offers) {
        if (offer.Id != offer_id) continue;
        double in_offer_currency = 0;
        if (!catalog::ConvertCurrency(state->catalog, price_per_gpu_hour, state->scenario.Cost.Currency, offer.Currency, &in_offer_currency)) return;
        // The field shows the price with or without VAT as the scenario compares them; store it as the offer states it.
        const double vat_factor = 1.0 + catalog::OfferVatRate(state->catalog, offer);
        if (state->scenario.Cost.PricesIncludeVat && !offer.VatIncluded) in_offer_currency /= vat_factor;
        if (!state->scenario.Cost.PricesIncludeVat && offer.VatIncluded) in_offer_currency *= vat_factor;
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
    // The whole configuration the row was sized as — GPU, count, layout (TP/PP/EP, ZeRO, recompute), batch, fabric —
    // so that the Result shows exactly the row's figures (issue 10).
    state->scenario = row.Chosen;
    state->ui.LayoutPinned = true; // the row's layout is the one it was sized with: keep it as applied
    state->ui.Dirty = true;
}

void SetCurrency(AppState* state, const std::string& currency) {
    engine::CostParams& cost = state->scenario.Cost;
    if (cost.Currency == currency) return;
    // The visitor's amounts are converted from the currency they were typed in, never from the last conversion, so
    // switching back and forth does not drift (60 switches once turned 30000 into 29999.999999999996).
    double* amounts[] = {&cost.PricePerGpuHour, &cost.PurchasePricePerGpu, &cost.ElectricityPerKwh, &cost.Tco.NodePrice,
                         &cost.Tco.ColocationPerKwMonth, &cost.Tco.AdminPerYear, &cost.Tco.FabricPerGpu};
    static_assert(sizeof(amounts) / sizeof(amounts[0]) == kTypedAmounts, "one slot per amount");
    TypedAmounts& typed = state->ui.Typed;
    bool edited_since = !typed.Valid || typed.Currency != cost.Currency;
    for (int i = 0; i < kTypedAmounts; ++i) edited_since |= *amounts[i] != typed.Shown[i];
    if (edited_since) { // typed (or first switch): the current amounts are the originals
        typed.OriginCurrency = cost.Currency;
        for (int i = 0; i < kTypedAmounts; ++i) typed.Origin[i] = *amounts[i];
    }
    for (int i = 0; i < kTypedAmounts; ++i) {
        double converted = 0;
        if (typed.Origin[i] > 0 && catalog::ConvertCurrency(state->catalog, typed.Origin[i], typed.OriginCurrency, currency, &converted))
            *amounts[i] = converted;
        typed.Shown[i] = *amounts[i];
    }
    typed.Currency = currency;
    typed.Valid = true;
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
    ReportClamps(state, SanitizeScenario(&state->scenario));
    // A changed GPU, count, model or format takes the layout that makes it fit and run best, unless the visitor set
    // the layout themselves (editing TP/PP/ZeRO/recompute pins it; "Choose the layout for me" unpins).
    if (!state->ui.LayoutPinned) engine::ChooseLayout(&state->scenario);
    Recompute(state);
    FollowEditInAddressBar(state);
}

void DrawResults(AppState* state) {
    DrawSummaryPanel(state);
    DrawPinnedPanel(state);
    DrawComparePanel(state);
    DrawExportPanel(state);
    DrawMemoryPanel(state);
    DrawCostPanel(state);
    DrawTcoPanel(state);
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
    // No background: the platform clears the canvas to the same WindowBg colour (src/platform/web_main.cpp), and a
    // full-screen blended rectangle on top of that costs a software-rendered browser a canvas-sized fill per frame.
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollWithMouse |
                                   ImGuiWindowFlags_NoBackground;
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
