// Cost: renting per hour, per training run (billing granularity), per million tokens, spot, buying vs renting.
#include <doctest/doctest.h>

#include <cmath>

#include "engine/cost.h"
#include "engine/derivation.h"
#include "engine/engine.h"
#include "engine/plan.h"
#include "engine/queueing.h"
#include "test_models.h"

using namespace engine;
using test::HasWarning;

namespace {

PriceOption Offer(const char* id, const char* kind, int gpus, double per_gpu_hour, double granularity_s = 1, double minimum_s = 0) {
    PriceOption o;
    o.OfferId = id;
    o.ProviderId = id;
    o.ProviderName = id;
    o.Kind = kind;
    o.GpusPerInstance = gpus;
    o.PricePerGpuHour = per_gpu_hour;
    o.BillingGranularityS = granularity_s;
    o.BillingMinimumS = minimum_s;
    o.AsOf = "2026-11-01";
    return o;
}

// A Result built by hand, so the cost arithmetic is checked apart from the speed model: one replica point of the
// throughput curve at `batch` sequences with TTFT `ttft_at_load_s`, TPOT `tpot_s`, and Llama-3.1-8B's bf16 weights
// on each GPU.
Result ServingResult(int replicas, double batch, double ttft_at_load_s, double tpot_s) {
    Result r;
    r.Fits = true;
    r.Inference.Replicas = replicas;
    r.Inference.GpusPerReplica = 1;
    r.Inference.GpusUsed = replicas;
    r.Inference.TpotS = tpot_s;
    r.Inference.TtftS = 0.1;
    r.Inference.TokensPerSPerUser = 1.0 / tpot_s;
    r.Inference.ThroughputTokensPerS = replicas * batch / tpot_s;
    r.Inference.Curve.push_back(ThroughputPoint{batch * replicas, replicas * batch / tpot_s, 1.0 / tpot_s, tpot_s, ttft_at_load_s});
    r.MemoryPerGpu.Weights = 8030261248.0 * 2.0;
    return r;
}

} // namespace

TEST_SUITE("engine") {

TEST_CASE("Erlang C: the textbook values, and an unstable queue waits forever") {
    // source: Kleinrock (1975), M/M/c: c = 1 reduces to M/M/1, where the chance to wait is ρ.
    CHECK(ErlangC(1, 0.5) == doctest::Approx(0.5));
    // c = 2, a = 1: B = 1/5, C = 2 × 0.2 / (2 − 1 × 0.8) = 1/3.
    CHECK(ErlangC(2, 1.0) == doctest::Approx(1.0 / 3.0));
    CHECK(ErlangC(4, 4.0) == 1.0);
    CHECK(std::isinf(QueueWaitQuantileS(4, 1.0, 4.0, 0.95)));
    // M/D/1 at ρ = 0.5, μ = 1/s, by Allen–Cunneen: the M/M/1 tail 0.5 e^(−0.5 t) with its decay doubled (Cs² = 0,
    // factor (1 + 0) / 2) → the p95 wait is ln(0.5 / 0.05) × 0.5 / 0.5 = 2.303 s (M/M/1: 4.605 s).
    CHECK(QueueWaitQuantileS(1, 1.0, 0.5, 0.95) == doctest::Approx(std::log(10.0) * 0.5 / 0.5));
    // The M/D/1 mean wait is exactly half the M/M/1 one (Pollaczek–Khinchine: ρ S (1 + Cs²) / (2 (1 − ρ))); the
    // approximation's mean, C / (2 (cμ − λ)) = 0.5 / (2 × 0.5) = 0.5 s, is that exact value.
    CHECK(ErlangC(1, 0.5) * kWaitScale / (1.0 - 0.5) == doctest::Approx(0.5 * 1.0 * (1 + kServiceTimeScv) / (2 * (1 - 0.5))));
    // The shortened recursion (started 12 √a below the load) agrees with the full one from k = 1.
    auto full = [](long long c, double a) {
        double b = 1.0;
        for (long long k = 1; k <= c; ++k) b = a * b / (static_cast<double>(k) + a * b);
        return c * b / (c - a * (1.0 - b));
    };
    for (const auto& [c, a] : std::vector<std::pair<long long, double>>{{1050, 1000}, {100400, 100000}, {176, 163.6}})
        CHECK(ErlangC(static_cast<double>(c), a) == doctest::Approx(full(c, a)).epsilon(1e-9));
    const QueueWaits waits = QueueWaitsOf(176, 8.18, 20);
    CHECK(waits.P95S == doctest::Approx(QueueWaitQuantileS(176, 8.18, 20, 0.95)));
    CHECK(waits.P99S == doctest::Approx(QueueWaitQuantileS(176, 8.18, 20, 0.99)));
}

TEST_CASE("golden: a traffic profile → replicas → the monthly bill on Lambda's 1× H100 SXM") {
    // 864,000 requests a day over 24 h = 10 requests/s on average, peak ×2 = 20 requests/s.
    // One request: TTFT at load 0.5 s + 256 output tokens × 0.03 s = 8.18 s; 16 sequences per replica.
    // Offered load 20 × 8.18 = 163.6 Erlangs. p95 TTFT ≤ 1 s and p99 ≤ 1 s (M/D/c by Allen–Cunneen: Erlang C, tail
    // decay 2 (cμ − λ)):
    //   11 replicas (176 slots): C = 0.2465, p95 wait = ln(0.2465/0.05) / (2 × (176/8.18 − 20)) = 0.526 s → p95 1.03 s, missed;
    //   12 replicas (192 slots): C = 0.0188 < 0.05 → p95 wait 0; p99 wait = ln(0.0188/0.01) / (2 × (192/8.18 − 20)) = 0.091 s → met.
    Scenario s = test::Llama8bOnH100();
    s.Inference.OutputTokens = 256;
    s.Inference.Traffic.RequestsPerDay = 864000;
    s.Inference.Traffic.PeakToAverage = 2;
    s.Inference.TtftP95SlaS = 1.0;
    s.Inference.TtftP99SlaS = 1.0;
    const double replicas = ReplicasForRate(s.Inference, 16, 0.5 + 256 * 0.03, 0.5, 20.0, 1e6);
    CHECK(replicas == 12);
    const QueueWaits eleven = QueueWaitsOf(176, 8.18, 20);
    CHECK(0.5 + eleven.P95S == doctest::Approx(0.5 + std::log(ErlangC(176, 163.6) / 0.05) / (2 * (176 / 8.18 - 20))));
    CHECK(0.5 + eleven.P95S > 1.0);
    const QueueWaits twelve = QueueWaitsOf(192, 8.18, 20);
    CHECK(twelve.P95S == 0);
    CHECK(twelve.P99S == doctest::Approx(std::log(ErlangC(192, 163.6) / 0.01) / (2 * (192 / 8.18 - 20))));
    s.GpuCount = 12;
    s.Inference.Concurrency = 16;
    Result r = ServingResult(12, 16, 0.5, 0.03);
    r.Inference.SlotUtilisation = 20 / (192 / 8.18);  // what EvaluateInference fills for the same rate
    r.Inference.TtftP95S = 0.5 + twelve.P95S;
    r.Inference.TtftP99S = 0.5 + twelve.P99S;
    // lambda-1x-h100-sxm-on-demand: 4.29 USD per GPU-hour, billed per minute, no egress charge (catalogs/prices/lambda.json).
    PriceOption lambda = Offer("lambda-1x-h100-sxm-on-demand", "on_demand", 1, 4.29, 60, 60);
    lambda.EgressPerGb = 0;
    ApplyCosts(s, {lambda}, 0.12, &r, 0.08);
    const ServingEconomics& e = r.Cost.Serving;
    REQUIRE(e.Computed);
    CHECK(e.PeakRequestsPerS == doctest::Approx(20.0));
    // The bill's percentiles are the Result's own (one computation; the synthetic Result above carries none of its own
    // unless set): a stable queue copies them.
    CHECK(e.TtftP95S == r.Inference.TtftP95S);
    CHECK(e.TtftP99S == r.Inference.TtftP99S);
    // Always on: 12 GPUs × 4.29 × 730 h = 37,580.40; weights 16.06 GB × 0.08 = 1.28; egress 0 → 37,581.68 a month.
    CHECK(e.GpuPerMonth == doctest::Approx(37580.40));
    CHECK(e.StoragePerMonth == doctest::Approx(1.28484));
    CHECK(e.TotalPerMonth == doctest::Approx(37581.68484));
    // 10 requests/s × 86,400 s × 30.42 days = 26.28 M requests → 1.430 USD per 1,000 requests.
    CHECK(e.RequestsPerMonth == doctest::Approx(26.28e6));
    CHECK(e.PerThousandRequests == doctest::Approx(1.43005).epsilon(1e-4));
    // Idle capacity: 12 × 16 / 8.18 = 23.47 requests/s of capacity for 10 on average → 42.6% busy.
    CHECK(e.Utilization == doctest::Approx(10.0 / (192 / 8.18)));
}

TEST_CASE("one queueing model: the serving bill's p95/p99 are the Result's, at the traffic's peak rate") {
    Scenario s = test::Llama8bOnH100();
    s.GpuCount = 4;
    s.Inference.Concurrency = 16;
    s.Inference.Traffic.RequestsPerS = 3;
    s.Inference.Traffic.PeakToAverage = 2;
    Result r = Evaluate(s);
    REQUIRE(r.Ok);
    CHECK(r.Inference.RequestRatePerS == doctest::Approx(6.0)); // the traffic's peak, not 70 % of capacity
    ApplyCosts(s, {Offer("hourly", "on_demand", 1, 2.0, 3600)}, 0.12, &r, 0.08);
    REQUIRE(r.Cost.Serving.Computed);
    CHECK(r.Cost.Serving.TtftP95S > 0);
    CHECK(r.Cost.Serving.TtftP95S == r.Inference.TtftP95S);
    CHECK(r.Cost.Serving.TtftP99S == r.Inference.TtftP99S);
    int steps = 0; // one derivation step for the p95, not two different ones
    for (const DerivationStep& step : r.Derivation) steps += step.Key == "ttft_p95_s" ? 1 : 0;
    CHECK(steps == 1);
}

TEST_CASE("scale-to-zero bills the traffic hours and the cold start, rounded to the provider's step") {
    Scenario s = test::Llama8bOnH100();
    s.Inference.Traffic.RequestsPerS = 1;
    s.Inference.Traffic.HoursPerDay = 8;
    s.Inference.ScaleToZero = true;
    s.Inference.Concurrency = 16;
    Result r = ServingResult(1, 16, 0.5, 0.03);
    ApplyCosts(s, {Offer("hourly", "on_demand", 1, 2.0, 3600)}, 0.12, &r, 0.08);
    // Cold start: 16.06 GB / 1000 MiB/s = 15.3 s; 8 h + 15.3 s billed by the hour → 9 h a day × 30.42 days.
    CHECK(r.Cost.Serving.ColdStartS == doctest::Approx(16.0605e9 / (1000.0 * 1048576.0)).epsilon(1e-4));
    CHECK(r.Cost.Serving.BilledHoursPerMonth == doctest::Approx(9.0 * 365.0 / 12.0));
    CHECK(r.Cost.Serving.GpuPerMonth == doctest::Approx(2.0 * 9.0 * 365.0 / 12.0));
}

TEST_CASE("the serving bill splits into input and output by GPU time, and a hosted API is priced on the same traffic") {
    Scenario s = test::Llama8bOnH100();
    s.Inference.Traffic.RequestsPerS = 2;
    s.Inference.Concurrency = 16;
    s.Cost.HostedApiPerMillionInput = 0.5;
    s.Cost.HostedApiPerMillionOutput = 1.5;
    Result r = ServingResult(1, 16, 0.5, 0.03);
    ApplyCosts(s, {Offer("a", "on_demand", 1, 2.0)}, 0.12, &r, 0.08);
    const ServingEconomics& e = r.Cost.Serving;
    // Prefill share = 16 × TTFT alone 0.1 s / 256 / 0.03 s = 0.2083.
    CHECK(e.PrefillShare == doctest::Approx(16 * 0.1 / 256 / 0.03));
    CHECK(e.PerMillionInputTokens * e.RequestsPerMonth * 1024 / 1e6 + e.PerMillionOutputTokens * e.RequestsPerMonth * 256 / 1e6 ==
          doctest::Approx(e.TotalPerMonth));
    // 2 × 86,400 × 30.42 = 5.256 M requests × (1024 × 0.5 + 256 × 1.5) / 1e6 = 4,709.4 a month.
    CHECK(e.HostedApiPerMonth == doctest::Approx(5.256e6 * (1024 * 0.5 + 256 * 1.5) / 1e6));
    CHECK(FindStep(r, "hosted_api_per_month") != nullptr);
}

TEST_CASE("golden: a batch job at its optimal batch costs its job time, and spot adds the stated preemption overhead") {
    Scenario s = test::Llama8bOnH100();
    s.Inference.Mode = ServingMode::Batch;
    s.Inference.BatchRequests = 1e6;
    s.Inference.Concurrency = 148; // the optimal batch
    Result r = ServingResult(1, 148, 2.0, 0.05);
    r.Inference.OptimalBatch = 148;
    r.Inference.BatchJobTimeS = 36000; // 10 h for the million requests at batch 148
    ApplyCosts(s, {Offer("od", "on_demand", 1, 0.35), Offer("sp", "spot", 1, 0.20)}, 0.12, &r, 0.08);
    const BatchEconomics& e = r.Cost.Batch;
    REQUIRE(e.Computed);
    // On-demand: 10 h × 0.35 = 3.50.
    CHECK(e.OnDemandCost == doctest::Approx(3.50));
    // Spot: 1/24 interruptions per instance-hour; each reloads the weights (16.06 GB / 1000 MiB/s = 15.32 s) and redoes
    // half a request (service 2 + 256 × 0.05 = 14.8 s → 7.4 s): overhead = 22.72 s / 86,400 s = 0.000263;
    // 36,000 × 1.000263 = 36,009.47 s → 36,010 s billed per second × 0.20 / 3600 = 2.0006.
    CHECK(e.SpotOverhead == doctest::Approx(0.00026292).epsilon(1e-3));
    CHECK(e.SpotTimeS == doctest::Approx(36009.465).epsilon(1e-6));
    CHECK(e.SpotCost == doctest::Approx(2.000556).epsilon(1e-5));
    CHECK(e.SpotCheaper);
}

TEST_CASE("golden: a training run on spot with preemption — Young's checkpoint interval, overhead, cost and storage") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::FullFinetune;
    s.GpuCount = 16;
    Result r;
    r.Fits = true;
    r.Training.TimeS = 360000;            // 100 h on-demand
    r.Training.CheckpointWriteS = 60;     // one full checkpoint
    r.Training.CheckpointBytes = 112.4e9; // weights + optimizer states
    // Two 8-GPU hosts: the offers must state a fast fabric between them (InfiniBand is never assumed).
    PriceOption on_demand = Offer("od", "on_demand", 8, 2.0);
    PriceOption spot = Offer("sp", "spot", 8, 1.2);
    on_demand.Fabric = spot.Fabric = "infiniband";
    ApplyCosts(s, {on_demand, spot}, 0.12, &r, 0.08);
    const TrainingEconomics& e = r.Cost.Train;
    REQUIRE(e.Computed);
    // 2 instances × 1/24 per hour → one interruption every M = 43,200 s. Young: τ = √(2 × 60 × 43,200) = 2,276.8 s.
    CHECK(e.CheckpointIntervalS == doctest::Approx(2276.84).epsilon(1e-5));
    // Overhead = 60 / 2,276.8 + (2,276.8 / 2 + 60 s restart) / 43,200 = 0.02635 + 0.02774 = 0.05409.
    CHECK(e.SpotOverhead == doctest::Approx(0.0540935).epsilon(1e-5));
    // 360,000 × 1.05409 = 379,473.7 s (105.4 h) × 16 × 1.2 = 2,023.86 rent; storage: 2 × 112.4 GB × 0.1444 months +
    // 16.06 GB exported weights = 48.52 GB-months × 0.08 = 3.88 → 2,027.74 on spot.
    CHECK(e.SpotTimeS == doctest::Approx(379473.67).epsilon(1e-6));
    CHECK(e.SpotCost == doctest::Approx(2027.743).epsilon(1e-5));
    // On-demand: 100 h × 16 × 2.0 = 3,200 + storage 3.75 = 3,203.75: spot saves 37%.
    CHECK(e.OnDemandTotal == doctest::Approx(3203.748).epsilon(1e-5));
    CHECK(e.SpotCheaper);
}

TEST_CASE("an offer whose hosts cannot hold the run and that states no fast fabric never prices the headline") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::FullFinetune;
    s.GpuCount = 16;
    Result r;
    r.Fits = true;
    r.Training.TimeS = 3600;
    PriceOption marketplace = Offer("single", "on_demand", 1, 1.0); // 1-GPU hosts, fabric not stated
    PriceOption cluster = Offer("ib", "on_demand", 8, 3.0);
    cluster.Fabric = "infiniband";
    ApplyCosts(s, {marketplace, cluster}, 0.12, &r, 0.08);
    CHECK(r.Cost.CheapestOfferId == "ib");
    CHECK(r.Cost.PerHour == doctest::Approx(48.0));
    CHECK(HasWarning(r, "offers_cannot_host"));
    CHECK(r.Cost.Offers.front().OfferId == "single"); // still listed, cheapest first
    CHECK_FALSE(r.Cost.Offers.front().CanHost);
}

TEST_CASE("a spot price dearer than on-demand is flagged, never used as a saving") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::FullFinetune;
    s.GpuCount = 8;
    Result r;
    r.Fits = true;
    r.Training.TimeS = 3600;
    r.Training.CheckpointWriteS = 60;
    r.Training.CheckpointBytes = 112.4e9;
    PriceOption per_gpu = Offer("od", "on_demand", 1, 1.99);
    per_gpu.GpusPerNode = 8; // sold per GPU on 8-GPU hosts
    ApplyCosts(s, {per_gpu, Offer("node-spot", "spot", 8, 6.57)}, 0.12, &r, 0.08);
    CHECK(r.Cost.SpotDearerThanOnDemand);
    CHECK(HasWarning(r, "spot_dearer"));
    CHECK(r.Cost.Train.SpotCost == 0);
    CHECK_FALSE(r.Cost.Train.SpotCheaper);
}

TEST_CASE("the cheapest on-demand offer prices the deployment; whole instances are rented") {
    Scenario s = test::Llama8bOnH100();
    s.GpuCount = 3;
    Result r = Evaluate(s);
    ApplyCosts(s, {Offer("eight", "on_demand", 8, 2.0), Offer("single", "on_demand", 1, 2.5), Offer("cheap-spot", "spot", 1, 1.0)}, 0.12, &r);
    REQUIRE(r.Cost.Priced);
    // 3 GPUs: one 8-GPU instance = 16/h, three 1-GPU instances = 7.5/h → 7.5
    CHECK(r.Cost.PerHour == doctest::Approx(7.5));
    CHECK(r.Cost.CheapestOfferId == "single");
    CHECK(r.Cost.SpotPerHour == doctest::Approx(3.0));
    CHECK(r.Cost.Offers.front().OfferId == "cheap-spot"); // listed cheapest first
    CHECK(HasWarning(r, "spot_online"));
}

TEST_CASE("cost per million tokens is the hourly price over the tokens generated in an hour") {
    Scenario s = test::Llama8bOnH100();
    s.Inference.Concurrency = 32;
    Result r = Evaluate(s);
    REQUIRE(r.Inference.ThroughputTokensPerS > 0);
    ApplyCosts(s, {Offer("a", "on_demand", 1, 3.6)}, 0.12, &r);
    CHECK(r.Cost.PerMillionTokens == doctest::Approx(3.6 / (r.Inference.ThroughputTokensPerS * 3600.0) * 1e6));
    CHECK(FindStep(r, "cost_per_million_tokens") != nullptr);
}

TEST_CASE("a training run is billed in the provider's steps and at least its minimum") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Lora;
    s.Training.Tokens = 1e6; // a short run: minutes
    Result r = Evaluate(s);
    REQUIRE(r.Ok);
    REQUIRE(r.Training.TimeS > 0);
    REQUIRE(r.Training.TimeS < 3600);
    Result hourly = r;
    ApplyCosts(s, {Offer("hourly", "on_demand", 1, 2.0, 3600)}, 0.12, &hourly);
    CHECK(hourly.Cost.JobCost == doctest::Approx(2.0)); // one whole hour
    Result per_second = r;
    ApplyCosts(s, {Offer("per-second", "on_demand", 1, 2.0, 1)}, 0.12, &per_second);
    CHECK(per_second.Cost.JobCost == doctest::Approx(std::ceil(r.Training.TimeS) / 3600.0 * 2.0));
    Result minimum = r;
    ApplyCosts(s, {Offer("min-day", "on_demand", 1, 2.0, 1, 86400)}, 0.12, &minimum);
    CHECK(minimum.Cost.JobCost == doctest::Approx(48.0));
}

TEST_CASE("the visitor's own rate replaces catalog offers; a provider filter narrows them") {
    Scenario s = test::Llama8bOnH100();
    s.GpuCount = 2;
    s.Cost.PricePerGpuHour = 1.25;
    Result r = Evaluate(s);
    ApplyCosts(s, {Offer("a", "on_demand", 1, 9.0)}, 0.12, &r);
    CHECK(r.Cost.PerHour == doctest::Approx(2.5));
    s.Cost.PricePerGpuHour = 0;
    s.Cost.Provider = "nobody";
    Result none = Evaluate(s);
    ApplyCosts(s, {Offer("a", "on_demand", 1, 9.0)}, 0.12, &none);
    CHECK_FALSE(none.Cost.Priced);
    CHECK(HasWarning(none, "no_price"));
}

TEST_CASE("buying pays back when a month of rent exceeds a month of power, at the stated load") {
    Scenario s = test::Llama8bOnH100();
    s.GpuCount = 8;
    s.Cost.PurchasePricePerGpu = 30000;
    s.Cost.ElectricityPerKwh = 0.10;
    s.Cost.Pue = 1.5;
    s.Cost.Utilization = 0.8;
    Result r = Evaluate(s);
    ApplyCosts(s, {Offer("a", "on_demand", 8, 2.5)}, 0.12, &r);
    // rent 8 × 2.5 × 730 × 0.8 = 11,680/month; power 8 × 0.7 kW × 1.5 × 730 × 0.8 × 0.10 = 490.56/month
    CHECK(r.Cost.RentPerMonth == doctest::Approx(11680.0));
    CHECK(r.Cost.OwnPerMonth == doctest::Approx(490.56));
    CHECK(r.Cost.PaybackMonths == doctest::Approx(240000.0 / (11680.0 - 490.56)));
    // ≈ 21 months: the order of the brief's rule of thumb (buying for steady inference pays back in 12–18 months).
    CHECK(r.Cost.PaybackMonths > 12);
    CHECK(r.Cost.PaybackMonths < 24);
}

} // TEST_SUITE
