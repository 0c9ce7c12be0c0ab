// The GPU catalog's local hardware (Apple silicon, consumer NVIDIA and AMD cards, Strix Halo) and street prices.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "catalog/catalog.h"
#include "shipped_catalog.h"
#include "engine/engine.h"
#include "../engine/test_models.h"

namespace {

using test::Shipped;

std::vector<catalog::Issue> LoadOneGpu(const std::string& entry) {
    catalog::Catalog cat;
    std::vector<catalog::Issue> issues;
    catalog::LoadGpusJson("gpus.json", R"({"schema":"gpuplan.gpus/1","gpus":[)" + entry + "]}", &cat, &issues);
    return issues;
}

bool HasError(const std::vector<catalog::Issue>& issues, const std::string& field) {
    for (const catalog::Issue& issue : issues)
        if (issue.IsError && issue.Field == field) return true;
    return false;
}

} // namespace

TEST_SUITE("catalog") {

TEST_CASE("a unified-memory machine gives its GPU the share the OS allows: M2 Ultra 192 GiB x 0.75 = 144 GiB") {
    const catalog::GpuEntry* m2_ultra = Shipped().FindGpu("apple-m2-ultra");
    REQUIRE(m2_ultra != nullptr);
    CHECK(m2_ultra->UnifiedMemoryGb == doctest::Approx(192));
    CHECK(m2_ultra->Spec.MemoryBytes == doctest::Approx(144.0 * 1024 * 1024 * 1024));
    CHECK(m2_ultra->Software.find("Metal") != std::string::npos);
    // memory_gb and unified_memory_gb together are contradictory.
    CHECK(HasError(LoadOneGpu(R"({"id":"m","name":"M","vendor":"Apple","memory_gb":64,"unified_memory_gb":64,"gpu_memory_share":0.75,
        "bandwidth_tb_s":0.4,"fp16_dense_tflops":13.6,"source":"s","as_of":"2023-01"})"), "memory_gb"));
}

TEST_CASE("a GPU's capacity is the memory the device reports: H100 80GB = 81559 MiB, A100 80GB = 81920 MiB, H200 = 143771 MiB") {
    const auto mib = [](const char* id) {
        const catalog::GpuEntry* gpu = Shipped().FindGpu(id);
        REQUIRE_MESSAGE(gpu != nullptr, id);
        return gpu->Spec.MemoryBytes / (1024.0 * 1024.0);
    };
    CHECK(mib("h100-sxm") == doctest::Approx(81559));
    CHECK(mib("a100-80gb-sxm") == doctest::Approx(81920));
    CHECK(mib("h200") == doctest::Approx(143771));
    CHECK(mib("l4") == doctest::Approx(23034));
    // Without a published log the marketed figure is read as GiB: MI300X 192 GB = 192 GiB.
    CHECK(mib("mi300x") == doctest::Approx(192 * 1024));
}

TEST_CASE("a LoRA run that needs 82 GB per GPU fits one H100 80GB (it reports 81559 MiB = 85.5 GB)") {
    const catalog::GpuEntry* h100 = Shipped().FindGpu("h100-sxm");
    REQUIRE(h100 != nullptr);
    engine::Scenario s = test::Llama8bOnH100();
    s.Gpu = h100->Spec;
    s.Workload = engine::WorkloadKind::Lora;
    s.Training.SeqLen = 1024;
    // Grow the micro-batch until the run needs more than 82 GB per GPU.
    engine::Result r;
    for (s.Training.MicroBatch = 1; s.Training.MicroBatch < 512; ++s.Training.MicroBatch) {
        r = engine::Evaluate(s);
        REQUIRE(r.Ok);
        if (r.MemoryPerGpu.Total > 82e9) break;
    }
    REQUIRE(r.MemoryPerGpu.Total > 82e9);
    REQUIRE(r.MemoryPerGpu.Total < 85e9);
    CHECK(r.Fits);
}

TEST_CASE("the local hardware people ask about is in the catalog and can be evaluated") {
    for (const char* id : {"apple-m2-max", "apple-m2-ultra", "apple-m3-max", "apple-m3-ultra", "apple-m4-max", "rtx-3090-ti", "rtx-4080",
                           "rtx-4070-ti", "rtx-5080", "radeon-rx-7900-xtx", "ryzen-ai-max-395"}) {
        const catalog::GpuEntry* gpu = Shipped().FindGpu(id);
        REQUIRE_MESSAGE(gpu != nullptr, id);
        CHECK_MESSAGE(gpu->UnknownPerformance.empty(), id);
        CHECK_MESSAGE(!gpu->Source.empty(), id);
    }
}

TEST_CASE("a street price must say where and when it was seen") {
    const std::string base = R"({"id":"g","name":"G","vendor":"NVIDIA","memory_gb":24,"bandwidth_tb_s":1,"bf16_dense_tflops":100,
        "source":"s","as_of":"2024-01","purchase_price_usd":1900)";
    CHECK(HasError(LoadOneGpu(base + "}"), "purchase_price_source"));
    CHECK(HasError(LoadOneGpu(base + R"(,"purchase_price_source":"shop","purchase_price_as_of":"last May"})"), "purchase_price_as_of"));
    CHECK_FALSE(HasError(LoadOneGpu(base + R"(,"purchase_price_source":"shop","purchase_price_as_of":"2026-05"})"), "purchase_price_as_of"));
    int priced = 0;
    for (const catalog::GpuEntry& gpu : Shipped().Gpus) {
        if (gpu.PurchasePriceUsd <= 0) continue;
        priced += 1;
        CHECK_MESSAGE(catalog::AgeDays(gpu.PurchasePriceAsOf) >= 0, gpu.Spec.Id);
        CHECK_MESSAGE(catalog::AgeDays(gpu.PurchasePriceAsOf) <= catalog::kExpiredAfterDays, gpu.Spec.Id << ": " << gpu.PurchasePriceAsOf);
    }
    CHECK(priced >= 22);
}

// Issue 14: the own-or-rent answer needs a default purchase price where buyers rent most. The set is the fifteen GPUs
// with the most offers in the shipped price lists plus any tied with the fifteenth (2026-12-01: a three-way tie at 6
// offers, so 17 GPUs; docs/catalogs/gpus.md lists them), plus the MI325X, which the issue names. Every one carries a
// street price with its source and a date within the catalog's twelve-month limit (kExpiredAfterDays); gpus.md says,
// per GPU, what the price is (new listing, used listings, system price / 8, ...) and what was rejected. A GPU entering
// the set unpriced, or a price ageing past the limit, fails this test until the catalog and the doc are updated.
TEST_CASE("the most-offered GPUs and the MI325X have a dated street price") {
    const std::vector<std::string> named_by_issue = {"mi325x"};
    std::map<std::string, int> offers;
    for (const catalog::Offer& offer : Shipped().Offers) offers[offer.GpuId] += 1;
    std::vector<std::pair<int, std::string>> ranked;
    for (const auto& [id, n] : offers) ranked.push_back({-n, id});
    std::sort(ranked.begin(), ranked.end());
    REQUIRE(ranked.size() >= 15);
    const int fifteenth = ranked[14].first;
    std::vector<std::string> required;
    for (const auto& entry : ranked)
        if (entry.first <= fifteenth) required.push_back(entry.second); // as many offers as the fifteenth, or more
    const size_t in_set = required.size();
    for (const std::string& id : named_by_issue)
        if (std::find(required.begin(), required.end(), id) == required.end()) required.push_back(id);
    int priced = 0;
    for (const std::string& id : required) {
        CAPTURE(id);
        const catalog::GpuEntry* gpu = Shipped().FindGpu(id);
        REQUIRE(gpu != nullptr);
        CHECK(gpu->PurchasePriceUsd > 0);
        CHECK_FALSE(gpu->PurchasePriceSource.empty());
        CHECK(catalog::AgeDays(gpu->PurchasePriceAsOf) >= 0);
        CHECK(catalog::AgeDays(gpu->PurchasePriceAsOf) <= catalog::kExpiredAfterDays);
        priced += gpu->PurchasePriceUsd > 0;
    }
    CHECK(in_set >= 15);
    CHECK(priced >= 18);
    CHECK(static_cast<size_t>(priced) == required.size()); // no GPU of the set, and not the MI325X, is left unpriced
}

// Issue 14: TCO counts power, so every GPU has a power figure. Where a vendor publishes no board figure the entry
// says what the number is instead (field_sources.tdp_w): for Apple silicon, the whole Mac's published maximum.
TEST_CASE("every GPU has a power figure, and a unified-memory machine says it is the whole machine's") {
    std::string text;
    for (const auto& [path, content] : catalog::EmbeddedFiles().Files)
        if (path == "gpus.json") text = content;
    REQUIRE_FALSE(text.empty());
    const nlohmann::json doc = nlohmann::json::parse(text);
    for (const nlohmann::json& entry : doc["gpus"]) {
        const std::string id = entry["id"];
        CAPTURE(id);
        REQUIRE(entry["tdp_w"].is_number());
        CHECK(entry["tdp_w"].get<double>() > 0);
        if (entry.contains("unified_memory_gb") && entry["vendor"] == "Apple") {
            REQUIRE(entry.contains("field_sources"));
            REQUIRE(entry["field_sources"].contains("tdp_w"));
            CHECK(entry["field_sources"]["tdp_w"].get<std::string>().rfind("Whole Mac", 0) == 0);
        }
    }
    for (const catalog::GpuEntry& gpu : Shipped().Gpus) CHECK_MESSAGE(gpu.Spec.TdpW > 0, gpu.Spec.Id);
}

// Issue 14 item 4: Ascend 910C is evaluable from its published figures; the 910B is listed, priced and powered,
// but stated as not evaluable (its bandwidth and 16-bit rate are unpublished or conflicting).
TEST_CASE("Ascend 910C can be evaluated and the 910B says it cannot") {
    const catalog::GpuEntry* c = Shipped().FindGpu("ascend-910c");
    const catalog::GpuEntry* b = Shipped().FindGpu("ascend-910b");
    REQUIRE(c != nullptr);
    REQUIRE(b != nullptr);
    CHECK(c->UnknownPerformance.empty());
    CHECK_FALSE(b->UnknownPerformance.empty());
    CHECK(c->Spec.TdpW > 0);
    CHECK(b->Spec.TdpW > 0);
}

} // TEST_SUITE
