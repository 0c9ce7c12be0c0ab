// gpuplan ui: the verdict (fits / needs N GPUs) and the headline numbers the engine provides.
#include <string>

#include "imgui.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"

namespace {

struct Metric {
    Str         Label;
    std::string Value;
};

void DrawMetricGrid(const AppState& state, const Metric* metrics, int count) {
    const int columns = state.ui.Narrow ? 2 : 3;
    if (!ImGui::BeginTable("metrics", columns, ImGuiTableFlags_SizingStretchSame)) return;
    ImGui::PushTextWrapPos(0.0f);
    for (int i = 0; i < count; ++i) {
        ImGui::TableNextColumn();
        ImGui::PushFont(state.ui.FontSmall);
        ImGui::PushStyleColor(ImGuiCol_Text, theme::kTextDim);
        ImGui::TextWrapped("%s", Tr(metrics[i].Label));
        ImGui::PopStyleColor();
        ImGui::PopFont();
        const bool known = metrics[i].Value != Tr(Str::NotAvailable);
        if (!known) ImGui::PushStyleColor(ImGuiCol_Text, theme::kTextDim);
        ImGui::TextUnformatted(metrics[i].Value.c_str());
        if (!known) ImGui::PopStyleColor();
        ImGui::Spacing();
    }
    ImGui::PopTextWrapPos();
    ImGui::EndTable();
}

} // namespace

void DrawSummaryPanel(AppState* state) {
    const engine::Result& r = state->result;
    const engine::Scenario& s = state->scenario;
    UiState& ui = state->ui;
    widgets::BeginCard(Tr(Str::SectionResults));
    if (!r.Ok) {
        ui.ShownTotalMemoryText.clear();
        ui.ShownTotalMemoryGb = 0;
        widgets::TextColoredWrapped(theme::kBad, Tr(Str::CannotEvaluate));
        widgets::TextDim(r.Error.c_str());
        widgets::EndCard();
        return;
    }

    // Verdict
    ImGui::PushFont(ui.FontLarge);
    ImGui::PushStyleColor(ImGuiCol_Text, r.Fits ? theme::kGood : theme::kBad);
    ImGui::TextUnformatted(Tr(r.Fits ? Str::Fits : Str::DoesNotFit));
    ImGui::PopStyleColor();
    if (!r.Fits && r.GpusNeeded > 0) { // 0: the engine names no count (the warnings say what to change)
        char needs[96];
        std::snprintf(needs, sizeof(needs), Tr(Str::NeedsGpus), r.GpusNeeded);
        ImGui::SameLine();
        ImGui::TextUnformatted("\xe2\x80\x94"); // em dash
        ImGui::SameLine();
        ImGui::TextUnformatted(needs);
    }
    ImGui::PopFont();

    ui.ShownTotalMemoryText = FormatGb(r.MemoryPerGpu.Total);
    ui.ShownTotalMemoryGb = PrintedGb(r.MemoryPerGpu.Total);
    const std::string capacity = FormatGb(r.GpuMemoryBytes);
    char line[192];
    std::snprintf(line, sizeof(line), Tr(Str::OfCapacity), ui.ShownTotalMemoryText.c_str(), capacity.c_str());
    ImGui::TextUnformatted(line);
    const std::string count = std::to_string(s.GpuCount) + " \xc3\x97 " + s.Gpu.Name; // "2 × H100 SXM"
    widgets::TextDim(count.c_str());
    ImGui::Spacing();

    // Headline numbers
    const bool inference = s.Workload == engine::WorkloadKind::Inference;
    bool any_known = false;
    if (inference) {
        const engine::InferenceResult& in = r.Inference;
        const Metric metrics[] = {
            {Str::Ttft, FormatDuration(in.TtftS)},
            {Str::Tpot, FormatDuration(in.TpotS)},
            {Str::TokensPerUser, FormatRate(in.TokensPerSPerUser, Str::UnitTokensPerS)},
            {Str::Throughput, FormatRate(in.ThroughputTokensPerS, Str::UnitTokensPerS)},
            {Str::MaxConcurrency, FormatCount(in.MaxConcurrency, Str::UnitSequences)},
            {Str::RequestsPerS, FormatRate(in.RequestsPerS, Str::UnitReqPerS)},
        };
        for (const Metric& metric : metrics) any_known |= metric.Value != Tr(Str::NotAvailable);
        widgets::SectionTitle(Tr(Str::SectionSpeed));
        DrawMetricGrid(*state, metrics, static_cast<int>(sizeof(metrics) / sizeof(metrics[0])));
    } else {
        const engine::TrainingResult& t = r.Training;
        const Metric metrics[] = {
            {Str::TrainTime, FormatDuration(t.TimeS)},
            {Str::GpuHours, FormatGpuHours(t.GpuHours)},
            {Str::Mfu, FormatPercent(t.Mfu)},
            {Str::TokensPerGpu, FormatRate(t.TokensPerSPerGpu, Str::UnitTokensPerS)},
            {Str::TrainFlops, FormatFlops(t.Flops)},
        };
        for (const Metric& metric : metrics) any_known |= metric.Value != Tr(Str::NotAvailable);
        widgets::SectionTitle(Tr(Str::SectionTraining2));
        DrawMetricGrid(*state, metrics, static_cast<int>(sizeof(metrics) / sizeof(metrics[0])));
    }
    if (!any_known) {
        ImGui::PushFont(ui.FontSmall);
        widgets::TextDim(Tr(Str::NotYetComputed));
        ImGui::PopFont();
    }
    widgets::EndCard();
}
