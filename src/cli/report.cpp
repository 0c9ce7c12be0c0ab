// gpuplan CLI: text and Markdown reports.
#include "cli/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cli {

std::string HumanValue(double value, const std::string& unit) {
    char buffer[64];
    if (unit == "B") {
        std::snprintf(buffer, sizeof(buffer), "%.2f GB", value / 1e9);
    } else if (unit == "s") {
        if (value < 1.0) std::snprintf(buffer, sizeof(buffer), "%.1f ms", value * 1e3);
        else if (value < 120.0) std::snprintf(buffer, sizeof(buffer), "%.2f s", value);
        else if (value < 7200.0) std::snprintf(buffer, sizeof(buffer), "%.1f min", value / 60.0);
        else if (value < 3 * 86400.0) std::snprintf(buffer, sizeof(buffer), "%.1f h", value / 3600.0);
        else if (value < 1e6 * 86400.0) std::snprintf(buffer, sizeof(buffer), "%.1f days", value / 86400.0);
        else std::snprintf(buffer, sizeof(buffer), "%.3g years", value / (365.25 * 86400.0));
    } else if (std::fabs(value) >= 1e6 || (value != 0 && std::fabs(value) < 1e-3)) {
        std::snprintf(buffer, sizeof(buffer), "%.3g %s", value, unit.c_str());
    } else {
        std::snprintf(buffer, sizeof(buffer), "%.4g %s", value, unit.c_str());
    }
    std::string text = buffer;
    while (!text.empty() && text.back() == ' ') text.pop_back();
    return text;
}

std::string RenderRows(const std::vector<std::vector<std::string>>& rows, TextFormat format) {
    if (rows.empty()) return "";
    size_t columns = 0;
    for (const auto& row : rows) columns = std::max(columns, row.size());
    std::vector<size_t> width(columns, 0);
    for (const auto& row : rows)
        for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
    std::string out;
    for (size_t r = 0; r < rows.size(); ++r) {
        std::string line = format == TextFormat::Markdown ? "|" : "";
        for (size_t c = 0; c < columns; ++c) {
            const std::string cell = c < rows[r].size() ? rows[r][c] : "";
            if (format == TextFormat::Markdown) line += " " + cell + " |";
            else line += cell + std::string(width[c] - cell.size() + (c + 1 < columns ? 2 : 0), ' ');
        }
        while (format == TextFormat::Table && !line.empty() && line.back() == ' ') line.pop_back();
        out += line + "\n";
        if (r == 0 && format == TextFormat::Markdown) {
            out += "|";
            for (size_t c = 0; c < columns; ++c) out += "---|";
            out += "\n";
        }
    }
    return out;
}

std::string RenderResult(const engine::Scenario& s, const engine::Result& r, TextFormat format) {
    const bool md = format == TextFormat::Markdown;
    std::string out;
    auto heading = [&](const std::string& text) { out += md ? "\n## " + text + "\n\n" : "\n" + text + "\n"; };
    out += md ? "# " : "";
    out += s.Model.Name + " on " + std::to_string(s.GpuCount) + " × " + s.Gpu.Name + " — " + engine::WorkloadName(s.Workload) + "\n";
    if (!r.Ok) return out + "error: " + r.Error + "\n";

    heading("Memory per GPU");
    const engine::MemoryBreakdown& m = r.MemoryPerGpu;
    std::vector<std::vector<std::string>> rows = {{"part", "size"}};
    const std::pair<const char*, double> parts[] = {{"weights", m.Weights}, {"kv_cache", m.KvCache}, {"activations", m.Activations},
                                                    {"gradients", m.Gradients}, {"optimizer", m.Optimizer}, {"overhead", m.Overhead}};
    for (const auto& [name, bytes] : parts)
        if (bytes > 0) rows.push_back({name, HumanValue(bytes, "B")});
    rows.push_back({"total", HumanValue(m.Total, "B")});
    rows.push_back({"GPU capacity", HumanValue(r.GpuMemoryBytes, "B")});
    rows.push_back({"fits", r.Fits ? "yes" : "no"});
    rows.push_back({"GPUs needed", r.GpusNeeded > 0 ? std::to_string(r.GpusNeeded) : "n/a"});
    out += RenderRows(rows, format);

    if (s.Workload == engine::WorkloadKind::Inference && r.Inference.TpotS > 0) {
        heading("Speed");
        const engine::InferenceResult& in = r.Inference;
        out += RenderRows({{"metric", "value"},
                           {"time to first token", HumanValue(in.TtftS, "s")},
                           {"time per output token", HumanValue(in.TpotS, "s")},
                           {"tokens/s per user", HumanValue(in.TokensPerSPerUser, "tokens/s")},
                           {"throughput", HumanValue(in.ThroughputTokensPerS, "tokens/s")},
                           {"max concurrent sequences", HumanValue(in.MaxConcurrency, "")},
                           {"requests/s", HumanValue(in.RequestsPerS, "req/s")}},
                          format);
    }
    if (s.Workload != engine::WorkloadKind::Inference && r.Training.TimeS > 0) {
        heading("Training");
        const engine::TrainingResult& t = r.Training;
        out += RenderRows({{"metric", "value"},
                           {"FLOPs", HumanValue(t.Flops, "FLOP")},
                           {"MFU", HumanValue(t.Mfu * 100.0, "%")},
                           {"tokens/s per GPU", HumanValue(t.TokensPerSPerGpu, "tokens/s")},
                           {"wall-clock time", HumanValue(t.TimeS, "s")},
                           {"GPU-hours", HumanValue(t.GpuHours, "h")}},
                          format);
    }
    if (r.Cost.Priced) {
        heading("Cost (" + r.Cost.Currency + (r.Cost.PricesIncludeVat ? ", with VAT" : ", without VAT") + ")");
        const engine::CostResult& c = r.Cost;
        const std::string cur = c.Currency;
        std::vector<std::vector<std::string>> cost_rows = {{"metric", "on-demand", "spot"}};
        auto money = [&](double value, const std::string& unit) { return value > 0 ? HumanValue(value, unit) : std::string("n/a"); };
        const std::string spot_mark = c.SpotDearerThanOnDemand ? " (no saving)" : "";
        cost_rows.push_back({"per hour", money(c.PerHour, cur + "/h"), money(c.SpotPerHour, cur + "/h") + spot_mark});
        if (s.Workload == engine::WorkloadKind::Inference)
            cost_rows.push_back({"per million tokens", money(c.PerMillionTokens, cur), money(c.SpotPerMillionTokens, cur)});
        else
            cost_rows.push_back({"training run", money(c.JobCost, cur), money(c.SpotJobCost, cur)});
        if (c.PaybackMonths > 0) cost_rows.push_back({"buying pays back after", HumanValue(c.PaybackMonths, "months"), ""});
        out += RenderRows(cost_rows, format);
        std::vector<std::vector<std::string>> offer_rows = {{"provider", "kind", "instances", "per hour", "as of"}};
        for (size_t i = 0; i < c.Offers.size() && i < 8; ++i) {
            const engine::OfferCost& o = c.Offers[i];
            std::string as_of = o.AsOf;
            if (o.Stale) as_of += " (stale, " + std::to_string(o.AgeDays / 30) + " months)";
            std::string kind = o.Kind + (o.DearerThanOnDemand ? " (no saving)" : "");
            offer_rows.push_back({o.Provider + (o.Estimate ? " (estimate)" : ""), kind, std::to_string(o.Instances), HumanValue(o.PerHour, cur + "/h"), as_of});
        }
        if (offer_rows.size() > 1) out += (md ? "\n" : "\n") + RenderRows(offer_rows, format);
    }
    if (!r.Warnings.empty()) {
        heading("Warnings");
        for (const engine::Warning& w : r.Warnings) out += (md ? "- " : "  ! ") + w.Message + "\n";
    }
    heading("How it was computed");
    std::vector<std::vector<std::string>> steps = {{"step", "formula", "value"}};
    for (const engine::DerivationStep& step : r.Derivation) steps.push_back({step.Label, step.Formula, HumanValue(step.Value, step.Unit)});
    out += RenderRows(steps, format);
    return out;
}

std::string RenderPlan(const engine::Scenario& s, const std::vector<engine::PlanRow>& rows, TextFormat format) {
    const bool inference = s.Workload == engine::WorkloadKind::Inference;
    const std::string cur = s.Cost.Currency;
    std::string out = (format == TextFormat::Markdown ? "# " : "") + s.Model.Name + " — " + engine::WorkloadName(s.Workload) +
                      ": every GPU, cheapest first\n\n";
    std::vector<std::vector<std::string>> table;
    if (inference)
        table.push_back({"GPU", "GPUs", "memory use", "TTFT", "tokens/s per user", "per hour", "per Mtok", "configuration"});
    else
        table.push_back({"GPU", "GPUs", "memory use", "time", "per hour", "training run", "configuration"});
    auto money = [&](double value, const std::string& unit) { return value > 0 ? HumanValue(value, unit) : std::string("n/a"); };
    for (const engine::PlanRow& row : rows) {
        const std::string gpus = row.Feasible ? std::to_string(row.GpuCount) : "-";
        const std::string use = row.Feasible ? HumanValue(row.MemoryUse * 100.0, "%") : "-";
        if (inference)
            table.push_back({row.GpuName, gpus, use, row.Feasible ? HumanValue(row.TtftS, "s") : "-",
                             row.Feasible ? HumanValue(row.TokensPerSPerUser, "") : "-", money(row.PerHour, cur + "/h"),
                             money(row.PerMillionTokens, cur), row.Reason});
        else
            table.push_back({row.GpuName, gpus, use, row.Feasible ? HumanValue(row.TimeS, "s") : "-", money(row.PerHour, cur + "/h"),
                             money(row.JobCost, cur), row.Reason});
    }
    return out + RenderRows(table, format);
}

} // namespace cli
