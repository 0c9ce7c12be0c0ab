// The GPU catalog's local hardware (Apple silicon, consumer NVIDIA and AMD cards, Strix Halo) and street prices.
#include <doctest/doctest.h>

#include <string>

#include "catalog/catalog.h"
#include "shipped_catalog.h"

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

TEST_CASE("a unified-memory machine gives its GPU the share the OS allows: M2 Ultra 192 GB x 0.75 = 144 GB") {
    const catalog::GpuEntry* m2_ultra = Shipped().FindGpu("apple-m2-ultra");
    REQUIRE(m2_ultra != nullptr);
    CHECK(m2_ultra->UnifiedMemoryGb == doctest::Approx(192));
    CHECK(m2_ultra->Spec.MemoryBytes == doctest::Approx(144e9));
    CHECK(m2_ultra->Software.find("Metal") != std::string::npos);
    // memory_gb and unified_memory_gb together are contradictory.
    CHECK(HasError(LoadOneGpu(R"({"id":"m","name":"M","vendor":"Apple","memory_gb":64,"unified_memory_gb":64,"gpu_memory_share":0.75,
        "bandwidth_tb_s":0.4,"fp16_dense_tflops":13.6,"source":"s","as_of":"2023-01"})"), "memory_gb"));
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
    CHECK(priced >= 10);
}

} // TEST_SUITE
