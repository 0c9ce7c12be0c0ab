// Every catalog model on every evaluable catalog GPU, every workload, priced: the result is finite everywhere.
// "Nothing shows NaN" as a property of the whole catalog, not of hand-picked cases.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "catalog/catalog.h"
#include "shipped_catalog.h"
#include "engine/engine.h"
#include "scenario/scenario_json.h"

namespace {

using test::Shipped;

// Every number a user can see, with a name for the failure message.
std::vector<std::pair<const char*, double>> Numbers(const engine::Result& r) {
    const engine::MemoryBreakdown& m = r.MemoryPerGpu;
    const engine::InferenceResult& i = r.Inference;
    const engine::TrainingResult& t = r.Training;
    const engine::CostResult& c = r.Cost;
    std::vector<std::pair<const char*, double>> out = {
        {"weights", m.Weights}, {"kv_cache", m.KvCache}, {"activations", m.Activations}, {"gradients", m.Gradients},
        {"optimizer", m.Optimizer}, {"overhead", m.Overhead}, {"total", m.Total}, {"ttft_s", i.TtftS}, {"tpot_s", i.TpotS},
        {"throughput", i.ThroughputTokensPerS}, {"tokens_per_user", i.TokensPerSPerUser}, {"max_concurrency", i.MaxConcurrency},
        {"requests_per_s", i.RequestsPerS}, {"kv_pool", i.KvPoolBytesPerGpu}, {"flops", t.Flops}, {"time_s", t.TimeS},
        {"gpu_hours", t.GpuHours}, {"mfu", t.Mfu}, {"tokens_per_s_per_gpu", t.TokensPerSPerGpu}, {"checkpoint", t.CheckpointBytes},
        {"cost_per_hour", c.PerHour}, {"spot_per_hour", c.SpotPerHour}, {"per_million_tokens", c.PerMillionTokens},
        {"job_cost", c.JobCost}, {"payback", c.PaybackMonths}};
    for (const engine::DerivationStep& step : r.Derivation) out.push_back({step.Key.c_str(), step.Value});
    return out;
}

void CheckFinite(const engine::Scenario& s, const engine::Result& r) {
    const std::string where = s.Model.Id + " on " + std::to_string(s.GpuCount) + " × " + s.Gpu.Id + ", " + engine::WorkloadName(s.Workload);
    REQUIRE_MESSAGE(r.Ok, where << ": " << r.Error);
    for (const auto& [name, value] : Numbers(r)) {
        if (!std::isfinite(value) || value < 0) FAIL_CHECK(where << ": " << name << " = " << value);
    }
}

} // namespace

TEST_SUITE("catalog") {

TEST_CASE("inference: every model × every evaluable GPU × 1 and 8 GPUs is finite, priced in RUB") {
    const catalog::Catalog& cat = Shipped();
    int evaluated = 0;
    for (const catalog::ModelEntry& model : cat.Models) {
        for (const catalog::GpuEntry& gpu : cat.Gpus) {
            if (!gpu.UnknownPerformance.empty()) continue;
            for (int count : {1, 8}) {
                engine::Scenario s = scenario::DefaultScenario(cat);
                s.Model = model.Arch;
                s.Gpu = gpu.Spec;
                s.GpuCount = count;
                s.Inference.TensorParallel = count;
                s.Inference.ContextTokens = 32768;
                s.Inference.Concurrency = 16;
                s.Cost.Currency = "RUB";
                s.Cost.PurchasePricePerGpu = 2.5e6;
                CheckFinite(s, catalog::EvaluateWithCosts(cat, s));
                ++evaluated;
            }
        }
    }
    CHECK(evaluated > 3000);
}

TEST_CASE("training: every model × three GPU classes × every training workload is finite") {
    const catalog::Catalog& cat = Shipped();
    for (const catalog::ModelEntry& model : cat.Models) {
        for (const char* gpu_id : {"h100-sxm", "a100-80gb-sxm", "rtx-4090"}) {
            for (engine::WorkloadKind workload : {engine::WorkloadKind::Pretrain, engine::WorkloadKind::FullFinetune,
                                                  engine::WorkloadKind::Lora, engine::WorkloadKind::Qlora}) {
                engine::Scenario s = scenario::DefaultScenario(cat);
                s.Model = model.Arch;
                s.Gpu = cat.FindGpu(gpu_id)->Spec;
                s.Workload = workload;
                s.GpuCount = 8;
                s.Training.ZeroStage = 3;
                if (workload == engine::WorkloadKind::Qlora) s.Precision.Weights = engine::Format::Nf4;
                CheckFinite(s, catalog::EvaluateWithCosts(cat, s));
            }
        }
    }
}

TEST_CASE("plans over the whole catalog are finite, and the cheapest feasible GPU comes first") {
    const catalog::Catalog& cat = Shipped();
    for (engine::WorkloadKind workload : {engine::WorkloadKind::Inference, engine::WorkloadKind::Lora}) {
        engine::Scenario s = scenario::DefaultScenario(cat);
        s.Workload = workload;
        s.Model = cat.FindModel("llama-3.1-70b")->Arch;
        const std::vector<engine::PlanRow> rows = catalog::PlanWithCatalog(cat, s);
        REQUIRE(rows.size() >= 35);
        CHECK(rows.front().Feasible);
        for (const engine::PlanRow& row : rows)
            for (double value : {row.MemoryPerGpuBytes, row.MemoryUse, row.TtftS, row.TokensPerSPerUser, row.ThroughputTokensPerS, row.TimeS,
                                 row.PerHour, row.PerMillionTokens, row.JobCost})
                CHECK_MESSAGE(std::isfinite(value), row.GpuId);
    }
}

} // TEST_SUITE
