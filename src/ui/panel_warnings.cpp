// gpuplan ui: the engine's warnings, translated by code where a translation exists.
#include "imgui.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/widgets.h"

void DrawWarningsPanel(AppState* state) {
    const engine::Result& r = state->result;
    if (!r.Ok || r.Warnings.empty()) return;
    widgets::BeginCard(Tr(Str::SectionWarnings));
    for (const engine::Warning& warning : r.Warnings) {
        const std::string text = TrWarning(warning, state->scenario, r);
        ImGui::PushStyleColor(ImGuiCol_Text, theme::kWarn);
        ImGui::Bullet();
        ImGui::PopStyleColor();
        ImGui::SameLine();
        ImGui::TextWrapped("%s", text.c_str());
    }
    widgets::EndCard();
}
