// Plan: the scenario sized for its own load on every candidate GPU, ranked by the workload's own metric, with every
// excluded GPU family's reason — and, over the whole catalog, every listed row fits and meets its SLA.
#include <doctest/doctest.h>

#include <cmath>

#include "catalog/catalog.h"
#include "engine/engine.h"
#include "engine/plan.h"
#include "scenario/scenario_json.h"
#include "test_models.h"

using namespace engine;

namespace {

PriceOption OnDemand(double per_gpu_hour, int gpus_per_instance = 1, int gpus_per_node = 8) {
    PriceOption o;
    o.OfferId = "offer";
    o.ProviderId = "cloud";
    o.ProviderName = "cloud";
    o.Kind = "on_demand";
    o.PricePerGpuHour = per_gpu_hour;
    o.GpusPerInstance = gpus_per_instance;
    o.GpusPerNode = gpus_per_node;
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

Scenario Llama70bShape() {
    Scenario s = test::Llama8bOnH100();
    s.Model.Params = 70.6e9; // 141 GB of bf16 weights; 90% of each GPU is usable → 4 × 80 GB or 8 × 40 GB
    s.Model.Layers = 80;
    s.Model.Hidden = 8192;
    s.Model.Heads = 64;
    s.Model.Ffn = 28672;
    return s;
}

const catalog::Catalog& Shipped() {
    static const catalog::Catalog kCatalog = [] {
        std::vector<catalog::Issue> issues;
        return catalog::LoadFileSet(catalog::EmbeddedFiles(), &issues);
    }();
    return kCatalog;
}

Scenario FromJson(const char* text) {
    Scenario s;
    std::vector<catalog::Issue> issues;
    REQUIRE(scenario::ScenarioFromJson(text, Shipped(), &s, &issues));
    return s;
}

bool Flagship(const std::string& gpu_id) {
    return gpu_id == "h100-sxm" || gpu_id == "h200" || gpu_id == "b200" || gpu_id == "b300" || gpu_id == "gb200" || gpu_id == "gb300" ||
           gpu_id == "mi300x" || gpu_id == "mi325x" || gpu_id == "mi355x";
}

} // namespace

TEST_SUITE("engine") {

TEST_CASE("inference: each GPU gets the smallest replica that fits, and the cheapest monthly bill ranks first") {
    Scenario s = Llama70bShape();
    const GpuSpec big = test::Llama8bOnH100().Gpu;
    const std::vector<PlanRow> rows = Plan(s, {{HalfH100(), {OnDemand(1.0)}, ""}, {big, {OnDemand(10.0)}, ""}}, 0.12);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].GpuId == "half"); // 8 × 1.0/h beats 4 × 10.0/h
    CHECK(rows[0].GpuCount == 8);
    CHECK(rows[1].GpuCount == 4);
    CHECK(rows[0].Feasible);
    CHECK(rows[0].MonthlyCost == doctest::Approx(8 * 1.0 * kHoursPerMonth + 141.2 * 0.08).epsilon(1e-3));
    CHECK(rows[0].Metric < rows[1].Metric);
    CHECK(rows[0].MemoryUse <= 0.9);
    CHECK(SummarizePlan(s, rows).WinnerMargin == doctest::Approx(rows[1].Metric / rows[0].Metric - 1.0));
}

TEST_CASE("excluded GPU families carry their reason: no figures, does not fit, no offer — with no speed or cost for a layout that does not fit") {
    Scenario s = test::Llama8bOnH100();
    GpuSpec tiny = HalfH100();
    tiny.Id = "tiny";
    tiny.Name = "Tiny";
    tiny.MemoryBytes = 1.5e9; // less than the serving runtime's own overhead (1.79 GiB): no TP degree helps
    s.Inference.ContextTokens = 32768;
    GpuSpec unknown = HalfH100();
    unknown.Id = "unknown";
    const std::vector<PlanRow> rows =
        Plan(s, {{tiny, {OnDemand(0.1)}, ""}, {HalfH100(), {}, ""}, {test::Llama8bOnH100().Gpu, {OnDemand(3.0)}, ""}, {unknown, {OnDemand(1.0)}, "bandwidth_tb_s"}}, 0.12);
    REQUIRE(rows.size() == 4);
    CHECK(rows[0].Feasible);
    CHECK(rows[1].GpuId == "half");
    CHECK(rows[1].Excluded == PlanExclusion::NoOffer);
    CHECK(rows[1].Reason.find("no ") == 0);
    CHECK(rows[2].GpuId == "tiny");
    CHECK(rows[2].Excluded == PlanExclusion::DoesNotFit);
    CHECK(rows[2].GpuCount == 0);
    CHECK(rows[2].TtftS == 0);
    CHECK(rows[2].Metric == 0);
    CHECK(rows[3].Excluded == PlanExclusion::NoFigures);
    for (const PlanRow& row : rows) CHECK_FALSE(row.Reason.empty());
}


// A GPU whose only offers are older than six months is not priced by them (catalog.h, kStaleAfterDays), but the row
// says so and how to use them, rather than "no offer".
TEST_CASE("a GPU priced only by stale offers is excluded with their age and the way to allow them") {
    const Scenario s = test::Llama8bOnH100();
    PriceOption old = OnDemand(1.0);
    old.AsOf = "2026-05-18";
    old.AgeDays = 197;
    old.Stale = true;
    const std::vector<PlanRow> rows = Plan(s, {{HalfH100(), {old}, ""}}, 0.12);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].Excluded == PlanExclusion::NoOffer);
    CHECK(rows[0].Reason.find("only stale on-demand offers (the newest 197 days old)") == 0);
    CHECK(rows[0].Reason.find("on 1 GPU;") != std::string::npos);
    CHECK(rows[0].Reason.find("cost.allow_stale_prices") != std::string::npos);

    Scenario allowed = s;
    allowed.Cost.AllowStalePrices = true;
    CHECK(Plan(allowed, {{HalfH100(), {old}, ""}}, 0.12)[0].Feasible);
}
TEST_CASE("the planner never assumes InfiniBand: a replica wider than a node needs an offer that states a fast fabric") {
    Scenario s = Llama70bShape();
    const GpuSpec small = HalfH100(); // needs 8 per replica
    PriceOption four_per_host = OnDemand(1.0, 4, 4); // hosts of 4 GPUs, no fabric stated
    const std::vector<PlanRow> ethernet = Plan(s, {{small, {four_per_host}, ""}}, 0.12);
    REQUIRE(ethernet.size() == 1);
    CHECK_FALSE(ethernet[0].Feasible);
    CHECK(ethernet[0].Excluded == PlanExclusion::NeedsFabric);
    PriceOption infiniband = four_per_host;
    infiniband.Fabric = "infiniband";
    infiniband.NetworkBytesPerSPerGpu = 50e9;
    const std::vector<PlanRow> fast = Plan(s, {{small, {infiniband}, ""}}, 0.12);
    CHECK(fast[0].Feasible);
    CHECK(fast[0].Fabric == "infiniband");
}

TEST_CASE("training across hosts is priced on the fabric that can host it, not on cheaper hosts without one") {
    // A pre-train on 64 GPUs: cheap 8-GPU hosts that state no fabric cannot carry it (InfiniBand is never assumed),
    // a dearer InfiniBand offer can. The row is sized and priced on the InfiniBand offer; before, the cheaper
    // Ethernet-class estimate won the sizing and the row then had no offer that could host it.
    Scenario s = Llama70bShape();
    s.Workload = WorkloadKind::Pretrain;
    s.GpuCount = 64;
    s.Training.Tokens = 1e11;
    PriceOption cheap = OnDemand(1.0, 8, 8);
    cheap.OfferId = "cheap";
    PriceOption infiniband = OnDemand(3.0, 8, 8);
    infiniband.OfferId = "infiniband";
    infiniband.Fabric = "infiniband";
    infiniband.NetworkBytesPerSPerGpu = 50e9;
    const std::vector<PlanRow> rows = Plan(s, {{test::Llama8bOnH100().Gpu, {cheap, infiniband}, ""}}, 0.12);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].Feasible);
    CHECK(rows[0].Excluded == PlanExclusion::None);
    CHECK(rows[0].Fabric == "infiniband");
    CHECK(rows[0].GpuCount >= 64);
    CHECK(rows[0].JobCost > 0);
    CHECK(rows[0].PerHour == doctest::Approx(3.0 * rows[0].GpuCount));
}

TEST_CASE("the visitor's own rate prices the scenario's own GPU only") {
    Scenario s = test::Llama8bOnH100(); // h100-sxm
    s.Cost.PricePerGpuHour = 0.01;
    const std::vector<PlanRow> rows = Plan(s, {{HalfH100(), {OnDemand(1.0)}, ""}, {test::Llama8bOnH100().Gpu, {OnDemand(5.0)}, ""}}, 0.12);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].GpuId == "h100-sxm");
    CHECK(rows[0].PerHour == doctest::Approx(0.01 * rows[0].GpuCount));
    CHECK(rows[0].CheapestOffer == "your rate");
    CHECK(rows[1].PerHour == doctest::Approx(1.0 * rows[1].GpuCount)); // the catalog offer, not 0.01
}

TEST_CASE("online: a request rate is sized into replicas whose p95 TTFT with queueing meets the target") {
    Scenario s = test::Llama8bOnH100();
    s.Inference.Traffic.RequestsPerS = 20;
    s.Inference.Traffic.PeakToAverage = 2;
    s.Inference.TtftP95SlaS = 1.0;
    s.Inference.MinTokensPerSPerUser = 20;
    const std::vector<PlanRow> rows = Plan(s, {{test::Llama8bOnH100().Gpu, {OnDemand(2.0)}, ""}}, 0.12);
    REQUIRE(rows[0].Feasible);
    CHECK(rows[0].TtftP95S <= 1.0);
    CHECK(rows[0].TokensPerSPerUser >= 20);
    CHECK(rows[0].Replicas >= 2);
    // One replica fewer misses the target or the stable-queue bound.
    Scenario fewer = s;
    fewer.GpuCount = rows[0].GpuCount - rows[0].TensorParallel;
    fewer.Inference.TensorParallel = rows[0].TensorParallel;
    fewer.Inference.Concurrency = rows[0].Concurrency;
    Result r = Evaluate(fewer);
    ApplyCosts(fewer, {OnDemand(2.0)}, 0.12, &r);
    CHECK((r.Cost.Serving.QueueUnstable || r.Cost.Serving.TtftP95S > 1.0));
}

TEST_CASE("batch: priced at the optimal batch that fits; a deadline adds replicas") {
    Scenario s = test::Llama8bOnH100();
    s.Inference.Mode = ServingMode::Batch;
    s.Inference.BatchRequests = 1e5;
    const std::vector<PlanRow> rows = Plan(s, {{test::Llama8bOnH100().Gpu, {OnDemand(2.0)}, ""}}, 0.12);
    REQUIRE(rows[0].Feasible);
    Scenario one = s;
    one.Inference.Concurrency = 1;
    const Result probe = Evaluate(one);
    // The throughput-optimal batch, or the largest point below it that fits when it runs.
    CHECK(rows[0].Concurrency <= probe.Inference.OptimalBatch);
    CHECK(rows[0].Concurrency >= probe.Inference.OptimalBatch / 2);
    Scenario chosen = s;
    chosen.Inference.Concurrency = rows[0].Concurrency;
    const Result at = Evaluate(chosen);
    CHECK(at.Fits);
    CHECK(rows[0].JobCost == doctest::Approx(at.Inference.BatchJobTimeS / 3600.0 * 2.0)); // per-second billing
    Scenario hurry = s;
    hurry.Inference.DeadlineS = probe.Inference.BatchJobTimeS / 3.5;
    const std::vector<PlanRow> fast = Plan(hurry, {{test::Llama8bOnH100().Gpu, {OnDemand(2.0)}, ""}}, 0.12);
    REQUIRE(fast[0].Feasible);
    CHECK(fast[0].Replicas == 4);
    CHECK(fast[0].TimeS <= hurry.Inference.DeadlineS);
}

TEST_CASE("output_tokens 0 gives no generated tokens/s and no price per output token") {
    Scenario s = test::Llama8bOnH100();
    s.Inference.OutputTokens = 0;
    s.Inference.TargetUsers = 4;
    const std::vector<PlanRow> rows = Plan(s, {{test::Llama8bOnH100().Gpu, {OnDemand(2.0)}, ""}}, 0.12);
    REQUIRE(rows[0].Feasible);
    CHECK(rows[0].TokensPerSPerUser == 0);
    CHECK(rows[0].ThroughputTokensPerS == 0);
    CHECK(rows[0].PerMillionOutputTokens == 0);
    CHECK(rows[0].PerMillionInputTokens > 0);
}

TEST_CASE("counts derived from an absurd load are range-checked, never wrapped around an int") {
    // /work/shared/repro/robustness/repro_plan_int_overflow.json: a billion users at 200k tokens of context.
    Scenario s = test::Llama8bOnH100();
    s.Inference.TargetUsers = 1e9;
    s.Inference.ContextTokens = 200000;
    const std::vector<PlanRow> rows = Plan(s, {{test::Llama8bOnH100().Gpu, {OnDemand(2.0)}, ""}}, 0.12);
    REQUIRE(rows.size() == 1);
    CHECK_FALSE(rows[0].Feasible);
    CHECK(rows[0].GpuCount >= 0);
    CHECK(rows[0].Reason.find("1000000") != std::string::npos);
    Scenario rate = test::Llama8bOnH100();
    rate.Inference.Traffic.RequestsPerS = 1e7;
    const std::vector<PlanRow> rated = Plan(rate, {{test::Llama8bOnH100().Gpu, {OnDemand(2.0)}, ""}}, 0.12);
    CHECK_FALSE(rated[0].Feasible);
    CHECK(rated[0].GpuCount >= 0);
}

TEST_CASE("training: a GPU that cannot hold the run is sized up until it fits; more GPUs trade cost for wall-clock") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::FullFinetune;
    s.GpuCount = 1;
    const std::vector<PlanRow> rows = Plan(s, {{test::Llama8bOnH100().Gpu, {OnDemand(2.0)}, ""}}, 0.12);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].Feasible);
    CHECK(rows[0].GpuCount > 1); // 8B × 16 B of states does not fit one 80 GB GPU
    CHECK(rows[0].JobCost > 0);
    CHECK(rows[0].TimeS > 0);
    CHECK(rows[0].Points.size() >= 2);
    const PlanSummary summary = SummarizePlan(s, rows);
    REQUIRE_FALSE(summary.Front.empty());
    for (size_t i = 1; i < summary.Front.size(); ++i) {
        CHECK(summary.Front[i].Cost >= summary.Front[i - 1].Cost);  // dearer …
        CHECK(summary.Front[i].LatencyS < summary.Front[i - 1].LatencyS); // … only when faster
    }
}

TEST_CASE("property: over the whole catalog, every listed row fits and meets its SLA, and every excluded row says why") {
    const catalog::Catalog& cat = Shipped();
    const char* const scenarios[] = {
        R"({"model":"qwen2.5-32b","precision":{"weights":"int8","compute":"int8"},
            "inference":{"target_users":16,"ttft_sla_s":2,"min_tokens_per_s_per_user":10}})",
        R"({"model":"llama-3.1-8b","inference":{"traffic":{"requests_per_day":2000000,"peak_to_average":3,"hours_per_day":12},
            "ttft_sla_s":1.5,"ttft_p95_sla_s":2,"ttft_p99_sla_s":4,"min_tokens_per_s_per_user":15,"scale_to_zero":true}})",
        R"({"model":"llama-3.1-70b","precision":{"weights":"fp8","compute":"fp8"},"inference":{"traffic":{"requests_per_s":5},"ttft_p95_sla_s":3}})",
        R"({"model":"llama-3.1-70b","precision":{"allowed":["bf16","fp8","int8","int4"]},"inference":{"traffic":{"requests_per_s":2},
            "ttft_p95_sla_s":2,"ttft_p99_sla_s":4,"min_tokens_per_s_per_user":12}})",
        R"({"model":"qwen2.5-32b","precision":{"weights":"int8","compute":"int8","allowed":["fp8","int4","nvfp4"]},
            "inference":{"target_users":16,"ttft_sla_s":2,"min_tokens_per_s_per_user":10}})",
        R"({"model":"llama-3.1-8b","precision":{"allowed":["fp8","int4"]},"inference":{"mode":"batch","batch_requests":100000,"deadline_s":36000}})",
        R"({"model":"llama-3.1-8b","inference":{"output_tokens":0,"target_users":8}})",
        R"({"model":"llama-3.1-8b","inference":{"mode":"batch","batch_requests":100000,"deadline_s":36000}})",
        R"({"workload":"lora","model":"llama-3.1-8b","hardware":{"count":1},"training":{"tokens":1e8}})",
        R"({"workload":"pretrain","model":"llama-3.1-8b","hardware":{"count":64},"training":{"tokens":1e10}})",
        R"({"workload":"full_finetune","model":"qwen2.5-14b","hardware":{"count":8},"training":{"tokens":1e9}})",
        R"({"workload":"qlora","model":"llama-3.1-70b","hardware":{"count":1},"training":{"tokens":1e8}})",
    };
    for (const char* text : scenarios) {
        const Scenario s = FromJson(text);
        const std::vector<PlanRow> rows = catalog::PlanWithCatalog(cat, s);
        CHECK(rows.size() >= cat.Gpus.size()); // one row per GPU and allowed precision (one "no figures" row per GPU)
        const InferenceParams& in = s.Inference;
        bool excluded_seen = false;
        for (const PlanRow& row : rows) {
            INFO(text << " — " << row.GpuId << ": " << row.Reason);
            if (!row.Feasible) {
                excluded_seen = true;
                CHECK(row.Excluded != PlanExclusion::None);
                CHECK_FALSE(row.Reason.empty());
                if (row.Excluded == PlanExclusion::DoesNotFit || row.Excluded == PlanExclusion::NoFigures) {
                    CHECK(row.TtftS == 0);
                    CHECK(row.TokensPerSPerUser == 0);
                    CHECK(row.Metric == 0);
                }
                continue;
            }
            CHECK_FALSE(excluded_seen); // ranked rows first
            CHECK(std::isfinite(row.Metric));
            CHECK(row.Metric > 0);
            CHECK(row.GpuCount >= 1);
            if (row.MetricKind == "spot") CHECK(row.SpotJobCost < row.JobCost); // spot only where it saves
            // Re-evaluate the listed configuration independently: it fits and meets the SLA it is listed under.
            Scenario check = s;
            check.Gpu = cat.FindGpu(row.GpuId)->Spec;
            check.Precision = row.Chosen.Precision; // the precision the row is sized at (precision.allowed)
            CHECK(FormatName(check.Precision.Weights) == row.Precision);
            check.GpuCount = row.GpuCount;
            if (s.Workload == WorkloadKind::Inference) {
                check.Inference.TensorParallel = row.TensorParallel;
                check.Inference.Concurrency = row.Concurrency;
            }
            const Result r = Evaluate(check);
            REQUIRE(r.Ok);
            if (s.Workload != WorkloadKind::Inference) {
                CHECK(row.MemoryUse <= 1.0 + 1e-9);
                continue;
            }
            CHECK(r.Fits);
            CHECK(row.MemoryUse <= 0.9 + 1e-9);
            if (in.Mode == ServingMode::Batch) {
                if (in.DeadlineS > 0) CHECK(row.TimeS <= in.DeadlineS * (1 + 1e-9));
                continue;
            }
            if (in.TtftSlaS > 0) CHECK(row.TtftS <= in.TtftSlaS);
            if (in.TtftSlaS > 0) CHECK(TtftAtLoadS(r, row.Concurrency) <= in.TtftSlaS);
            if (in.TtftP95SlaS > 0) CHECK(row.TtftP95S <= in.TtftP95SlaS);
            if (in.TtftP99SlaS > 0) CHECK(row.TtftP99S <= in.TtftP99SlaS);
            if (in.MinTokensPerSPerUser > 0 && in.OutputTokens > 0) {
                CHECK(row.TokensPerSPerUser >= in.MinTokensPerSPerUser);
                CHECK(r.Inference.TokensPerSPerUser >= in.MinTokensPerSPerUser);
            }
            if (in.OutputTokens <= 0) CHECK(row.TokensPerSPerUser == 0);
            if (in.TargetUsers > 0 && in.Traffic.RequestsPerS <= 0 && in.Traffic.RequestsPerDay <= 0)
                CHECK(static_cast<double>(row.Replicas) * row.Concurrency >= in.TargetUsers);
        }
    }
}

TEST_CASE("allowed precisions: each GPU is sized at each, a GPU without the math path is excluded for it, and int4 moves the winner to a cheaper card") {
    const catalog::Catalog& cat = Shipped();
    const char* text = R"({"model":"llama-3.1-70b","inference":{"input_tokens":1024,"output_tokens":256,"target_users":8,
        "ttft_sla_s":3,"min_tokens_per_s_per_user":10}})";
    // bf16 only (the default): 70.6 B params × 2 B = 141 GB of weights. An 80 GB card holds 0.9 × 80 = 72 GB, so one
    // replica needs 2+ of them; the cheapest deployment is one 192 GB MI300X at 3.45 USD/h × 730 h ≈ 2,519 USD a month
    // + the weights on block storage (141 GB × 0.08 = 11 USD) ≈ 2,530 USD.
    const Scenario bf16 = FromJson(text);
    const std::vector<PlanRow> only = catalog::PlanWithCatalog(cat, bf16);
    REQUIRE(only[0].Feasible);
    CHECK(only[0].GpuId == "mi300x");
    CHECK(only[0].Precision == "bf16");
    for (const PlanRow& row : only) CHECK(row.Precision == "bf16"); // nothing else is tried unless allowed
    // Allowing fp8 and int4: int4 (GPTQ/AWQ, ≈ 4.25 bits a weight, embedding and lm_head in fp16) is ≈ 39 GB. A 48 GB
    // RTX A6000 reports 48 GiB = 51.5 GB (catalog: memory_reported_mib, else the marketed GiB), 0.9 of it ≈ 46 GB:
    // the weights and a few users' bf16 KV (320 KiB a token × 1,280 tokens ≈ 0.42 GB a user) fit on one card, and
    // with ≈ 39 GB read per decode step at 768 GB/s × the decode share a replica keeps ≥ 10 tokens/s per user at 4
    // users. Two replicas at 0.35 USD/h × 730 h ≈ 511 USD + 3 USD storage ≈ 514 USD — a fifth of the MI300X's bill;
    // an 80 GB A100 PCIe in int4 (one card, 8 users, 1.19 USD/h ≈ 872 USD) is listed too, further down.
    Scenario allowed = bf16;
    allowed.AllowedWeights = {Format::Fp8, Format::Int4};
    const std::vector<PlanRow> rows = catalog::PlanWithCatalog(cat, allowed);
    REQUIRE(rows[0].Feasible);
    CHECK(rows[0].Precision == "int4");
    CHECK(rows[0].Chosen.Precision.Weights == Format::Int4);
    CHECK(rows[0].Chosen.Precision.Compute == Format::Bf16); // weight-only: the matmuls run in bf16
    CHECK(rows[0].GpuId == "rtx-a6000");
    CHECK(rows[0].GpuCount == 2);
    CHECK(rows[0].MonthlyCost < only[0].MonthlyCost / 2);
    CHECK(rows[0].MonthlyCost == doctest::Approx(2 * 0.35 * kHoursPerMonth).epsilon(0.01));
    bool a100_int4 = false;
    for (const PlanRow& row : rows)
        if (row.GpuId == "a100-80gb-pcie" && row.Precision == "int4" && row.Feasible)
            a100_int4 = row.GpuCount == 1 && row.MonthlyCost == doctest::Approx(1.19 * kHoursPerMonth).epsilon(0.01);
    CHECK(a100_int4);
    // One row per GPU and precision the GPU has figures for; the A100 has no FP8 tensor cores: excluded at fp8 with the reason.
    size_t with_figures = 0;
    for (const catalog::GpuEntry& gpu : cat.Gpus) with_figures += gpu.UnknownPerformance.empty() ? 1 : 0;
    CHECK(rows.size() == cat.Gpus.size() + 2 * with_figures);
    bool a100_fp8 = false;
    for (const PlanRow& row : rows) {
        if (row.GpuId != "a100-80gb-pcie" || row.Precision != "fp8") continue;
        a100_fp8 = true;
        CHECK_FALSE(row.Feasible);
        CHECK(row.Excluded == PlanExclusion::NoMathPath);
        CHECK(row.Reason.find("no FP8 math path") == 0);
    }
    CHECK(a100_fp8);
    // An H100 computes FP8: it is sized at fp8 (W8A8 on FP8 tensor cores), not excluded.
    for (const PlanRow& row : rows)
        if (row.GpuId == "h100-sxm" && row.Precision == "fp8") CHECK(row.Excluded != PlanExclusion::NoMathPath);
    // The scenario's own format is never excluded for its math path (the engine runs it as storage with bf16 math).
    Scenario own_fp8 = bf16;
    own_fp8.Precision = {Format::Fp8, Format::Bf16, Format::Fp8};
    for (const PlanRow& row : catalog::PlanWithCatalog(cat, own_fp8)) CHECK(row.Excluded != PlanExclusion::NoMathPath);
}

TEST_CASE("one queueing model: a plan row's p95/p99 are the Result's for the configuration Use applies") {
    const catalog::Catalog& cat = Shipped();
    const char* const scenarios[] = {
        R"({"model":"llama-3.1-8b","inference":{"traffic":{"requests_per_s":4,"peak_to_average":2},"ttft_p95_sla_s":1.5,"ttft_p99_sla_s":3}})",
        R"({"model":"llama-3.1-70b","precision":{"weights":"fp8","compute":"fp8","allowed":["int4"]},
            "inference":{"traffic":{"requests_per_day":500000,"hours_per_day":10},"ttft_p95_sla_s":2}})",
        R"({"model":"qwen2.5-32b","precision":{"weights":"int8","compute":"int8"},"inference":{"target_users":16,"ttft_sla_s":2}})",
    };
    for (const char* text : scenarios) {
        const std::vector<PlanRow> rows = catalog::PlanWithCatalog(cat, FromJson(text));
        int checked = 0;
        for (const PlanRow& row : rows) {
            if (!row.Feasible || checked == 5) continue;
            ++checked;
            INFO(text << " — " << row.GpuId << " " << row.Precision);
            const Result r = catalog::EvaluateWithCosts(cat, row.Chosen);
            REQUIRE(r.Ok);
            CHECK(row.TtftP95S == r.Inference.TtftP95S);
            CHECK(row.TtftP99S == r.Inference.TtftP99S);
            if (r.Cost.Serving.TtftP95S > 0) CHECK(r.Cost.Serving.TtftP95S == r.Inference.TtftP95S);
            CHECK(FormatName(row.Chosen.Precision.Weights) == row.Precision);
        }
        CHECK(checked > 0);
    }
}

TEST_CASE("the guides' rule on the worked examples (docs/PLANNING.md): the cheapest card that fits the model and the traffic wins") {
    const catalog::Catalog& cat = Shipped();
    // A mid-size model: a flagship loses to a 48 GB card.
    const std::vector<PlanRow> mid = catalog::PlanWithCatalog(cat, FromJson(R"({"model":"qwen2.5-32b",
        "precision":{"weights":"int8","compute":"int8"},"inference":{"input_tokens":1024,"output_tokens":256,"target_users":16,
        "ttft_sla_s":2,"min_tokens_per_s_per_user":10}})"));
    REQUIRE(mid[0].Feasible);
    CHECK_FALSE(Flagship(mid[0].GpuId));
    CHECK(mid[0].GpuCount == 1);
    // A large model: a flagship wins — fewer, bigger GPUs on one node beat many small ones.
    const std::vector<PlanRow> large = catalog::PlanWithCatalog(cat, FromJson(R"({"model":"llama-3.1-405b",
        "precision":{"weights":"fp8","kv_cache":"fp8","compute":"fp8"},"inference":{"input_tokens":2048,"output_tokens":512,
        "target_users":64,"ttft_sla_s":3,"min_tokens_per_s_per_user":15}})"));
    REQUIRE(large[0].Feasible);
    CHECK(Flagship(large[0].GpuId));
    // A batch job where spot competes: 10 M requests within 12 h fill whole 8-GPU spot nodes; a card runs on spot only
    // where its spot job (with the interruptions' overhead) is cheaper, and the ranking sorts by the chosen cost
    // (which card wins moves with the serving speeds and the offers).
    const std::vector<PlanRow> batch = catalog::PlanWithCatalog(cat, FromJson(R"({"model":"llama-3.1-70b",
        "precision":{"weights":"fp8","compute":"fp8"},"inference":{"mode":"batch","input_tokens":1024,"output_tokens":256,
        "batch_requests":10000000,"deadline_s":43200}})"));
    REQUIRE(batch[0].Feasible);
    CHECK(batch[0].TimeS <= 43200);
    int spot_rows = 0;
    for (const PlanRow& row : batch) {
        if (!row.Feasible) continue;
        if (row.MetricKind == "spot") CHECK(row.SpotJobCost < row.JobCost);
        CHECK(row.Metric == doctest::Approx(row.MetricKind == "spot" ? row.SpotJobCost : row.JobCost));
        CHECK(row.Metric >= batch[0].Metric);
        spot_rows += row.MetricKind == "spot" ? 1 : 0;
    }
    CHECK(spot_rows >= 3);
}

} // TEST_SUITE
