// gpuplan ui: the Own or rent panel — "your workload is tier N", the verdict with the guide's 50 % rule beside the
// exact answer, the node and its bill of materials, cost per month, payback, the crossover chart of cumulative
// own vs rent cost (with axis values), the hybrid runs line, the assumptions (editable) and the guides' mistakes.
// Every number comes from state->tco (catalog::EvaluateTco, recomputed with the result); this file only draws.
//
// Index
// [SECTION] Helpers
// [SECTION] Chart
// [SECTION] Panel
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "imgui.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"

//-----------------------------------------------------------------------------
// [SECTION] Helpers
//-----------------------------------------------------------------------------

namespace {

constexpr float kChartHeight = 160;
constexpr float kChartHeightNarrow = 130;
constexpr float kLineWidth = 2;
const ImVec4 kOwnColor(0.43f, 0.66f, 1.0f, 1);
const ImVec4 kRentColor(0.96f, 0.73f, 0.31f, 1);
constexpr const char* kResidencies[] = {"", "RU", "EU"};
constexpr int kResidencyCount = 3;

std::string Fmt(const char* format, const std::string& a, const std::string& b = "", const std::string& c = "", const std::string& d = "") {
    char buffer[512];
    std::snprintf(buffer, sizeof(buffer), format, a.c_str(), b.c_str(), c.c_str(), d.c_str());
    return buffer;
}

std::string Number(double value, const char* format) {
    char buffer[64];
    std::snprintf(buffer, sizeof(buffer), format, value);
    return buffer;
}

Str VerdictStr(engine::Verdict verdict) {
    switch (verdict) {
        case engine::Verdict::Buy: return Str::TcoVerdictBuy;
        case engine::Verdict::Borderline: return Str::TcoVerdictBorderline;
        case engine::Verdict::Rent: return Str::TcoVerdictRent;
        default: return Str::TcoVerdictUnknown;
    }
}

ImVec4 VerdictColor(engine::Verdict verdict) {
    switch (verdict) {
        case engine::Verdict::Buy: return theme::kGood;
        case engine::Verdict::Borderline: return theme::kWarn;
        case engine::Verdict::Rent: return theme::kAccent;
        default: return theme::kTextDim;
    }
}

// One word for the rule's verdict, in the page's language.
const char* ShortVerdict(engine::Verdict verdict) {
    switch (verdict) {
        case engine::Verdict::Buy: return Tr(Str::TcoWordBuy);
        case engine::Verdict::Rent: return Tr(Str::TcoWordRent);
        default: return Tr(Str::TcoWordNone);
    }
}

bool Russian() { return CurrentLanguage() == Language::Russian; }

// Money where zero is a real amount (no staff, no colocation), not "n/a".
std::string MoneyOrZero(double amount, const std::string& currency) { return amount == 0 ? std::string("0") : FormatMoney(amount, currency); }

// The bill of materials' item names and the cooling kind in the page's language.
std::string ItemName(const std::string& item) {
    if (!Russian()) return item;
    if (item == "Node") return "Узел";
    if (item == "GPUs") return "GPU";
    if (item == "Host") return "Шасси и хост";
    if (item == "Fabric") return "Сеть InfiniBand";
    if (item == "Import") return "Наценка импорта";
    return item;
}

std::string CoolingName(const std::string& cooling) {
    if (cooling.empty()) return Tr(Str::NotAvailable);
    if (!Russian()) return cooling;
    if (cooling == "air") return "воздушное";
    if (cooling == "liquid") return "жидкостное";
    return cooling;
}

// The guides' tier conditions and hardware in Russian, by tier id (catalogs/tiers.json keeps the English).
struct TierRussian {
    const char* Id;
    const char* When;
    const char* Gpus;
};
const TierRussian kTierRussian[] = {
    {"training-1", "модели до 7B: полное обучение и LoRA", "1× H100 80 ГБ или 2× A100 40 ГБ"},
    {"training-2", "модели 13–70B: LoRA/QLoRA на одной машине, полное дообучение — на двух", "4× H100 SXM или 8× A100 80 ГБ с NVLink"},
    {"training-3", "модели от 100B и полное предобучение", "несколько узлов 8× H100/H200 SXM с InfiniBand"},
    {"inference-1", "модели до 13B в квантизации (Q4/Q5)", "одна RTX 4090 24 ГБ, A6000 48 ГБ или L40S 48 ГБ"},
    {"inference-2", "модели до 70B в FP16 или 100B+ в квантизации", "H100 80 ГБ или H200 141 ГБ: модель помещается в один GPU"},
    {"inference-3", "продуктовый инференс с тысячами одновременных запросов", "много узлов с одиночными H100 или L40S за балансировщиком"},
};

const TierRussian* FindTierRussian(const std::string& id) {
    for (const TierRussian& tier : kTierRussian)
        if (id == tier.Id) return &tier;
    return nullptr;
}

std::string TierGpuText(const engine::TcoResult& t) {
    const TierRussian* ru = Russian() ? FindTierRussian(t.TierId) : nullptr;
    return ru != nullptr ? ru->Gpus : t.TierGpuText;
}

// The tier's reasons: the engine's English sentences, or a Russian one rebuilt from the scenario's numbers.
std::vector<std::string> TierReasons(const engine::TcoResult& t, const engine::Scenario& s) {
    const TierRussian* ru = Russian() ? FindTierRussian(t.TierId) : nullptr;
    if (ru == nullptr) return t.TierReasons;
    std::vector<std::string> out;
    if (s.Workload == engine::WorkloadKind::Pretrain) out.push_back("полное предобучение — тир 3 в руководстве 002");
    char line[256];
    std::snprintf(line, sizeof(line), "%.1f млрд параметров: %s", s.Model.Params / 1e9, ru->When);
    out.push_back(line);
    return out;
}

std::string VerdictReason(const engine::TcoResult& t) {
    if (!Russian()) return t.ExactReason;
    const std::string months = FormatMonths(t.PaybackMonths);
    const std::string horizon = std::to_string(t.HorizonMonths);
    switch (t.Exact) {
        case engine::Verdict::Unknown:
            return t.PurchaseComplete ? "нет цены аренды для сравнения" : "узел оценён не полностью: введите цену узла, чтобы получить вердикт";
        case engine::Verdict::Buy: return "окупается за " + months + " — в пределах 12–18 месяцев из руководства";
        case engine::Verdict::Borderline:
            return "окупается за " + months + ": в пределах срока службы (" + horizon + " мес.), но позже 18 месяцев из руководства";
        default:
            return t.PaybackMonths < 0 ? "эксплуатация узла дороже аренды той же работы: покупка не окупается никогда"
                                       : "окупается только через " + months + ", позже срока службы оборудования (" + horizon + " мес.)";
    }
}

// The guides' mistakes in Russian, rebuilt from the TCO's numbers (never by parsing the English).
std::string AdviceText(const engine::TcoAdvice& a, const engine::TcoResult& t, const engine::Scenario& s) {
    if (!Russian()) return a.Message;
    const std::string& gpu = s.Gpu.Name;
    const std::string alt = a.Alternative.empty() ? std::string() : " Альтернатива: " + a.Alternative + ".";
    char number[64];
    if (a.Code == "flagship_for_midsize")
        return gpu + " — флагман, а модель помещается в 80 ГБ на реплику: по руководству 000 флагман для модели среднего размера "
               "переплачен и требует больше питания." + alt;
    if (a.Code == "stack_unsupported") return "Стек " + s.Stack + " не работает на этой платформе (" + gpu + ")." + alt;
    if (a.Code == "format_unsupported")
        return "Стек " + s.Stack + " не загружает веса в формате " + engine::FormatName(s.Precision.Weights) + "." + alt;
    if (a.Code == "data_residency") {
        if (!s.Cost.Provider.empty())
            return "Данные должны оставаться в " + s.Cost.DataResidency + ", а провайдер " + s.Cost.Provider +
                   " находится за её пределами: выберите провайдера внутри страны или купите оборудование (руководство 002: on-prem оставляет данные в периметре).";
        return "Данные должны оставаться в " + s.Cost.DataResidency + ": предложения зарубежных провайдеров исключены из цены аренды." +
               (a.Alternative.empty() ? std::string(" Внутри страны этот GPU никто не сдаёт: оставить данные внутри можно, купив оборудование.")
                                      : " Самая дешёвая аренда внутри: " + a.Alternative + ".");
    }
    if (a.Code == "export_restricted")
        return gpu + ": действуют экспортные ограничения (см. примечание каталога)." +
               (a.Alternative.empty() ? std::string() : " Для России это параллельный импорт; руководство 000 называет для импортозамещения Huawei Ascend 910C." + alt);
    if (a.Code == "network_skimped")
        return "Обучение на " + std::to_string(t.Nodes) + " узлах с сетью медленнее 200 Гбит/с на GPU: GPU ждут сеть. Руководства: InfiniBand 200–400 Гбит/с, "
               "порт 400 Гбит/с на каждый GPU.";
    if (a.Code == "power_cooling") {
        std::snprintf(number, sizeof(number), "%.1f", t.NodePowerKw);
        return gpu + " потребляет около 1 кВт на GPU, узел — " + number + " кВт (руководство 002 закладывает 6–10 кВт на 8 GPU): нужны питание стойки и "
               "жидкостное охлаждение; в расчёте учтены мощность × PUE и колокация за кВт.";
    }
    if (a.Code == "card_price_only")
        return "Расчёт по цене GPU (cost.purchase_price_per_gpu) учитывает только карты; с узлом, питанием и эксплуатацией покупка стоит " +
               FormatMoney(t.PurchaseCost, t.Currency) + " сразу и " + FormatMoney(t.RunningPerMonth, t.Currency) + " в месяц.";
    if (a.Code == "node_underused")
        return "Узел вмещает " + std::to_string(t.GpusBought) + " GPU, а задача использует " + std::to_string(t.GpusUsed) +
               ": покупка оплачивает простаивающие GPU, если их не загрузить другой работой.";
    if (a.Code == "node_power_unknown") {
        std::snprintf(number, sizeof(number), "%.2f", t.NodePowerKw);
        return t.Server.Name + ": мощность узла не опубликована; электричество посчитано только по мощности плат GPU (" + number + " кВт), это занижает расход.";
    }
    return a.Message;
}

void LegendSwatch(const ImVec4& color, const std::string& label) {
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const float line = ImGui::GetTextLineHeight();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(pos.x, pos.y + line * 0.25f), ImVec2(pos.x + line * 0.5f, pos.y + line * 0.75f), ImGui::GetColorU32(color), 2);
    ImGui::Dummy(ImVec2(line * 0.5f, line));
    ImGui::SameLine();
    ImGui::TextUnformatted(label.c_str());
}

//-----------------------------------------------------------------------------
// [SECTION] Chart
//-----------------------------------------------------------------------------

// Cumulative own (purchase + running) and rent over the hardware's life, with the payback month marked.
void DrawCrossoverChart(AppState* state) {
    const engine::TcoResult& t = state->tco;
    if (t.Curve.size() < 2) return;
    double top = 0;
    for (const engine::TcoMonth& m : t.Curve) top = std::max({top, m.Own, m.Rent});
    if (!(top > 0)) return;
    const std::string& cur = t.Currency;
    widgets::SectionTitle(Tr(Str::TcoChart));
    ImGui::PushFont(state->ui.FontSmall);
    LegendSwatch(kOwnColor, std::string(Tr(Str::TcoLegendOwn)) + " (" + FormatMoney(t.Curve.back().Own, cur) + ")");
    ImGui::SameLine();
    LegendSwatch(kRentColor, std::string(Tr(Str::TcoLegendRent)) + " (" + FormatMoney(t.Curve.back().Rent, cur) + ")");

    ImDrawList* draw = ImGui::GetWindowDrawList();
    const std::string top_label = FormatMoney(top, cur);
    const float label_width = ImGui::CalcTextSize(top_label.c_str()).x + 6;
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const ImVec2 origin(start.x + label_width, start.y);
    const float avail = ImGui::GetContentRegionAvail().x - widgets::CardInnerMargin(); // the card's right padding
    const ImVec2 size(std::max(50.0f, avail - label_width), state->ui.Narrow ? kChartHeightNarrow : kChartHeight);
    draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), ImGui::GetColorU32(ImGuiCol_FrameBg), 4);
    // y axis: 0, half, top
    for (int i = 0; i <= 2; ++i) {
        const float y = origin.y + size.y * (1 - i / 2.0f);
        draw->AddLine(ImVec2(origin.x, y), ImVec2(origin.x + size.x, y), ImGui::GetColorU32(theme::kCardBorder));
        const std::string label = i == 0 ? std::string("0") : FormatMoney(top * i / 2.0, cur);
        const ImVec2 text = ImGui::CalcTextSize(label.c_str());
        draw->AddText(ImVec2(origin.x - text.x - 4, std::clamp(y - text.y / 2, origin.y, origin.y + size.y - text.y)), ImGui::GetColorU32(theme::kTextDim), label.c_str());
    }
    const float months = static_cast<float>(t.Curve.back().Month);
    auto at = [&](double month, double value) {
        return ImVec2(origin.x + static_cast<float>(month / months) * size.x, origin.y + (1 - static_cast<float>(value / top)) * size.y);
    };
    if (t.PaybackMonths >= 0 && t.PaybackMonths <= months) {
        const ImVec2 a = at(t.PaybackMonths, top), b = at(t.PaybackMonths, 0);
        draw->AddLine(a, b, ImGui::GetColorU32(theme::kTextDim), 1.5f);
        const std::string label = std::string(Tr(Str::TcoPayback)) + " " + FormatMonths(t.PaybackMonths);
        const ImVec2 text = ImGui::CalcTextSize(label.c_str());
        const bool left = t.PaybackMonths > months * 0.6;
        draw->AddText(ImVec2(left ? a.x - text.x - 4 : a.x + 4, a.y + 2), ImGui::GetColorU32(theme::kTextDim), label.c_str());
    }
    ImVector<ImVec2> own, rent;
    for (const engine::TcoMonth& m : t.Curve) {
        own.push_back(at(m.Month, m.Own));
        rent.push_back(at(m.Month, m.Rent));
    }
    draw->AddPolyline(own.Data, own.Size, ImGui::GetColorU32(kOwnColor), ImDrawFlags_None, kLineWidth);
    draw->AddPolyline(rent.Data, rent.Size, ImGui::GetColorU32(kRentColor), ImDrawFlags_None, kLineWidth);
    ImGui::Dummy(ImVec2(size.x + label_width, size.y));
    // x axis: 0, the middle and the last month, placed on the plot's own coordinates
    const std::string mid = Number(months / 2, "%.0f"), last = Number(months, "%.0f") + " " + Tr(Str::TcoMonths);
    const ImVec2 axis_at = ImGui::GetCursorScreenPos();
    const ImU32 dim = ImGui::GetColorU32(theme::kTextDim);
    draw->AddText(ImVec2(origin.x, axis_at.y), dim, "0");
    draw->AddText(ImVec2(origin.x + size.x / 2 - ImGui::CalcTextSize(mid.c_str()).x / 2, axis_at.y), dim, mid.c_str());
    draw->AddText(ImVec2(origin.x + size.x - ImGui::CalcTextSize(last.c_str()).x, axis_at.y), dim, last.c_str());
    ImGui::Dummy(ImVec2(size.x, ImGui::GetTextLineHeight()));
    ImGui::PopFont();
    state->ui.ShownTcoChartMonths = t.Curve.back().Month;
    state->ui.ShownTcoChartOwn = t.Curve.back().Own;
    state->ui.ShownTcoChartRent = t.Curve.back().Rent;
}

//-----------------------------------------------------------------------------
// [SECTION] Panel
//-----------------------------------------------------------------------------

bool DrawAssumptions(AppState* state) {
    engine::CostParams& cost = state->scenario.Cost;
    engine::TcoParams& o = cost.Tco;
    const engine::TcoAssumptions& a = state->tco_assumptions;
    UiState* ui = &state->ui;
    bool changed = false;
    widgets::SectionTitle(Tr(Str::TcoAssumptions));
    if (!widgets::BeginForm("tco_inputs")) return false;
    // Each input shows the value in use (catalog default or override) and, once edited, overrides it.
    auto edit = [&](const char* hook, Str label, double shown, double* target, double lo, double hi, double step, const char* format, const std::string& hint) {
        double value = shown;
        if (widgets::InputNumber(ui, hook, (std::string(Tr(label))).c_str(), &value, lo, hi, step, format, hint.c_str())) {
            *target = value;
            changed = true;
        }
    };
    const bool rub = cost.Currency == "RUB";
    double node_price = a.NodePrice > 0 ? a.NodePrice : 0;
    edit("tco_node_price", Str::TcoNodePrice, node_price, &o.NodePrice, 0, 1e12, rub ? 100000 : 1000, "%.0f", a.NodePriceSource);
    edit("tco_colocation", Str::TcoColocation, a.ColocationPerKwMonth, &o.ColocationPerKwMonth, 0, 1e7, rub ? 100 : 1, "%.2f", a.ColocationSource);
    edit("tco_maintenance", Str::TcoMaintenance, a.MaintenanceSharePerYear, &o.MaintenanceSharePerYear, 0, 1, 0.01, "%.2f", a.MaintenanceSource);
    edit("tco_depreciation", Str::TcoDepreciation, a.DepreciationYears, &o.DepreciationYears, 1, 20, 1, "%.0f", a.DepreciationSource);
    edit("tco_staff", Str::TcoStaff, a.StaffFtePerNode, &o.StaffFtePerNode, 0, 10, 0.05, "%.2f", a.StaffSource);
    if (state->scenario.Workload != engine::WorkloadKind::Inference)
        edit("tco_runs", Str::TcoRunsPerYear, a.TrainingRunsPerYear, &o.TrainingRunsPerYear, 0, 10000, 1, "%.0f", a.RunsSource);
    widgets::FormLabel(Tr(Str::TcoResidency));
    const char* labels[kResidencyCount] = {Tr(Str::TcoResidencyAny), "RU", "EU"};
    int residency = 0;
    for (int i = 0; i < kResidencyCount; ++i)
        if (cost.DataResidency == kResidencies[i]) residency = i;
    if (widgets::Segmented(ui, "tco_residency", labels, kResidencyCount, &residency)) {
        cost.DataResidency = kResidencies[residency];
        changed = true;
    }
    widgets::EndForm();
    return changed;
}

} // namespace

void DrawTcoPanel(AppState* state) {
    const engine::TcoResult& t = state->tco;
    UiState* ui = &state->ui;
    ui->ShownTcoVerdict.clear();
    ui->ShownTcoVerdictText.clear();
    ui->ShownTcoPurchase = 0;
    ui->ShownTcoPayback = -1;
    ui->ShownTcoChartMonths = 0;
    ui->ShownTcoChartOwn = 0;
    ui->ShownTcoChartRent = 0;
    if (!state->result.Ok) return;
    const std::string& cur = t.Currency;
    widgets::BeginCard(Tr(Str::SectionTco));

    // Tier
    char line[512];
    if (t.Tier > 0) std::snprintf(line, sizeof(line), Tr(Str::TcoTier), t.Tier, TierGpuText(t).c_str());
    ImGui::TextWrapped("%s", t.Tier > 0 ? line : Tr(Str::TcoTierNone));
    ImGui::PushFont(ui->FontSmall);
    for (const std::string& reason : TierReasons(t, state->scenario)) widgets::TextDim(("\xc2\xb7 " + reason).c_str());
    ImGui::PopFont();
    ImGui::Spacing();

    if (!t.HasServer) {
        widgets::TextDim(Fmt(Tr(Str::TcoNoServer), t.Reason).c_str());
    } else {
        // Verdict, then the guide's rule beside it.
        ImGui::PushFont(ui->FontLarge);
        widgets::TextColoredWrapped(VerdictColor(t.Exact), Tr(VerdictStr(t.Exact)));
        ImGui::PopFont();
        ui->ShownTcoVerdict = engine::VerdictName(t.Exact);
        ui->ShownTcoVerdictText = Tr(VerdictStr(t.Exact));
        ImGui::PushFont(ui->FontSmall);
        widgets::TextDim(Fmt(Tr(Str::TcoExact), VerdictReason(t)).c_str());
        if (t.PurchaseComplete && t.RentPerMonth > 0)
            widgets::TextDim(Fmt(Tr(Str::TcoRule), FormatMoney(t.RentPerMonth, cur), FormatMoney(t.RuleOwn12, cur), FormatMoney(t.RuleThreshold, cur),
                                 ShortVerdict(t.RuleVerdict)).c_str());
        if (!t.PurchaseComplete) widgets::TextColoredWrapped(theme::kWarn, Tr(Str::TcoIncomplete));
        ImGui::PopFont();

        const std::string payback = t.PaybackMonths >= 0 ? FormatMonths(t.PaybackMonths) : std::string(Tr(Str::TcoNever));
        ui->ShownTcoPurchase = PrintedMoney(t.PurchaseCost);
        ui->ShownTcoPayback = t.PaybackMonths >= 0 ? t.PaybackMonths : -1;
        const widgets::Metric metrics[] = {
            {Tr(Str::TcoPurchase), FormatMoney(t.PurchaseCost, cur)},
            {Tr(Str::TcoOwnPerMonth), FormatMoney(t.OwnPerMonth, cur)},
            {Tr(Str::TcoRentPerMonth), FormatMoney(t.RentPerMonth, cur)},
            {Tr(Str::TcoPayback), payback},
        };
        widgets::MetricGrid(state, "tco_metrics", metrics, 4, 4);
        if (t.Hybrid) {
            ImGui::PushFont(ui->FontSmall);
            widgets::TextDim(Fmt(Tr(Str::TcoHybrid), Number(t.RunsPerYear, "%.0f"), FormatMoney(t.RentPerYear, cur), FormatMoney(t.OwnPerYear, cur)).c_str());
            if (t.BreakEvenRunsPerYear > 0) widgets::TextDim(Fmt(Tr(Str::TcoBreakEven), Number(t.BreakEvenRunsPerYear, "%.1f")).c_str());
            ImGui::PopFont();
        }
        if (t.HybridYear) {
            ImGui::PushFont(ui->FontSmall);
            widgets::TextDim(Fmt(Tr(Str::TcoHybridYear), Number(t.YearRuns, "%.0f"), FormatMoney(t.YearRunCost, cur), FormatMoney(t.YearHybrid, cur),
                                 FormatMoney(t.YearRentAll, cur)).c_str());
            ImGui::PopFont();
        }
        DrawCrossoverChart(state);

        // Node and bill of materials
        std::snprintf(line, sizeof(line), Tr(Str::TcoNode), t.Nodes, t.Server.Name.c_str());
        widgets::SectionTitle(line);
        ImGui::PushFont(ui->FontSmall);
        const std::string rack = t.Server.RackUnits > 0 ? std::to_string(t.Server.RackUnits) + "U" : std::string(Tr(Str::NotAvailable));
        widgets::TextDim(Fmt(Tr(Str::TcoPower), Number(t.NodePowerKw, t.NodePowerKw < 1 ? "%.2f" : "%.1f"), CoolingName(t.Server.Cooling), rack).c_str());
        if (!t.Server.Cpu.empty()) widgets::TextDim(t.Server.Cpu.c_str());
        if (!t.Server.Nics.empty()) widgets::TextDim(t.Server.Nics.c_str());
        // Two columns on every width: what it is (with quantity × unit price under it) and the total.
        float total_width = ImGui::CalcTextSize(FormatMoney(t.RunningPerMonth, cur).c_str()).x;
        for (const engine::BomLine& b : t.Bom) total_width = std::max(total_width, ImGui::CalcTextSize(FormatMoney(b.Total, cur).c_str()).x);
        const float table_width = ImGui::GetContentRegionAvail().x - widgets::CardInnerMargin();
        if (ImGui::BeginTable("tco_bom", 2, ImGuiTableFlags_RowBg, ImVec2(table_width, 0))) {
            ImGui::TableSetupColumn("item", ImGuiTableColumnFlags_WidthStretch);
            ImGui::TableSetupColumn("total", ImGuiTableColumnFlags_WidthFixed, total_width + 8);
            auto row = [&](const std::string& item, const std::string& detail, const std::string& total) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextWrapped("%s", item.c_str());
                widgets::TextDim(detail.c_str());
                ImGui::TableNextColumn();
                ImGui::PushTextWrapPos(-1.0f); // a total never breaks across lines
                ImGui::TextUnformatted(total.c_str());
                ImGui::PopTextWrapPos();
            };
            for (const engine::BomLine& b : t.Bom)
                row(ItemName(b.Item), Number(b.Quantity, "%.0f") + " \xc3\x97 " + (b.UnitPrice >= 0 ? FormatMoney(b.UnitPrice, cur) : std::string(Tr(Str::TcoUnpriced))),
                    b.UnitPrice >= 0 ? FormatMoney(b.Total, cur) : std::string(Tr(Str::NotAvailable)));
            row(Tr(Str::TcoRunning), MoneyOrZero(t.EnergyPerMonth, cur) + " + " + MoneyOrZero(t.ColocationPerMonth, cur) + " + " +
                                         MoneyOrZero(t.MaintenancePerMonth, cur) + " + " + MoneyOrZero(t.StaffPerMonth, cur),
                FormatMoney(t.RunningPerMonth, cur));
            ImGui::EndTable();
        }
        ImGui::PopFont();
    }
    bool changed = DrawAssumptions(state);

    if (!t.Advice.empty()) {
        widgets::SectionTitle(Tr(Str::TcoAdvice));
        ImGui::PushFont(ui->FontSmall);
        for (const engine::TcoAdvice& a : t.Advice) widgets::TextColoredWrapped(theme::kWarn, ("! " + AdviceText(a, t, state->scenario)).c_str());
        ImGui::PopFont();
    }
    widgets::EndCard();
    if (changed) ui->Dirty = true;
}
