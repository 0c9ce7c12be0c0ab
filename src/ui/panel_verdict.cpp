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
    ImGui::PushStyleColor(ImGuiCol_Text, r.Fits ? theme::kGood : theme::kBad);
    ImGui::TextUnformatted(Tr(r.Fits ? Str::Fits : Str::DoesNotFit));
    ImGui::PopStyleColor();
    ImGui::SameLine();
    const std::string total = FormatGb(r.MemoryPerGpu.Total);
    const std::string capacity = FormatGb(r.GpuMemoryBytes);
    ImGui::Text("%s / %s", total.c_str(), capacity.c_str());
    if (state->scenario.Workload == engine::WorkloadKind::Inference && r.Inference.TokensPerSPerUser > 0) {
        const std::string speed = FormatRate(r.Inference.TokensPerSPerUser, Str::UnitTokensPerS);
        ImGui::SameLine();
        ImGui::TextDisabled("\xc2\xb7 %s", speed.c_str());
    } else if (state->scenario.Workload != engine::WorkloadKind::Inference && r.Training.TimeS > 0) {
        const std::string time = FormatDuration(r.Training.TimeS);
        ImGui::SameLine();
        ImGui::TextDisabled("\xc2\xb7 %s", time.c_str());
    }
    // The price when the line has room for it: per hour (inference) or the run (training).
    const engine::CostResult& c = r.Cost;
    const bool inference = state->scenario.Workload == engine::WorkloadKind::Inference;
    const std::string price = inference ? FormatMoneyPerHour(c.PerHour, c.Currency) : FormatMoney(c.JobCost, c.Currency);
    if (price != Tr(Str::NotAvailable)) {
        const std::string text = "\xc2\xb7 " + price;
        const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x - widgets::CardInnerMargin();
        const float room = right - ImGui::GetItemRectMax().x - ImGui::GetStyle().ItemSpacing.x;
        if (ImGui::CalcTextSize(text.c_str()).x <= room) {
            ImGui::SameLine();
            ImGui::TextDisabled("%s", text.c_str());
        }
    }
    widgets::EndCard();
}
