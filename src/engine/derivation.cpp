// gpuplan engine: derivation trail helpers, and the current evaluation's options.
#include "engine/derivation.h"

#include <cmath>
#include <cstdio>

#include "engine/engine.h"

namespace engine {

namespace {

// The options of the evaluation in progress. Per thread, so that evaluations on different threads (tests, a
// native tool) do not see each other's; EvaluateOptionsScope restores the previous value, so scopes nest.
thread_local EvaluateOptions g_options;

} // namespace

const EvaluateOptions& CurrentEvaluateOptions() { return g_options; }
bool Explaining() { return g_options.Explain; }

EvaluateOptionsScope::EvaluateOptionsScope(const EvaluateOptions& options) : Previous(g_options) { g_options = options; }
EvaluateOptionsScope::~EvaluateOptionsScope() { g_options = Previous; }

std::string Num(double value) {
    char buffer[48];
    const double magnitude = std::fabs(value);
    if (value == 0.0)
        return "0";
    if (magnitude >= 1e6 || magnitude < 1e-3)
        std::snprintf(buffer, sizeof(buffer), "%.3g", value);
    else if (magnitude >= 100.0)
        std::snprintf(buffer, sizeof(buffer), "%.0f", value);
    else
        std::snprintf(buffer, sizeof(buffer), "%.3g", value);
    return buffer;
}

std::string Gb(double bytes) {
    char buffer[48];
    std::snprintf(buffer, sizeof(buffer), "%.2f GB", bytes / 1e9);
    return buffer;
}

void AppendStep(Result* result, const std::string& key, const std::string& label, const std::string& formula,
                double value, const std::string& unit) {
    result->Derivation.push_back(DerivationStep{key, label, formula, value, unit});
}

void AppendWarning(Result* result, const std::string& code, const std::string& message) {
    for (const Warning& existing : result->Warnings)
        if (existing.Code == code && existing.Message == message)
            return;
    result->Warnings.push_back(Warning{code, message});
}

const DerivationStep* FindStep(const Result& result, const std::string& key) {
    for (const DerivationStep& step : result.Derivation)
        if (step.Key == key)
            return &step;
    return nullptr;
}

} // namespace engine
