// gpuplan engine: the one entry point. Pure C++17: no I/O, no UI, no JSON.
#pragma once
#include "engine/result.h"
#include "engine/scenario.h"

namespace engine {

// Evaluates a resolved scenario. Never throws for bad input: an invalid scenario is a Result with
// Ok = false and an Error naming the field; an infeasible one is Fits = false with a warning saying why.
Result Evaluate(const Scenario& scenario);

// Checks the scenario's fields (positive counts, formats that make sense); "" when valid.
std::string ValidateScenario(const Scenario& scenario);

} // namespace engine
