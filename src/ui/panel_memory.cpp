// gpuplan ui: memory per GPU as a horizontal stacked bar against the GPU capacity line, with a legend.
#include <string>

#include "imgui.h"
#include "ui/chart_axes.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"

namespace {

constexpr float kBarHeight = 28;
constexpr float kMarkOverhang = 5;     // capacity line sticks out above and below the bar, px
constexpr float kDash = 4;             // usable-memory line dash length, px
constexpr float kSwatch = 11;          // legend colour square, px
constexpr int   kAxisTicks = 5;        // about this many GB ticks under the bar
constexpr float kAxisLabelSpace = 6;   // tick mark and gap above the labels, px

void DrawDashedLine(ImDrawList* draw, ImVec2 a, ImVec2 b, ImU32 color) {
    for (float y = a.y; y < b.y; y += 2 * kDash) draw->AddLine(ImVec2(a.x, y), ImVec2(b.x, std::min(y + kDash, b.y)), color, 1.5f);
}

void LegendRow(ImU32 color, const char* label, const std::string& value, bool swatch) {
    ImGui::TableNextColumn();
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const float line = ImGui::GetTextLineHeight();
    if (swatch) ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(pos.x, pos.y + (line - kSwatch) / 2),
                                                         ImVec2(pos.x + kSwatch, pos.y + (line + kSwatch) / 2), color, 2);
    ImGui::Dummy(ImVec2(kSwatch, line));
    ImGui::SameLine();
    ImGui::TextUnformatted(label);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(value.c_str());
}

} // namespace

void DrawMemoryPanel(AppState* state) {
    const engine::Result& r = state->result;
    if (!r.Ok) return;
    widgets::BeginCard(Tr(Str::SectionMemory));
    const MemoryBarView bar = BuildMemoryBar(r);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float width = ImGui::CalcItemWidth();
    ImGui::Dummy(ImVec2(width, kMarkOverhang));
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 end(origin.x + width, origin.y + kBarHeight);
    draw->AddRectFilled(origin, end, ImGui::GetColorU32(ImGuiCol_FrameBg), 4);
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const MemorySegment* hovered = nullptr;
    for (const MemorySegment& segment : bar.Segments) {
        if (segment.Width <= 0) continue;
        const ImVec2 a(origin.x + segment.Start * width, origin.y);
        const ImVec2 b(origin.x + (segment.Start + segment.Width) * width, end.y);
        draw->AddRectFilled(a, b, theme::PartColor(segment.Part));
        if (mouse.x >= a.x && mouse.x < b.x && mouse.y >= a.y && mouse.y < b.y) hovered = &segment;
    }
    const ImU32 capacity_color = ImGui::GetColorU32(r.Fits ? ImVec4(0.95f, 0.96f, 0.98f, 1) : theme::kBad);
    const float capacity_x = origin.x + bar.CapacityAt * width;
    draw->AddLine(ImVec2(capacity_x, origin.y - kMarkOverhang), ImVec2(capacity_x, end.y + kMarkOverhang), capacity_color, 2);
    if (bar.HasUsable && bar.UsableAt < bar.CapacityAt) {
        const float usable_x = origin.x + bar.UsableAt * width;
        DrawDashedLine(draw, ImVec2(usable_x, origin.y - kMarkOverhang), ImVec2(usable_x, end.y + kMarkOverhang),
                       ImGui::GetColorU32(theme::kTextDim));
    }
    ImGui::Dummy(ImVec2(width, kBarHeight + kMarkOverhang));
    widgets::RecordLastItem(&state->ui, "chart_memory");
    // Axis: GB from 0 to the bar's scale.
    ImGui::PushFont(state->ui.FontSmall);
    const float axis_y = ImGui::GetCursorScreenPos().y;
    DrawXTicks(draw, origin.x, width, axis_y, NiceTicks(bar.ScaleBytes, kAxisTicks, GbTick), ImGui::GetColorU32(theme::kTextDim));
    ImGui::Dummy(ImVec2(width, ImGui::GetTextLineHeight() + kAxisLabelSpace));
    ImGui::PopFont();
    if (hovered != nullptr) ImGui::SetTooltip("%s: %s", Tr(MemoryPartLabel(hovered->Part)), FormatGb(hovered->Bytes).c_str());
    ImGui::Spacing();

    // Legend: parts that hold memory, then the total and the capacity.
    const int pairs = state->ui.Narrow ? 1 : 2;
    if (ImGui::BeginTable("legend", 2 * pairs, ImGuiTableFlags_SizingStretchProp)) {
        for (const MemorySegment& segment : bar.Segments)
            if (segment.Bytes > 0) LegendRow(theme::PartColor(segment.Part), Tr(MemoryPartLabel(segment.Part)), FormatGb(segment.Bytes), true);
        LegendRow(0, Tr(Str::Total), FormatGb(r.MemoryPerGpu.Total), false);
        LegendRow(capacity_color, Tr(Str::Capacity), FormatGb(r.GpuMemoryBytes), true);
        if (bar.HasUsable) LegendRow(ImGui::GetColorU32(theme::kTextDim), Tr(Str::Usable), FormatGb(bar.UsableBytes), true);
        ImGui::EndTable();
    }
    ImGui::PushFont(state->ui.FontSmall);
    ImGui::PushStyleColor(ImGuiCol_Text, theme::kTextDim);
    ImGui::TextWrapped("%s", Tr(Str::CapacityUnitNote));
    ImGui::PopStyleColor();
    ImGui::PopFont();
    widgets::EndCard();
}
