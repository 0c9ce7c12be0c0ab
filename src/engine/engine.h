// gpuplan engine: the one entry point. Pure C++17: no I/O, no UI, no JSON.
#pragma once
#include "engine/result.h"
#include "engine/scenario.h"

namespace engine {

// What an evaluation builds beyond the figures. The figures (memory, speed, cost numbers) are the same either way.
struct EvaluateOptions {
    bool Explain = true; // derivation steps and warnings; false = figures only: no text is formatted, both lists stay empty
    bool Curve   = true; // inference: the throughput-vs-concurrency curve and what is read from it (OptimalBatch, BatchJobTimeS)
    bool Speed   = true; // inference: false = a fit probe: memory, Fits, GpusNeeded and replicas only; speed, capacity,
                         // latency, SLA and curve stay zero (their queueing model loops over every slot: the planner's
                         // fit probes at thousands of sequences spent most of a keystroke there)
    bool LayoutSearch = true; // training: false = no SuggestParallelism; the Suggested* fields stay at their defaults
                              // (the planner re-evaluates a scenario it has just given the suggested layout: the
                              // search would find the same layout again, and it keeps the first result's)
};

// Evaluates a resolved scenario. Never throws for bad input: an invalid scenario is a Result with
// Ok = false and an Error naming the field; an infeasible one is Fits = false with a warning saying why.
// Without options it uses the current ones: explained, unless inside an EvaluateOptionsScope (Plan asks for figures only).
Result Evaluate(const Scenario& scenario);
Result Evaluate(const Scenario& scenario, const EvaluateOptions& options);

// Sets the options of every evaluation on this thread while it lives (scopes nest).
class EvaluateOptionsScope {
public:
    explicit EvaluateOptionsScope(const EvaluateOptions& options);
    ~EvaluateOptionsScope();
    EvaluateOptionsScope(const EvaluateOptionsScope&) = delete;
    EvaluateOptionsScope& operator=(const EvaluateOptionsScope&) = delete;

private:
    EvaluateOptions Previous;
};

// The layout that makes the scenario fit and run best on the GPUs it has (issue 10: a layout is part of the
// configuration, not an afterthought). Inference: the smallest tensor-parallel degree (a power of two, with the
// scenario's pipeline stages, within the GPU count) whose replica fits; the rest of the GPUs become replicas.
// Training: the engine's suggested layout (TP, PP, EP, ZeRO, recompute) when the scenario's own does not fit or is
// slower. Returns true when it changed the scenario.
bool ChooseLayout(Scenario* scenario);

// Checks the scenario's fields (positive counts, formats that make sense); "" when valid.
std::string ValidateScenario(const Scenario& scenario);

} // namespace engine
