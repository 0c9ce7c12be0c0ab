// gpuplan CLI: the validation suite runner — published measurements vs the engine's predictions.
#pragma once
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "engine/result.h"

namespace cli {

struct CaseResult {
    std::string Id;
    std::string Category;      // memory | training | inference
    std::string Metric;        // result path, e.g. "training.mfu"
    std::string Title;
    std::string PublishedAs;   // the figure as the source states it
    std::string SourceUrl;
    bool        Calibration = false;
    bool        Ok = false;     // evaluated (false: the case could not be run, see Message)
    double      Predicted = 0;  // metric's SI unit
    double      Published = 0;
    double      Error = 0;      // (predicted − published) / published
    std::string Message;
};

struct CategorySummary {
    std::string Category;
    int         Cases = 0;          // cases that ran
    int         Failed = 0;         // cases that could not be run
    double      MedianAbsError = 0; // fraction
    double      P90AbsError = 0;
    double      MaxAbsError = 0;
    // the same on the held-out (non-calibration) cases only
    int         HoldoutCases = 0;
    double      HoldoutMedianAbsError = 0;
    double      HoldoutP90AbsError = 0;
    double      HoldoutBias = 0;       // median signed error (issue 16's "bias"): > 0 = the engine over-predicts
};

// Runs one case from its file text (`file_id` names it when the text has no id). Never throws.
CaseResult RunCaseText(const std::string& file_id, const std::string& text, const catalog::Catalog& catalog);
// Reads every *.json case in `dir`; returns false with a message when the folder cannot be read.
bool RunValidation(const std::string& dir, const catalog::Catalog& catalog, std::vector<CaseResult>* results, std::string* error);
std::vector<CategorySummary> Summarize(const std::vector<CaseResult>& results);

// Renders: "table", "md" (the docs/ACCURACY.md body) or "json".
std::string RenderValidation(const std::vector<CaseResult>& results, const std::vector<CategorySummary>& summary, const std::string& format);

// Looks up a metric path ("memory_per_gpu_bytes.total") in an engine Result; false when unknown.
bool MetricValue(const engine::Result& result, const std::string& metric, double* value);

} // namespace cli
