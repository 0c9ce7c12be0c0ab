// gpuplan ui: throughput vs concurrency (Result.Inference.Curve) — total generated tokens/s of the deployment
// and the decode speed one user sees, on a log-scaled concurrency axis, with the scenario's concurrency marked.
// The geometry comes as fractions from BuildCurveView (view.cpp); this file maps them onto the plot rectangle.
#include <string>

#include "imgui.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"

namespace {

constexpr float kPlotHeight = 150;
constexpr float kPlotHeightNarrow = 130;
constexpr float kLineWidth = 2;
constexpr float kSwatch = 11;
constexpr float kLabelFlipAt = 0.7f; // the marker's label goes left of the line beyond this fraction of the width
const ImVec4 kTotalColor(0.43f, 0.66f, 1.0f, 1);
const ImVec4 kPerUserColor(0.96f, 0.73f, 0.31f, 1);

ImVec2 At(ImVec2 origin, ImVec2 size, float x, float y) { return ImVec2(origin.x + x * size.x, origin.y + (1 - y) * size.y); }

void LegendItem(const ImVec4& color, const char* label) {
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const float line = ImGui::GetTextLineHeight();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(pos.x, pos.y + (line - kSwatch) / 2), ImVec2(pos.x + kSwatch, pos.y + (line + kSwatch) / 2),
                                              ImGui::GetColorU32(color), 2);
    ImGui::Dummy(ImVec2(kSwatch, line));
    ImGui::SameLine();
    ImGui::TextUnformatted(label);
}

} // namespace

void DrawCurvePanel(AppState* state) {
    const engine::Result& r = state->result;
    if (!r.Ok || r.Inference.Curve.size() < 2) return;
    const CurveView view = BuildCurveView(r.Inference, static_cast<double>(state->scenario.Inference.Concurrency) * r.Inference.Replicas);
    widgets::BeginCard(Tr(Str::SectionCurve));
    ImGui::PushFont(state->ui.FontSmall);
    LegendItem(kTotalColor, (std::string(Tr(Str::LegendTotal)) + " (" + Tr(Str::AxisTop) + " " + view.TotalMax + ")").c_str());
    LegendItem(kPerUserColor, (std::string(Tr(Str::LegendPerUser)) + " (" + Tr(Str::AxisTop) + " " + view.PerUserMax + ")").c_str());

    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size(ImGui::CalcItemWidth(), state->ui.Narrow ? kPlotHeightNarrow : kPlotHeight);
    draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), ImGui::GetColorU32(ImGuiCol_FrameBg), 4);
    for (int i = 1; i < 4; ++i) { // quarter grid lines
        const float y = origin.y + size.y * i / 4;
        draw->AddLine(ImVec2(origin.x, y), ImVec2(origin.x + size.x, y), ImGui::GetColorU32(theme::kCardBorder));
    }
    if (view.MarkerX >= 0) {
        const ImVec2 a = At(origin, size, view.MarkerX, 1), b = At(origin, size, view.MarkerX, 0);
        draw->AddLine(a, b, ImGui::GetColorU32(theme::kTextDim), 1.5f);
        // Label at the bottom, on whichever side of the line has room.
        const char* label = Tr(Str::ThisScenario);
        const ImVec2 label_size = ImGui::CalcTextSize(label);
        const bool left = view.MarkerX > kLabelFlipAt;
        const ImVec2 at(left ? b.x - label_size.x - 4 : b.x + 4, b.y - label_size.y - 2);
        draw->AddText(at, ImGui::GetColorU32(theme::kTextDim), label);
    }
    ImVector<ImVec2> total, per_user;
    for (const CurvePoint& p : view.Points) {
        total.push_back(At(origin, size, p.X, p.Total));
        per_user.push_back(At(origin, size, p.X, p.PerUser));
    }
    draw->AddPolyline(total.Data, total.Size, ImGui::GetColorU32(kTotalColor), ImDrawFlags_None, kLineWidth);
    draw->AddPolyline(per_user.Data, per_user.Size, ImGui::GetColorU32(kPerUserColor), ImDrawFlags_None, kLineWidth);
    for (int i = 0; i < total.Size; ++i) {
        draw->AddCircleFilled(total[i], 2.5f, ImGui::GetColorU32(kTotalColor));
        draw->AddCircleFilled(per_user[i], 2.5f, ImGui::GetColorU32(kPerUserColor));
    }
    ImGui::Dummy(size);

    // Axis: concurrency from the first to the last point.
    const std::string axis = std::string(Tr(Str::AxisConcurrency));
    ImGui::TextDisabled("%s", view.ConcurrencyMin.c_str());
    ImGui::SameLine((size.x - ImGui::CalcTextSize(axis.c_str()).x) / 2);
    ImGui::TextDisabled("%s", axis.c_str());
    ImGui::SameLine(size.x - ImGui::CalcTextSize(view.ConcurrencyMax.c_str()).x);
    ImGui::TextDisabled("%s", view.ConcurrencyMax.c_str());
    ImGui::PopFont();
    widgets::EndCard();
}
