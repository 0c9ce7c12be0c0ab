// gpuplan ui: axis ticks (chart_axes.h).
#include "ui/chart_axes.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ui/i18n.h"

namespace {

constexpr float kTickLength = 4;   // px
constexpr float kLabelGap = 3;     // px between a tick and its label
constexpr float kMinLabelGap = 8;  // px between neighbouring x labels
constexpr float kLabelBacking = 0.85f; // opacity of the box behind a y label

std::string Integer(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof(buffer), "%.0f", value);
    std::string digits = buffer, out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

} // namespace

std::vector<AxisTick> NiceTicks(double top, int count, const std::function<std::string(double)>& format) {
    std::vector<AxisTick> ticks;
    if (!(top > 0) || !std::isfinite(top) || count < 1) return ticks;
    const double raw = top / count;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double factor : {1.0, 2.0, 5.0, 10.0}) {
        step = factor * magnitude;
        if (step >= raw) break;
    }
    for (double value = 0; value <= top * (1 + 1e-9); value += step) ticks.push_back({static_cast<float>(value / top), format(value)});
    return ticks;
}

std::vector<AxisTick> Log2Ticks(double lo, double hi, int max_ticks) {
    std::vector<AxisTick> ticks;
    lo = std::max(1.0, lo);
    if (!(hi > lo) || max_ticks < 2) return ticks;
    const double lo_exp = std::log2(lo), hi_exp = std::log2(hi);
    const int first = static_cast<int>(std::ceil(lo_exp - 1e-9)), last = static_cast<int>(std::floor(hi_exp + 1e-9));
    const int exponents = last - first + 1;
    const int every = std::max(1, (exponents + max_ticks - 1) / max_ticks);
    for (int e = first; e <= last; e += every)
        ticks.push_back({static_cast<float>((e - lo_exp) / (hi_exp - lo_exp)), Integer(std::ldexp(1.0, e))});
    return ticks;
}

std::string GbTick(double bytes) {
    char buffer[48];
    std::snprintf(buffer, sizeof(buffer), "%g %s", std::round(bytes / 1e9 * 100) / 100, Tr(Str::UnitGb));
    std::string text = buffer;
    if (CurrentLanguage() == Language::Russian) std::replace(text.begin(), text.end(), '.', ','); // decimal comma, as view.cpp
    return text;
}

void DrawYTicks(ImDrawList* draw, ImVec2 origin, ImVec2 size, const std::vector<AxisTick>& ticks, ImU32 color, bool right) {
    for (const AxisTick& tick : ticks) {
        if (tick.At <= 0) continue; // the baseline needs no label
        const float y = origin.y + (1 - tick.At) * size.y;
        const ImVec2 text = ImGui::CalcTextSize(tick.Label.c_str());
        const float x = right ? origin.x + size.x - text.x - kLabelGap : origin.x + kLabelGap;
        const ImVec2 at(x, std::max(origin.y, y - text.y));
        // A backing in the plot's colour keeps the value legible where a line passes under it.
        draw->AddRectFilled(ImVec2(at.x - 2, at.y), ImVec2(at.x + text.x + 2, at.y + text.y), ImGui::GetColorU32(ImGuiCol_FrameBg, kLabelBacking), 2);
        draw->AddText(at, color, tick.Label.c_str());
    }
}

void DrawXTicks(ImDrawList* draw, float x0, float width, float y, const std::vector<AxisTick>& ticks, ImU32 color) {
    float last_right = -1e9f;
    for (const AxisTick& tick : ticks) {
        const float x = x0 + tick.At * width;
        draw->AddLine(ImVec2(x, y), ImVec2(x, y + kTickLength), color);
        const ImVec2 text = ImGui::CalcTextSize(tick.Label.c_str());
        const float left = std::clamp(x - text.x / 2, x0, x0 + width - text.x);
        if (left < last_right + kMinLabelGap) continue;
        draw->AddText(ImVec2(left, y + kTickLength + kLabelGap - 2), color, tick.Label.c_str());
        last_right = left + text.x;
    }
}
