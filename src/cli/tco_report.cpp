// gpuplan CLI: the own-or-rent report. Every number comes from engine::TcoResult; this file only formats.
#include "cli/tco_report.h"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "engine/derivation.h"

namespace cli {

namespace {

constexpr int kCurveStepMonths = 6; // the crossover table prints every 6th month


std::string VerdictText(engine::Verdict verdict) {
    switch (verdict) {
        case engine::Verdict::Buy: return "BUY";
        case engine::Verdict::Borderline: return "BORDERLINE";
        case engine::Verdict::Rent: return "RENT";
        default: return "UNKNOWN";
    }
}

double Finite(double value) { return std::isfinite(value) ? value : 0.0; }

} // namespace

std::string Money(double amount, const std::string& currency) {
    if (!std::isfinite(amount)) return "n/a";
    char buffer[64];
    const bool whole = std::fabs(amount) >= 1000;
    std::snprintf(buffer, sizeof(buffer), whole ? "%.0f" : "%.2f", std::fabs(amount));
    std::string digits = buffer;
    const size_t dot = digits.find('.');
    std::string head = digits.substr(0, dot), tail = dot == std::string::npos ? "" : digits.substr(dot);
    std::string grouped;
    for (size_t i = 0; i < head.size(); ++i) {
        if (i > 0 && (head.size() - i) % 3 == 0) grouped += ',';
        grouped += head[i];
    }
    return (amount < 0 ? "-" : "") + grouped + tail + " " + currency;
}

std::string RenderTco(const engine::Scenario& s, const engine::TcoResult& t, TextFormat format) {
    const bool md = format == TextFormat::Markdown;
    const std::string& cur = t.Currency;
    std::string out;
    auto heading = [&](const std::string& text) { out += md ? "\n## " + text + "\n\n" : "\n" + text + "\n"; };
    auto line = [&](const std::string& text) { out += (md ? "" : "  ") + text + (md ? "  \n" : "\n"); };
    out += (md ? "# " : "") + std::string("Own or rent: ") + s.Model.Name + ", " + engine::WorkloadName(s.Workload) + ", " + std::to_string(s.GpuCount) +
           " × " + s.Gpu.Name + " (" + cur + ")\n";

    heading(t.Tier > 0 ? "Your workload is tier " + std::to_string(t.Tier) + " (" + (t.TierTraining ? "training" : "inference") + ")" : "Tier: none matched");
    if (t.Tier > 0) line("Guide's hardware: " + t.TierGpuText + (t.TierHost.empty() ? "" : "; " + t.TierHost));
    for (const std::string& reason : t.TierReasons) line("- " + reason);

    if (!t.HasServer) {
        heading("No purchase to price");
        line(t.Reason);
    } else {
        const engine::ServerSpec& n = t.Server;
        heading("Node: " + std::to_string(t.Nodes) + " × " + n.Name);
        line(std::to_string(t.GpusBought) + " GPUs bought, " + std::to_string(t.GpusUsed) + " used by the workload");
        out += RenderRows({{"part", "specification"},
                           {"GPUs", std::to_string(n.Gpus) + " × " + s.Gpu.Name},
                           {"CPU", n.Cpu.empty() ? "n/a" : n.Cpu + (n.CpuCores > 0 ? " — " + std::to_string(n.CpuCores) + " cores" : "")},
                           {"RAM", n.RamGb > 0 ? HumanValue(n.RamGb, "GB") : "n/a"},
                           {"NVMe", n.NvmeTb > 0 ? HumanValue(n.NvmeTb, "TB") + (n.Storage.empty() ? "" : " (" + n.Storage + ")") : (n.Storage.empty() ? "n/a" : n.Storage)},
                           {"network", n.Nics.empty() ? "n/a" : n.Nics},
                           {"per GPU", n.NetworkGbpsPerGpu > 0 ? HumanValue(n.NetworkGbpsPerGpu, "Gb/s") + " " + n.Fabric : "n/a"},
                           {"power supplies", n.Psus.empty() ? "n/a" : n.Psus},
                           {"power at load", HumanValue(t.NodePowerKw, "kW") + (t.PowerFromNode ? " (" + n.PowerBasis + ")" : " (GPU board power only)")},
                           {"cooling", n.Cooling.empty() ? "n/a" : n.Cooling},
                           {"rack units", n.RackUnits > 0 ? std::to_string(n.RackUnits) + "U" : "n/a"},
                           {"source", n.Source}},
                          format);
        heading("Bill of materials");
        std::vector<std::vector<std::string>> rows = {{"item", "detail", "qty", "unit price", "total"}};
        for (const engine::BomLine& b : t.Bom)
            rows.push_back({b.Item, b.Detail, HumanValue(b.Quantity, ""), b.UnitPrice >= 0 ? Money(b.UnitPrice, cur) : "unpriced", b.UnitPrice >= 0 ? Money(b.Total, cur) : "n/a"});
        rows.push_back({"Purchase", t.PurchaseComplete ? "" : "incomplete: unpriced parts are left out", "", "", Money(t.PurchaseCost, cur)});
        out += RenderRows(rows, format);

        heading("Cost per month");
        out += RenderRows({{"item", "per month"},
                           {"electricity (" + HumanValue(t.ItPowerKw, "kW") + " × " + HumanValue(t.Utilization * 100, "%") + " busy)", Money(t.EnergyPerMonth, cur)},
                           {"colocation", Money(t.ColocationPerMonth, cur)},
                           {"maintenance", Money(t.MaintenancePerMonth, cur)},
                           {"staff", Money(t.StaffPerMonth, cur)},
                           {"running (sum)", Money(t.RunningPerMonth, cur)},
                           {"depreciation", Money(t.DepreciationPerMonth, cur)},
                           {"owning (depreciation + running)", Money(t.OwnPerMonth, cur)},
                           {"renting the same work", Money(t.RentPerMonth, cur)}},
                          format);

        heading("Verdict: " + VerdictText(t.Exact));
        line(t.ExactReason);
        line("Payback: " + (t.PaybackMonths >= 0 ? HumanValue(t.PaybackMonths, "months") : std::string("never")));
        line("Over " + std::to_string(t.HorizonMonths) + " months: owning " + Money(t.OwnTotal, cur) + ", renting " + Money(t.RentTotal, cur));
        line("Guide's 50 % rule: rent " + Money(t.RentPerMonth, cur) + "/month vs 50 % of the server's 12-month cost " + Money(t.RuleOwn12, cur) + " = " +
             Money(t.RuleThreshold, cur) + " → " + VerdictText(t.RuleVerdict));
        if (t.Hybrid) {
            heading("Hybrid: rent the training runs or own the node");
            line(HumanValue(t.RunsPerYear, "runs") + " a year × " + Money(t.RunRentCost, cur) + " rented (" + HumanValue(t.RunHours, "h") + " each) = " +
                 Money(t.RentPerYear, cur) + " a year; owning the node " + Money(t.OwnPerYear, cur) + " a year");
            line(t.BreakEvenRunsPerYear > 0 ? "Owning wins from " + HumanValue(t.BreakEvenRunsPerYear, "runs") + " a year" : std::string("Owning never wins at this run price"));
        }
        if (t.HybridYear) {
            heading("Hybrid year: own the inference, rent the fine-tuning");
            line(HumanValue(t.YearRuns, "LoRA runs") + " of this model a year at " + Money(t.YearRunCost, cur) + " each (" + HumanValue(t.YearRunHours, "h") +
                 ", sized by the scenario's training block)");
            line("Own the inference, rent the runs: " + Money(t.YearHybrid, cur) + "; rent both: " + Money(t.YearRentAll, cur));
        }
        heading("Crossover (cumulative cost)");
        std::vector<std::vector<std::string>> curve = {{"month", "own", "rent"}};
        for (const engine::TcoMonth& m : t.Curve)
            if (m.Month % kCurveStepMonths == 0 || m.Month == t.HorizonMonths) curve.push_back({std::to_string(m.Month), Money(m.Own, cur), Money(m.Rent, cur)});
        out += RenderRows(curve, format);
    }
    if (!t.Advice.empty()) {
        heading("Advice");
        for (const engine::TcoAdvice& w : t.Advice) line("- " + w.Code + ": " + w.Message);
    }
    if (!t.Steps.empty()) {
        heading("How it was computed");
        std::vector<std::vector<std::string>> rows = {{"step", "formula", "value"}};
        for (const engine::DerivationStep& step : t.Steps) rows.push_back({step.Label, step.Formula, HumanValue(step.Value, step.Unit)});
        out += RenderRows(rows, format);
    }
    return out;
}

std::string TcoToJson(const engine::TcoResult& t, int indent) {
    using nlohmann::json;
    json j;
    j["schema"] = "gpuplan.tco/1";
    j["currency"] = t.Currency;
    j["tier"] = {{"tier", t.Tier}, {"id", t.TierId}, {"training", t.TierTraining}, {"reasons", t.TierReasons}, {"gpus", t.TierGpuText}, {"host", t.TierHost}};
    j["has_server"] = t.HasServer;
    j["reason"] = t.Reason;
    if (t.HasServer) {
        j["server"] = {{"id", t.Server.Id}, {"name", t.Server.Name}, {"nodes", t.Nodes}, {"gpus_bought", t.GpusBought}, {"gpus_used", t.GpusUsed},
                       {"node_power_kw", Finite(t.NodePowerKw)}, {"power_from_node", t.PowerFromNode}, {"it_power_kw", Finite(t.ItPowerKw)}};
        json bom = json::array();
        for (const engine::BomLine& b : t.Bom)
            bom.push_back({{"item", b.Item}, {"detail", b.Detail}, {"quantity", Finite(b.Quantity)}, {"unit_price", b.UnitPrice >= 0 ? json(Finite(b.UnitPrice)) : json(nullptr)},
                           {"total", Finite(b.Total)}});
        j["bom"] = bom;
        j["purchase"] = Finite(t.PurchaseCost);
        j["purchase_complete"] = t.PurchaseComplete;
        j["per_month"] = {{"energy", Finite(t.EnergyPerMonth)}, {"colocation", Finite(t.ColocationPerMonth)}, {"maintenance", Finite(t.MaintenancePerMonth)},
                          {"staff", Finite(t.StaffPerMonth)}, {"running", Finite(t.RunningPerMonth)}, {"depreciation", Finite(t.DepreciationPerMonth)},
                          {"own", Finite(t.OwnPerMonth)}, {"rent", Finite(t.RentPerMonth)}};
        j["utilization"] = Finite(t.Utilization);
        j["payback_months"] = t.PaybackMonths >= 0 ? json(Finite(t.PaybackMonths)) : json(nullptr);
        j["horizon_months"] = t.HorizonMonths;
        j["own_total"] = Finite(t.OwnTotal);
        j["rent_total"] = Finite(t.RentTotal);
        j["verdict"] = engine::VerdictName(t.Exact);
        j["verdict_reason"] = t.ExactReason;
        j["rule"] = {{"own_12_months", Finite(t.RuleOwn12)}, {"threshold", Finite(t.RuleThreshold)}, {"verdict", engine::VerdictName(t.RuleVerdict)}};
        if (t.Hybrid)
            j["hybrid"] = {{"runs_per_year", Finite(t.RunsPerYear)}, {"run_hours", Finite(t.RunHours)}, {"run_rent_cost", Finite(t.RunRentCost)},
                           {"rent_per_year", Finite(t.RentPerYear)}, {"own_per_year", Finite(t.OwnPerYear)}, {"break_even_runs_per_year", Finite(t.BreakEvenRunsPerYear)}};
        if (t.HybridYear)
            j["hybrid_year"] = {{"runs", Finite(t.YearRuns)}, {"run_cost", Finite(t.YearRunCost)}, {"run_hours", Finite(t.YearRunHours)},
                                {"own_inference", Finite(t.YearOwnInference)}, {"rent_inference", Finite(t.YearRentInference)},
                                {"hybrid", Finite(t.YearHybrid)}, {"rent_all", Finite(t.YearRentAll)}};
        json curve = json::array();
        for (const engine::TcoMonth& m : t.Curve) curve.push_back({m.Month, Finite(m.Own), Finite(m.Rent)});
        j["curve"] = curve;
    }
    json advice = json::array();
    for (const engine::TcoAdvice& w : t.Advice) advice.push_back({{"code", w.Code}, {"message", w.Message}, {"alternative", w.Alternative}});
    j["advice"] = advice;
    json steps = json::array();
    for (const engine::DerivationStep& step : t.Steps)
        steps.push_back({{"key", step.Key}, {"label", step.Label}, {"formula", step.Formula}, {"value", Finite(step.Value)}, {"unit", step.Unit}});
    j["derivation"] = steps;
    return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

} // namespace cli
