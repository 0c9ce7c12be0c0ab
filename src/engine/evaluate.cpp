// gpuplan engine: the one entry point.
#include <algorithm>
#include <cmath>

#include "engine/derivation.h"
#include "engine/engine.h"
#include "engine/inference.h"
#include "engine/training.h"

namespace engine {

namespace {

// A suggested training layout replaces the scenario's own fitting one only when it is this much faster (a few
// percent is within the model's error; switching the visitor's layout for it would only confuse).
constexpr double kLayoutGainToSwitch = 0.05;

struct NamedFigure {
    const char* Name; // the Result JSON path the figure is written under
    double      Value;
};

// A figure the engine computed that is infinite or NaN (an input far outside what the model covers, such as an
// MFU of 1e-300) turns the whole result into an error naming the figure, and the derivation step that made it:
// no page or CLI ever shows it as 0.
bool ReportNonFinite(Result* r) {
    const MemoryBreakdown& m = r->MemoryPerGpu;
    const InferenceResult& in = r->Inference;
    const TrainingResult& t = r->Training;
    // Nearly always everything is finite: then so is the sum of the figures below (an infinite or NaN term makes it
    // infinite or NaN), and with no derivation to check there is nothing to name. Otherwise (or when the finite sum
    // overflows) the figures are searched one by one.
    const double sum = m.Total + m.Weights + m.KvCache + m.Activations + m.Optimizer + m.Gradients + in.TtftS + in.TpotS +
                       in.ThroughputTokensPerS + in.MaxConcurrency + in.RequestsPerS + in.GpusForTargetUsers + in.BatchJobTimeS +
                       t.Flops + t.TimeS + t.GpuHours + t.Mfu + t.TokensPerSPerGpu + t.StepTimeS;
    if (std::isfinite(sum) && r->Derivation.empty()) return false;
    const NamedFigure figures[] = {
        {"memory_per_gpu_bytes.total", m.Total},           {"memory_per_gpu_bytes.weights", m.Weights},
        {"memory_per_gpu_bytes.kv_cache", m.KvCache},      {"memory_per_gpu_bytes.activations", m.Activations},
        {"memory_per_gpu_bytes.optimizer", m.Optimizer},   {"memory_per_gpu_bytes.gradients", m.Gradients},
        {"inference.ttft_s", in.TtftS},                    {"inference.tpot_s", in.TpotS},
        {"inference.throughput_tokens_per_s", in.ThroughputTokensPerS},
        {"inference.max_concurrency", in.MaxConcurrency},  {"inference.requests_per_s", in.RequestsPerS},
        {"inference.gpus_for_target_users", in.GpusForTargetUsers},
        {"inference.batch_job_time_s", in.BatchJobTimeS},  {"training.flops", t.Flops},
        {"training.time_s", t.TimeS},                      {"training.gpu_hours", t.GpuHours},
        {"training.mfu", t.Mfu},                           {"training.tokens_per_s_per_gpu", t.TokensPerSPerGpu},
        {"training.step_time_s", t.StepTimeS},
    };
    const char* figure = nullptr;
    for (const NamedFigure& f : figures)
        if (!std::isfinite(f.Value)) { figure = f.Name; break; }
    const DerivationStep* step = nullptr;
    for (const DerivationStep& d : r->Derivation)
        if (!std::isfinite(d.Value)) { step = &d; break; }
    if (figure == nullptr && step == nullptr) return false;
    std::string message = "cannot be computed: ";
    message += figure != nullptr ? std::string(figure) : std::string("a figure");
    if (step != nullptr) message += " (step \"" + step->Label + "\", " + step->Key + ")";
    message += " is not a finite number; an input is outside the range this model covers (check efficiencies, sizes and counts)";
    r->Ok = false;
    r->Fits = false;
    r->Error = message;
    return true;
}

} // namespace

bool ChooseLayout(Scenario* s) {
    const EvaluateOptions figures_only{false, false};
    if (s->Workload != WorkloadKind::Inference) {
        const Result r = Evaluate(*s, figures_only);
        if (!r.Ok || !r.Training.SuggestedFound) return false;
        if (r.Fits && !(r.Training.SuggestedTimeS < r.Training.TimeS * (1.0 - kLayoutGainToSwitch))) return false;
        return ApplySuggestedLayout(r.Training, s);
    }
    const int pp = std::max(1, s->Inference.PipelineParallel);
    const int before = s->Inference.TensorParallel;
    const EvaluateOptions fit_only{/*Explain=*/false, /*Curve=*/false, /*Speed=*/false}; // reads Ok and Fits only
    int chosen = 0;
    for (int tp = 1; tp * pp <= s->GpuCount; tp *= 2) {
        s->Inference.TensorParallel = tp;
        const Result r = Evaluate(*s, fit_only);
        if (r.Ok && r.Fits) {
            chosen = tp;
            break;
        }
        chosen = tp; // nothing fits: the most splitting the GPUs allow (the verdict then says what would work)
    }
    s->Inference.TensorParallel = std::max(1, chosen);
    return s->Inference.TensorParallel != before;
}

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
    ReportNonFinite(&result);
    return result;
}

Result Evaluate(const Scenario& scenario, const EvaluateOptions& options) {
    const EvaluateOptionsScope scope(options);
    return Evaluate(scenario);
}

} // namespace engine
