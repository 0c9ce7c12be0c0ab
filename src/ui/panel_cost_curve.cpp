// gpuplan ui: "Cost vs GPU count" — the scenario at 1, 2, 4 … GPUs (UiState::CostCurve, built by BuildCostVsGpus in
// page_features.cpp): a bar per count, per million generated tokens (inference) or the run's cost (training), at the
// cheapest on-demand price; counts where it does not fit are marked "—". Axes carry values and units. Inference: a
// count where the scenario's replica does not fit is sized as one replica over all its GPUs.
#include <algorithm>
#include <string>

#include "imgui.h"
#include "ui/chart_axes.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"

namespace {

constexpr float kPlotHeight = 130;
constexpr float kBarShare = 0.6f;     // a bar's width as a share of its slot
constexpr int   kYTicks = 4;
constexpr float kAxisLabelSpace = 6;
constexpr double kHeadroom = 1.1;     // the top of the plot sits 10 % above the tallest bar
const ImVec4 kBarColor(0.43f, 0.66f, 1.0f, 0.85f);

} // namespace

void DrawCostCurvePanel(AppState* state) {
    const std::vector<CostCurvePoint>& points = state->ui.CostCurve;
    if (!state->result.Ok || points.size() < 2) return;
    double top = 0;
    for (const CostCurvePoint& p : points)
        if (p.Fits && p.Value > 0) top = std::max(top, p.Value);
    if (!(top > 0)) return; // nothing priced: the Cost panel says why
    top *= kHeadroom;
    const engine::Scenario& s = state->scenario;
    const std::string& currency = s.Cost.Currency;
    const bool inference = s.Workload == engine::WorkloadKind::Inference;

    widgets::BeginCard(Tr(Str::SectionCostVsGpus));
    ImGui::PushFont(state->ui.FontSmall);
    widgets::TextDim(Tr(inference ? Str::PerMillionTokens : Str::JobCost));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size(ImGui::CalcItemWidth(), kPlotHeight);
    draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), ImGui::GetColorU32(ImGuiCol_FrameBg), 4);
    const std::vector<AxisTick> ticks = NiceTicks(top, kYTicks, [&](double v) { return v > 0 ? FormatMoney(v, currency) : std::string("0"); });
    for (const AxisTick& tick : ticks) {
        const float y = origin.y + (1 - tick.At) * size.y;
        if (tick.At > 0) draw->AddLine(ImVec2(origin.x, y), ImVec2(origin.x + size.x, y), ImGui::GetColorU32(theme::kCardBorder));
    }
    // Bars in slots to the right of the value labels.
    float label_width = 0;
    for (const AxisTick& tick : ticks) label_width = std::max(label_width, ImGui::CalcTextSize(tick.Label.c_str()).x);
    const float plot_x = origin.x + label_width + 8;
    const float slot = (origin.x + size.x - plot_x) / points.size();
    std::vector<AxisTick> x_ticks;
    for (size_t i = 0; i < points.size(); ++i) {
        const CostCurvePoint& p = points[i];
        const float center = plot_x + slot * (i + 0.5f);
        x_ticks.push_back({(center - origin.x) / size.x, std::to_string(p.Gpus)});
        const bool current = p.Gpus == s.GpuCount;
        if (!p.Fits || !(p.Value > 0)) {
            const char* dash = "\xe2\x80\x94";
            const ImVec2 text = ImGui::CalcTextSize(dash);
            draw->AddText(ImVec2(center - text.x / 2, origin.y + size.y - text.y - 2), ImGui::GetColorU32(theme::kTextDim), dash);
            continue;
        }
        const float height = static_cast<float>(p.Value / top) * size.y;
        ImVec4 color = current ? theme::kAccent : kBarColor;
        draw->AddRectFilled(ImVec2(center - slot * kBarShare / 2, origin.y + size.y - height), ImVec2(center + slot * kBarShare / 2, origin.y + size.y),
                            ImGui::GetColorU32(color), 2);
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        if (mouse.x >= center - slot / 2 && mouse.x < center + slot / 2 && mouse.y >= origin.y && mouse.y < origin.y + size.y)
            ImGui::SetTooltip("%d %s: %s, %s", p.Gpus, Tr(Str::AxisGpus), FormatMoney(p.Value, currency).c_str(),
                              inference ? FormatMoneyPerHour(p.PerHour, currency).c_str() : FormatDuration(p.TimeS).c_str());
    }
    DrawYTicks(draw, origin, size, ticks, ImGui::GetColorU32(theme::kTextDim), false);
    ImGui::Dummy(size);
    widgets::RecordLastItem(&state->ui, "chart_cost_vs_gpus");
    DrawXTicks(draw, origin.x, size.x, ImGui::GetCursorScreenPos().y, x_ticks, ImGui::GetColorU32(theme::kTextDim));
    ImGui::Dummy(ImVec2(size.x, ImGui::GetTextLineHeight() + kAxisLabelSpace));
    const char* axis = Tr(Str::AxisGpus);
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + (size.x - ImGui::CalcTextSize(axis).x) / 2);
    ImGui::TextDisabled("%s", axis);
    ImGui::PopFont();
    widgets::EndCard();
}
