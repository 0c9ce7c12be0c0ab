// gpuplan ui: the verdict (fits / needs N GPUs) and the headline numbers the engine provides.
#include <string>

#include "imgui.h"
#include "ui/app.h"
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

// Does not fit: the Compare row for this GPU says what would (count and layout), with Apply; and the cheapest
// configuration that works on any GPU, with Use. Both apply the row's whole configuration (UsePlanRow).
void DrawWhatWouldWork(AppState* state) {
    UiState& ui = state->ui;
    const engine::PlanRow* own = PlanRowFor(state->plan, state->scenario);
    const engine::PlanRow* best = !state->plan.empty() && state->plan.front().Feasible ? &state->plan.front() : nullptr;
    const engine::PlanRow* apply = nullptr;
    widgets::SectionTitle(Tr(Str::WhatWouldWork));
    if (own != nullptr && own->GpuCount > 0 && own->Excluded != engine::PlanExclusion::DoesNotFit) {
        const std::string line = std::to_string(own->GpuCount) + " \xc3\x97 " + own->GpuName + " \xe2\x80\x94 " + own->Reason;
        ImGui::TextWrapped("%s", line.c_str());
        if (ImGui::Button(Tr(Str::ApplyConfiguration))) apply = own;
        widgets::RecordLastItem(&ui, "apply_would_work");
    } else {
        const std::string why = own != nullptr ? own->Reason : std::string(Tr(Str::NotAvailable));
        widgets::TextDim(why.c_str());
    }
    if (best != nullptr && best != own) {
        ImGui::Spacing();
        // Another allowed precision (precision.allowed) is named: Use applies it too.
        const bool other_precision = best->Precision != engine::FormatName(state->scenario.Precision.Weights);
        const std::string line = std::string(Tr(Str::CheapestThatWorks)) + ": " + std::to_string(best->GpuCount) + " \xc3\x97 " + best->GpuName +
                                 (other_precision ? " \xc2\xb7 " + best->Precision : std::string());
        ImGui::TextWrapped("%s", line.c_str());
        if (ImGui::Button(Tr(Str::UseGpu))) apply = best;
        widgets::RecordLastItem(&ui, "use_cheapest");
    }
    if (apply != nullptr) {
        const engine::PlanRow chosen = *apply; // UsePlanRow replaces the scenario the rows were built from
        UsePlanRow(state, chosen);
    }
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
    widgets::TextDim(ConfigurationLine(s, r).c_str()); // "2 × H100 SXM · TP 2 · ×1": the configuration the numbers are for
    if (ImGui::SmallButton(Tr(Str::HowComputed))) ui.ScrollToDerivation = true;
    widgets::RecordLastItem(&ui, "how_computed");
    ImGui::Spacing();

    // Feasibility first: a configuration that does not fit shows what would, and no time or cost as if it ran.
    if (!r.Fits) {
        DrawWhatWouldWork(state);
        widgets::EndCard();
        return;
    }

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
    const char* headline_label = "";
    const std::string headline = HeadlineCost(s, r, &headline_label); // the workload's own: month, job or run
    const widgets::Metric costs[] = {
        {headline_label, headline},
        {Tr(own_or_catalog), FormatMoneyPerHour(c.PerHour, c.Currency)},
        inference ? widgets::Metric{Tr(Str::PerMillionTokens), FormatMoney(c.PerMillionTokens, c.Currency)}
                  : widgets::Metric{Tr(Str::SpotPerHour), SpotPerHourText(c)},
    };
    widgets::MetricGrid(state, "cost_headline", costs, 3);
    widgets::EndCard();
}
