// gpuplan engine: helpers that build the derivation trail and warnings of a Result.
#pragma once
#include <string>

#include "engine/result.h"

namespace engine {

// Short number for formulas: 3 significant digits, scientific for very large/small values ("8.03e9").
std::string Num(double value);
// Bytes as decimal GB with two decimals ("16.06 GB").
std::string Gb(double bytes);

void AddStep(Result* result, const std::string& key, const std::string& label, const std::string& formula,
             double value, const std::string& unit);
void AddWarning(Result* result, const std::string& code, const std::string& message);
// The step with this key, or nullptr.
const DerivationStep* FindStep(const Result& result, const std::string& key);

} // namespace engine
