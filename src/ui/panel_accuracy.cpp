// gpuplan ui: the Accuracy panel — the published cases behind an accuracy band (assets/accuracy.json, embedded):
// id, predicted, published, error, calibration or held out, and the source link (opened only when clicked).
#include <algorithm>
#include <cstdio>
#include <string>

#include "imgui.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"

namespace {

constexpr float kMaxWidth = 900;        // the panel on a wide screen, CSS px
constexpr float kMargin = 16;
constexpr const char* kPopupId = "accuracy";

} // namespace

void DrawAccuracyPanel(AppState* state) {
    UiState& ui = state->ui;
    if (ui.AccuracyShown == AccuracyCategory::Count) return;
    if (!ImGui::IsPopupOpen(kPopupId)) ImGui::OpenPopup(kPopupId);
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const ImVec2 size(std::min(display.x - 2 * kMargin, kMaxWidth), display.y - 2 * kMargin);
    ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y / 2), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(size, ImGuiCond_Always);
    bool open = true;
    char title[128];
    std::snprintf(title, sizeof(title), Tr(Str::SectionAccuracy), AccuracyCategoryName(ui.AccuracyShown));
    if (!ImGui::BeginPopupModal(kPopupId, &open, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoTitleBar)) {
        ui.AccuracyShown = AccuracyCategory::Count;
        return;
    }
    ImGui::PushFont(ui.FontLarge);
    ImGui::TextUnformatted(title);
    ImGui::PopFont();
    const std::string band = AccuracyBandText(state->accuracy, ui.AccuracyShown);
    ImGui::TextWrapped("%s", band.c_str());
    widgets::TextDim(Tr(Str::AccuracyIntro));
    const bool close = ImGui::Button(Tr(Str::Close));
    widgets::RecordLastItem(&ui, "accuracy_close");
    ImGui::Separator();

    const std::vector<AccuracyCase>& cases = state->accuracy.Cases[static_cast<int>(ui.AccuracyShown)];
    const bool narrow = ui.Narrow;
    ImGui::PushFont(ui.FontSmall);
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_ScrollY;
    const float table_height = ImGui::GetContentRegionAvail().y - ImGui::GetTextLineHeightWithSpacing() * 1.5f;
    if (ImGui::BeginTable("cases", narrow ? 2 : 5, flags, ImVec2(0, table_height))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn(Tr(Str::ColCase), ImGuiTableColumnFlags_WidthStretch, 3.0f);
        if (!narrow) {
            ImGui::TableSetupColumn(Tr(Str::ColPredicted), ImGuiTableColumnFlags_WidthStretch, 1.2f);
            ImGui::TableSetupColumn(Tr(Str::ColPublished), ImGuiTableColumnFlags_WidthStretch, 1.2f);
        }
        ImGui::TableSetupColumn(Tr(Str::ColError), ImGuiTableColumnFlags_WidthStretch, narrow ? 1.3f : 0.8f);
        if (!narrow) ImGui::TableSetupColumn(Tr(Str::ColRole), ImGuiTableColumnFlags_WidthStretch, 0.9f);
        ImGui::TableHeadersRow();
        ImGui::PushTextWrapPos(0.0f);
        for (size_t i = 0; i < cases.size(); ++i) {
            const AccuracyCase& c = cases[i];
            ImGui::PushID(static_cast<int>(i));
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextWrapped("%s", c.Id.c_str());
            widgets::TextDim(c.PublishedAs.c_str());
            if (!c.SourceUrl.empty()) {
                widgets::TextColoredWrapped(theme::kAccent, c.SourceUrl.c_str());
                if (ImGui::IsItemHovered()) {
                    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
                    ImGui::SetTooltip("%s", Tr(Str::OpenSourceLink));
                }
                if (ImGui::IsItemClicked()) state->outbox.OpenUrl = c.SourceUrl;
            }
            const std::string predicted = FormatMetricValue(c.Metric, c.Predicted);
            const std::string published = FormatMetricValue(c.Metric, c.Published);
            if (narrow) {
                widgets::TextDim((std::string(Tr(Str::ColPredicted)) + ": " + predicted + " \xc2\xb7 " + Tr(Str::ColPublished) + ": " + published).c_str());
            } else {
                ImGui::TableNextColumn();
                ImGui::TextWrapped("%s", predicted.c_str());
                ImGui::TableNextColumn();
                ImGui::TextWrapped("%s", published.c_str());
            }
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(FormatSignedPercent(c.Error).c_str());
            if (narrow) widgets::TextDim(Tr(c.Calibration ? Str::RoleCalibration : Str::RoleHeldOut));
            else {
                ImGui::TableNextColumn();
                ImGui::TextWrapped("%s", Tr(c.Calibration ? Str::RoleCalibration : Str::RoleHeldOut));
            }
            ImGui::PopID();
        }
        ImGui::PopTextWrapPos();
        ImGui::EndTable();
    }
    widgets::TextDim(Tr(Str::SeeAccuracyDoc));
    ImGui::PopFont();
    if (close || !open || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
        ui.AccuracyShown = AccuracyCategory::Count;
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}
