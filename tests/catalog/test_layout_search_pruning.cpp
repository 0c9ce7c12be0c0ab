// The layout search skips layouts that provably cannot win (parallelism_search.cpp, proofs 1 and 2): across the
// catalog's GPUs, workloads and GPU counts it must choose what the exhaustive search chooses, with the same time,
// memory, fallback and count of layouts tried.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "engine/engine.h"
#include "engine/model_math.h"
#include "engine/training.h"
#include "scenario/scenario_json.h"
#include "shipped_catalog.h"

namespace {

using engine::RecomputePolicy;
using engine::TrainingLayout;

// The search as it was before pruning: every layout's memory, and the time of every layout that fits.
engine::ParallelismSuggestion Exhaustive(const engine::Scenario& s) {
    engine::ParallelismSuggestion out;
    double best_time = std::numeric_limits<double>::infinity(), best_memory = best_time, smallest_memory = best_time;
    TrainingLayout smallest;
    const int cp = s.Training.ContextParallel;
    for (int tp : {1, 2, 4, 8}) {
        if (tp > s.Cluster.GpusPerNode || tp > s.GpuCount || s.Model.Heads % tp != 0) continue;
        for (int pp : {1, 2, 4, 8, 16, 32, 64}) {
            const int mp = tp * pp * cp;
            if (pp > s.Model.Layers || mp > s.GpuCount || s.GpuCount % mp != 0) continue;
            const int dp = s.GpuCount / mp;
            std::vector<int> eps = {1};
            if (engine::IsMoe(s.Model))
                for (int ep = 2; ep <= dp && ep <= s.Model.Experts && eps.size() < 16; ep *= 2)
                    if (dp % ep == 0 && s.Model.Experts % ep == 0) eps.push_back(ep);
            for (int ep : eps)
                for (int zero = 0; zero <= 3; ++zero)
                    for (RecomputePolicy rc : {RecomputePolicy::None, RecomputePolicy::Selective, RecomputePolicy::Full}) {
                        TrainingLayout l = engine::LayoutOf(s);
                        l.TensorParallel = tp;
                        l.PipelineParallel = pp;
                        l.DataParallel = std::max(1, s.GpuCount / std::max(1, tp * pp * l.ContextParallel));
                        l.ExpertParallel = engine::IsMoe(s.Model) ? std::clamp(ep, 1, l.DataParallel) : 1;
                        l.VirtualPipelineStages = pp > 1 ? std::max(1, s.Training.VirtualPipelineStages) : 1;
                        l.SequenceParallel = tp > 1;
                        l.ZeroStage = zero;
                        l.Recompute = rc;
                        int group = s.Training.ShardGroupGpus;
                        if (group > 0 && l.DataParallel % group != 0) group = 0;
                        l.ShardGroupGpus = (group > 0 && group < l.DataParallel) ? group : l.DataParallel;
                        const double memory = engine::EstimateTrainingMemory(s, l).Total();
                        ++out.LayoutsTried;
                        if (memory < smallest_memory) {
                            smallest_memory = memory;
                            smallest = l;
                        }
                        if (memory > s.Gpu.MemoryBytes) continue;
                        const double time = engine::EstimateTrainingTime(s, l).TimeS;
                        const bool faster = time < best_time * (1.0 - 1e-3);
                        if (faster || (time <= best_time * (1.0 + 1e-3) && memory < best_memory)) {
                            best_time = time;
                            best_memory = memory;
                            out.Found = true;
                            out.Layout = l;
                        }
                    }
        }
    }
    if (out.Found) {
        out.TimeS = best_time;
        out.MemoryPerGpuBytes = best_memory;
    } else if (out.LayoutsTried > 0) {
        out.Layout = smallest;
        out.MemoryPerGpuBytes = smallest_memory;
    }
    return out;
}

bool SameLayout(const TrainingLayout& a, const TrainingLayout& b) {
    return a.TensorParallel == b.TensorParallel && a.PipelineParallel == b.PipelineParallel && a.DataParallel == b.DataParallel &&
           a.ExpertParallel == b.ExpertParallel && a.ZeroStage == b.ZeroStage && a.Recompute == b.Recompute &&
           a.ShardGroupGpus == b.ShardGroupGpus && a.SequenceParallel == b.SequenceParallel;
}

} // namespace

TEST_SUITE("catalog") {

TEST_CASE("the pruned layout search chooses what the exhaustive search chooses, on every GPU of the catalog") {
    const char* const workloads[] = {
        R"("workload":"full_finetune","model":"llama-3.1-8b","training":{"tokens":1e9})",
        R"("workload":"pretrain","model":"llama-3.1-70b","training":{"tokens":1e12})",
        R"("workload":"qlora","model":"llama-3.1-70b","training":{"tokens":1e8})",
        R"("workload":"lora","model":"llama-3.1-8b","training":{"tokens":1e8,"paged_optimizer":true})",
        R"("workload":"pretrain","model":"mixtral-8x7b","precision":{"compute":"fp8"},"training":{"tokens":1e11})",
        R"("workload":"full_finetune","model":"qwen3-235b-a22b","training":{"tokens":1e9,"offload_optimizer":true})",
        R"("workload":"full_finetune","model":"llama-3.1-8b","training":{"tokens":1e9,"seq_len":4096,"micro_batch":2,"global_batch_tokens":8192,"grads_set_to_none":true})",
    };
    int compared = 0, found = 0;
    for (const catalog::GpuEntry& gpu : test::Shipped().Gpus) {
        for (const char* workload : workloads) {
            for (int count : {1, 8, 64, 512}) {
                const std::string json = std::string("{") + workload + R"(,"hardware":{"gpu":")" + gpu.Spec.Id + R"(","count":)" +
                                         std::to_string(count) + "}}";
                engine::Scenario s;
                std::vector<catalog::Issue> issues;
                if (!scenario::ScenarioFromJson(json, test::Shipped(), &s, &issues)) continue; // a model the catalog lacks
                const engine::EvaluateOptionsScope figures_only(engine::EvaluateOptions{false, false});
                const engine::ParallelismSuggestion pruned = engine::SuggestParallelism(s);
                const engine::ParallelismSuggestion full = Exhaustive(s);
                CAPTURE(json);
                CHECK(pruned.Found == full.Found);
                CHECK(pruned.LayoutsTried == full.LayoutsTried);
                CHECK(SameLayout(pruned.Layout, full.Layout));
                CHECK(pruned.TimeS == full.TimeS);
                CHECK(pruned.MemoryPerGpuBytes == full.MemoryPerGpuBytes);
                ++compared;
                found += full.Found ? 1 : 0;
            }
        }
    }
    CHECK(compared > 500);
    CHECK(found > 100);
}

TEST_CASE("the search on a scenario given its suggested layout suggests the same layout (the planner searches once)") {
    const char* const workloads[] = {
        R"("workload":"full_finetune","model":"llama-3.1-8b","training":{"tokens":1e9,"tensor_parallel":2,"recompute":"full"})",
        R"("workload":"pretrain","model":"llama-3.1-70b","training":{"tokens":1e12,"zero_stage":3})",
        R"("workload":"qlora","model":"llama-3.1-70b","training":{"tokens":1e8})",
        R"("workload":"pretrain","model":"mixtral-8x7b","training":{"tokens":1e11,"expert_parallel":2})",
    };
    int applied = 0;
    for (const catalog::GpuEntry& gpu : test::Shipped().Gpus) {
        for (const char* workload : workloads) {
            for (int count : {2, 16, 128}) {
                const std::string json = std::string("{") + workload + R"(,"hardware":{"gpu":")" + gpu.Spec.Id + R"(","count":)" +
                                         std::to_string(count) + "}}";
                engine::Scenario s;
                std::vector<catalog::Issue> issues;
                if (!scenario::ScenarioFromJson(json, test::Shipped(), &s, &issues)) continue;
                const engine::EvaluateOptions figures_only{false, false};
                const engine::Result first = engine::Evaluate(s, figures_only);
                if (!first.Ok || !engine::ApplySuggestedLayout(first.Training, &s)) continue;
                const engine::Result again = engine::Evaluate(s, figures_only);
                CAPTURE(json);
                REQUIRE(again.Ok);
                CHECK(again.Training.SuggestedFound == first.Training.SuggestedFound);
                CHECK(again.Training.SuggestedTensorParallel == first.Training.SuggestedTensorParallel);
                CHECK(again.Training.SuggestedPipelineParallel == first.Training.SuggestedPipelineParallel);
                CHECK(again.Training.SuggestedDataParallel == first.Training.SuggestedDataParallel);
                CHECK(again.Training.SuggestedZeroStage == first.Training.SuggestedZeroStage);
                CHECK(again.Training.SuggestedExpertParallel == first.Training.SuggestedExpertParallel);
                CHECK(again.Training.SuggestedRecompute == first.Training.SuggestedRecompute);
                CHECK(again.Training.SuggestedTimeS == first.Training.SuggestedTimeS);
                CHECK(again.Training.SuggestedMemoryPerGpuBytes == first.Training.SuggestedMemoryPerGpuBytes);
                ++applied;
            }
        }
    }
    CHECK(applied > 100);
}

} // TEST_SUITE
