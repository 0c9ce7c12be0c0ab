// gpuplan ui: "How was this computed" — Result.Derivation as label, formula, value with unit.
#include "imgui.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"

void DrawDerivationPanel(AppState* state) {
    const engine::Result& r = state->result;
    if (!r.Ok || r.Derivation.empty()) return;
    widgets::BeginCard(Tr(Str::SectionDerivation));
    if (state->ui.ScrollToDerivation) { // "How was this computed?" under the verdict
        ImGui::SetScrollHereY(0.0f);
        state->ui.ScrollToDerivation = false;
    }
    const bool narrow = state->ui.Narrow;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
    if (ImGui::BeginTable("derivation", narrow ? 2 : 3, flags, ImVec2(ImGui::CalcItemWidth(), 0))) {
        ImGui::TableSetupColumn(Tr(Str::Step), ImGuiTableColumnFlags_WidthStretch, narrow ? 3.0f : 1.3f);
        if (!narrow) ImGui::TableSetupColumn(Tr(Str::Formula), ImGuiTableColumnFlags_WidthStretch, 2.4f);
        ImGui::TableSetupColumn(Tr(Str::Value), ImGuiTableColumnFlags_WidthStretch, narrow ? 1.6f : 1.0f);
        ImGui::TableHeadersRow();
        ImGui::PushTextWrapPos(0.0f); // wrap at each cell's edge, not the card's
        for (const engine::DerivationStep& step : r.Derivation) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextWrapped("%s", TrStepLabel(step));
            if (narrow) {
                ImGui::PushFont(state->ui.FontSmall);
                widgets::TextDim(step.Formula.c_str());
                ImGui::PopFont();
            } else {
                ImGui::TableNextColumn();
                ImGui::PushFont(state->ui.FontSmall);
                widgets::TextDim(step.Formula.c_str());
                ImGui::PopFont();
            }
            ImGui::TableNextColumn();
            ImGui::TextWrapped("%s", FormatStepValue(step.Value, step.Unit).c_str());
        }
        ImGui::PopTextWrapPos();
        ImGui::EndTable();
    }
    widgets::EndCard();
}
