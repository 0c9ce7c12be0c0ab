// Plan: the scenario sized and priced on every candidate GPU, ranked by what a token or a run costs.
#include <doctest/doctest.h>

#include "engine/plan.h"
#include "test_models.h"

using namespace engine;

namespace {

PriceOption OnDemand(double per_gpu_hour) {
    PriceOption o;
    o.OfferId = "offer";
    o.ProviderName = "cloud";
    o.Kind = "on_demand";
    o.PricePerGpuHour = per_gpu_hour;
    o.AsOf = "2026-11-01";
    return o;
}

// A card with half an H100's memory, bandwidth and compute.
GpuSpec HalfH100() {
    GpuSpec g = test::Llama8bOnH100().Gpu;
    g.Id = "half";
    g.Name = "Half";
    g.MemoryBytes = 40e9;
    g.BandwidthBytesPerS /= 2;
    for (double& peak : g.PeakFlops) peak /= 2;
    return g;
}

} // namespace

TEST_SUITE("engine") {

TEST_CASE("inference: each GPU gets the smallest replica that fits, and the cheapest per million tokens ranks first") {
    Scenario s = test::Llama8bOnH100();
    s.Model.Params = 70.6e9; // 141 GB of bf16 weights; 90% of each GPU is usable → 4 × 80 GB or 8 × 40 GB
    s.Model.Layers = 80;
    s.Model.Hidden = 8192;
    s.Model.Heads = 64;
    s.Model.Ffn = 28672;
    const GpuSpec big = test::Llama8bOnH100().Gpu;
    const std::vector<PlanRow> rows = Plan(s, {{HalfH100(), {OnDemand(1.0)}}, {big, {OnDemand(10.0)}}}, 0.12);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].GpuId == "half"); // 8 × 1.0/h beats 4 × 10.0/h at similar speed
    CHECK(rows[0].GpuCount == 8);
    CHECK(rows[1].GpuCount == 4);
    CHECK(rows[0].Feasible);
    CHECK(rows[0].PerMillionTokens < rows[1].PerMillionTokens);
    CHECK(rows[0].MemoryUse <= 1.0);
}

TEST_CASE("a GPU without a price ranks after priced ones; one that cannot fit ranks last with a reason") {
    Scenario s = test::Llama8bOnH100();
    GpuSpec tiny = HalfH100();
    tiny.Id = "tiny";
    tiny.Name = "Tiny";
    tiny.MemoryBytes = 4e9; // even TP 16 leaves too little for the KV cache and overhead of each rank
    s.Inference.Concurrency = 64;
    s.Inference.ContextTokens = 32768; // 275 GB of KV cache in all
    const std::vector<PlanRow> rows = Plan(s, {{tiny, {OnDemand(0.1)}}, {HalfH100(), {}}, {test::Llama8bOnH100().Gpu, {OnDemand(3.0)}}}, 0.12);
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].PerHour > 0);
    CHECK(rows[1].GpuId == "half");
    CHECK(rows[1].PerHour == 0);
    CHECK(rows[2].GpuId == "tiny");
    CHECK_FALSE(rows[2].Feasible);
    CHECK_FALSE(rows[2].Reason.empty());
}

TEST_CASE("training: a GPU that cannot hold the run at the scenario's count is sized up until it fits") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::FullFinetune;
    s.GpuCount = 1;
    const std::vector<PlanRow> rows = Plan(s, {{test::Llama8bOnH100().Gpu, {OnDemand(2.0)}}}, 0.12);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].Feasible);
    CHECK(rows[0].GpuCount > 1); // 8B × 16 B of states does not fit one 80 GB GPU
    CHECK(rows[0].JobCost > 0);
    CHECK(rows[0].TimeS > 0);
}

} // TEST_SUITE
