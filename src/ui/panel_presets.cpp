// gpuplan ui: "Start from" — presets for common jobs (PresetScenario, page_features.h) and Reset.
#include <cstdio>

#include "imgui.h"
#include "imgui_internal.h" // GImGui->NavWindow: which window Tab cycles in
#include "ui/page_features.h"
#include "ui/panels.h"
#include "ui/widgets.h"

void DrawPresetsPanel(AppState* state) {
    UiState& ui = state->ui;
    static const Str kLabels[] = {Str::PresetChatbot, Str::PresetLora, Str::PresetPretrain, Str::PresetBatch};
    static_assert(sizeof(kLabels) / sizeof(kLabels[0]) == static_cast<size_t>(Preset::Count), "one label per preset");
    // Keyboard only: Tab moves between the fields of the focused window; with none focused yet (a fresh page),
    // the inputs column takes the focus from the page window (which has no fields) so the first Tab reaches its
    // first field.
    const ImGuiWindow* nav_window = GImGui->NavWindow;
    if (nav_window == nullptr || nav_window == ImGui::GetCurrentWindow()->ParentWindow) ImGui::SetWindowFocus();
    widgets::BeginCard(nullptr);
    const float reset_width = ImGui::CalcTextSize(Tr(Str::ResetAll)).x + 2 * ImGui::GetStyle().FramePadding.x;
    ImGui::SetNextItemWidth(ImGui::CalcItemWidth() - reset_width - ImGui::GetStyle().ItemSpacing.x); // the card's full row
    if (ImGui::BeginCombo("##presets", Tr(Str::Presets))) {
        for (int i = 0; i < static_cast<int>(Preset::Count); ++i) {
            if (ImGui::Selectable(Tr(kLabels[i]))) ApplyPreset(state, static_cast<Preset>(i));
            char hook[24];
            std::snprintf(hook, sizeof(hook), "preset_%d", i);
            widgets::RecordLastItem(&ui, hook);
        }
        ImGui::EndCombo();
    }
    widgets::RecordLastItem(&ui, "presets");
    ImGui::SameLine();
    if (ImGui::Button(Tr(Str::ResetAll))) ResetApp(state);
    widgets::RecordLastItem(&ui, "reset");
    widgets::EndCard();
}
