// gpuplan ui: the verdict (fits / needs N GPUs) and the headline numbers the engine provides.
#include <string>

#include "imgui.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"


namespace {

// "Speed   ±6% · 19 published cases": the band covers every estimate of the section (one category, one median).
void SectionTitleWithBand(AppState* state, const char* title, AccuracyCategory band) {
    ImGui::PushStyleColor(ImGuiCol_Text, theme::kAccent);
    ImGui::TextUnformatted(title);
    ImGui::PopStyleColor();
    ImGui::SameLine(0, ImGui::GetStyle().ItemSpacing.x * 2);
    widgets::AccuracyBand(state, band);
    ImGui::Spacing();
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
            {Tr(Str::Ttft), FormatDuration(in.TtftS)},
            {Tr(Str::Tpot), FormatDuration(in.TpotS)},
            {Tr(Str::TokensPerUser), FormatRate(in.TokensPerSPerUser, Str::UnitTokensPerS)},
            {Tr(Str::Throughput), FormatRate(in.ThroughputTokensPerS, Str::UnitTokensPerS)},
            {Tr(Str::MaxConcurrency), FormatCount(in.MaxConcurrency, Str::UnitSequences)},
            {Tr(Str::RequestsPerS), FormatRate(in.RequestsPerS, Str::UnitReqPerS)},
        };
        for (const widgets::Metric& metric : metrics) any_known |= metric.Value != Tr(Str::NotAvailable);
        SectionTitleWithBand(state, Tr(Str::SectionSpeed), band);
        widgets::MetricGrid(state, "speed", metrics, static_cast<int>(sizeof(metrics) / sizeof(metrics[0])));
    } else {
        const engine::TrainingResult& t = r.Training;
        const AccuracyCategory band = AccuracyCategory::Training;
        const widgets::Metric metrics[] = {
            {Tr(Str::TrainTime), FormatDuration(t.TimeS)},
            {Tr(Str::GpuHours), FormatGpuHours(t.GpuHours)},
            {Tr(Str::Mfu), FormatPercent(t.Mfu)},
            {Tr(Str::TokensPerGpu), FormatRate(t.TokensPerSPerGpu, Str::UnitTokensPerS)},
            {Tr(Str::TrainFlops), FormatFlops(t.Flops)},
        };
        for (const widgets::Metric& metric : metrics) any_known |= metric.Value != Tr(Str::NotAvailable);
        SectionTitleWithBand(state, Tr(Str::SectionTraining2), band);
        widgets::MetricGrid(state, "training", metrics, static_cast<int>(sizeof(metrics) / sizeof(metrics[0])));
    }
    if (!any_known) {
        ImGui::PushFont(ui.FontSmall);
        widgets::TextDim(Tr(Str::NotYetComputed));
        ImGui::PopFont();
    }

    // Cost headline (the Cost panel below has the inputs, the offers and buying vs renting)
    const engine::CostResult& c = r.Cost;
    widgets::SectionTitle(Tr(Str::SectionCost));
    const Str own_or_catalog = s.Cost.PricePerGpuHour > 0 ? Str::YourRatePerHour : Str::OnDemandPerHour;
    const widgets::Metric costs[] = {
        {Tr(own_or_catalog), FormatMoneyPerHour(c.PerHour, c.Currency)},
        inference ? widgets::Metric{Tr(Str::PerMillionTokens), FormatMoney(c.PerMillionTokens, c.Currency)}
                  : widgets::Metric{Tr(Str::JobCost), FormatMoney(c.JobCost, c.Currency)},
        {Tr(Str::SpotPerHour), SpotPerHourText(c)},
    };
    widgets::MetricGrid(state, "cost_headline", costs, 3);
    widgets::EndCard();
}
