// gpuplan ui: the hardware — a searchable GPU combo over the catalog, the GPU count, GPUs per node and the network per GPU.
#include "imgui.h"
#include "ui/panels.h"
#include "ui/view.h"
#include "ui/widgets.h"

namespace {

constexpr int    kMaxGpus = 65536;
constexpr int    kMaxGpusPerNode = 1024;  // as the scenario JSON accepts (hardware.gpus_per_node)
constexpr double kMinNetworkGbS = 0.01;   // hardware.network_gb_s_per_gpu limits of the scenario JSON
constexpr double kMaxNetworkGbS = 10000;

} // namespace

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
        if (widgets::InputCount(&state->ui, "gpu_count", Tr(Str::GpuCount), &s.GpuCount, 1, kMaxGpus)) state->ui.Dirty = true;
        // The network is a real input (issue 9): GPUs sharing NVLink/PCIe in one server, and the bandwidth per GPU
        // between servers. The planner uses them for your own GPU at your own rate; offers bring their own fabric.
        if (widgets::InputCount(&state->ui, "gpus_per_node", Tr(Str::GpusPerNode), &s.Cluster.GpusPerNode, 1, kMaxGpusPerNode, Tr(Str::GpusPerNodeHint)))
            state->ui.Dirty = true;
        double network_gb_s = s.Cluster.NetworkBytesPerSPerGpu / 1e9;
        if (widgets::InputNumber(&state->ui, "network_gb_s_per_gpu", Tr(Str::NetworkPerGpu), &network_gb_s, kMinNetworkGbS, kMaxNetworkGbS, 1.0, "%.1f",
                                 Tr(Str::NetworkPerGpuHint))) {
            s.Cluster.NetworkBytesPerSPerGpu = network_gb_s * 1e9;
            state->ui.Dirty = true;
        }
        widgets::EndForm();
    }
    if (selected_entry != nullptr) widgets::TextDim(DescribeGpu(*selected_entry).c_str());
    widgets::EndCard();
}
