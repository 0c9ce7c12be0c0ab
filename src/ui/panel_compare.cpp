// gpuplan ui: the Compare GPUs panel — the scenario sized and priced on every catalog GPU, cheapest first
// (state->plan, catalog::PlanWithCatalog, recomputed with the Result). "Use" switches the scenario to a row.
//
// Index
// [SECTION] Columns
// [SECTION] Table
// [SECTION] Panel
#include <cfloat>
#include <algorithm>
#include <cstdio>
#include <string>

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
constexpr const char* kDash = "\xe2\x80\x94"; // em dash: no value for an infeasible row

//-----------------------------------------------------------------------------
// [SECTION] Columns
//-----------------------------------------------------------------------------

enum class Column { Gpu, Count, Memory, Ttft, TokensPerUser, TrainTime, PerHour, Cost, Configuration, Use };

struct ColumnSpec {
    Column Id;
    Str    Title;
    float  Weight;  // share of the width (stretch); 0 = fixed, as wide as its button
};

// Wide: every column; narrow (phones): GPU, GPUs, per million tokens or run cost, Use.
int ColumnsFor(bool narrow, bool inference, ColumnSpec* out) {
    int n = 0;
    out[n++] = {Column::Gpu, Str::ColGpu, narrow ? 2.6f : 1.9f};
    out[n++] = {Column::Count, Str::ColGpuCount, narrow ? 0.8f : 0.65f};
    if (!narrow) {
        out[n++] = {Column::Memory, Str::ColMemoryUse, 0.85f};
        if (inference) {
            out[n++] = {Column::Ttft, Str::ColTtft, 0.9f};
            out[n++] = {Column::TokensPerUser, Str::ColTokensPerUser, 1.0f};
        } else {
            out[n++] = {Column::TrainTime, Str::ColTrainTime, 0.9f};
        }
        out[n++] = {Column::PerHour, Str::ColPerHour, 0.95f};
    }
    out[n++] = {Column::Cost, inference ? Str::ColPerMtok : Str::ColRunCost, narrow ? 1.3f : 0.95f};
    if (!narrow) out[n++] = {Column::Configuration, Str::ColConfiguration, 1.4f};
    out[n++] = {Column::Use, Str::Count, 0.0f};
    return n;
}

//-----------------------------------------------------------------------------
// [SECTION] Table
//-----------------------------------------------------------------------------

void CellText(const std::string& text) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextWrapped("%s", text.c_str());
}

// Returns true when the row's "Use" button was pressed.
bool DrawCell(AppState* state, Column column, const engine::PlanRow& row, size_t index) {
    const engine::Scenario& s = state->scenario;
    const std::string& currency = s.Cost.Currency;
    const bool inference = s.Workload == engine::WorkloadKind::Inference;
    switch (column) {
    case Column::Gpu:
        CellText(row.GpuName);
        if (state->ui.Narrow) { // the configuration column does not fit on a phone: its text goes under the name
            ImGui::SetCursorPosY(ImGui::GetCursorPosY() - ImGui::GetStyle().FramePadding.y); // close the tall button row's gap
            widgets::TextDim(DescribePlanRow(row, s).c_str());
            if (ImGui::IsItemHovered() && !row.Reason.empty()) ImGui::SetTooltip(Tr(Str::PlanReasonTooltip), row.Reason.c_str());
        }
        break;
    // An infeasible row has no configuration: its numbers print a dash, as in `gpuplan plan`.
    case Column::Count: CellText(row.Feasible ? std::to_string(row.GpuCount) : kDash); break;
    case Column::Memory: CellText(row.Feasible ? FormatPercent(row.MemoryUse) : kDash); break;
    case Column::Ttft: CellText(row.Feasible ? FormatDuration(row.TtftS) : kDash); break;
    case Column::TokensPerUser: CellText(row.Feasible ? FormatNumber(row.TokensPerSPerUser) : kDash); break;
    case Column::TrainTime: CellText(row.Feasible ? FormatDuration(row.TimeS) : kDash); break;
    case Column::PerHour: CellText(FormatMoneyPerHour(row.PerHour, currency)); break;
    case Column::Cost: CellText(FormatMoney(inference ? row.PerMillionTokens : row.JobCost, currency)); break;
    case Column::Configuration:
        CellText(DescribePlanRow(row, s));
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
    }
    return false;
}

// Draws the table; returns the index of the row whose "Use" was pressed, or -1.
int DrawPlanTable(AppState* state) {
    const std::vector<engine::PlanRow>& plan = state->plan;
    UiState* ui = &state->ui;
    const bool inference = state->scenario.Workload == engine::WorkloadKind::Inference;
    ColumnSpec columns[10];
    const int column_count = ColumnsFor(ui->Narrow, inference, columns);
    const size_t rows = ui->ShowAllPlanRows ? plan.size() : std::min(plan.size(), kMaxPlanRowsShown);
    const ImVec4 dim = ImGui::GetStyle().Colors[ImGuiCol_TextDisabled];
    ImVec4 current_bg = theme::kAccent;
    current_bg.w = kCurrentRowAlpha;
    int pressed = -1;

    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
    ImGui::PushFont(ui->FontSmall);
    if (ImGui::BeginTable("compare", column_count, flags, ImVec2(ImGui::CalcItemWidth(), 0))) {
        // The Use column is as wide as the wider of its two labels ("Use" button, "current"), in this language.
        const ImGuiStyle& style = ImGui::GetStyle();
        const float use_width = std::max(ImGui::CalcTextSize(Tr(Str::UseGpu)).x + 2 * style.FramePadding.x, ImGui::CalcTextSize(Tr(Str::InUse)).x);
        for (int c = 0; c < column_count; ++c) {
            if (columns[c].Weight > 0)
                ImGui::TableSetupColumn(Tr(columns[c].Title), ImGuiTableColumnFlags_WidthStretch, columns[c].Weight);
            else
                ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, use_width);
        }
        ImGui::TableHeadersRow();
        ImGui::PushTextWrapPos(0.0f);
        for (size_t i = 0; i < rows; ++i) {
            const engine::PlanRow& row = plan[i];
            ImGui::PushID(static_cast<int>(i));
            ImGui::TableNextRow();
            if (PlanRowSelectsGpu(row, state->scenario))
                ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ImGui::GetColorU32(current_bg));
            if (!row.Feasible) ImGui::PushStyleColor(ImGuiCol_Text, dim);
            for (int c = 0; c < column_count; ++c) {
                ImGui::TableNextColumn();
                if (DrawCell(state, columns[c].Id, row, i)) pressed = static_cast<int>(i);
            }
            if (!row.Feasible) ImGui::PopStyleColor();
            ImGui::PopID();
        }
        ImGui::PopTextWrapPos();
        ImGui::EndTable();
    }
    ImGui::PopFont();

    if (plan.size() > kMaxPlanRowsShown) {
        char more[96];
        if (ui->ShowAllPlanRows) std::snprintf(more, sizeof(more), Tr(Str::ShowTopGpus), static_cast<int>(kMaxPlanRowsShown));
        else std::snprintf(more, sizeof(more), Tr(Str::ShowAllGpus), static_cast<int>(plan.size()));
        if (ImGui::SmallButton(more)) ui->ShowAllPlanRows = !ui->ShowAllPlanRows;
        widgets::RecordLastItem(ui, "compare_show_all");
    }
    return pressed;
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
    ImGui::PushFont(ui.FontSmall);
    const bool inference = state->scenario.Workload == engine::WorkloadKind::Inference;
    widgets::TextDim(Tr(inference ? Str::CompareHintInference : Str::CompareHintTraining));
    widgets::RecordLastItem(&ui, "compare");
    ImGui::PopFont();
    int pressed = -1;
    if (state->plan.empty()) {
        widgets::TextDim(Tr(Str::CompareEmpty));
    } else {
        ui.ShownCompareFirstGpu = state->plan.front().GpuId;
        ui.ShownCompareRows = static_cast<int>(state->plan.size());
        pressed = DrawPlanTable(state);
    }
    widgets::EndCard();
    if (pressed >= 0) {
        const engine::PlanRow row = state->plan[static_cast<size_t>(pressed)]; // a copy: Recompute replaces the plan
        UsePlanRow(state, row);
    }
}
