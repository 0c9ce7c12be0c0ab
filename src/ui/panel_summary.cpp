// gpuplan ui: the verdict (fits / needs N GPUs) and the headline numbers the engine provides.
#include <string>

#include "imgui.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"


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
    ImGui::SameLine();
    widgets::AccuracyBand(state, AccuracyCategory::Memory);
    const std::string count = std::to_string(s.GpuCount) + " \xc3\x97 " + s.Gpu.Name; // "2 × H100 SXM"
    widgets::TextDim(count.c_str());
    ImGui::Spacing();

    // Headline numbers
    const bool inference = s.Workload == engine::WorkloadKind::Inference;
    bool any_known = false;
    if (inference) {
        const engine::InferenceResult& in = r.Inference;
        const AccuracyCategory band = AccuracyCategory::Inference;
        const widgets::Metric metrics[] = {
            {Tr(Str::Ttft), FormatDuration(in.TtftS), band},
            {Tr(Str::Tpot), FormatDuration(in.TpotS), band},
            {Tr(Str::TokensPerUser), FormatRate(in.TokensPerSPerUser, Str::UnitTokensPerS), AccuracyCategory::Count},
            {Tr(Str::Throughput), FormatRate(in.ThroughputTokensPerS, Str::UnitTokensPerS), band},
            {Tr(Str::MaxConcurrency), FormatCount(in.MaxConcurrency, Str::UnitSequences), AccuracyCategory::Count},
            {Tr(Str::RequestsPerS), FormatRate(in.RequestsPerS, Str::UnitReqPerS), AccuracyCategory::Count},
        };
        for (const widgets::Metric& metric : metrics) any_known |= metric.Value != Tr(Str::NotAvailable);
        widgets::SectionTitle(Tr(Str::SectionSpeed));
        widgets::MetricGrid(state, "speed", metrics, static_cast<int>(sizeof(metrics) / sizeof(metrics[0])));
    } else {
        const engine::TrainingResult& t = r.Training;
        const AccuracyCategory band = AccuracyCategory::Training;
        const widgets::Metric metrics[] = {
            {Tr(Str::TrainTime), FormatDuration(t.TimeS), band},
            {Tr(Str::GpuHours), FormatGpuHours(t.GpuHours), band},
            {Tr(Str::Mfu), FormatPercent(t.Mfu), band},
            {Tr(Str::TokensPerGpu), FormatRate(t.TokensPerSPerGpu, Str::UnitTokensPerS), band},
            {Tr(Str::TrainFlops), FormatFlops(t.Flops), AccuracyCategory::Count},
        };
        for (const widgets::Metric& metric : metrics) any_known |= metric.Value != Tr(Str::NotAvailable);
        widgets::SectionTitle(Tr(Str::SectionTraining2));
        widgets::MetricGrid(state, "training", metrics, static_cast<int>(sizeof(metrics) / sizeof(metrics[0])));
    }
    if (!any_known) {
        ImGui::PushFont(ui.FontSmall);
        widgets::TextDim(Tr(Str::NotYetComputed));
        ImGui::PopFont();
    }
    widgets::EndCard();
}
