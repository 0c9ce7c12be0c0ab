// gpuplan ui: the Compare GPUs panel — every catalog GPU sized for the scenario's own load (state->plan,
// catalog::PlanWithCatalog, recomputed with the Result), ranked by the workload's metric (monthly bill, job cost, run
// cost), excluded families with their reason, the winner's margin and a Pareto chart. Sortable by any column,
// filterable by GPU class, vendor, provider, country, "fits only" and "meets SLA only". "Use" switches the scenario.
//
// Index
// [SECTION] Columns
// [SECTION] Filters and order
// [SECTION] Table
// [SECTION] Pareto chart
// [SECTION] Panel
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "engine/plan.h"
#include "imgui.h"
#include "ui/app.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"

namespace {

constexpr size_t kMaxPlanRowsShown = 10;     // rows before "Show all"
constexpr float  kCurrentRowAlpha = 0.22f;   // background of the scenario's own GPU (accent colour at this alpha)
constexpr int    kMaxHookedUseButtons = 16;  // window.gpuplan.widgets: compare_use_0 … compare_use_15
constexpr const char* kDash = "\xe2\x80\x94"; // em dash: no value for an excluded row
constexpr float  kChartHeight = 190;         // Pareto chart, px
constexpr float  kChartMarginLeft = 64;      // room for the cost tick labels
constexpr float  kChartMarginBottom = 30;    // room for the latency tick labels and the axis name
constexpr float  kPointRadius = 3.5f;
constexpr int    kChartTicks = 3;            // values printed on each axis: min, middle, max

//-----------------------------------------------------------------------------
// [SECTION] Columns
//-----------------------------------------------------------------------------

enum class Column { Gpu, Count, Memory, Latency, TokensPerUser, PerHour, Metric, PerThousand, Pricing, Configuration, Use, Total };

struct ColumnSpec {
    Column Id;
    Str    Title;
    float  Weight;  // share of the width (stretch); 0 = fixed, as wide as its button
};

enum class Kind { Online, Batch, Training };

Kind KindOf(const engine::Scenario& s) {
    if (s.Workload != engine::WorkloadKind::Inference) return Kind::Training;
    return s.Inference.Mode == engine::ServingMode::Batch ? Kind::Batch : Kind::Online;
}

bool QueueLatency(const engine::Scenario& s) {
    const engine::TrafficProfile& t = s.Inference.Traffic;
    return t.RequestsPerS > 0 || t.RequestsPerDay > 0;
}

Str LatencyTitle(const engine::Scenario& s) {
    switch (KindOf(s)) {
    case Kind::Online: return QueueLatency(s) ? Str::ColTtftP95 : Str::ColTtft;
    case Kind::Batch: return Str::ColJobTime;
    default: return Str::ColWallClock;
    }
}

Str MetricTitle(const engine::Scenario& s) {
    switch (KindOf(s)) {
    case Kind::Online: return Str::ColMonthly;
    case Kind::Batch: return s.Inference.BatchRequests > 0 ? Str::ColJobCost : Str::ColPerMtok;
    default: return Str::ColRunCost;
    }
}

// Wide: every column; narrow (phones): GPU, GPUs, the metric, Use.
int ColumnsFor(bool narrow, const engine::Scenario& s, ColumnSpec* out) {
    const Kind kind = KindOf(s);
    int n = 0;
    out[n++] = {Column::Gpu, Str::ColGpu, narrow ? 2.6f : 1.8f};
    out[n++] = {Column::Count, Str::ColGpuCount, narrow ? 0.8f : 0.6f};
    if (!narrow) {
        out[n++] = {Column::Memory, Str::ColMemoryUse, 0.8f};
        out[n++] = {Column::Latency, LatencyTitle(s), 0.9f};
        if (kind == Kind::Online) out[n++] = {Column::TokensPerUser, Str::ColTokensPerUser, 0.9f};
        out[n++] = {Column::PerHour, Str::ColPerHour, 0.9f};
    }
    out[n++] = {Column::Metric, MetricTitle(s), narrow ? 1.3f : 0.95f};
    if (!narrow) {
        if (kind == Kind::Online) out[n++] = {Column::PerThousand, Str::ColPer1kRequests, 0.85f};
        else out[n++] = {Column::Pricing, Str::ColPricing, 0.8f};
        out[n++] = {Column::Configuration, Str::ColConfiguration, 1.6f};
    }
    out[n++] = {Column::Use, Str::Count, 0.0f};
    return n;
}

double LatencyOf(const engine::PlanRow& row, const engine::Scenario& s) {
    if (KindOf(s) != Kind::Online) return row.TimeS;
    return QueueLatency(s) ? row.TtftP95S : row.TtftS;
}

Str ExclusionText(engine::PlanExclusion why) {
    switch (why) {
    case engine::PlanExclusion::NoFigures: return Str::ExcludedNoFigures;
    case engine::PlanExclusion::NoMathPath: return Str::ExcludedNoMathPath;
    case engine::PlanExclusion::DoesNotFit: return Str::ExcludedDoesNotFit;
    case engine::PlanExclusion::NeedsFabric: return Str::ExcludedNeedsFabric;
    case engine::PlanExclusion::SlaMissed: return Str::ExcludedSlaMissed;
    default: return Str::ExcludedNoOffer;
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Filters and order
//-----------------------------------------------------------------------------

// Data-centre, workstation or consumer card, from the catalog name (GeForce = consumer; other RTX = workstation).
GpuClass ClassOf(const std::string& name) {
    if (name.find("GeForce") != std::string::npos) return GpuClass::Consumer;
    if (name.find("RTX") != std::string::npos) return GpuClass::Workstation;
    return GpuClass::Datacenter;
}

bool ContainsNoCase(const std::string& text, const char* needle) {
    if (needle[0] == '\0') return true;
    return widgets::SearchMatches(needle, text.c_str());
}

bool PassesFilters(const AppState& state, const engine::PlanRow& row) {
    const CompareState& f = state.ui.Compare;
    const catalog::GpuEntry* gpu = state.catalog.FindGpu(row.GpuId);
    if (f.Class != static_cast<int>(GpuClass::All) && static_cast<int>(ClassOf(row.GpuName)) != f.Class) return false;
    if (gpu != nullptr && !ContainsNoCase(gpu->Spec.Vendor, f.Vendor)) return false;
    if (f.MeetsSlaOnly && !row.Feasible) return false;
    if (f.FitsOnly && (row.Excluded == engine::PlanExclusion::DoesNotFit || row.Excluded == engine::PlanExclusion::NoFigures)) return false;
    if (f.Provider[0] != '\0' && !ContainsNoCase(row.CheapestOffer, f.Provider)) return false;
    if (f.Country[0] != '\0') {
        std::string country;
        for (const catalog::Provider& p : state.catalog.Providers)
            if (row.CheapestOffer.rfind(p.Name, 0) == 0) country = p.Country;
        if (!ContainsNoCase(country, f.Country)) return false;
    }
    return true;
}

double SortKey(const engine::PlanRow& row, Column column, const engine::Scenario& s) {
    switch (column) {
    case Column::Count: return row.GpuCount;
    case Column::Memory: return row.MemoryUse;
    case Column::Latency: return LatencyOf(row, s);
    case Column::TokensPerUser: return row.TokensPerSPerUser;
    case Column::PerHour: return row.PerHour;
    case Column::PerThousand: return row.PerThousandRequests;
    case Column::Pricing: return row.MetricKind == "spot" ? 1 : 0;
    default: return row.Metric;
    }
}

// The rows to show, in the plan's rank or in the visitor's column order; excluded rows always after ranked ones.
std::vector<size_t> VisibleRows(const AppState& state) {
    const std::vector<engine::PlanRow>& plan = state.plan;
    std::vector<size_t> order;
    for (size_t i = 0; i < plan.size(); ++i)
        if (PassesFilters(state, plan[i])) order.push_back(i);
    const CompareState& f = state.ui.Compare;
    if (f.SortColumn < 0) return order;
    const Column column = static_cast<Column>(f.SortColumn);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        const engine::PlanRow& ra = plan[a];
        const engine::PlanRow& rb = plan[b];
        if (ra.Feasible != rb.Feasible) return ra.Feasible;
        if (column == Column::Gpu) return f.SortAscending ? ra.GpuName < rb.GpuName : ra.GpuName > rb.GpuName;
        const double ka = SortKey(ra, column, state.scenario);
        const double kb = SortKey(rb, column, state.scenario);
        return f.SortAscending ? ka < kb : ka > kb;
    });
    return order;
}

// The weight formats the visitor lets the planner choose (Scenario::AllowedWeights, the link's precision.allowed):
// every GPU is sized at each ticked one too. The scenario's own format is always tried (ticked, not editable).
constexpr engine::Format kPrecisionChoices[] = {engine::Format::Bf16, engine::Format::Fp8, engine::Format::Int8, engine::Format::Int4,
                                                engine::Format::Nvfp4};

void SameLineIfFits(float width) {
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

bool DrawPrecisionChoices(AppState* state) {
    engine::Scenario& s = state->scenario;
    if (s.Workload != engine::WorkloadKind::Inference) return false;
    bool changed = false;
    widgets::TextDim(Tr(Str::ComparePrecisions));
    const ImGuiStyle& style = ImGui::GetStyle();
    for (engine::Format format : kPrecisionChoices) {
        const char* name = engine::FormatName(format);
        SameLineIfFits(ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(name).x + style.ItemSpacing.x);
        const bool own = format == s.Precision.Weights;
        std::vector<engine::Format>& allowed = s.AllowedWeights;
        const auto at = std::find(allowed.begin(), allowed.end(), format);
        bool on = own || at != allowed.end();
        char label[48];
        std::snprintf(label, sizeof(label), "%s##allow", name);
        if (own) ImGui::BeginDisabled();
        if (ImGui::Checkbox(label, &on) && !own) {
            if (on) {
                // Keep the list in the order the boxes are drawn, so the link does not depend on the clicking order.
                allowed.push_back(format);
                std::stable_sort(allowed.begin(), allowed.end(), [](engine::Format a, engine::Format b) { return a < b; });
            } else if (at != allowed.end()) {
                allowed.erase(at);
            }
            changed = true;
        }
        if (own) ImGui::EndDisabled();
        char hook[48];
        std::snprintf(hook, sizeof(hook), "compare_allow_%s", name);
        widgets::RecordLastItem(&state->ui, hook);
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip("%s", Tr(own ? Str::ComparePrecisionOwnTooltip : Str::ComparePrecisionsTooltip));
    }
    if (changed) state->ui.Dirty = true;
    return changed;
}

bool DrawFilters(AppState* state) {
    CompareState& f = state->ui.Compare;
    bool changed = false;
    const char* classes[] = {Tr(Str::FilterAll), Tr(Str::FilterDatacenter), Tr(Str::FilterWorkstation), Tr(Str::FilterConsumer)};
    static_assert(sizeof(classes) / sizeof(classes[0]) == static_cast<size_t>(GpuClass::Count), "one label per class");
    // As wide as the table under it (the card's item width), not the content region, which runs under the scrollbar.
    changed |= widgets::Segmented(&state->ui, "compare_class", classes, static_cast<int>(GpuClass::Count), &f.Class, ImGui::CalcItemWidth());
    changed |= ImGui::Checkbox(Tr(Str::FilterFitsOnly), &f.FitsOnly);
    widgets::RecordLastItem(&state->ui, "compare_fits_only");
    ImGui::SameLine();
    changed |= ImGui::Checkbox(Tr(Str::FilterMeetsSlaOnly), &f.MeetsSlaOnly);
    widgets::RecordLastItem(&state->ui, "compare_meets_sla_only");
    if (!state->ui.Narrow) {
        const float width = ImGui::GetFontSize() * 7.5f;
        ImGui::SameLine();
        ImGui::SetNextItemWidth(width);
        changed |= ImGui::InputTextWithHint("##vendor", Tr(Str::FilterVendor), f.Vendor, sizeof(f.Vendor));
        ImGui::SameLine();
        ImGui::SetNextItemWidth(width);
        changed |= ImGui::InputTextWithHint("##provider", Tr(Str::FilterProvider), f.Provider, sizeof(f.Provider));
        ImGui::SameLine();
        ImGui::SetNextItemWidth(width * 0.6f);
        changed |= ImGui::InputTextWithHint("##country", Tr(Str::FilterCountry), f.Country, sizeof(f.Country));
    }
    return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] Table
//-----------------------------------------------------------------------------

void CellText(const std::string& text) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextWrapped("%s", text.c_str());
}

std::string ConfigurationText(const engine::PlanRow& row, const engine::Scenario& s) {
    if (row.Feasible) return DescribePlanRow(row, s);
    if (CurrentLanguage() == Language::English) return row.Reason;
    return Tr(ExclusionText(row.Excluded));
}

// The text of a number column's cell (a dash for an excluded row); also sizes the column (ColumnWidth).
std::string ValueText(const AppState& state, Column column, const engine::PlanRow& row) {
    const engine::Scenario& s = state.scenario;
    const std::string& currency = s.Cost.Currency;
    if (!row.Feasible) return kDash;
    switch (column) {
    case Column::Count: return std::to_string(row.GpuCount);
    case Column::Memory: return FormatPercent(row.MemoryUse);
    case Column::Latency: return FormatDuration(LatencyOf(row, s));
    case Column::TokensPerUser: return s.Inference.OutputTokens > 0 ? FormatNumber(row.TokensPerSPerUser) : kDash;
    case Column::PerHour: return FormatMoneyPerHour(row.PerHour, currency);
    case Column::Metric: return FormatMoney(row.Metric, currency);
    case Column::PerThousand: return FormatMoney(row.PerThousandRequests, currency);
    case Column::Pricing: return Tr(row.MetricKind == "spot" ? Str::PricingSpot : Str::PricingOnDemand);
    default: return "";
    }
}

// Room ImGui's TableHeader keeps for the sort arrow on every sortable column (imgui_tables.cpp: FontSize × 0.65 +
// FramePadding.x), plus a pixel against rounding.
float SortArrowWidth() { return std::floor(ImGui::GetFontSize() * 0.65f + ImGui::GetStyle().FramePadding.x) + 1.0f; }

// Width of a number column: its widest value among the rows shown, or the longest word of its caption with the sort
// arrow (captions wrap at spaces: WrapCaption), whichever is wider. The GPU and configuration columns share the rest.
float ColumnWidth(const AppState& state, const ColumnSpec& column, const std::vector<size_t>& visible, size_t rows) {
    float width = 0;
    std::string word;
    const std::string caption = std::string(Tr(column.Title)) + " ";
    for (char ch : caption) {
        if (ch != ' ') {
            word += ch;
            continue;
        }
        width = std::max(width, ImGui::CalcTextSize(word.c_str()).x + SortArrowWidth());
        word.clear();
    }
    for (size_t i = 0; i < rows; ++i) width = std::max(width, ImGui::CalcTextSize(ValueText(state, column.Id, state.plan[visible[i]]).c_str()).x);
    return width;
}

// Returns true when the row's "Use" button was pressed.
bool DrawCell(AppState* state, Column column, const engine::PlanRow& row, size_t index) {
    const engine::Scenario& s = state->scenario;
    switch (column) {
    case Column::Gpu:
        // More than one precision tried: the row says which weights format it is sized at.
        CellText(engine::PlanPrecisions(s).size() > 1 ? row.GpuName + " \xc2\xb7 " + row.Precision : row.GpuName);
        if (state->ui.Narrow) { // the configuration column does not fit on a phone: its text goes under the name
            ImGui::SetCursorPosY(ImGui::GetCursorPosY() - ImGui::GetStyle().FramePadding.y); // close the tall button row's gap
            widgets::TextDim(ConfigurationText(row, s).c_str());
            if (ImGui::IsItemHovered() && !row.Reason.empty()) ImGui::SetTooltip(Tr(Str::PlanReasonTooltip), row.Reason.c_str());
        }
        break;
    // An excluded row has no configuration that fits and meets the SLA: its numbers print a dash, as in `gpuplan plan`.
    case Column::Count:
    case Column::Memory:
    case Column::Latency:
    case Column::TokensPerUser:
    case Column::PerHour:
    case Column::Metric:
    case Column::PerThousand:
    case Column::Pricing: CellText(ValueText(*state, column, row)); break;
    case Column::Configuration:
        CellText(ConfigurationText(row, s));
        if (ImGui::IsItemHovered() && !row.Reason.empty() && CurrentLanguage() != Language::English)
            ImGui::SetTooltip(Tr(Str::PlanReasonTooltip), row.Reason.c_str());
        break;
    case Column::Use: {
        if (!row.Feasible) break;
        if (PlanRowIsCurrent(row, s)) {
            ImGui::AlignTextToFramePadding();
            ImGui::PushStyleColor(ImGuiCol_Text, theme::kAccent);
            ImGui::TextUnformatted(Tr(Str::InUse));
            ImGui::PopStyleColor();
            break;
        }
        const bool pressed = ImGui::Button(Tr(Str::UseGpu), ImVec2(-FLT_MIN, 0));
        if (index < static_cast<size_t>(kMaxHookedUseButtons)) {
            char hook[32];
            std::snprintf(hook, sizeof(hook), "compare_use_%d", static_cast<int>(index));
            widgets::RecordLastItem(&state->ui, hook);
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip(Tr(Str::UseGpuTooltip), row.GpuCount, row.GpuName.c_str());
        return pressed;
    }
    default: break;
    }
    return false;
}

// Breaks a caption at spaces so that each line fits `width` (a word wider than the column is left to ImGui's
// ellipsis; the header's tooltip has the whole caption). Headers are two or three lines where a column is narrow
// (1280 px with ten columns, or Russian captions), instead of "G…", "Me…".
std::string WrapCaption(const char* caption, float width) {
    std::string out, line, word;
    const std::string text = std::string(caption) + " ";
    for (char ch : text) {
        if (ch != ' ') {
            word += ch;
            continue;
        }
        if (word.empty()) continue;
        const std::string joined = line.empty() ? word : line + " " + word;
        if (line.empty() || ImGui::CalcTextSize(joined.c_str()).x <= width) {
            line = joined;
        } else {
            out += line + "\n";
            line = word;
        }
        word.clear();
    }
    return out + line;
}

// The header row: wrapped captions (WrapCaption), each with its whole caption as a tooltip; sorting as TableHeadersRow.
void DrawHeaderRow(const ColumnSpec* columns, int column_count) {
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    const float sort_arrow = SortArrowWidth();
    for (int c = 0; c < column_count; ++c) {
        if (!ImGui::TableSetColumnIndex(c)) continue;
        const char* title = columns[c].Weight > 0 ? Tr(columns[c].Title) : "";
        const std::string label = WrapCaption(title, ImGui::GetContentRegionAvail().x - sort_arrow);
        ImGui::PushID(c);
        ImGui::TableHeader(label.c_str());
        ImGui::PopID();
        if (title[0] != '\0' && ImGui::IsItemHovered()) ImGui::SetTooltip(Tr(Str::ColumnSortTooltip), title);
    }
}

// Draws the table; returns the plan index of the row whose "Use" was pressed, or -1.
int DrawPlanTable(AppState* state, const std::vector<size_t>& visible) {
    const std::vector<engine::PlanRow>& plan = state->plan;
    UiState* ui = &state->ui;
    ColumnSpec columns[static_cast<int>(Column::Total)];
    const int column_count = ColumnsFor(ui->Narrow, state->scenario, columns);
    const size_t rows = ui->ShowAllPlanRows ? visible.size() : std::min(visible.size(), kMaxPlanRowsShown);
    const ImVec4 dim = ImGui::GetStyle().Colors[ImGuiCol_TextDisabled];
    ImVec4 current_bg = theme::kAccent;
    current_bg.w = kCurrentRowAlpha;
    int pressed = -1;

    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp |
                                  ImGuiTableFlags_Sortable | ImGuiTableFlags_SortTristate;
    ImGui::PushFont(ui->FontSmall);
    if (ImGui::BeginTable("compare", column_count, flags, ImVec2(ImGui::CalcItemWidth(), 0))) {
        // The Use column is as wide as the wider of its two labels ("Use" button, "current"), in this language.
        const ImGuiStyle& style = ImGui::GetStyle();
        const float use_width = std::max(ImGui::CalcTextSize(Tr(Str::UseGpu)).x + 2 * style.FramePadding.x, ImGui::CalcTextSize(Tr(Str::InUse)).x);
        for (int c = 0; c < column_count; ++c) {
            const ImGuiID id = static_cast<ImGuiID>(columns[c].Id);
            const bool stretch = columns[c].Id == Column::Gpu || columns[c].Id == Column::Configuration;
            if (stretch)
                ImGui::TableSetupColumn(Tr(columns[c].Title), ImGuiTableColumnFlags_WidthStretch, columns[c].Weight, id);
            else if (columns[c].Weight > 0)
                ImGui::TableSetupColumn(Tr(columns[c].Title), ImGuiTableColumnFlags_WidthFixed, ColumnWidth(*state, columns[c], visible, rows), id);
            else
                ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_NoSort, use_width, id);
        }
        DrawHeaderRow(columns, column_count);
        if (ImGuiTableSortSpecs* sort = ImGui::TableGetSortSpecs()) {
            if (sort->SpecsDirty) {
                CompareState& f = ui->Compare;
                f.SortColumn = sort->SpecsCount > 0 ? static_cast<int>(sort->Specs[0].ColumnUserID) : -1;
                f.SortAscending = sort->SpecsCount == 0 || sort->Specs[0].SortDirection == ImGuiSortDirection_Ascending;
                sort->SpecsDirty = false;
            }
        }
        ImGui::PushTextWrapPos(0.0f);
        for (size_t i = 0; i < rows; ++i) {
            const size_t index = visible[i];
            const engine::PlanRow& row = plan[index];
            ImGui::PushID(static_cast<int>(index));
            ImGui::TableNextRow();
            if (PlanRowSelectsGpu(row, state->scenario))
                ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ImGui::GetColorU32(current_bg));
            if (!row.Feasible) ImGui::PushStyleColor(ImGuiCol_Text, dim);
            for (int c = 0; c < column_count; ++c) {
                ImGui::TableNextColumn();
                if (DrawCell(state, columns[c].Id, row, i)) pressed = static_cast<int>(index);
            }
            if (!row.Feasible) ImGui::PopStyleColor();
            ImGui::PopID();
        }
        ImGui::PopTextWrapPos();
        ImGui::EndTable();
    }
    ImGui::PopFont();

    if (visible.size() > kMaxPlanRowsShown) {
        char more[96];
        if (ui->ShowAllPlanRows) std::snprintf(more, sizeof(more), Tr(Str::ShowTopGpus), static_cast<int>(kMaxPlanRowsShown));
        else std::snprintf(more, sizeof(more), Tr(Str::ShowAllGpus), static_cast<int>(visible.size()));
        if (ImGui::SmallButton(more)) ui->ShowAllPlanRows = !ui->ShowAllPlanRows;
        widgets::RecordLastItem(ui, "compare_show_all");
    }
    return pressed;
}

//-----------------------------------------------------------------------------
// [SECTION] Pareto chart
//-----------------------------------------------------------------------------

// Cost (y) against latency or wall-clock (x): every ranked GPU's configuration as a dim dot, the Pareto front as a
// line with labelled points, and min / middle / max values on both axes. The points are the engine's
// (engine::SummarizePlan); nothing is computed here but their place on the canvas.
void DrawParetoChart(AppState* state) {
    const engine::Scenario& s = state->scenario;
    const engine::PlanSummary summary = engine::SummarizePlan(s, state->plan);
    if (summary.Front.empty()) return;
    std::vector<engine::PlanPoint> dots;
    for (const engine::PlanRow& row : state->plan)
        if (row.Feasible) dots.push_back({row.GpuId, row.GpuName, row.GpuCount, row.Metric, LatencyOf(row, s), false, row.Precision});
    double x_min = DBL_MAX, x_max = 0, y_min = DBL_MAX, y_max = 0;
    const std::vector<engine::PlanPoint>* sets[] = {&summary.Front, &dots};
    for (const std::vector<engine::PlanPoint>* set : sets)
        for (const engine::PlanPoint& p : *set) {
            if (!(p.Cost > 0) || !(p.LatencyS > 0)) continue;
            x_min = std::min(x_min, p.LatencyS);
            x_max = std::max(x_max, p.LatencyS);
            y_min = std::min(y_min, p.Cost);
            y_max = std::max(y_max, p.Cost);
        }
    if (!(x_max > 0) || !(y_max > 0)) return;
    // Log axes: the points span orders of magnitude (one GPU vs a hundred).
    const double lx0 = std::log10(x_min) - 0.05, lx1 = std::log10(x_max) + 0.05;
    const double ly0 = std::log10(y_min) - 0.05, ly1 = std::log10(y_max) + 0.05;

    UiState& ui = state->ui;
    ImGui::PushFont(ui.FontSmall);
    widgets::TextDim(Tr(Str::ParetoTitle));
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    ImGui::Dummy(ImVec2(width, kChartHeight));
    widgets::RecordLastItem(&ui, "compare_pareto");
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 plot_min(origin.x + kChartMarginLeft, origin.y + 4);
    const ImVec2 plot_max(origin.x + width - 8, origin.y + kChartHeight - kChartMarginBottom);
    const ImU32 axis = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Border);
    const ImU32 accent = ImGui::GetColorU32(theme::kAccent);
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    auto to_screen = [&](double latency, double cost) {
        const float fx = static_cast<float>((std::log10(latency) - lx0) / (lx1 - lx0));
        const float fy = static_cast<float>((std::log10(cost) - ly0) / (ly1 - ly0));
        return ImVec2(plot_min.x + fx * (plot_max.x - plot_min.x), plot_max.y - fy * (plot_max.y - plot_min.y));
    };
    draw->AddRect(plot_min, plot_max, grid);
    const std::string& currency = s.Cost.Currency;
    for (int i = 0; i < kChartTicks; ++i) {
        const double f = static_cast<double>(i) / (kChartTicks - 1);
        const double latency = std::pow(10.0, std::log10(x_min) + f * (std::log10(x_max) - std::log10(x_min)));
        const double cost = std::pow(10.0, std::log10(y_min) + f * (std::log10(y_max) - std::log10(y_min)));
        const ImVec2 px = to_screen(latency, y_min);
        const std::string xl = FormatDuration(latency);
        draw->AddLine(ImVec2(px.x, plot_min.y), ImVec2(px.x, plot_max.y), grid);
        draw->AddText(ImVec2(px.x - ImGui::CalcTextSize(xl.c_str()).x * 0.5f, plot_max.y + 2), axis, xl.c_str());
        const ImVec2 py = to_screen(x_min, cost);
        const std::string yl = FormatMoney(cost, currency);
        draw->AddLine(ImVec2(plot_min.x, py.y), ImVec2(plot_max.x, py.y), grid);
        draw->AddText(ImVec2(plot_min.x - ImGui::CalcTextSize(yl.c_str()).x - 4, py.y - ImGui::GetFontSize() * 0.5f), axis, yl.c_str());
    }
    char axis_names[160];
    std::snprintf(axis_names, sizeof(axis_names), "%s \xe2\x86\x92  /  %s \xe2\x86\x91", Tr(LatencyTitle(s)), Tr(MetricTitle(s)));
    draw->AddText(ImVec2(plot_min.x, plot_max.y + ImGui::GetFontSize() + 2), axis, axis_names);
    for (const engine::PlanPoint& p : dots)
        if (p.Cost > 0 && p.LatencyS > 0) draw->AddCircle(to_screen(p.LatencyS, p.Cost), kPointRadius, axis);
    ImVec2 previous;
    for (size_t i = 0; i < summary.Front.size(); ++i) {
        const engine::PlanPoint& p = summary.Front[i];
        const ImVec2 at = to_screen(p.LatencyS, p.Cost);
        if (i > 0) draw->AddLine(previous, at, accent, 1.5f);
        draw->AddCircleFilled(at, kPointRadius, accent);
        char label[96];
        std::snprintf(label, sizeof(label), "%d\xc3\x97%s", p.GpuCount, p.GpuName.c_str());
        const float label_width = ImGui::CalcTextSize(label).x;
        const float label_x = at.x + 5 + label_width > plot_max.x ? at.x - 5 - label_width : at.x + 5; // keep it inside the plot
        draw->AddText(ImVec2(label_x, at.y - ImGui::GetFontSize()), text, label);
        previous = at;
    }
    ImGui::PopFont();
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Panel
//-----------------------------------------------------------------------------

void DrawComparePanel(AppState* state) {
    UiState& ui = state->ui;
    ui.ShownCompareFirstGpu.clear();
    ui.ShownCompareRows = 0;
    if (!state->result.Ok) return;
    widgets::BeginCard(Tr(Str::SectionCompare));
    const engine::Scenario& s = state->scenario;
    ImGui::PushFont(ui.FontSmall);
    const Kind kind = KindOf(s);
    widgets::TextDim(Tr(kind == Kind::Online ? Str::CompareHintOnline : kind == Kind::Batch ? Str::CompareHintBatch : Str::CompareHintTraining));
    widgets::RecordLastItem(&ui, "compare");
    ImGui::PopFont();
    int pressed = -1;
    if (state->plan.empty()) {
        widgets::TextDim(Tr(Str::CompareEmpty));
    } else {
        // The ranked rows are what `gpuplan plan` ranks; the winner's margin is the engine's (SummarizePlan).
        int ranked = 0;
        for (const engine::PlanRow& row : state->plan) ranked += row.Feasible ? 1 : 0;
        ui.ShownCompareRows = ranked;
        if (ranked > 0) ui.ShownCompareFirstGpu = state->plan.front().GpuId;
        if (ranked > 0) {
            const engine::PlanRow& first = state->plan[0];
            // With more than one precision allowed, the runner-up may be the same GPU in another format: name it.
            const bool precisions = engine::PlanPrecisions(s).size() > 1;
            const auto name_of = [&](const engine::PlanRow& row) { return precisions ? row.GpuName + " \xc2\xb7 " + row.Precision : row.GpuName; };
            const std::string first_name = name_of(first);
            char line[320];
            if (ranked > 1) {
                const engine::PlanSummary summary = engine::SummarizePlan(s, state->plan);
                std::snprintf(line, sizeof(line), Tr(Str::CompareWinner), first_name.c_str(), first.GpuCount,
                              FormatMoney(first.Metric, s.Cost.Currency).c_str(), summary.WinnerMargin * 100.0, name_of(state->plan[1]).c_str());
            } else {
                std::snprintf(line, sizeof(line), Tr(Str::CompareWinnerAlone), first_name.c_str(), first.GpuCount,
                              FormatMoney(first.Metric, s.Cost.Currency).c_str());
            }
            ImGui::TextWrapped("%s", line);
            widgets::RecordLastItem(&ui, "compare_winner");
        }
        DrawPrecisionChoices(state);
        DrawFilters(state);
        const std::vector<size_t> visible = VisibleRows(*state);
        if (visible.empty()) widgets::TextDim(Tr(Str::CompareNoneShown));
        else pressed = DrawPlanTable(state, visible);
        DrawParetoChart(state);
    }
    widgets::EndCard();
    if (pressed >= 0) {
        const engine::PlanRow row = state->plan[static_cast<size_t>(pressed)]; // a copy: Recompute replaces the plan
        UsePlanRow(state, row);
    }
}
