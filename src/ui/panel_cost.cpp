// gpuplan ui: the Cost panel — currency, provider filter, the visitor's own rate, the cheapest rent per hour and
// per million tokens (inference) or per training run, the offers table (prices editable for the session), and
// buying vs renting. Every number comes from result.Cost (catalog::EvaluateWithCosts); this file only draws.
//
// Index
// [SECTION] Inputs
// [SECTION] Headline prices
// [SECTION] Offers table
// [SECTION] Buy vs rent
// [SECTION] Panel
#include <cstdio>
#include <string>

#include "imgui.h"
#include "ui/app.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"

namespace {

constexpr const char* kCurrencies[] = {"USD", "EUR", "RUB"};
constexpr int kCurrencyCount = 3;
constexpr size_t kMaxOffersShown = 8;      // rows before "Show all"
namespace L = scenario::limits;
constexpr int kDaysPerMonth = 30;          // an offer's age in whole months, as the stale mark shows it

//-----------------------------------------------------------------------------
// [SECTION] Inputs
//-----------------------------------------------------------------------------

bool DrawCostInputs(AppState* state) {
    engine::CostParams& cost = state->scenario.Cost;
    UiState* ui = &state->ui;
    bool changed = false;
    if (!widgets::BeginForm("cost_inputs")) return false;

    widgets::FormLabel(Tr(Str::Currency));
    int currency = 0;
    for (int i = 0; i < kCurrencyCount; ++i)
        if (cost.Currency == kCurrencies[i]) currency = i;
    if (widgets::Segmented(ui, "currency", kCurrencies, kCurrencyCount, &currency)) SetCurrency(state, kCurrencies[currency]);
    ImGui::PushFont(ui->FontSmall);
    widgets::TextDim(FxRateText(state->catalog, cost.Currency).c_str());
    ImGui::PopFont();

    // Provider filter: providers that have offers for this GPU.
    widgets::FormLabel(Tr(Str::Provider));
    std::string preview = Tr(Str::AllProviders);
    for (const ProviderChoice& p : state->gpu_providers)
        if (p.Id == cost.Provider) preview = p.Name;
    if (!cost.Provider.empty() && preview == Tr(Str::AllProviders)) preview = cost.Provider; // from a link, no offers here
    ImGui::PushID("provider");
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    widgets::RecordRect(ui, "provider", pos, ImVec2(pos.x + width, pos.y + ImGui::GetFrameHeight()));
    ImGui::SetNextItemWidth(width);
    if (ImGui::BeginCombo("##c", preview.c_str(), ImGuiComboFlags_HeightLarge)) {
        if (ImGui::Selectable(Tr(Str::AllProviders), cost.Provider.empty()) && !cost.Provider.empty()) {
            cost.Provider.clear();
            changed = true;
        }
        for (const ProviderChoice& p : state->gpu_providers) {
            if (ImGui::Selectable(p.Name.c_str(), p.Id == cost.Provider) && p.Id != cost.Provider) {
                cost.Provider = p.Id;
                changed = true;
            }
        }
        ImGui::EndCombo();
    }
    ImGui::PopID();

    // Like with like: every offer without VAT, or every offer with its country's VAT.
    widgets::FormLabel(Tr(Str::PricesVat), Tr(Str::VatHint));
    const char* const vat_labels[] = {Tr(Str::VatExcluded), Tr(Str::VatIncluded)};
    int vat = cost.PricesIncludeVat ? 1 : 0;
    if (widgets::Segmented(ui, "prices_vat", vat_labels, 2, &vat)) {
        cost.PricesIncludeVat = vat == 1;
        changed = true;
    }
    widgets::FormLabel(Tr(Str::StalePrices), Tr(Str::StaleHint));
    const char* const stale_labels[] = {Tr(Str::StaleSkip), Tr(Str::StaleUse)};
    int stale = cost.AllowStalePrices ? 1 : 0;
    if (widgets::Segmented(ui, "stale_prices", stale_labels, 2, &stale)) {
        cost.AllowStalePrices = stale == 1;
        changed = true;
    }

    const std::string rate_label = std::string(Tr(Str::OwnRate)) + ", " + cost.Currency;
    changed |= widgets::InputNumber(ui, "own_rate", rate_label.c_str(), &cost.PricePerGpuHour, L::kPricePerGpuHour,
                                    cost.Currency == "RUB" ? 10 : 0.1, "%.2f", Tr(Str::OwnRateHint));
    widgets::EndForm();
    return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] Headline prices
//-----------------------------------------------------------------------------

void DrawHeadlinePrices(AppState* state) {
    const engine::CostResult& c = state->result.Cost;
    const std::string& cur = c.Currency;
    UiState& ui = state->ui;
    ui.ShownCostPerHourText = c.PerHour > 0 ? FormatMoneyPerHour(c.PerHour, cur) : std::string();
    ui.ShownCostPerHour = PrintedMoney(c.PerHour);
    const bool inference = state->scenario.Workload == engine::WorkloadKind::Inference;
    const Str own_or_catalog = state->scenario.Cost.PricePerGpuHour > 0 ? Str::YourRatePerHour : Str::OnDemandPerHour;
    const widgets::Metric metrics[] = {
        {Tr(own_or_catalog), FormatMoneyPerHour(c.PerHour, cur)},
        {Tr(Str::SpotPerHour), SpotPerHourText(c)},
        inference ? widgets::Metric{Tr(Str::PerMillionTokens), FormatMoney(c.PerMillionTokens, cur)}
                  : widgets::Metric{Tr(Str::JobCost), FormatMoney(c.JobCost, cur)},
        inference ? widgets::Metric{Tr(Str::SpotPerMillionTokens), FormatMoney(c.SpotPerMillionTokens, cur)}
                  : widgets::Metric{Tr(Str::SpotJobCost), FormatMoney(c.SpotJobCost, cur)},
    };
    widgets::MetricGrid(state, "prices", metrics, static_cast<int>(sizeof(metrics) / sizeof(metrics[0])), 4);
    widgets::RecordRect(&ui, "cost_per_hour", ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    if (!c.Priced) {
        for (const engine::Warning& warning : state->result.Warnings)
            if (warning.Code == "no_price") widgets::TextColoredWrapped(theme::kWarn, TrWarning(warning, state->scenario, state->result).c_str());
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Offers table
//-----------------------------------------------------------------------------

std::string Marks(const engine::OfferCost& offer, const OfferInfo& info) {
    std::string marks;
    auto add = [&marks](Str mark) { marks += (marks.empty() ? "" : ", ") + std::string(Tr(mark)); };
    if (offer.Estimate) add(Str::MarkEstimate);
    if (offer.Stale) {
        char stale[64];
        std::snprintf(stale, sizeof(stale), Tr(Str::MarkStale), offer.AgeDays / kDaysPerMonth);
        marks += (marks.empty() ? "" : ", ") + std::string(stale);
    }
    if (offer.DearerThanOnDemand) add(Str::MarkNoSaving);
    if (info.Imported) add(Str::MarkImported);
    if (info.Edited) add(Str::MarkEdited);
    return marks;
}

void DrawOffersTable(AppState* state) {
    const engine::CostResult& c = state->result.Cost;
    UiState* ui = &state->ui;
    if (c.Offers.empty()) return;
    char title[160];
    std::snprintf(title, sizeof(title), Tr(Str::OffersTitle), state->scenario.GpuCount, state->scenario.Gpu.Name.c_str());
    widgets::SectionTitle(title);
    const bool narrow = ui->Narrow;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
    const size_t rows = ui->ShowAllOffers ? c.Offers.size() : std::min(c.Offers.size(), kMaxOffersShown);
    std::string edited_id;
    double edited_price = 0;
    ImGui::PushFont(ui->FontSmall);
    if (ImGui::BeginTable("offers", narrow ? 3 : 6, flags, ImVec2(ImGui::CalcItemWidth(), 0))) {
        ImGui::TableSetupColumn(Tr(Str::ColProvider), ImGuiTableColumnFlags_WidthStretch, narrow ? 2.2f : 2.0f);
        if (!narrow) {
            ImGui::TableSetupColumn(Tr(Str::ColKind), ImGuiTableColumnFlags_WidthStretch, 1.1f);
            ImGui::TableSetupColumn(Tr(Str::ColGpus), ImGuiTableColumnFlags_WidthStretch, 0.8f);
        }
        ImGui::TableSetupColumn(Tr(Str::ColPerGpuHour), ImGuiTableColumnFlags_WidthStretch, 1.3f);
        ImGui::TableSetupColumn(Tr(Str::ColPerHour), ImGuiTableColumnFlags_WidthStretch, 1.2f);
        if (!narrow) ImGui::TableSetupColumn(Tr(Str::ColAsOf), ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableHeadersRow();
        ImGui::PushTextWrapPos(0.0f);
        for (size_t i = 0; i < rows; ++i) {
            const engine::OfferCost& offer = c.Offers[i];
            const OfferInfo& info = state->offer_info[i];
            const std::string marks = Marks(offer, info);
            ImGui::PushID(static_cast<int>(i));
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::AlignTextToFramePadding();
            ImGui::TextWrapped("%s", offer.Provider.c_str());
            if (narrow) widgets::TextDim((OfferKindLabel(offer.Kind) + " \xc2\xb7 " + std::to_string(offer.Instances) + " \xc3\x97 " +
                                          std::to_string(info.GpusPerInstance) + " GPU").c_str());
            if (!marks.empty()) widgets::TextColoredWrapped(info.Edited || info.Imported ? theme::kAccent : theme::kWarn, marks.c_str());
            if (ImGui::IsItemHovered() && !info.Source.empty()) ImGui::SetTooltip("%s", info.Source.c_str());
            if (!narrow) {
                ImGui::TableNextColumn();
                ImGui::AlignTextToFramePadding();
                ImGui::TextWrapped("%s", OfferKindLabel(offer.Kind).c_str());
                ImGui::TableNextColumn();
                ImGui::AlignTextToFramePadding();
                ImGui::Text("%d \xc3\x97 %d", offer.Instances, info.GpusPerInstance);
            }
            ImGui::TableNextColumn();
            double price = info.PricePerGpuHour;
            ImGui::SetNextItemWidth(-FLT_MIN);
            if (widgets::InputAmount(ui, i == 0 ? "offer_price_0" : nullptr, "price", &price, 0.0001, L::kPricePerGpuHour.Max, "%.2f")) {
                edited_id = offer.OfferId;
                edited_price = price;
            }
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", Tr(Str::EditPriceTooltip));
            ImGui::TableNextColumn();
            ImGui::AlignTextToFramePadding();
            ImGui::TextWrapped("%s", FormatMoneyPerHour(offer.PerHour, c.Currency).c_str());
            if (!narrow) {
                ImGui::TableNextColumn();
                ImGui::AlignTextToFramePadding();
                ImGui::TextWrapped("%s", offer.AsOf.empty() ? Tr(Str::NotAvailable) : offer.AsOf.c_str());
            }
            ImGui::PopID();
        }
        ImGui::PopTextWrapPos();
        ImGui::EndTable();
    }
    ImGui::PopFont();
    if (c.Offers.size() > kMaxOffersShown) {
        char more[96];
        std::snprintf(more, sizeof(more), Tr(ui->ShowAllOffers ? Str::ShowFewerOffers : Str::ShowAllOffers), static_cast<int>(c.Offers.size()));
        if (ImGui::SmallButton(more)) ui->ShowAllOffers = !ui->ShowAllOffers;
    }
    if (!edited_id.empty()) SetOfferPrice(state, edited_id, edited_price);
}

//-----------------------------------------------------------------------------
// [SECTION] Buy vs rent
//-----------------------------------------------------------------------------

bool DrawBuyVsRent(AppState* state) {
    engine::CostParams& cost = state->scenario.Cost;
    const engine::CostResult& c = state->result.Cost;
    UiState* ui = &state->ui;
    bool changed = false;
    widgets::SectionTitle(Tr(Str::BuyVsRent));
    if (widgets::BeginForm("buy")) {
        const std::string purchase = std::string(Tr(Str::PurchasePerGpu)) + ", " + cost.Currency;
        changed |= widgets::InputNumber(ui, "purchase_price", purchase.c_str(), &cost.PurchasePricePerGpu, L::kPurchasePerGpu,
                                        cost.Currency == "RUB" ? 100000 : 1000, "%.0f", Tr(Str::PurchaseHint));
        const std::string electricity = std::string(Tr(Str::ElectricityPerKwh)) + ", " + cost.Currency;
        changed |= widgets::InputNumber(ui, "electricity", electricity.c_str(), &cost.ElectricityPerKwh, L::kElectricityPerKwh,
                                        cost.Currency == "RUB" ? 0.5 : 0.01, "%.3f", Tr(Str::ElectricityHint));
        changed |= widgets::InputNumber(ui, "pue", Tr(Str::Pue), &cost.Pue, L::kPue, 0.05, "%.2f", Tr(Str::PueHint));
        changed |= widgets::InputNumber(ui, "utilization", Tr(Str::Utilization), &cost.Utilization, L::kUtilization, 0.05, "%.2f");
        widgets::EndForm();
    }
    if (c.PurchaseCost > 0) {
        const std::string payback = c.PaybackMonths > 0 ? FormatMonths(c.PaybackMonths) : std::string(Tr(Str::NeverPaysBack));
        const widgets::Metric metrics[] = {
            {Tr(Str::PaybackMonths), payback},
            {Tr(Str::RentPerMonth), FormatMoney(c.RentPerMonth, c.Currency)},
            {Tr(Str::PowerPerMonth), FormatMoney(c.OwnPerMonth, c.Currency)},
        };
        widgets::MetricGrid(state, "buy_results", metrics, 3);
    } else {
        ImGui::PushFont(ui->FontSmall);
        widgets::TextDim(Tr(c.Priced ? Str::EnterPurchasePrice : Str::NeedRentPrice));
        ImGui::PopFont();
    }
    return changed;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Panel
//-----------------------------------------------------------------------------

void DrawCostPanel(AppState* state) {
    if (!state->result.Ok) {
        state->ui.ShownCostPerHourText.clear();
        state->ui.ShownCostPerHour = 0;
        return;
    }
    widgets::BeginCard(Tr(Str::SectionCost));
    bool changed = DrawCostInputs(state);
    ImGui::Spacing();
    DrawHeadlinePrices(state);
    DrawOffersTable(state);
    ImGui::Spacing();
    changed |= DrawBuyVsRent(state);
    widgets::EndCard();
    if (changed) state->ui.Dirty = true;
}
