// gpuplan ui: the hardware — a searchable GPU combo over the catalog, the GPU count, GPUs per node and the network per
// GPU, and "my Mac / my PC" shortcuts to the local machines in the catalog (Apple silicon; consumer cards, Strix Halo).
#include "imgui.h"
#include "ui/panels.h"
#include "ui/view.h"
#include "ui/widgets.h"

namespace {

// The catalog's desktop GPUs offered under "My PC" (Apple entries go under "My Mac" by vendor).
constexpr const char* kPcGpuIds[] = {"rtx-3090", "rtx-3090-ti", "rtx-4070-ti", "rtx-4080", "rtx-4090", "rtx-5080", "rtx-5090",
                                     "radeon-rx-7900-xtx", "ryzen-ai-max-395"};

bool IsPcGpu(const std::string& id) {
    for (const char* pc : kPcGpuIds)
        if (id == pc) return true;
    return false;
}

// A combo of local machines; choosing one sets the GPU and a count of 1.
void DrawLocalPreset(AppState* state, const char* hook_id, const char* label, bool mac) {
    engine::Scenario& s = state->scenario;
    widgets::FormLabel(label);
    const catalog::GpuEntry* current = state->catalog.FindGpu(s.Gpu.Id);
    const bool current_here = current != nullptr && (mac ? current->Spec.Vendor == "Apple" : IsPcGpu(current->Spec.Id));
    ImGui::PushID(hook_id);
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    widgets::RecordRect(&state->ui, hook_id, pos, ImVec2(pos.x + width, pos.y + ImGui::GetFrameHeight()));
    ImGui::SetNextItemWidth(width);
    if (ImGui::BeginCombo("##c", current_here ? s.Gpu.Name.c_str() : "\xe2\x80\x94")) {
        for (const catalog::GpuEntry& entry : state->catalog.Gpus) {
            if (mac ? entry.Spec.Vendor != "Apple" : !IsPcGpu(entry.Spec.Id)) continue;
            if (ImGui::Selectable(entry.Spec.Name.c_str(), entry.Spec.Id == s.Gpu.Id) && entry.Spec.Id != s.Gpu.Id) {
                s.Gpu = entry.Spec;
                s.GpuCount = 1;
                state->ui.Dirty = true;
            }
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", Tr(Str::LocalHardwareHint));
    ImGui::PopID();
}

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
        if (widgets::InputCount(&state->ui, "gpu_count", Tr(Str::GpuCount), &s.GpuCount, scenario::limits::kGpuCount)) state->ui.Dirty = true;
        DrawLocalPreset(state, "my_mac", Tr(Str::MyMac), true);
        DrawLocalPreset(state, "my_pc", Tr(Str::MyPc), false);
        // The network is a real input (issue 9): GPUs sharing NVLink/PCIe in one server, and the bandwidth per GPU
        // between servers. The planner uses them for your own GPU at your own rate; offers bring their own fabric.
        if (widgets::InputCount(&state->ui, "gpus_per_node", Tr(Str::GpusPerNode), &s.Cluster.GpusPerNode, scenario::limits::kGpusPerNode, Tr(Str::GpusPerNodeHint)))
            state->ui.Dirty = true;
        double network_gb_s = s.Cluster.NetworkBytesPerSPerGpu / 1e9;
        if (widgets::InputNumber(&state->ui, "network_gb_s_per_gpu", Tr(Str::NetworkPerGpu), &network_gb_s, scenario::limits::kNetworkGbSPerGpu, 1.0, "%.1f",
                                 Tr(Str::NetworkPerGpuHint))) {
            s.Cluster.NetworkBytesPerSPerGpu = network_gb_s * 1e9;
            state->ui.Dirty = true;
        }
        widgets::EndForm();
    }
    if (selected_entry != nullptr) widgets::TextDim(DescribeGpu(*selected_entry).c_str());
    widgets::EndCard();
}
