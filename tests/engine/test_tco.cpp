// Own or rent (engine/tco.h) on synthetic inputs with round numbers, independent of the shipped catalogs.
#include <doctest/doctest.h>

#include "engine/engine.h"
#include "engine/tco.h"
#include "test_models.h"

using namespace engine;

namespace {

// A 4-GPU node drawing 2 kW at 100,000 (currency units): round numbers the arithmetic below can follow.
ServerSpec Node() {
    ServerSpec n;
    n.Id = "node";
    n.Name = "Test node";
    n.Kind = "hgx8";
    n.GpuId = "h100-sxm";
    n.Gpus = 4;
    n.PowerLoadKw = 2;
    n.PowerBasis = "measured";
    return n;
}

TcoAssumptions Round() {
    TcoAssumptions a;
    a.ElectricityPerKwh = 0.1;
    a.Pue = 1.5;
    a.ColocationPerKwMonth = 100;
    a.MaintenanceSharePerYear = 0.12;
    a.DepreciationYears = 5;
    a.ResidualShare = 0;
    a.NodePrice = 100000;
    return a;
}

std::vector<TierSpec> Tiers() {
    std::vector<TierSpec> tiers(6);
    tiers[0] = {"training-1", true, 1, "up to 7B", 7e9, -1, {}, "", "", {}};
    tiers[1] = {"training-2", true, 2, "13-70B", 70e9, -1, {}, "", "", {}};
    tiers[2] = {"training-3", true, 3, "100B+", -1, -1, {}, "", "", {}};
    tiers[3] = {"inference-1", false, 1, "up to 13B quantized", 13e9, -1, {}, "", "", {}};
    tiers[4] = {"inference-2", false, 2, "up to 70B", -1, -1, {}, "", "", {}};
    tiers[5] = {"inference-3", false, 3, "thousands of users", -1, 1000, {}, "", "", {}};
    return tiers;
}

// Inference on 4 GPUs renting at `per_gpu_hour`, evaluated, with the rent already applied.
TcoResult Inference(double per_gpu_hour, const TcoAssumptions& a = Round(), double utilization = 1) {
    Scenario s = test::Llama8bOnH100();
    s.GpuCount = 4;
    s.Cost.PricePerGpuHour = per_gpu_hour;
    s.Cost.Utilization = utilization;
    Result r = Evaluate(s);
    ApplyCosts(s, {}, 0.1, &r);
    const ServerSpec node = Node();
    return ComputeTco(s, r, &node, a, Tiers(), AdviceRules(), {}, AdviceContext(), {});
}

} // namespace

TEST_SUITE("engine") {

TEST_CASE("running cost per month is energy + colocation + maintenance + staff, each from its own assumption") {
    const TcoResult t = Inference(3.0);
    // energy: 2 kW × 1.0 × 730 h × PUE 1.5 × 0.1 = 219; colocation: 2 kW × 100 = 200; maintenance: 100,000 × 0.12 / 12 = 1,000
    CHECK(t.EnergyPerMonth == doctest::Approx(219));
    CHECK(t.ColocationPerMonth == doctest::Approx(200));
    CHECK(t.MaintenancePerMonth == doctest::Approx(1000));
    CHECK(t.StaffPerMonth == 0);
    CHECK(t.RunningPerMonth == doctest::Approx(1419));
    // depreciation: 100,000 / 60 months = 1,666.67
    CHECK(t.DepreciationPerMonth == doctest::Approx(1666.6667));
    // rent: 4 × 3.0 × 730 = 8,760; payback: 100,000 / (8,760 − 1,419) = 13.62 months → buy (≤ 18)
    CHECK(t.RentPerMonth == doctest::Approx(8760));
    CHECK(t.PaybackMonths == doctest::Approx(100000.0 / 7341));
    CHECK(t.Exact == Verdict::Buy);
}

TEST_CASE("the verdict moves from buy to borderline to rent as renting gets cheaper") {
    // rent 4 × 1.5 × 730 = 4,380: payback 100,000 / 2,961 = 33.8 months → borderline (≤ 60)
    CHECK(Inference(1.5).Exact == Verdict::Borderline);
    // rent 4 × 0.8 × 730 = 2,336: payback 100,000 / 917 = 109 months → rent (beyond 60)
    CHECK(Inference(0.8).Exact == Verdict::Rent);
    // rent 4 × 0.4 × 730 = 1,168 < running 1,419: never pays back
    const TcoResult never = Inference(0.4);
    CHECK(never.Exact == Verdict::Rent);
    CHECK(never.PaybackMonths == -1);
}

TEST_CASE("the guide's 50 % rule can disagree with the exact answer, and both are reported") {
    const TcoResult t = Inference(3.0);
    // rule: 0.5 × (100,000 + 12 × 1,419) = 58,514 > rent 8,760 → the rule says rent while payback says buy
    CHECK(t.RuleThreshold == doctest::Approx(58514));
    CHECK(t.RuleVerdict == Verdict::Rent);
    CHECK(t.Exact == Verdict::Buy);
    // at 40 per GPU-hour the rent (116,800 a month) clears the rule too
    CHECK(Inference(40).RuleVerdict == Verdict::Buy);
}

TEST_CASE("lower utilisation lowers the rent and the energy, not the colocation or maintenance") {
    const TcoResult half = Inference(3.0, Round(), 0.5);
    CHECK(half.RentPerMonth == doctest::Approx(4380));
    CHECK(half.EnergyPerMonth == doctest::Approx(109.5));
    CHECK(half.ColocationPerMonth == doctest::Approx(200));
    CHECK(half.MaintenancePerMonth == doctest::Approx(1000));
}

TEST_CASE("an unpriced host gives no verdict but still counts what is priced") {
    TcoAssumptions a = Round();
    a.NodePrice = -1;
    a.GpuPrice = 20000;
    const TcoResult t = Inference(3.0, a);
    CHECK_FALSE(t.PurchaseComplete);
    CHECK(t.PurchaseCost == doctest::Approx(80000)); // 4 cards × 20,000; the host line is unpriced
    CHECK(t.Exact == Verdict::Unknown);
    CHECK(t.RuleVerdict == Verdict::Unknown);
}

TEST_CASE("the crossover curve starts at the purchase and zero rent, and the lines cross at the payback month") {
    const TcoResult t = Inference(3.0);
    REQUIRE(t.Curve.size() == 61);
    CHECK(t.Curve[0].Own == doctest::Approx(100000));
    CHECK(t.Curve[0].Rent == 0);
    const int before = static_cast<int>(t.PaybackMonths);
    CHECK(t.Curve[before].Own > t.Curve[before].Rent);
    CHECK(t.Curve[before + 1].Own < t.Curve[before + 1].Rent);
}

TEST_CASE("tiers follow the guide's tables: size for training, size and traffic for inference") {
    Scenario s = test::Llama8bOnH100();
    Result r = Evaluate(s);
    TcoResult t;
    WorkloadTier(s, r, Tiers(), &t);
    CHECK(t.Tier == 1); // 8B in bf16, up to 13B
    s.Inference.TargetUsers = 5000;
    WorkloadTier(s, r, Tiers(), &t);
    CHECK(t.Tier == 3);
    s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Lora;
    WorkloadTier(s, Evaluate(s), Tiers(), &t);
    CHECK(t.Tier == 2); // 8.03B is above tier 1's 7B class (7.7B with the 10 % slack)
    s.Workload = WorkloadKind::Pretrain;
    WorkloadTier(s, Evaluate(s), Tiers(), &t);
    CHECK(t.Tier == 3); // full pre-training
}

TEST_CASE("the node is chosen to hold the deployment in the fewest nodes") {
    Scenario s = test::Llama8bOnH100();
    ServerSpec four = Node(), eight = Node();
    eight.Id = "eight";
    eight.Gpus = 8;
    s.GpuCount = 8;
    CHECK(ChooseServer(s, {four, eight}, "")->Id == "eight");
    s.GpuCount = 3;
    CHECK(ChooseServer(s, {four, eight}, "")->Id == "node"); // one node either way: the smaller buys fewer idle GPUs
    CHECK(ChooseServer(s, {four, eight}, "eight")->Id == "eight");
    s.Gpu.Id = "other";
    CHECK(ChooseServer(s, {four, eight}, "") == nullptr);
}

TEST_CASE("a node chosen by id that carries another GPU is refused with a reason, not priced") {
    Scenario s = test::Llama8bOnH100();
    s.Gpu.Id = "b200";
    s.Cost.Tco.ServerId = "node";
    Result r = Evaluate(s);
    const ServerSpec node = Node(); // h100-sxm
    const TcoResult t = ComputeTco(s, r, &node, Round(), Tiers(), AdviceRules(), {}, AdviceContext(), {});
    CHECK_FALSE(t.HasServer);
    CHECK(t.Reason.find("carries h100-sxm") != std::string::npos);
    CHECK(t.PurchaseCost == 0);
}

} // TEST_SUITE
