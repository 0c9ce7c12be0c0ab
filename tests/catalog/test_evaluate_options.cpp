// Numbers first, words on demand: a figures-only evaluation (what the planner runs) gives the same numbers as an
// explained one, for every catalog model on a spread of catalog GPUs and every workload; only the texts are left out.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "shipped_catalog.h"
#include "engine/engine.h"
#include "engine/training.h"

namespace {

using test::Shipped;

// Every figure of a Result except the texts (derivation, warnings, suggestion reason) and the curve-derived ones.
std::vector<std::pair<const char*, double>> Figures(const engine::Result& r) {
    const engine::MemoryBreakdown& m = r.MemoryPerGpu;
    const engine::InferenceResult& i = r.Inference;
    const engine::TrainingResult& t = r.Training;
    const engine::CostResult& c = r.Cost;
    return {
        {"ok", r.Ok}, {"fits", r.Fits}, {"gpus_needed", r.GpusNeeded}, {"gpu_memory", r.GpuMemoryBytes},
        {"weights", m.Weights}, {"kv_cache", m.KvCache}, {"activations", m.Activations}, {"gradients", m.Gradients},
        {"optimizer", m.Optimizer}, {"overhead", m.Overhead}, {"total", m.Total},
        {"ttft_s", i.TtftS}, {"tpot_s", i.TpotS}, {"throughput", i.ThroughputTokensPerS}, {"per_user", i.TokensPerSPerUser},
        {"max_concurrency", i.MaxConcurrency}, {"requests_per_s", i.RequestsPerS}, {"replicas", i.Replicas},
        {"kv_per_token", i.KvBytesPerToken}, {"kv_pool", i.KvPoolBytesPerGpu}, {"kv_pool_tokens", i.KvPoolTokensPerReplica},
        {"sla_max_users", i.SlaMaxUsers}, {"gpus_for_target_users", i.GpusForTargetUsers},
        {"flops", t.Flops}, {"time_s", t.TimeS}, {"gpu_hours", t.GpuHours}, {"mfu", t.Mfu}, {"tokens_per_s_per_gpu", t.TokensPerSPerGpu},
        {"step_s", t.StepTimeS}, {"checkpoint", t.CheckpointBytes}, {"suggested_found", t.SuggestedFound},
        {"suggested_tp", t.SuggestedTensorParallel}, {"suggested_pp", t.SuggestedPipelineParallel}, {"suggested_dp", t.SuggestedDataParallel},
        {"suggested_zero", t.SuggestedZeroStage}, {"suggested_time", t.SuggestedTimeS}, {"suggested_memory", t.SuggestedMemoryPerGpuBytes},
        {"cost_per_hour", c.PerHour}, {"spot_per_hour", c.SpotPerHour}, {"per_million_tokens", c.PerMillionTokens}, {"job_cost", c.JobCost},
        {"offers", static_cast<double>(c.Offers.size())},
    };
}

engine::Result Priced(const engine::Scenario& s, const engine::EvaluateOptions& options) {
    const engine::EvaluateOptionsScope scope(options);
    return catalog::EvaluateWithCosts(Shipped(), s);
}

// The scenarios: each model on every third evaluable GPU, serving (with an SLA and target users) and each training kind.
std::vector<engine::Scenario> Scenarios() {
    std::vector<engine::Scenario> out;
    const catalog::Catalog& cat = Shipped();
    int gpu_index = 0;
    for (const catalog::GpuEntry& gpu : cat.Gpus) {
        if (!gpu.UnknownPerformance.empty() || gpu_index++ % 3 != 0) continue;
        for (const catalog::ModelEntry& model : cat.Models) {
            engine::Scenario s;
            s.Model = model.Arch;
            s.Gpu = gpu.Spec;
            s.GpuCount = 8;
            s.Inference.TensorParallel = 8;
            s.Inference.Concurrency = 16;
            s.Inference.TtftSlaS = 2;
            s.Inference.MinTokensPerSPerUser = 10;
            s.Inference.TargetUsers = 200;
            s.Inference.BatchRequests = 1000;
            out.push_back(s);
            for (engine::WorkloadKind w : {engine::WorkloadKind::Pretrain, engine::WorkloadKind::Lora, engine::WorkloadKind::Qlora}) {
                engine::Scenario t = s;
                t.Workload = w;
                t.Training.Tokens = 1e10;
                out.push_back(t);
            }
        }
    }
    return out;
}

} // namespace

TEST_SUITE("catalog") {

TEST_CASE("a figures-only evaluation has the explained evaluation's numbers, and no text") {
    int compared = 0;
    for (const engine::Scenario& s : Scenarios()) {
        const engine::Result explained = Priced(s, {true, true});
        const engine::Result figures = Priced(s, {false, true});
        const auto a = Figures(explained);
        const auto b = Figures(figures);
        for (size_t i = 0; i < a.size(); ++i) {
            INFO(s.Model.Id, " on ", s.Gpu.Id, ", ", engine::WorkloadName(s.Workload), ": ", a[i].first);
            CHECK(a[i].second == b[i].second);
        }
        CHECK(figures.Inference.Curve.size() == explained.Inference.Curve.size());
        CHECK(figures.Inference.OptimalBatch == explained.Inference.OptimalBatch);
        CHECK(figures.Inference.BatchJobTimeS == explained.Inference.BatchJobTimeS);
        CHECK(figures.Derivation.empty());
        CHECK(figures.Warnings.empty());
        CHECK(figures.Training.SuggestionReason.empty());
        if (explained.Ok) CHECK_FALSE(explained.Derivation.empty());
        ++compared;
    }
    CHECK(compared > 50);
}

TEST_CASE("without the curve, an inference evaluation keeps every other figure and leaves the curve's out") {
    for (const engine::Scenario& s : Scenarios()) {
        if (s.Workload != engine::WorkloadKind::Inference) continue;
        const engine::Result full = Priced(s, {true, true});
        const engine::Result lean = Priced(s, {false, false});
        const auto a = Figures(full);
        const auto b = Figures(lean);
        for (size_t i = 0; i < a.size(); ++i) {
            INFO(s.Model.Id, " on ", s.Gpu.Id, ": ", a[i].first);
            CHECK(a[i].second == b[i].second);
        }
        CHECK(lean.Inference.Curve.empty());
        CHECK(lean.Inference.OptimalBatch == 0);
    }
}

TEST_CASE("a fit probe (no speed) has the full evaluation's memory, fit and GPUs needed, and no speed figures") {
    int probed = 0;
    for (const engine::Scenario& s : Scenarios()) {
        if (s.Workload != engine::WorkloadKind::Inference) continue;
        const engine::Result full = engine::Evaluate(s, {true, true, true});
        const engine::Result probe = engine::Evaluate(s, {false, false, false});
        INFO(s.Model.Id, " on ", s.Gpu.Id);
        CHECK(probe.Ok == full.Ok);
        CHECK(probe.Fits == full.Fits);
        CHECK(probe.GpusNeeded == full.GpusNeeded);
        CHECK(probe.MemoryPerGpu.Total == full.MemoryPerGpu.Total);
        CHECK(probe.MemoryPerGpu.KvCache == full.MemoryPerGpu.KvCache);
        CHECK(probe.Inference.Replicas == full.Inference.Replicas);
        CHECK(probe.Inference.TpotS == 0);
        CHECK(probe.Inference.TtftP95S == 0);
        if (full.Ok) CHECK(full.Inference.TpotS > 0);
        ++probed;
    }
    CHECK(probed > 10);
}

TEST_CASE("an evaluation without options explains itself, also right after a figures-only scope ends") {
    const engine::Scenario s = Scenarios().front();
    {
        const engine::EvaluateOptionsScope figures_only({false, false});
        CHECK(engine::Evaluate(s).Derivation.empty());
        CHECK_FALSE(engine::Evaluate(s, {}).Derivation.empty()); // explicit options win inside a scope
        CHECK(engine::Evaluate(s).Derivation.empty());            // and the scope is restored after them
    }
    const engine::Result after = engine::Evaluate(s);
    CHECK_FALSE(after.Derivation.empty());
    CHECK_FALSE(after.Inference.Curve.empty());
}

TEST_CASE("the planner's rows carry the numbers of an explained evaluation of the configuration they chose") {
    const catalog::Catalog& cat = Shipped();
    engine::Scenario s = Scenarios().front();
    s.Inference.TargetUsers = 0;
    for (const engine::PlanRow& row : catalog::PlanWithCatalog(cat, s)) {
        if (!row.Feasible) continue;
        const engine::Result r = catalog::EvaluateWithCosts(cat, row.Chosen);
        INFO(row.GpuId);
        CHECK(row.MemoryPerGpuBytes == r.MemoryPerGpu.Total);
        CHECK(row.TtftS == engine::TtftAtLoadS(r, row.Chosen.Inference.Concurrency)); // the Compare column: TTFT at load
        CHECK(row.ThroughputTokensPerS == r.Inference.ThroughputTokensPerS);
        CHECK(row.PerHour == r.Cost.PerHour);
    }
}

TEST_CASE("the layout search evaluates each layout as the scenario with that layout would be evaluated") {
    for (const engine::Scenario& base : Scenarios()) {
        if (base.Workload != engine::WorkloadKind::Pretrain) continue;
        engine::Scenario s = base;
        s.GpuCount = 64;
        s.Training.ShardGroupGpus = 4;
        const engine::ParallelismSuggestion found = engine::SuggestParallelism(s);
        if (!found.Found) continue;
        engine::Scenario c = s; // the suggestion applied the way a visitor would apply it
        c.Training.TensorParallel = found.Layout.TensorParallel;
        c.Training.PipelineParallel = found.Layout.PipelineParallel;
        c.Training.SequenceParallel = found.Layout.TensorParallel > 1;
        c.Training.ZeroStage = found.Layout.ZeroStage;
        c.Training.Recompute = found.Layout.Recompute;
        c.Training.ExpertParallel = found.Layout.ExpertParallel;
        if (found.Layout.DataParallel % c.Training.ShardGroupGpus != 0) c.Training.ShardGroupGpus = 0;
        const engine::TrainingLayout layout = engine::LayoutOf(c);
        INFO(s.Model.Id, " on ", s.Gpu.Id);
        CHECK(layout.ShardGroupGpus == found.Layout.ShardGroupGpus);
        CHECK(layout.SequenceParallel == found.Layout.SequenceParallel);
        CHECK(engine::EstimateTrainingTime(c, layout).TimeS == found.TimeS);
        CHECK(engine::EstimateTrainingMemory(c, layout).Total() == found.MemoryPerGpuBytes);
    }
}

} // TEST_SUITE
