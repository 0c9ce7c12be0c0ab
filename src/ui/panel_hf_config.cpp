// gpuplan ui: "Your model: Hugging Face config.json" — paste a config.json (or drop the file on the page) and the
// model is replaced by the architecture read from it (ApplyHfConfig, page_features.h); the report says what was
// read, counted and assumed, and names every field it could not read.
#include <cstdio>

#include "imgui.h"
#include "ui/page_features.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"

namespace {

constexpr float kBoxLines = 5;

void DrawReport(const UiState& ui) {
    const HfConfigReport& report = ui.LastHfConfig;
    if (!report.Done) return;
    if (report.Ok) {
        char line[256];
        std::snprintf(line, sizeof(line), Tr(Str::HfConfigDone), report.ModelName.c_str(), FormatParams(report.Params).c_str());
        widgets::TextColoredWrapped(theme::kGood, line);
    } else {
        widgets::TextColoredWrapped(theme::kBad, Tr(Str::HfConfigFailed));
    }
    ImGui::PushFont(ui.FontSmall);
    for (const std::string& error : report.Errors) {
        ImGui::Bullet();
        ImGui::SameLine();
        widgets::TextColoredWrapped(theme::kBad, error.c_str());
    }
    for (const std::string& note : report.Notes) widgets::TextDim(note.c_str());
    ImGui::PopFont();
}

} // namespace

void DrawHfConfigPanel(AppState* state) {
    UiState& ui = state->ui;
    widgets::BeginCard(nullptr);
    ImGui::PushStyleColor(ImGuiCol_Text, theme::kAccent);
    ImGui::SetNextItemOpen(ui.HfConfigOpen);
    ui.HfConfigOpen = ImGui::TreeNodeEx(Tr(Str::SectionHfConfig), ImGuiTreeNodeFlags_NoTreePushOnOpen | ImGuiTreeNodeFlags_SpanAvailWidth);
    ImGui::PopStyleColor();
    widgets::RecordLastItem(&ui, "hf_config");
    if (ui.HfConfigOpen) {
        widgets::TextDim(Tr(Str::HfConfigHint));
        ImGui::InputTextMultiline("##hf_config", ui.HfConfigBox, sizeof(ui.HfConfigBox),
                                  ImVec2(ImGui::CalcItemWidth(), ImGui::GetTextLineHeight() * kBoxLines), ImGuiInputTextFlags_AllowTabInput);
        widgets::RecordLastItem(&ui, "hf_config_box");
        widgets::RecordTextField(&ui, false);
        ImGui::BeginDisabled(ui.HfConfigBox[0] == '\0');
        const bool read = ImGui::Button(Tr(Str::HfConfigRead));
        widgets::RecordLastItem(&ui, "hf_config_read");
        ImGui::SameLine();
        if (ImGui::Button(Tr(Str::ClearText))) ui.HfConfigBox[0] = '\0';
        ImGui::EndDisabled();
        if (read) ApplyHfConfig(state, "config.json", ui.HfConfigBox);
        DrawReport(ui);
    }
    widgets::EndCard();
}
