// gpuplan engine: helpers that build the derivation trail and warnings of a Result, and the evaluation options
// that say whether they are built at all.
#pragma once
#include <string>

#include "engine/result.h"

namespace engine {

// The text helpers below, and the engine's other functions that only write words (DescribeLayout, DurationText,
// InferenceEfficiencyBasis, file-local Str/Percent/Why…), are [[gnu::cold]]: a figures-only evaluation never calls
// them, and the attribute keeps the compiler from inlining them, and the string building around their calls, into
// the hot functions (the web build inlines the engine; docs/BENCHMARKS.md, sixth pass).

// Short number for formulas: 3 significant digits, scientific for very large/small values ("8.03e9").
[[gnu::cold]] std::string Num(double value);
// Bytes as decimal GB with two decimals ("16.06 GB").
[[gnu::cold]] std::string Gb(double bytes);

[[gnu::cold]] void AppendStep(Result* result, const std::string& key, const std::string& label, const std::string& formula,
                              double value, const std::string& unit);
[[gnu::cold]] void AppendWarning(Result* result, const std::string& code, const std::string& message);
// The step with this key, or nullptr.
const DerivationStep* FindStep(const Result& result, const std::string& key);

// The options of the evaluation running on this thread (engine::Evaluate sets them; EvaluateOptions, engine.h).
struct EvaluateOptions;
const EvaluateOptions& CurrentEvaluateOptions();
bool Explaining(); // CurrentEvaluateOptions().Explain

// Numbers first, words on demand: AddStep and AddWarning evaluate their arguments — the formula text with its
// formatted numbers — only when the evaluation explains itself. They are macros so that a figures-only evaluation
// (the planner, curves) skips the string building at the call site, not just the push_back.
#define AddStep(result, ...)                                                                                            \
    do {                                                                                                                \
        if (::engine::Explaining()) ::engine::AppendStep((result), __VA_ARGS__);                                        \
    } while (0)
#define AddWarning(result, ...)                                                                                         \
    do {                                                                                                                \
        if (::engine::Explaining()) ::engine::AppendWarning((result), __VA_ARGS__);                                     \
    } while (0)

} // namespace engine
