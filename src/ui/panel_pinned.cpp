// gpuplan ui: "Pinned vs current" — the pinned scenario and the current one side by side, with the change of
// each number (BuildPinnedRows, page_features.h). The pair is in the link (&p=).
#include "imgui.h"
#include "ui/page_features.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/widgets.h"

void DrawPinnedPanel(AppState* state) {
    if (!state->ui.HasPinned || !state->result.Ok) return;
    widgets::BeginCard(Tr(Str::SectionPinned));
    const std::vector<PinnedRow> rows = BuildPinnedRows(*state);
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
    ImGui::PushFont(state->ui.FontSmall);
    if (ImGui::BeginTable("pinned", 4, flags, ImVec2(ImGui::CalcItemWidth(), 0))) {
        ImGui::TableSetupColumn(Tr(Str::ColMetric), ImGuiTableColumnFlags_WidthStretch, 1.2f);
        ImGui::TableSetupColumn(Tr(Str::ColPinned), ImGuiTableColumnFlags_WidthStretch, 1.4f);
        ImGui::TableSetupColumn(Tr(Str::ColCurrent), ImGuiTableColumnFlags_WidthStretch, 1.4f);
        ImGui::TableSetupColumn(Tr(Str::ColChange), ImGuiTableColumnFlags_WidthStretch, 0.8f);
        ImGui::TableHeadersRow();
        for (const PinnedRow& row : rows) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            widgets::TextDim(row.Metric.c_str());
            ImGui::TableNextColumn();
            ImGui::TextWrapped("%s", row.Pinned.c_str());
            ImGui::TableNextColumn();
            ImGui::TextWrapped("%s", row.Current.c_str());
            ImGui::TableNextColumn();
            if (!row.Change.empty()) {
                ImGui::PushStyleColor(ImGuiCol_Text, theme::kAccent);
                ImGui::TextUnformatted(row.Change.c_str());
                ImGui::PopStyleColor();
            }
        }
        ImGui::EndTable();
    }
    ImGui::PopFont();
    widgets::EndCard();
}
