// gpuplan ui: where the numbers come from — the selected GPU's and model's source and date, and the age
// of the price data.
#include <cstdio>
#include <string>

#include "imgui.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"

namespace {

std::string AsOfText(const std::string& as_of, const std::string& today) {
    if (as_of.empty()) return Tr(Str::NotAvailable);
    std::string text = std::string(Tr(Str::AsOf)) + " " + as_of;
    const int days = DaysBetween(as_of, today);
    if (days >= 0) {
        char age[64];
        std::snprintf(age, sizeof(age), Tr(Str::DaysOld), days);
        text += " (" + std::string(age) + ")";
    }
    return text;
}

void SourceRow(const char* what, const std::string& name, const std::string& source, const std::string& as_of) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", what);
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s \xe2\x80\x94 %s", name.c_str(), as_of.c_str());
    if (!source.empty()) widgets::TextDim(source.c_str());
}

} // namespace

void DrawSourcesPanel(AppState* state) {
    widgets::BeginCard(Tr(Str::SectionSources));
    const std::string& today = state->ui.TodayIso;
    ImGui::PushFont(state->ui.FontSmall);
    if (ImGui::BeginTable("sources", 2, ImGuiTableFlags_SizingStretchProp, ImVec2(ImGui::CalcItemWidth(), 0))) {
        ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableSetupColumn("text", ImGuiTableColumnFlags_WidthStretch, 5.0f);
        ImGui::PushTextWrapPos(0.0f); // wrap at each cell's edge, not the card's
        const engine::Scenario& s = state->scenario;
        if (const catalog::GpuEntry* gpu = state->catalog.FindGpu(s.Gpu.Id))
            SourceRow(Tr(Str::SourceGpu), gpu->Spec.Name, gpu->Source, AsOfText(gpu->AsOf, today));
        if (const catalog::ModelEntry* model = state->catalog.FindModel(s.Model.Id))
            SourceRow(Tr(Str::SourceModel), model->Arch.Name, model->Source, AsOfText(model->AsOf, today));
        // The price data behind the Cost panel: the cheapest offer's source and date, the dates of the offers shown.
        const PriceProvenance& p = state->provenance;
        if (!p.CheapestProvider.empty())
            SourceRow(Tr(Str::SourceCheapest), p.CheapestProvider, p.CheapestSource, AsOfText(p.CheapestAsOf, today));
        if (p.OffersShown > 0 && !p.OldestAsOf.empty()) {
            char range[256];
            std::snprintf(range, sizeof(range), Tr(Str::OffersShownRange), p.OffersShown, p.OldestAsOf.c_str(), p.NewestAsOf.c_str());
            std::string text = range;
            const int days = DaysBetween(p.OldestAsOf, today);
            if (days >= 0) {
                char age[96];
                std::snprintf(age, sizeof(age), Tr(Str::OldestDaysOld), days);
                text += "; " + std::string(age);
            }
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextDisabled("%s", Tr(Str::SourceOffers));
            ImGui::TableNextColumn();
            ImGui::TextWrapped("%s", text.c_str());
        }
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%s", Tr(Str::SourceFx));
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", FxRateText(state->catalog, s.Cost.Currency).c_str());
        if (!state->catalog.Fx.Source.empty()) widgets::TextDim(state->catalog.Fx.Source.c_str());
        const PriceSummary& prices = state->prices;
        if (prices.Offers > 0) {
            char summary[256];
            std::snprintf(summary, sizeof(summary), Tr(Str::PriceSummary), prices.Offers, prices.Providers, prices.OldestAsOf.c_str(),
                          prices.NewestAsOf.c_str());
            const int days = DaysBetween(prices.OldestAsOf, today);
            std::string text = summary;
            if (days >= 0) {
                char age[64];
                std::snprintf(age, sizeof(age), Tr(Str::DaysOld), days);
                text += " (" + std::string(age) + ")";
            }
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextDisabled("%s", Tr(Str::SourcePrices));
            ImGui::TableNextColumn();
            ImGui::TextWrapped("%s", text.c_str());
        } else {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextDisabled("%s", Tr(Str::SourcePrices));
            ImGui::TableNextColumn();
            ImGui::TextWrapped("%s", Tr(Str::NoPrices));
        }
        ImGui::PopTextWrapPos();
        ImGui::EndTable();
    }
    ImGui::PopFont();
    widgets::EndCard();
}
