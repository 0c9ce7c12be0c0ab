// gpuplan ui: the verdict line of the narrow (phone) layout — stays above the scrolling page so the effect
// of every input is visible while editing it.
#include <string>

#include "imgui.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"

void DrawVerdictPanel(AppState* state) {
    const engine::Result& r = state->result;
    widgets::BeginCard(nullptr);
    if (!r.Ok) {
        widgets::TextColoredWrapped(theme::kBad, Tr(Str::CannotEvaluate));
        widgets::EndCard();
        return;
    }
    // First line: the verdict and the configuration (always the GPU); second: memory, the key speed and the cost the
    // workload is judged by, wrapped rather than cut, in either language.
    const engine::Scenario& s = state->scenario;
    ImGui::PushStyleColor(ImGuiCol_Text, r.Fits ? theme::kGood : theme::kBad);
    ImGui::TextUnformatted(Tr(r.Fits ? Str::Fits : Str::DoesNotFit));
    ImGui::PopStyleColor();
    ImGui::SameLine();
    const std::string config = std::to_string(s.GpuCount) + " \xc3\x97 " + s.Gpu.Name;
    ImGui::TextWrapped("%s", config.c_str());
    std::string line = FormatGb(r.MemoryPerGpu.Total) + " / " + FormatGb(r.GpuMemoryBytes);
    if (r.Fits) {
        const bool inference = s.Workload == engine::WorkloadKind::Inference;
        if (inference && r.Inference.TokensPerSPerUser > 0) line += " \xc2\xb7 " + FormatRate(r.Inference.TokensPerSPerUser, Str::UnitTokensPerS);
        else if (!inference && r.Training.TimeS > 0) line += " \xc2\xb7 " + FormatDuration(r.Training.TimeS);
        const char* label = "";
        const std::string cost = HeadlineCost(s, r, &label);
        if (cost != Tr(Str::NotAvailable)) line += " \xc2\xb7 " + cost + HeadlineCostSuffix(s, r);
    }
    ImGui::PushStyleColor(ImGuiCol_Text, theme::kTextDim);
    ImGui::TextWrapped("%s", line.c_str());
    ImGui::PopStyleColor();
    widgets::EndCard();
}
