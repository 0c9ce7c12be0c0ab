// gpuplan ui: the hardware — a searchable GPU combo over the catalog and the GPU count.
#include "imgui.h"
#include "ui/panels.h"
#include "ui/view.h"
#include "ui/widgets.h"

void DrawHardwarePanel(AppState* state) {
    engine::Scenario& s = state->scenario;
    widgets::BeginCard(Tr(Str::SectionHardware));
    const catalog::GpuEntry* selected_entry = state->catalog.FindGpu(s.Gpu.Id);
    if (widgets::BeginForm("hardware")) {
        const std::string& preview = s.Gpu.Name;
        if (widgets::BeginSearchCombo(&state->ui, "gpu", Tr(Str::Gpu), preview.c_str(), state->ui.GpuFilter, sizeof(state->ui.GpuFilter))) {
            int shown = 0;
            for (const catalog::GpuEntry& entry : state->catalog.Gpus) {
                const engine::GpuSpec& gpu = entry.Spec;
                if (!widgets::SearchMatches(state->ui.GpuFilter, gpu.Name.c_str()) && !widgets::SearchMatches(state->ui.GpuFilter, gpu.Id.c_str()) &&
                    !widgets::SearchMatches(state->ui.GpuFilter, gpu.Vendor.c_str()))
                    continue;
                ++shown;
                const bool selected = gpu.Id == s.Gpu.Id;
                ImGui::PushID(gpu.Id.c_str());
                if (ImGui::Selectable(gpu.Name.c_str(), selected) && !selected) {
                    s.Gpu = gpu;
                    state->ui.Dirty = true;
                }
                if (selected && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY();
                const std::string memory = FormatGb(gpu.MemoryBytes);
                ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize(memory.c_str()).x);
                ImGui::TextDisabled("%s", memory.c_str());
                ImGui::PopID();
            }
            if (shown == 0) ImGui::TextDisabled("%s", Tr(Str::NoMatches));
            widgets::EndSearchCombo();
        }
        if (widgets::InputCount(&state->ui, "gpu_count", Tr(Str::GpuCount), &s.GpuCount, scenario::limits::kGpuCount)) state->ui.Dirty = true;
        widgets::EndForm();
    }
    if (selected_entry != nullptr) widgets::TextDim(DescribeGpu(*selected_entry).c_str());
    widgets::EndCard();
}
