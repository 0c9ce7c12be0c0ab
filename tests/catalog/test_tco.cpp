// Own or rent (gpuplan tco): the worked example of each guide tier (docs/OWN-OR-RENT.md, docs/examples/tco/) with
// its arithmetic written out, and one scenario for each mistake guides 000 and 002 warn about.
// Catalog defaults used below (catalogs/tco.json): electricity 0.12 USD/kWh, PUE 1.56, colocation 184.06 USD per
// kW-month, maintenance 20 % a year, 5 years straight to zero, no staff, InfiniBand fabric 1,882.5 USD per GPU.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "catalog/catalog.h"
#include "scenario/scenario_json.h"

using namespace engine;

namespace {

const catalog::Catalog& Embedded() {
    static const catalog::Catalog cat = [] {
        std::vector<catalog::Issue> issues;
        return catalog::LoadFileSet(catalog::EmbeddedFiles(), &issues);
    }();
    return cat;
}

Scenario Parse(const std::string& text) {
    Scenario s;
    std::vector<catalog::Issue> issues;
    const bool ok = scenario::ScenarioFromJson(text, Embedded(), &s, &issues);
    for (const catalog::Issue& issue : issues) INFO(issue.ToString());
    REQUIRE(ok);
    return s;
}

Scenario Example(const std::string& name) {
    std::ifstream file(std::string(GPUPLAN_SOURCE_DIR) + "/docs/examples/tco/" + name + ".json");
    REQUIRE(file.good());
    std::stringstream text;
    text << file.rdbuf();
    return Parse(text.str());
}

TcoResult Tco(const Scenario& s, Result* result_out = nullptr) {
    const Result r = catalog::EvaluateWithCosts(Embedded(), s);
    REQUIRE(r.Ok);
    if (result_out != nullptr) *result_out = r;
    return catalog::EvaluateTco(Embedded(), s, r, catalog::PlanWithCatalog(Embedded(), s));
}

bool HasAdvice(const TcoResult& t, const std::string& code) {
    for (const TcoAdvice& w : t.Advice)
        if (w.Code == code) return true;
    return false;
}

} // namespace

TEST_SUITE("catalog") {

TEST_CASE("the ownership catalogs load without errors and every server names a catalog GPU") {
    std::vector<catalog::Issue> issues;
    const catalog::Catalog cat = catalog::LoadFileSet(catalog::EmbeddedFiles(), &issues);
    for (const catalog::Issue& issue : issues) CHECK_MESSAGE(!issue.IsError, issue.ToString());
    CHECK(cat.Servers.size() >= 8);
    CHECK(cat.Tiers.size() == 6);
    CHECK(cat.Stacks.size() >= 7);
    CHECK(cat.Tco.Loaded);
    for (const ServerSpec& server : cat.Servers) {
        CHECK_MESSAGE(cat.FindGpu(server.GpuId) != nullptr, server.Id);
        CHECK_MESSAGE(!server.Source.empty(), server.Id);
        if (server.PriceUsd > 0) CHECK_MESSAGE(!server.PriceSource.empty(), server.Id);
    }
}

TEST_CASE("a server with a wrong unit or a missing source is rejected with file, entry and field") {
    catalog::Catalog cat;
    std::vector<catalog::Issue> issues;
    catalog::LoadServersJson("servers.json", R"({"schema":"gpuplan.servers/1","servers":[
        {"id":"x","name":"X","kind":"hgx8","gpu":"h100-sxm","gpus":8,"power_load_kw":10200,"power_basis":"nameplate_max","price_usd":300000}]})",
                             &cat, &issues);
    std::string all;
    for (const catalog::Issue& issue : issues) all += issue.ToString() + "\n";
    CHECK(all.find("servers.json: x: power_load_kw") != std::string::npos);
    CHECK(all.find("servers.json: x: price_source") != std::string::npos);
    CHECK(all.find("servers.json: x: source") != std::string::npos);
}

TEST_CASE("worked example, inference tier 2: 8× H100 node serving Llama 3.1 70B in FP8") {
    const TcoResult t = Tco(Example("inference-2"));
    CHECK(t.Tier == 2);
    REQUIRE(t.HasServer);
    CHECK(t.Server.Id == "dgx-h100");
    CHECK(t.Nodes == 1);
    // purchase: one node at the 317,000 USD quote
    CHECK(t.PurchaseCost == doctest::Approx(317000));
    // energy: 10.2 kW × 1.0 busy × 730 h × PUE 1.56 × 0.12 = 1,393.89
    CHECK(t.EnergyPerMonth == doctest::Approx(1393.8912));
    // colocation: 10.2 kW × 184.06 = 1,877.41; maintenance: 317,000 × 0.20 / 12 = 5,283.33
    CHECK(t.ColocationPerMonth == doctest::Approx(1877.412));
    CHECK(t.MaintenancePerMonth == doctest::Approx(5283.3333));
    // running: 1,393.89 + 1,877.41 + 5,283.33 + 0 staff = 8,554.64
    CHECK(t.RunningPerMonth == doctest::Approx(8554.6365));
    // rent: 8 GPUs × 2.69 USD × 730 h = 15,709.60
    CHECK(t.RentPerMonth == doctest::Approx(15709.6));
    // payback: 317,000 / (15,709.60 − 8,554.64) = 44.3 months: inside 60 months, after the guide's 18
    CHECK(t.PaybackMonths == doctest::Approx(44.3049).epsilon(1e-4));
    CHECK(t.Exact == Verdict::Borderline);
    // 50 % rule: 0.5 × (317,000 + 12 × 8,554.64) = 209,827.82 > 15,709.60 rent → the rule says rent
    CHECK(t.RuleThreshold == doctest::Approx(209827.82));
    CHECK(t.RuleVerdict == Verdict::Rent);
    // curve: month 60 own = 317,000 + 60 × 8,554.64; rent = 60 × 15,709.60
    REQUIRE(t.Curve.size() == 61);
    CHECK(t.Curve.back().Own == doctest::Approx(317000 + 60 * 8554.6365));
    CHECK(t.Curve.back().Rent == doctest::Approx(60 * 15709.6));
}

TEST_CASE("hybrid year of an inference scenario: own the serving node, rent four LoRA runs of the same model") {
    const TcoResult t = Tco(Example("inference-2"));
    REQUIRE(t.HybridYear);
    CHECK(t.YearRuns == 4); // catalogs/tco.json: fine-tuning once a quarter (guide 002)
    CHECK(t.YearRunCost > 0);
    // own: 12 × 13,837.97 = 166,055.64 plus the runs; rent both: 12 × 15,709.60 = 188,515.20 plus the runs
    CHECK(t.YearOwnInference == doctest::Approx(12 * 13837.9699));
    CHECK(t.YearHybrid == doctest::Approx(12 * 13837.9699 + 4 * t.YearRunCost));
    CHECK(t.YearRentAll == doctest::Approx(188515.2 + 4 * t.YearRunCost));
    CHECK(t.YearHybrid < t.YearRentAll);
}

TEST_CASE("worked example, inference tier 3: two 8× H100 nodes for 2,000 concurrent users") {
    const TcoResult t = Tco(Example("inference-3"));
    CHECK(t.Tier == 3);
    REQUIRE(t.HasServer);
    CHECK(t.Nodes == 2);
    CHECK(t.ItPowerKw == doctest::Approx(20.4));             // 2 × 10.2 kW
    CHECK(t.PurchaseCost == doctest::Approx(634000));        // 2 × 317,000
    CHECK(t.EnergyPerMonth == doctest::Approx(2787.7824));   // 20.4 × 730 × 1.56 × 0.12
    CHECK(t.RentPerMonth == doctest::Approx(31419.2));       // 16 × 2.69 × 730
    CHECK(t.RunningPerMonth == doctest::Approx(17109.2731)); // 2,787.78 + 3,754.82 + 10,566.67
    CHECK(t.PaybackMonths == doctest::Approx(634000 / (31419.2 - 17109.2731)));
    CHECK(t.Exact == Verdict::Borderline);
    CHECK(t.RuleVerdict == Verdict::Rent);
}

TEST_CASE("worked example, inference tier 1: an RTX 4090 put into a PC you own, busy half the day") {
    const TcoResult t = Tco(Example("inference-1"));
    CHECK(t.Tier == 1);
    REQUIRE(t.HasServer);
    CHECK(t.Server.Id == "box1-rtx4090");
    CHECK(t.PurchaseCost == doctest::Approx(1599));          // cost.tco.node_price: the card's launch price
    CHECK_FALSE(t.PowerFromNode);                            // board power only, and the advice says so
    CHECK(HasAdvice(t, "node_power_unknown"));
    CHECK(t.EnergyPerMonth == doctest::Approx(19.71));       // 0.45 kW × 0.5 × 730 h × PUE 1 (office) × 0.12
    CHECK(t.ColocationPerMonth == 0);                        // an office box rents no rack
    CHECK(t.RunningPerMonth == doctest::Approx(46.36));      // 19.71 + 1,599 × 0.2 / 12 = 19.71 + 26.65
    CHECK(t.RentPerMonth == doctest::Approx(124.1));         // 0.34 × 730 × 0.5
    CHECK(t.PaybackMonths == doctest::Approx(1599 / 77.74)); // 1,599 / (124.10 − 46.36) = 20.6 months
    CHECK(t.Exact == Verdict::Borderline);
}

TEST_CASE("worked examples, training tiers 1 and 2: one 8-GPU node against renting a few runs a year") {
    for (const char* name : {"training-1", "training-2"}) {
        CAPTURE(name);
        Result r;
        const TcoResult t = Tco(Example(name), &r);
        CHECK(t.Tier == (std::string(name) == "training-1" ? 1 : 2));
        REQUIRE(t.HasServer);
        REQUIRE(t.Hybrid);
        const double hours = r.Training.TimeS / 3600;
        // rent per run: GPUs × 2.69 USD × hours (the visitor's rate bills by the second)
        CHECK(t.RunRentCost == doctest::Approx(t.GpusUsed * 2.69 * hours));
        // busy share: runs × hours / 8,760
        CHECK(t.Utilization == doctest::Approx(t.RunsPerYear * hours / 8760));
        CHECK(t.EnergyPerMonth == doctest::Approx(10.2 * t.Utilization * 730 * 1.56 * 0.12));
        // the node pays for 8 GPUs; the run uses fewer
        CHECK(HasAdvice(t, "node_underused"));
        CHECK(t.Exact == Verdict::Rent);
        CHECK(t.BreakEvenRunsPerYear > t.RunsPerYear);
    }
}

TEST_CASE("worked example, training tier 3: four 8× H100 nodes with an InfiniBand fabric, two pre-training runs a year") {
    Result r;
    const TcoResult t = Tco(Example("training-3"), &r);
    CHECK(t.Tier == 3);
    REQUIRE(t.HasServer);
    CHECK(t.Nodes == 4);
    // 4 × 317,000 + 32 GPUs × 1,882.50 fabric = 1,268,000 + 60,240 = 1,328,240
    CHECK(t.PurchaseCost == doctest::Approx(1328240));
    CHECK(t.ItPowerKw == doctest::Approx(40.8));
    const double hours = r.Training.TimeS / 3600;
    CHECK(t.RunRentCost == doctest::Approx(32 * 2.69 * hours));
    // break-even: fixed per year / (run rented − run energy)
    const double fixed = 12 * (t.DepreciationPerMonth + t.ColocationPerMonth + t.MaintenancePerMonth + t.StaffPerMonth);
    const double run_energy = 40.8 * hours * 1.56 * 0.12;
    CHECK(t.BreakEvenRunsPerYear == doctest::Approx(fixed / (t.RunRentCost - run_energy)));
    CHECK_FALSE(HasAdvice(t, "network_skimped")); // 400 Gb/s InfiniBand per GPU
}

// A B300 scenario once printed "No purchase to price": servers.json had no B300 node. The DGX B300 now prices it
// with the system price gpus.json's B300 street price was derived from (325,000 USD / 8 = 40,625 USD per GPU), and
// draws NVIDIA's ~14 kW datasheet figure rather than 8 × 1,100 W of board power.
TEST_CASE("a B300 scenario buys a DGX B300 node priced from the same system price as the B300 card") {
    const TcoResult t = Tco(Parse(R"({"workload":"inference","model":"llama-3.1-405b","hardware":{"gpu":"b300","count":8}})"));
    REQUIRE(t.HasServer);
    CHECK(t.Server.Id == "dgx-b300");
    CHECK(t.Nodes == 1);
    CHECK(t.PurchaseComplete);
    CHECK(t.PurchaseCost == doctest::Approx(325000));
    CHECK(t.PowerFromNode);
    CHECK(t.NodePowerKw == doctest::Approx(14.0));
    CHECK(t.Server.NetworkGbpsPerGpu == doctest::Approx(800));
    const catalog::GpuEntry* b300 = Embedded().FindGpu("b300");
    REQUIRE(b300 != nullptr);
    CHECK(b300->PurchasePriceUsd * t.Server.Gpus == doctest::Approx(t.Server.PriceUsd));
    // 16 GPUs: two nodes, two node prices
    const TcoResult two = Tco(Parse(R"({"workload":"inference","model":"llama-3.1-405b","hardware":{"gpu":"b300","count":16}})"));
    CHECK(two.Nodes == 2);
    CHECK(two.PurchaseCost == doctest::Approx(650000));
}

// An MI325X scenario once printed "No purchase to price": servers.json had no MI325X node. The Supermicro AS-8126GS-TNMR
// now prices it with its eStore starting price (245,580.19 USD, read 2026-09-21), the figure gpus.json's MI325X street
// price was derived from (/ 8 = 30,697.52 USD per GPU). No node power is published, so electricity counts 8 × 1,000 W of
// board power and says so. With a rental rate to compare, the verdict has a payback.
TEST_CASE("an MI325X scenario buys a Supermicro AS-8126GS-TNMR node priced from the same system price as the MI325X card") {
    const TcoResult t = Tco(Parse(R"({"workload":"inference","model":"llama-3.1-405b","hardware":{"gpu":"mi325x","count":8},
        "precision":{"weights":"fp8","kv_cache":"fp8","compute":"fp8"},"inference":{"tensor_parallel":8},"cost":{"price_per_gpu_hour":2.25}})"));
    REQUIRE(t.HasServer);
    CHECK(t.Server.Id == "as-8126gs-tnmr-mi325x");
    CHECK(t.Nodes == 1);
    CHECK(t.PurchaseComplete);
    CHECK(t.PurchaseCost == doctest::Approx(245580.19));
    CHECK_FALSE(t.PowerFromNode);
    CHECK(t.NodePowerKw == doctest::Approx(8.0)); // 8 × 1,000 W board power
    CHECK(HasAdvice(t, "node_power_unknown"));
    const catalog::GpuEntry* mi325x = Embedded().FindGpu("mi325x");
    REQUIRE(mi325x != nullptr);
    CHECK(mi325x->PurchasePriceUsd * t.Server.Gpus == doctest::Approx(t.Server.PriceUsd)); // to the cent: 8 × 30,697.52
    // rent 8 × 2.25 × 730 = 13,140 a month; payback = purchase / (rent − running), finite and positive
    CHECK(t.RentPerMonth == doctest::Approx(8 * 2.25 * 730));
    REQUIRE(t.PaybackMonths > 0);
    CHECK(t.PaybackMonths == doctest::Approx(245580.19 / (t.RentPerMonth - t.RunningPerMonth)));
    CHECK(t.Exact != Verdict::Unknown);
}

// The DGX A100 640GB has no dated system price: its eight A100 80GB SXM cards are priced from gpus.json and the host is
// listed unpriced, so the purchase is incomplete but the node's 6.5 kW still drives power and colocation.
TEST_CASE("an A100 80GB SXM scenario buys a DGX A100 node with its cards priced and its host unpriced") {
    const TcoResult t = Tco(Parse(R"({"workload":"inference","model":"llama-3.1-70b","hardware":{"gpu":"a100-80gb-sxm","count":8}})"));
    REQUIRE(t.HasServer);
    CHECK(t.Server.Id == "dgx-a100-640gb");
    CHECK_FALSE(t.PurchaseComplete);
    const catalog::GpuEntry* a100 = Embedded().FindGpu("a100-80gb-sxm");
    REQUIRE(a100 != nullptr);
    CHECK(t.PurchaseCost == doctest::Approx(8 * a100->PurchasePriceUsd));
    CHECK(t.PowerFromNode);
    CHECK(t.NodePowerKw == doctest::Approx(6.5));
}

TEST_CASE("mistake: a flagship B200 for a mid-size model names a cheaper GPU that serves it") {
    const TcoResult t = Tco(Parse(R"({"workload":"inference","model":"llama-3.1-8b","hardware":{"gpu":"b200","count":1},
        "precision":{"weights":"fp8","kv_cache":"fp8","compute":"fp8"}})"));
    REQUIRE(HasAdvice(t, "flagship_for_midsize"));
    CHECK(HasAdvice(t, "power_cooling")); // B200: 1 kW per GPU, 14.3 kW node
    for (const TcoAdvice& w : t.Advice)
        if (w.Code == "flagship_for_midsize") CHECK(w.Message.find("Cheaper:") != std::string::npos);
    // the same model on an L40S is no mistake
    CHECK_FALSE(HasAdvice(Tco(Parse(R"({"workload":"inference","model":"llama-3.1-8b","hardware":{"gpu":"l40s","count":1}})")), "flagship_for_midsize"));
}

TEST_CASE("mistake: a stack that does not run on the GPU, or does not load the format") {
    const TcoResult amd = Tco(Parse(R"({"workload":"inference","model":"llama-3.1-8b","hardware":{"gpu":"mi300x","count":1},"stack":"tensorrt-llm"})"));
    REQUIRE(HasAdvice(amd, "stack_unsupported"));
    for (const TcoAdvice& w : amd.Advice)
        if (w.Code == "stack_unsupported") CHECK(w.Message.find("vLLM") != std::string::npos); // the alternative on ROCm
    const TcoResult gguf = Tco(Parse(R"({"workload":"inference","model":"llama-3.1-8b","hardware":{"gpu":"h100-sxm","count":1},
        "precision":{"weights":"q4_k_m","kv_cache":"fp16","compute":"fp16"},"stack":"tensorrt-llm"})"));
    REQUIRE(HasAdvice(gguf, "format_unsupported"));
    for (const TcoAdvice& w : gguf.Advice)
        if (w.Code == "format_unsupported") CHECK(w.Message.find("llama.cpp") != std::string::npos);
    CHECK_FALSE(HasAdvice(Tco(Example("inference-2")), "stack_unsupported")); // vLLM on H100
}

TEST_CASE("mistake: data that must stay in Russia leaves foreign offers out and names a foreign provider chosen") {
    Result r;
    const TcoResult t = Tco(Parse(R"({"workload":"inference","model":"llama-3.1-8b","hardware":{"gpu":"h100-sxm","count":1},
        "cost":{"data_residency":"RU"}})"), &r);
    REQUIRE(HasAdvice(t, "data_residency"));
    for (const OfferCost& offer : r.Cost.Offers) {
        const catalog::Provider* provider = nullptr;
        for (const catalog::Provider& p : Embedded().Providers)
            if (p.Name == offer.Provider) provider = &p;
        REQUIRE(provider != nullptr);
        CHECK(provider->Country == "RU");
    }
    const TcoResult chosen = Tco(Parse(R"({"workload":"inference","model":"llama-3.1-8b","hardware":{"gpu":"h100-sxm","count":1},
        "cost":{"data_residency":"RU","provider":"aws"}})"));
    REQUIRE(HasAdvice(chosen, "data_residency"));
    for (const TcoAdvice& w : chosen.Advice) // a foreign cloud chosen: the advice names it, its country and the way out
        if (w.Code == "data_residency") {
            CHECK(w.Message.find("but aws is in US") != std::string::npos);
            CHECK(w.Message.find("own the hardware") != std::string::npos);
        }
    // export rules: the H100's note is shown, with the guide's import-substitution card for Russia
    REQUIRE(HasAdvice(t, "export_restricted"));
    for (const TcoAdvice& w : t.Advice)
        if (w.Code == "export_restricted") CHECK(w.Message.find("Ascend 910C") != std::string::npos);
}

TEST_CASE("mistake: multi-node training on a slow network") {
    const TcoResult t = Tco(Parse(R"({"workload":"pretrain","model":"llama-3.1-8b","hardware":{"gpu":"h100-sxm","count":16,"network_gb_s_per_gpu":12.5},
        "training":{"tokens":1e10},"cost":{"price_per_gpu_hour":2.69}})"));
    CHECK(t.Nodes == 2);
    CHECK(HasAdvice(t, "network_skimped")); // 12.5 GB/s = 100 Gb/s < 200 Gb/s
}

TEST_CASE("mistake: counting only the card price") {
    const TcoResult t = Tco(Parse(R"({"workload":"inference","model":"llama-3.1-70b","hardware":{"gpu":"h100-sxm","count":8},
        "precision":{"weights":"fp8","kv_cache":"fp8","compute":"fp8"},"inference":{"tensor_parallel":2},
        "cost":{"price_per_gpu_hour":2.69,"purchase_price_per_gpu":25000}})"));
    CHECK(HasAdvice(t, "card_price_only"));
}

TEST_CASE("cost.tco overrides replace the catalog defaults and are written back") {
    const Scenario s = Parse(R"({"workload":"inference","model":"llama-3.1-70b","hardware":{"gpu":"h100-sxm","count":8},
        "precision":{"weights":"fp8","kv_cache":"fp8","compute":"fp8"},"inference":{"tensor_parallel":2},
        "cost":{"price_per_gpu_hour":2.69,"tco":{"node_price":250000,"colocation_per_kw_month":0,"maintenance_share_per_year":0.1,"depreciation_years":3}}})");
    const TcoResult t = Tco(s);
    CHECK(t.PurchaseCost == doctest::Approx(250000));
    CHECK(t.ColocationPerMonth == 0);
    CHECK(t.MaintenancePerMonth == doctest::Approx(250000 * 0.1 / 12));
    CHECK(t.HorizonMonths == 36);
    CHECK(scenario::ScenarioToJson(s, true).find("\"node_price\": 250000") != std::string::npos);
}

TEST_CASE("bad cost.tco and residency values are errors naming the field") {
    Scenario s;
    std::vector<catalog::Issue> issues;
    CHECK_FALSE(scenario::ScenarioFromJson(R"({"cost":{"data_residency":"XX","tco":{"server":"nope","residual_share":2}},"stack":"nope"})", Embedded(), &s, &issues));
    std::string all;
    for (const catalog::Issue& issue : issues) all += issue.ToString() + "\n";
    CHECK(all.find("data_residency") != std::string::npos);
    CHECK(all.find("cost.tco.server") != std::string::npos);
    CHECK(all.find("cost.tco.residual_share") != std::string::npos);
    CHECK(all.find("stack") != std::string::npos);
}

} // TEST_SUITE
