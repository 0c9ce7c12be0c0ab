// A layout is part of the configuration (issue 10): a GPU count, or a Compare row applied, brings the layout that
// makes the scenario fit and run best — and the Result of a row applied is the row.
#include <doctest/doctest.h>

#include <vector>

#include "catalog/catalog.h"
#include "shipped_catalog.h"
#include "engine/engine.h"
#include "engine/plan.h"
#include "scenario/scenario_json.h"

namespace {

using test::Shipped;

engine::Scenario Make(const char* json) {
    engine::Scenario s;
    std::vector<catalog::Issue> issues;
    REQUIRE(scenario::ScenarioFromJson(json, Shipped(), &s, &issues));
    return s;
}

} // namespace

TEST_SUITE("catalog") {

TEST_CASE("70B in bf16 on 4 × H100 with TP 1 does not fit; the chosen layout splits it and fits") {
    engine::Scenario s = Make(R"({"model":"llama-3.1-70b","hardware":{"gpu":"h100-sxm","count":4},"inference":{"tensor_parallel":1}})");
    CHECK_FALSE(engine::Evaluate(s).Fits);
    CHECK(engine::ChooseLayout(&s));
    CHECK(s.Inference.TensorParallel > 1);
    CHECK(s.Inference.TensorParallel <= 4);
    CHECK(engine::Evaluate(s).Fits);
    CHECK_FALSE(engine::ChooseLayout(&s)); // chosen once, it stays
}

TEST_CASE("a model that fits on one GPU keeps TP 1 and uses the other GPUs as replicas") {
    engine::Scenario s = Make(R"({"model":"llama-3.1-8b","hardware":{"gpu":"h100-sxm","count":4},"inference":{"tensor_parallel":4}})");
    CHECK(engine::ChooseLayout(&s));
    CHECK(s.Inference.TensorParallel == 1);
    CHECK(engine::Evaluate(s).Inference.Replicas == 4);
}

TEST_CASE("pre-training 70B on 8 GPUs with no sharding takes the suggested layout, which fits") {
    engine::Scenario s = Make(R"({"workload":"pretrain","model":"llama-3.1-70b","hardware":{"gpu":"b200","count":8},
                                  "training":{"tensor_parallel":1,"pipeline_parallel":1,"zero_stage":0}})");
    CHECK_FALSE(engine::Evaluate(s).Fits);
    CHECK(engine::ChooseLayout(&s));
    CHECK(engine::Evaluate(s).Fits);
}

TEST_CASE("every Compare row applied gives a Result with the row's memory, speed and price, in every workload") {
    const char* workloads[] = {
        R"({"model":"qwen2.5-32b","precision":{"weights":"int8"},"inference":{"target_users":16,"ttft_sla_s":2,"min_tokens_per_s_per_user":10}})",
        R"({"model":"llama-3.1-8b","inference":{"mode":"batch","batch_requests":100000}})",
        R"({"workload":"pretrain","model":"llama-3.1-8b","hardware":{"count":64},"training":{"tokens":1e11}})",
        R"({"workload":"full_finetune","model":"llama-3.1-8b","training":{"tokens":1e8}})",
        R"({"workload":"qlora","model":"llama-3.1-70b","training":{"tokens":1e7}})",
    };
    for (const char* json : workloads) {
        const engine::Scenario s = Make(json);
        int checked = 0;
        for (const engine::PlanRow& row : catalog::PlanWithCatalog(Shipped(), s)) {
            if (!row.Feasible || checked == 3) continue; // the first three rows, as the e2e test clicks them
            ++checked;
            CAPTURE(json);
            CAPTURE(row.GpuId);
            const engine::Result r = catalog::EvaluateWithCosts(Shipped(), row.Chosen);
            CHECK(r.Fits);
            CHECK(r.MemoryPerGpu.Total == row.MemoryPerGpuBytes);
            CHECK(r.Cost.PerHour == row.PerHour);
            if (s.Workload == engine::WorkloadKind::Inference) CHECK(r.Inference.ThroughputTokensPerS == row.ThroughputTokensPerS);
        }
        CHECK(checked > 0);
    }
}

TEST_CASE("a catalog whose default GPU cannot be evaluated opens on the first GPU that can") {
    catalog::Catalog cat = Shipped();
    for (catalog::GpuEntry& gpu : cat.Gpus)
        if (gpu.Spec.Id == scenario::kDefaultGpuId) gpu.UnknownPerformance = {"bandwidth_tb_s"};
    const engine::Scenario s = scenario::DefaultScenario(cat);
    CHECK(s.Gpu.Id != scenario::kDefaultGpuId);
    CHECK(engine::Evaluate(s).Ok);
}

} // TEST_SUITE
