// gpuplan CLI: validation runner. Every case runs through the same engine the page uses; nothing is tuned
// per case. Efficiency defaults are fitted on the calibration cases only (tests/validation/README.md).
#include "cli/validate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>

#include <nlohmann/json.hpp>

#include "cli/cli.h"
#include "cli/report.h"
#include "catalog/json_reader.h"
#include "input/json_input.h"
#include "engine/engine.h"
#include "engine/training.h"
#include "scenario/scenario_json.h"

namespace cli {

using nlohmann::json;

bool MetricValue(const engine::Result& r, const std::string& metric, double* value) {
    const std::map<std::string, double> metrics = {
        {"memory_per_gpu_bytes.total", r.MemoryPerGpu.Total},
        // PyTorch allocator's figure (torch.cuda.max_memory_allocated(), torchtune's peak-memory log): the total
        // without what lies outside that allocator (CUDA context, library buffers, paged optimizer states in unified
        // memory; engine::MemoryBreakdown::OutsideAllocator). One rule for every case of this metric.
        {"memory_per_gpu_bytes.allocated", r.MemoryPerGpu.Total - r.MemoryPerGpu.OutsideAllocator},
        {"memory_per_gpu_bytes.weights", r.MemoryPerGpu.Weights},
        {"memory_per_gpu_bytes.kv_cache", r.MemoryPerGpu.KvCache},
        {"memory_per_gpu_bytes.activations", r.MemoryPerGpu.Activations},
        {"training.mfu", r.Training.Mfu},
        {"training.tokens_per_s_per_gpu", r.Training.TokensPerSPerGpu},
        {"training.gpu_hours", r.Training.GpuHours},
        {"training.time_s", r.Training.TimeS},
        {"training.flops", r.Training.Flops},
        {"inference.throughput_tokens_per_s", r.Inference.ThroughputTokensPerS},
        {"inference.tpot_s", r.Inference.TpotS},
        {"inference.ttft_s", r.Inference.TtftS},
        {"inference.max_concurrency", r.Inference.MaxConcurrency},
        {"inference.kv_pool_bytes_per_gpu", r.Inference.KvPoolBytesPerGpu},
    };
    auto it = metrics.find(metric);
    if (it == metrics.end()) return false;
    *value = it->second;
    return true;
}

namespace {

// "saturate": the benchmark admitted as many sequences as memory allowed, up to the requested number.
// Evaluate once to learn the KV-bound capacity per replica, then at min(requested, capacity).
engine::Result EvaluateSaturated(engine::Scenario s) {
    const int requested = s.Inference.Concurrency;
    s.Inference.Concurrency = 1;
    const engine::Result probe = engine::Evaluate(s);
    if (!probe.Ok) return probe;
    const int replicas = std::max(1, probe.Inference.Replicas);
    const double per_replica = std::floor(probe.Inference.MaxConcurrency / replicas);
    s.Inference.Concurrency = static_cast<int>(std::max(1.0, std::min<double>(requested, per_replica)));
    return engine::Evaluate(s);
}

// "suggested": the source did not publish its parallel layout; evaluate at the layout the engine's own search
// finds fastest (a competent team's choice), never at one picked to match the published figure.
engine::Result EvaluateAtSuggestedLayout(engine::Scenario s) {
    const engine::Result probe = engine::Evaluate(s);
    if (!probe.Ok || !probe.Training.SuggestedFound) return probe;
    engine::ApplySuggestedLayout(probe.Training, &s);
    return engine::Evaluate(s);
}

CaseResult RunCase(const std::string& path, const catalog::Catalog& catalog) {
    std::string text;
    if (!ReadTextFile(path, &text)) {
        CaseResult out;
        out.Id = std::filesystem::path(path).stem().string();
        out.Message = "cannot be read";
        return out;
    }
    return RunCaseText(std::filesystem::path(path).stem().string(), text, catalog);
}

} // namespace

CaseResult RunCaseText(const std::string& file_id, const std::string& text, const catalog::Catalog& catalog) {
    CaseResult out;
    out.Id = file_id;
    std::string concurrency_mode, parallelism;
    json doc;
    std::string parse_error;
    if (!input::ParseJson(text, input::JsonLimits{input::kCatalogMaxBytes, 64}, &doc, &parse_error)) {
        out.Message = "malformed JSON: " + parse_error;
        return out;
    }
    if (!doc.is_object()) {
        out.Message = "expected a JSON object (one case per file), got " + input::DescribeJson(doc);
        return out;
    }
    std::vector<catalog::Issue> fields;
    catalog::ObjectReader r(doc, out.Id, "", &fields);
    out.Id = r.String("id", false, out.Id);
    out.Category = r.String("category", true);
    out.Metric = r.String("metric", true);
    out.Title = r.String("title", false);
    out.PublishedAs = r.String("published_as", false);
    out.Calibration = r.Boolean("calibration", false);
    out.Published = r.Number("published_value", 1e-300, 1e300, true, 0);
    concurrency_mode = r.String("concurrency_mode", false);
    parallelism = r.String("parallelism", false);
    if (const json* source = r.Child("source"); source != nullptr) {
        if (!source->is_object()) r.Error("source", "expected an object {title, url, locator}, got " + input::DescribeJson(*source));
        else out.SourceUrl = catalog::ObjectReader(*source, out.Id, "", &fields, "source.").String("url", false);
    }
    const json* scenario_doc = r.Child("scenario");
    if (scenario_doc == nullptr) r.Error("scenario", "missing");
    else if (!scenario_doc->is_object()) r.Error("scenario", "expected an object, got " + input::DescribeJson(*scenario_doc));
    for (const catalog::Issue& issue : fields)
        if (issue.IsError) {
            out.Message = issue.Field + ": " + issue.Message;
            return out;
        }
    engine::Scenario s;
    std::vector<catalog::Issue> issues;
    if (!scenario::ScenarioFromJsonValue(*scenario_doc, catalog, &s, &issues)) {
        for (const catalog::Issue& issue : issues)
            if (issue.IsError) { out.Message = issue.ToString(); break; }
        return out;
    }
    const bool saturate = concurrency_mode == "saturate";
    const bool suggested = parallelism == "suggested";
    const engine::Result result = saturate ? EvaluateSaturated(s) : suggested ? EvaluateAtSuggestedLayout(s) : engine::Evaluate(s);
    if (!result.Ok) {
        out.Message = result.Error;
        return out;
    }
    if (!MetricValue(result, out.Metric, &out.Predicted)) {
        out.Message = "metric: unknown \"" + out.Metric + "\"";
        return out;
    }
    if (!(out.Predicted > 0) || !std::isfinite(out.Predicted)) {
        out.Message = "the engine gives no value for " + out.Metric;
        return out;
    }
    out.Error = (out.Predicted - out.Published) / out.Published;
    out.Ok = true;
    return out;
}

namespace {

double Percentile(std::vector<double> values, double fraction) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    // nearest-rank percentile
    const size_t rank = static_cast<size_t>(std::ceil(fraction * values.size()));
    return values[std::min(values.size() - 1, rank == 0 ? 0 : rank - 1)];
}

double Median(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

std::string Percent(double fraction) {
    char buffer[32];
    std::snprintf(buffer, sizeof(buffer), "%+.1f%%", fraction * 100.0);
    return buffer;
}

std::string AbsPercent(double fraction) {
    char buffer[32];
    std::snprintf(buffer, sizeof(buffer), "%.1f%%", fraction * 100.0);
    return buffer;
}

std::string MetricUnit(const std::string& metric) {
    if (metric.rfind("memory", 0) == 0 || metric == "inference.kv_pool_bytes_per_gpu") return "B";
    if (metric == "training.mfu") return "";
    if (metric == "training.gpu_hours") return "h";
    if (metric == "training.time_s" || metric == "inference.tpot_s" || metric == "inference.ttft_s") return "s";
    if (metric == "inference.max_concurrency") return "seq";
    return "tokens/s";
}

} // namespace

bool RunValidation(const std::string& dir, const catalog::Catalog& catalog, std::vector<CaseResult>* results, std::string* error) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        *error = dir + ": not a folder";
        return false;
    }
    std::vector<std::string> paths;
    for (const auto& item : fs::directory_iterator(dir, ec))
        if (item.path().extension() == ".json") paths.push_back(item.path().string());
    std::sort(paths.begin(), paths.end());
    if (paths.empty()) {
        *error = dir + ": no case files (*.json)";
        return false;
    }
    for (const std::string& path : paths) results->push_back(RunCase(path, catalog));
    return true;
}

std::vector<CategorySummary> Summarize(const std::vector<CaseResult>& results) {
    std::vector<CategorySummary> out;
    for (const char* category : {"memory", "training", "inference"}) {
        CategorySummary summary;
        summary.Category = category;
        std::vector<double> all, holdout, holdout_signed;
        for (const CaseResult& c : results) {
            if (c.Category != category) continue;
            if (!c.Ok) { summary.Failed++; continue; }
            all.push_back(std::fabs(c.Error));
            if (!c.Calibration) holdout.push_back(std::fabs(c.Error));
            if (!c.Calibration) holdout_signed.push_back(c.Error);
        }
        summary.Cases = static_cast<int>(all.size());
        summary.MedianAbsError = Median(all);
        summary.P90AbsError = Percentile(all, 0.9);
        summary.MaxAbsError = all.empty() ? 0 : *std::max_element(all.begin(), all.end());
        summary.HoldoutCases = static_cast<int>(holdout.size());
        summary.HoldoutMedianAbsError = Median(holdout);
        summary.HoldoutP90AbsError = Percentile(holdout, 0.9);
        summary.HoldoutBias = Median(holdout_signed);
        out.push_back(summary);
    }
    return out;
}

std::string RenderValidation(const std::vector<CaseResult>& results, const std::vector<CategorySummary>& summary, const std::string& format) {
    if (format == "json") {
        json j;
        j["schema"] = "gpuplan.validation_report/1";
        json cases = json::array();
        for (const CaseResult& c : results) {
            json item = {{"id", c.Id}, {"category", c.Category}, {"metric", c.Metric}, {"calibration", c.Calibration}, {"ok", c.Ok},
                         {"published", c.Published}, {"published_as", c.PublishedAs}, {"source_url", c.SourceUrl}};
            if (c.Ok) { item["predicted"] = c.Predicted; item["error"] = c.Error; }
            else item["message"] = c.Message;
            cases.push_back(item);
        }
        j["cases"] = cases;
        json categories = json::array();
        for (const CategorySummary& s : summary)
            categories.push_back({{"category", s.Category}, {"cases", s.Cases}, {"failed", s.Failed}, {"median_abs_error", s.MedianAbsError},
                                  {"p90_abs_error", s.P90AbsError}, {"max_abs_error", s.MaxAbsError}, {"holdout_cases", s.HoldoutCases},
                                  {"holdout_median_abs_error", s.HoldoutMedianAbsError}, {"holdout_p90_abs_error", s.HoldoutP90AbsError},
                                  {"holdout_bias", s.HoldoutBias}});
        j["summary"] = categories;
        return j.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
    }
    const TextFormat text_format = format == "md" ? TextFormat::Markdown : TextFormat::Table;
    std::string out;
    std::vector<std::vector<std::string>> summary_rows = {
        {"category", "cases", "median |error|", "p90 |error|", "max |error|", "held-out cases", "held-out median", "held-out p90", "held-out bias", "not run"}};
    for (const CategorySummary& s : summary)
        summary_rows.push_back({s.Category, std::to_string(s.Cases), AbsPercent(s.MedianAbsError), AbsPercent(s.P90AbsError), AbsPercent(s.MaxAbsError),
                                std::to_string(s.HoldoutCases), AbsPercent(s.HoldoutMedianAbsError), AbsPercent(s.HoldoutP90AbsError),
                                Percent(s.HoldoutBias), std::to_string(s.Failed)});
    std::vector<std::vector<std::string>> case_rows = {{"case", "metric", "split", "predicted", "published", "error"}};
    for (const CaseResult& c : results) {
        const std::string id = text_format == TextFormat::Markdown && !c.SourceUrl.empty() ? "[" + c.Id + "](" + c.SourceUrl + ")" : c.Id;
        const std::string split = c.Calibration ? "calibration" : "held out";
        if (c.Ok)
            case_rows.push_back({id, c.Metric, split, HumanValue(c.Predicted, MetricUnit(c.Metric)), HumanValue(c.Published, MetricUnit(c.Metric)), Percent(c.Error)});
        else
            case_rows.push_back({id, c.Metric, split, "not run: " + c.Message, HumanValue(c.Published, MetricUnit(c.Metric)), "n/a"});
    }
    if (text_format == TextFormat::Markdown) {
        out += "## Summary\n\n" + RenderRows(summary_rows, text_format) + "\n## Cases\n\n" + RenderRows(case_rows, text_format);
    } else {
        out += RenderRows(case_rows, text_format) + "\n" + RenderRows(summary_rows, text_format);
    }
    return out;
}

} // namespace cli
