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

namespace {

// The workload's own cost (engine::CostResult.Serving / Batch / Train) as rows of the Cost table.
void AddEconomicsRows(const engine::CostResult& c, const std::string& cur, std::vector<std::vector<std::string>>* rows) {
    auto money = [&](double value) { return value > 0 ? HumanValue(value, cur) : std::string("n/a"); };
    const engine::ServingEconomics& s = c.Serving;
    if (s.Computed) {
        rows->push_back({"monthly bill at the load", money(s.TotalPerMonth), ""});
        rows->push_back({"  rent / storage / egress", money(s.GpuPerMonth) + " / " + money(s.StoragePerMonth) + " / " +
                                                          (s.EgressKnown ? HumanValue(s.EgressPerMonth, cur) : std::string("n/a")), ""});
        rows->push_back({"  busy share of capacity", HumanValue(s.Utilization * 100.0, "%"), ""});
        rows->push_back({"per 1,000 requests", money(s.PerThousandRequests), ""});
        rows->push_back({"per million input / output tokens", money(s.PerMillionInputTokens) + " / " + money(s.PerMillionOutputTokens), ""});
        if (s.TtftP95S > 0) rows->push_back({"TTFT p95 / p99 with queueing", HumanValue(s.TtftP95S, "s") + " / " + HumanValue(s.TtftP99S, "s"), ""});
        rows->push_back({"cold start", HumanValue(s.ColdStartS, "s"), ""});
        if (s.HostedApiPerMonth > 0) rows->push_back({"the same traffic on the hosted API", money(s.HostedApiPerMonth), ""});
    }
    const engine::BatchEconomics& b = c.Batch;
    if (b.Computed) {
        rows->push_back({"batch job", money(b.OnDemandCost), money(b.SpotCost)});
        rows->push_back({"  job time", HumanValue(b.JobTimeS, "s"), b.SpotTimeS > 0 ? HumanValue(b.SpotTimeS, "s") : "n/a"});
        rows->push_back({"  spot preemption overhead", "", HumanValue(b.SpotOverhead * 100.0, "%")});
    }
    const engine::TrainingEconomics& t = c.Train;
    if (t.Computed) {
        rows->push_back({"run + checkpoint storage", money(t.OnDemandTotal), money(t.SpotCost)});
        if (t.SpotCost > 0) {
            rows->push_back({"  wall-clock on spot", "", HumanValue(t.SpotTimeS, "s")});
            rows->push_back({"  spot overhead (checkpoints, lost work, restarts)", "", HumanValue(t.SpotOverhead * 100.0, "%")});
            rows->push_back({"  checkpoint interval", "", HumanValue(t.CheckpointIntervalS, "s")});
        }
        rows->push_back({"  checkpoint: full state / weights only", HumanValue(t.FullStateBytes, "B") + " / " + HumanValue(t.WeightsOnlyBytes, "B"), ""});
        rows->push_back({"  checkpoint storage", money(t.StorageCost), ""});
    }
}

} // namespace

std::string RenderResult(const engine::Scenario& s, const engine::Result& r, TextFormat format, const engine::PlanRow* would_work) {
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
    out += std::string(kCapacityNote) + "\n";

    // Feasibility first: a configuration that does not fit gets no speed or cost as if it ran, but what would work.
    if (!r.Fits) {
        heading("Does not fit: what would work");
        if (would_work != nullptr && would_work->GpuCount > 0 && would_work->Excluded != engine::PlanExclusion::DoesNotFit)
            out += std::to_string(would_work->GpuCount) + " × " + would_work->GpuName + ": " + would_work->Reason + "\n";
        else if (would_work != nullptr)
            out += would_work->GpuName + ": " + would_work->Reason + "\n";
        else
            out += "see `gpuplan plan` for the GPUs and counts that fit\n";
    }
    if (r.Fits && s.Workload == engine::WorkloadKind::Inference && r.Inference.TpotS > 0) {
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
    if (r.Fits && s.Workload != engine::WorkloadKind::Inference && r.Training.TimeS > 0) {
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
    if (r.Fits && r.Cost.Priced) {
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
        AddEconomicsRows(c, cur, &cost_rows);
        out += RenderRows(cost_rows, format);
        if (c.SpotDearerThanOnDemand) out += "spot costs more per hour than on-demand here: no saving\n";
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

namespace {

// Money: "258.2 USD", "19,858 USD" (whole units from a thousand up, with thousands separators), "n/a" for none.
std::string Money(double value, const std::string& unit) {
    if (!(value > 0) || !std::isfinite(value)) return "n/a";
    if (value < 1000) return HumanValue(value, unit);
    char digits[64];
    std::snprintf(digits, sizeof(digits), "%.0f", value);
    std::string grouped;
    const std::string whole = digits;
    for (size_t i = 0; i < whole.size(); ++i) {
        if (i > 0 && (whole.size() - i) % 3 == 0) grouped += ',';
        grouped += whole[i];
    }
    return grouped + " " + unit;
}

std::string Percent(double share) {
    char buffer[32];
    std::snprintf(buffer, sizeof(buffer), "%.0f%%", share * 100.0);
    return buffer;
}

// What the plan was sized for, in one line: the load and the SLA (or the batch job, or the training run).
std::string LoadLine(const engine::Scenario& s) {
    const engine::InferenceParams& in = s.Inference;
    std::string load;
    if (s.Workload != engine::WorkloadKind::Inference)
        return "run: " + HumanValue(s.Training.Tokens, "tokens") + " from " + std::to_string(s.GpuCount) + " GPUs up (more GPUs: the Pareto front)";
    const std::string lengths = HumanValue(in.InputTokens, "") + " in / " + HumanValue(in.OutputTokens, "") + " out tokens";
    if (in.Mode == engine::ServingMode::Batch) {
        load = "batch: " + (in.BatchRequests > 0 ? HumanValue(in.BatchRequests, "requests") : std::string("no request count (priced per token)")) + ", " + lengths;
        if (in.DeadlineS > 0) load += ", deadline " + HumanValue(in.DeadlineS, "s");
        return load;
    }
    const engine::TrafficProfile& t = in.Traffic;
    if (t.RequestsPerS > 0) load = HumanValue(t.RequestsPerS, "requests/s");
    else if (t.RequestsPerDay > 0) load = HumanValue(t.RequestsPerDay, "requests/day");
    else if (in.TargetUsers > 0) load = HumanValue(in.TargetUsers, "concurrent users");
    else load = std::to_string(in.Concurrency) + " concurrent sequences (inference.concurrency: no target_users or traffic given)";
    if (t.PeakToAverage > 1) load += ", peak ×" + HumanValue(t.PeakToAverage, "");
    if (t.HoursPerDay < 24) load += ", " + HumanValue(t.HoursPerDay, "h/day") + (in.ScaleToZero ? " (scale to zero)" : " (always on)");
    load += ", " + lengths;
    std::string sla;
    if (in.TtftSlaS > 0) sla += "TTFT ≤ " + HumanValue(in.TtftSlaS, "s");
    if (in.TtftP95SlaS > 0) sla += (sla.empty() ? "" : ", ") + std::string("p95 TTFT ≤ ") + HumanValue(in.TtftP95SlaS, "s");
    if (in.TtftP99SlaS > 0) sla += (sla.empty() ? "" : ", ") + std::string("p99 TTFT ≤ ") + HumanValue(in.TtftP99SlaS, "s");
    if (in.MinTokensPerSPerUser > 0 && in.OutputTokens > 0) sla += (sla.empty() ? "" : ", ") + std::string("≥ ") + HumanValue(in.MinTokensPerSPerUser, "tokens/s per user");
    return "load: " + load + "; SLA: " + (sla.empty() ? "none" : sla);
}

} // namespace

std::string RenderPlan(const engine::Scenario& s, const std::vector<engine::PlanRow>& rows, TextFormat format) {
    const bool md = format == TextFormat::Markdown;
    const bool inference = s.Workload == engine::WorkloadKind::Inference;
    const bool online = inference && s.Inference.Mode == engine::ServingMode::Online;
    const bool output = s.Inference.OutputTokens > 0;
    const std::string cur = s.Cost.Currency;
    const engine::PlanSummary summary = engine::SummarizePlan(s, rows);
    const bool queue = summary.LatencyName == "ttft_p95_s";
    // More than one precision allowed (precision.allowed / --allow-precisions): each row says which it is sized at.
    const bool precisions = engine::PlanPrecisions(s).size() > 1;
    auto with_precision = [&](std::vector<std::string> cells, const std::string& precision) {
        if (precisions) cells.insert(cells.begin() + 3, precision);
        return cells;
    };
    std::string metric_text = online ? "monthly bill at this load" : inference ? (s.Inference.BatchRequests > 0 ? "job cost" : "cost per million tokens") : "run cost";
    std::string out = (md ? "# " : "") + s.Model.Name + " — " + engine::WorkloadName(s.Workload) + (inference ? std::string(" (") + engine::ServingModeName(s.Inference.Mode) + ")" : "") +
                      ": ranked by " + metric_text + "\n" + (md ? "\n" : "") + LoadLine(s) + "\n\n";
    std::vector<std::vector<std::string>> table;
    if (online)
        table.push_back(with_precision({"#", "GPU", "GPUs", "layout", queue ? "TTFT p95" : "TTFT", "tokens/s per user", "per hour", "per month", "per 1k req", "per M in", "per M out", "offer"}, "precision"));
    else if (inference)
        table.push_back(with_precision({"#", "GPU", "GPUs", "layout", "job time", "on-demand", "spot", "spot overhead", "chosen", "offer"}, "precision"));
    else
        table.push_back({"#", "GPU", "GPUs", "layout", "wall-clock", "on-demand", "spot", "spot overhead", "chosen", "offer"});
    int rank = 0;
    for (const engine::PlanRow& row : rows) {
        if (!row.Feasible) continue;
        const std::string n = std::to_string(++rank);
        if (online) {
            const std::string layout = std::to_string(row.Replicas) + " × TP" + std::to_string(row.TensorParallel) + " × " + std::to_string(row.Concurrency) + " seq";
            table.push_back(with_precision({n, row.GpuName, std::to_string(row.GpuCount), layout, HumanValue(queue ? row.TtftP95S : row.TtftS, "s"),
                             output ? HumanValue(row.TokensPerSPerUser, "") : "—", Money(row.PerHour, cur + "/h"), Money(row.MonthlyCost, cur),
                             Money(row.PerThousandRequests, cur), Money(row.PerMillionInputTokens, cur), output ? Money(row.PerMillionOutputTokens, cur) : "—",
                             row.CheapestOffer}, row.Precision));
        } else if (inference) {
            const std::string layout = std::to_string(row.Replicas) + " × TP" + std::to_string(row.TensorParallel) + " × batch " + std::to_string(row.Concurrency);
            const bool job = s.Inference.BatchRequests > 0;
            table.push_back(with_precision({n, row.GpuName, std::to_string(row.GpuCount), layout, job ? HumanValue(row.TimeS, "s") : "n/a",
                             job ? Money(row.JobCost, cur) : Money(row.PerMillionTokens, cur + "/Mtok"), Money(row.SpotJobCost, cur),
                             row.SpotJobCost > 0 ? HumanValue(row.SpotOverhead * 100.0, "%") : "n/a", row.MetricKind == "spot" ? "spot" : "on-demand",
                             row.CheapestOffer}, row.Precision));
        } else {
            table.push_back({n, row.GpuName, std::to_string(row.GpuCount), row.Reason.substr(0, row.Reason.find(" on ")), HumanValue(row.TimeS, "s"),
                             Money(row.JobCost, cur), Money(row.SpotJobCost, cur), row.SpotJobCost > 0 ? HumanValue(row.SpotOverhead * 100.0, "%") : "n/a",
                             row.MetricKind == "spot" ? "spot" : "on-demand", row.CheapestOffer});
        }
    }
    if (rank == 0) out += "No GPU meets the scenario (reasons below).\n";
    else out += RenderRows(table, format);

    // The winner and its margin.
    const engine::PlanRow* winner = rank > 0 ? &rows[0] : nullptr;
    if (winner != nullptr) {
        const auto in_precision = [&](const engine::PlanRow& row) { return precisions ? " in " + row.Precision : std::string(); };
        out += "\n" + std::string(md ? "**" : "") + "Winner: " + winner->GpuName + " × " + std::to_string(winner->GpuCount) + in_precision(*winner) + " at " +
               Money(winner->Metric, cur) + (md ? "**" : "") + " (" + winner->Reason + ")";
        if (rank > 1)
            out += "; the runner-up, " + rows[1].GpuName + in_precision(rows[1]) + " at " + Money(rows[1].Metric, cur) + ", costs " +
                   Percent(summary.WinnerMargin) + " more";
        out += "\n";
        if (!output && inference) out += "output_tokens is 0: no generated tokens/s; the bill is all prefill.\n";
    }
    // The Pareto front.
    if (!summary.Front.empty()) {
        const std::string axis = summary.LatencyName == "ttft_p95_s" ? "p95 TTFT" : summary.LatencyName == "ttft_s" ? "TTFT at load"
                                 : summary.LatencyName == "job_time_s" ? "job time" : "wall-clock";
        out += (md ? "\n## " : "\n") + std::string("Pareto front: ") + metric_text + " vs " + axis + " (nothing is both cheaper and faster)\n" + (md ? "\n" : "");
        std::vector<std::vector<std::string>> front = {{"GPU", "GPUs", metric_text, axis}};
        if (precisions) front[0].insert(front[0].begin() + 2, "precision");
        for (const engine::PlanPoint& p : summary.Front) {
            front.push_back({p.GpuName, std::to_string(p.GpuCount), Money(p.Cost, cur), HumanValue(p.LatencyS, "s")});
            if (precisions) front.back().insert(front.back().begin() + 2, p.Precision);
        }
        out += RenderRows(front, format);
    }
    // Excluded GPU families, with the reason.
    std::vector<std::vector<std::string>> excluded = {{"GPU", "why", "detail"}};
    if (precisions) excluded[0].insert(excluded[0].begin() + 1, "precision");
    for (const engine::PlanRow& row : rows) {
        if (row.Feasible) continue;
        excluded.push_back({row.GpuName, engine::PlanExclusionName(row.Excluded), row.Reason});
        if (precisions) excluded.back().insert(excluded.back().begin() + 1, row.Precision);
    }
    if (excluded.size() > 1) out += (md ? "\n## " : "\n") + std::string("Excluded (") + std::to_string(excluded.size() - 1) + ")\n" + (md ? "\n" : "") + RenderRows(excluded, format);
    return out;
}

} // namespace cli
