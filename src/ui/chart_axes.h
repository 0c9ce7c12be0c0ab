// gpuplan ui: axis ticks for the charts (memory bar, throughput curve, cost vs GPU count): where each value sits
// along its axis, as a fraction, and its label with the unit. Panels draw them; the numbers are made here.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "imgui.h"

struct AxisTick {
    float       At = 0;   // fraction along the axis, 0..1
    std::string Label;    // value with its unit
};

// 0, step, 2·step … up to `top`, step = 1, 2 or 5 × 10^k chosen for about `count` ticks; At = value / top.
std::vector<AxisTick> NiceTicks(double top, int count, const std::function<std::string(double)>& format);
// A log2 axis from `lo` to `hi` (both ≥ 1): powers of two, at most `max_ticks` of them, labelled as grouped integers.
std::vector<AxisTick> Log2Ticks(double lo, double hi, int max_ticks);
// "20 GB", "1.5 GB" for a tick (bytes; fewer digits than FormatGb).
std::string GbTick(double bytes);

// Drawing: value labels along the left or right inside edge of a plot (y axis, At from the bottom) and under it (x axis).
void DrawYTicks(ImDrawList* draw, ImVec2 origin, ImVec2 size, const std::vector<AxisTick>& ticks, ImU32 color, bool right);
// Tick marks and labels under a horizontal axis at `y`; labels that would overlap the previous one are skipped.
void DrawXTicks(ImDrawList* draw, float x0, float width, float y, const std::vector<AxisTick>& ticks, ImU32 color);
