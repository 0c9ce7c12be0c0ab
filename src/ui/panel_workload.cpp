// gpuplan ui: the workload kind as a segmented control (inference, pre-training, full fine-tuning, LoRA, QLoRA).
#include "imgui.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/widgets.h"

void DrawWorkloadPanel(AppState* state) {
    const Str kShort[] = {Str::TabInference, Str::TabPretrain, Str::TabFullFinetune, Str::TabLora, Str::TabQlora};
    const Str kLong[] = {Str::WorkloadInference, Str::WorkloadPretrain, Str::WorkloadFullFinetune, Str::WorkloadLora, Str::WorkloadQlora};
    constexpr int kCount = static_cast<int>(engine::WorkloadKind::Count);
    static_assert(sizeof(kShort) / sizeof(kShort[0]) == kCount, "one label per workload");

    const ImGuiStyle& style = ImGui::GetStyle();
    const float spacing = 2;
    const float width = ImGui::GetContentRegionAvail().x;
    const float button = (width - spacing * (kCount - 1)) / kCount;
    const ImVec2 start = ImGui::GetCursorScreenPos();
    widgets::RecordRect(&state->ui, "workload", start, ImVec2(start.x + width, start.y + ImGui::GetFrameHeight()));
    const int current = static_cast<int>(state->scenario.Workload);
    if (state->ui.Narrow) ImGui::PushFont(state->ui.FontSmall); // five labels across a phone screen
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing, style.ItemSpacing.y));
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(2, style.FramePadding.y));
    for (int i = 0; i < kCount; ++i) {
        const bool selected = i == current;
        ImGui::PushStyleColor(ImGuiCol_Button, selected ? ImVec4(0.22f, 0.36f, 0.62f, 1) : style.Colors[ImGuiCol_FrameBg]);
        ImGui::PushStyleColor(ImGuiCol_ButtonHovered, selected ? ImVec4(0.27f, 0.44f, 0.74f, 1) : style.Colors[ImGuiCol_FrameBgHovered]);
        if (!selected) ImGui::PushStyleColor(ImGuiCol_Text, theme::kTextDim);
        if (ImGui::Button(Tr(kShort[i]), ImVec2(button, 0)) && !selected) {
            state->scenario.Workload = static_cast<engine::WorkloadKind>(i);
            state->ui.Dirty = true;
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", Tr(kLong[i]));
        ImGui::PopStyleColor(selected ? 2 : 3);
        if (i + 1 < kCount) ImGui::SameLine();
    }
    ImGui::PopStyleVar(2);
    if (state->ui.Narrow) ImGui::PopFont();
    ImGui::Spacing();
}
