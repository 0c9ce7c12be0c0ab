// gpuplan scenario: CSV exports (export.h). RFC 4180: comma-separated, CRLF-free ("\n" line ends, which
// spreadsheets accept), cells quoted when needed, a header row first.
#include "scenario/export.h"

#include <cmath>
#include <cstdio>

namespace scenario {

std::string CsvCell(const std::string& text) {
    if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

std::string CsvNumber(double value) {
    if (!std::isfinite(value)) return "";
    char buffer[40];
    std::snprintf(buffer, sizeof(buffer), "%.10g", value);
    return buffer;
}

namespace {

std::string Line(const std::vector<std::string>& cells) {
    std::string line;
    for (size_t i = 0; i < cells.size(); ++i) line += (i ? "," : "") + CsvCell(cells[i]);
    return line + "\n";
}

struct ResultRows {
    std::string Text = Line({"section", "key", "label", "value", "unit", "formula"});
    void Add(const char* section, const char* key, const char* label, double value, const std::string& unit) {
        Text += Line({section, key, label, CsvNumber(value), unit, ""});
    }
};

} // namespace

std::string ResultToCsv(const engine::Scenario& s, const engine::Result& r) {
    ResultRows rows;
    if (!r.Ok) return rows.Text + Line({"error", "error", r.Error, "", "", ""});
    const engine::MemoryBreakdown& m = r.MemoryPerGpu;
    rows.Add("memory_per_gpu", "weights", "Weights", m.Weights, "B");
    rows.Add("memory_per_gpu", "kv_cache", "KV cache", m.KvCache, "B");
    rows.Add("memory_per_gpu", "activations", "Activations", m.Activations, "B");
    rows.Add("memory_per_gpu", "gradients", "Gradients", m.Gradients, "B");
    rows.Add("memory_per_gpu", "optimizer", "Optimizer states", m.Optimizer, "B");
    rows.Add("memory_per_gpu", "overhead", "Overhead", m.Overhead, "B");
    rows.Add("memory_per_gpu", "total", "Total", m.Total, "B");
    rows.Add("fit", "gpu_memory", "GPU capacity", r.GpuMemoryBytes, "B");
    rows.Add("fit", "fits", "Fits", r.Fits ? 1 : 0, "bool");
    rows.Add("fit", "gpus_needed", "GPUs needed", r.GpusNeeded, "GPUs");
    if (s.Workload == engine::WorkloadKind::Inference) {
        const engine::InferenceResult& in = r.Inference;
        rows.Add("inference", "ttft_s", "Time to first token", in.TtftS, "s");
        rows.Add("inference", "tpot_s", "Time per output token", in.TpotS, "s");
        rows.Add("inference", "tokens_per_s_per_user", "Tokens/s per user", in.TokensPerSPerUser, "tokens/s");
        rows.Add("inference", "throughput_tokens_per_s", "Throughput", in.ThroughputTokensPerS, "tokens/s");
        rows.Add("inference", "max_concurrency", "Max concurrent sequences", in.MaxConcurrency, "sequences");
        rows.Add("inference", "requests_per_s", "Requests per second", in.RequestsPerS, "req/s");
    } else {
        const engine::TrainingResult& t = r.Training;
        rows.Add("training", "flops", "Training FLOPs", t.Flops, "FLOP");
        rows.Add("training", "time_s", "Wall-clock time", t.TimeS, "s");
        rows.Add("training", "gpu_hours", "GPU-hours", t.GpuHours, "h");
        rows.Add("training", "mfu", "MFU", t.Mfu, "fraction");
        rows.Add("training", "tokens_per_s_per_gpu", "Tokens/s per GPU", t.TokensPerSPerGpu, "tokens/s");
    }
    if (r.Cost.Priced) {
        const engine::CostResult& c = r.Cost;
        rows.Add("cost", "per_hour", "On-demand per hour", c.PerHour, c.Currency + "/h");
        rows.Add("cost", "spot_per_hour", "Spot per hour", c.SpotPerHour, c.Currency + "/h");
        if (s.Workload == engine::WorkloadKind::Inference) {
            rows.Add("cost", "per_million_tokens", "Per million tokens", c.PerMillionTokens, c.Currency);
            rows.Add("cost", "spot_per_million_tokens", "Spot per million tokens", c.SpotPerMillionTokens, c.Currency);
        } else {
            rows.Add("cost", "job_cost", "Training run", c.JobCost, c.Currency);
            rows.Add("cost", "spot_job_cost", "Training run on spot", c.SpotJobCost, c.Currency);
        }
        if (c.PaybackMonths > 0) rows.Add("cost", "payback_months", "Buying pays back after", c.PaybackMonths, "months");
    }
    for (const engine::Warning& w : r.Warnings) rows.Text += Line({"warning", w.Code, w.Message, "", "", ""});
    for (const engine::DerivationStep& step : r.Derivation)
        rows.Text += Line({"derivation", step.Key, step.Label, CsvNumber(step.Value), step.Unit, step.Formula});
    return rows.Text;
}

std::string OffersToCsv(const engine::Result& r) {
    std::string out = Line({"offer_id", "provider", "kind", "region", "instances", "per_hour", "per_million_tokens", "job_cost",
                            "currency", "estimate", "as_of"});
    for (const engine::OfferCost& o : r.Cost.Offers)
        out += Line({o.OfferId, o.Provider, o.Kind, o.Region, std::to_string(o.Instances), CsvNumber(o.PerHour),
                     CsvNumber(o.PerMillionTokens), CsvNumber(o.JobCost), r.Cost.Currency, o.Estimate ? "true" : "false", o.AsOf});
    return out;
}

std::string PlanToCsv(const engine::Scenario& s, const std::vector<engine::PlanRow>& rows) {
    // Ranked rows first (rank 1 is the answer), then the excluded GPUs with the reason in "configuration".
    std::string out = Line({"rank", "gpu_id", "gpu", "precision", "feasible", "excluded", "gpus", "tensor_parallel", "replicas", "concurrency",
                            "memory_per_gpu_bytes", "memory_use", "ttft_s", "ttft_p95_s", "tokens_per_s_per_user",
                            "throughput_tokens_per_s", "time_s", "per_hour", "monthly_cost", "per_million_tokens", "job_cost",
                            "spot_job_cost", "metric", "metric_kind", "currency", "cheapest_offer", "configuration"});
    int rank = 0;
    for (const engine::PlanRow& row : rows)
        out += Line({row.Feasible ? std::to_string(++rank) : std::string(), row.GpuId, row.GpuName, row.Precision, row.Feasible ? "true" : "false",
                     row.Excluded == engine::PlanExclusion::None ? std::string() : engine::PlanExclusionName(row.Excluded),
                     std::to_string(row.GpuCount), std::to_string(row.TensorParallel), std::to_string(row.Replicas),
                     std::to_string(row.Concurrency), CsvNumber(row.MemoryPerGpuBytes), CsvNumber(row.MemoryUse), CsvNumber(row.TtftS),
                     CsvNumber(row.TtftP95S), CsvNumber(row.TokensPerSPerUser), CsvNumber(row.ThroughputTokensPerS), CsvNumber(row.TimeS),
                     CsvNumber(row.PerHour), CsvNumber(row.MonthlyCost), CsvNumber(row.PerMillionTokens), CsvNumber(row.JobCost),
                     CsvNumber(row.SpotJobCost), CsvNumber(row.Metric), row.MetricKind, s.Cost.Currency, row.CheapestOffer, row.Reason});
    return out;
}

} // namespace scenario
