// Cost: renting per hour, per training run (billing granularity), per million tokens, spot, buying vs renting.
#include <doctest/doctest.h>

#include <cmath>

#include "engine/cost.h"
#include "engine/derivation.h"
#include "engine/engine.h"
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

} // namespace

TEST_SUITE("engine") {

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
