// gpuplan engine: the one entry point.
#include "engine/derivation.h"
#include "engine/engine.h"
#include "engine/inference.h"
#include "engine/training.h"

namespace engine {

Result Evaluate(const Scenario& scenario) {
    Result result;
    result.GpuMemoryBytes = scenario.Gpu.MemoryBytes;
    const std::string error = ValidateScenario(scenario);
    if (!error.empty()) {
        result.Ok = false;
        result.Error = error;
        return result;
    }
    if (scenario.Workload == WorkloadKind::Inference) {
        EvaluateInference(scenario, &result);
    } else {
        EvaluateTraining(scenario, &result);
    }
    return result;
}

Result Evaluate(const Scenario& scenario, const EvaluateOptions& options) {
    const EvaluateOptionsScope scope(options);
    return Evaluate(scenario);
}

} // namespace engine
