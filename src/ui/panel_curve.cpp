// gpuplan ui: throughput vs concurrency (Result.Inference.Curve) — total generated tokens/s of the deployment
// and the decode speed one user sees, on a log-scaled concurrency axis, with the scenario's concurrency marked.
// The geometry comes as fractions from BuildCurveView (view.cpp); this file maps them onto the plot rectangle.
#include <string>

#include "imgui.h"
#include "ui/chart_axes.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"

namespace {

constexpr float kPlotHeight = 150;
constexpr float kPlotHeightNarrow = 130;
constexpr float kLineWidth = 2;
constexpr float kSwatch = 11;
constexpr int   kYTicks = 4;         // about this many value lines on the y axes
constexpr int   kXTicks = 8;         // at most this many concurrency ticks
constexpr float kAxisLabelSpace = 6; // tick mark and gap above the x labels, px
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
    LegendItem(kTotalColor, Tr(Str::LegendTotal));     // its values on the left axis
    LegendItem(kPerUserColor, Tr(Str::LegendPerUser)); // on the right

    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size(ImGui::CalcItemWidth(), state->ui.Narrow ? kPlotHeightNarrow : kPlotHeight);
    draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), ImGui::GetColorU32(ImGuiCol_FrameBg), 4);
    // Grid and values: generated tokens/s on the left (blue), tokens/s per user on the right (orange).
    const auto rate = [](double per_s) { return per_s > 0 ? FormatRate(per_s, Str::UnitTokensPerS) : std::string("0"); };
    const std::vector<AxisTick> total_ticks = NiceTicks(view.TotalTop, kYTicks, rate);
    for (const AxisTick& tick : total_ticks) {
        const float y = origin.y + (1 - tick.At) * size.y;
        if (tick.At > 0) draw->AddLine(ImVec2(origin.x, y), ImVec2(origin.x + size.x, y), ImGui::GetColorU32(theme::kCardBorder));
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
    DrawYTicks(draw, origin, size, total_ticks, ImGui::GetColorU32(kTotalColor), false); // over the lines, on a backing
    DrawYTicks(draw, origin, size, NiceTicks(view.PerUserTop, kYTicks, rate), ImGui::GetColorU32(kPerUserColor), true);
    ImGui::Dummy(size);
    widgets::RecordLastItem(&state->ui, "chart_curve");

    // Axis: concurrency (sequences decoded together, log scale) with its values, then its title.
    DrawXTicks(draw, origin.x, size.x, ImGui::GetCursorScreenPos().y, Log2Ticks(view.ConcurrencyLo, view.ConcurrencyHi, kXTicks),
               ImGui::GetColorU32(theme::kTextDim));
    ImGui::Dummy(ImVec2(size.x, ImGui::GetTextLineHeight() + kAxisLabelSpace));
    const std::string axis = std::string(Tr(Str::AxisConcurrency));
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + (size.x - ImGui::CalcTextSize(axis.c_str()).x) / 2);
    ImGui::TextDisabled("%s", axis.c_str());
    ImGui::PopFont();
    widgets::EndCard();
}
