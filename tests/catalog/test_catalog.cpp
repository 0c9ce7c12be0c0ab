// Catalog loading and validation: each rule, the fixtures folders, and the shipped catalogs.
#include <doctest/doctest.h>

#include <string>

#include "catalog/catalog.h"
#include "cli/cli.h"

using namespace catalog;

namespace {

// Loads one gpus.json text and returns the issues as "entry: field: message" lines.
std::vector<Issue> GpuIssues(const std::string& entry_json) {
    Catalog cat;
    std::vector<Issue> issues;
    LoadGpusJson("gpus.json", R"({"schema":"gpuplan.gpus/1","gpus":[)" + entry_json + "]}", &cat, &issues);
    return issues;
}

const char* kGoodGpu = R"({"id":"g","name":"G","vendor":"NVIDIA","memory_gb":80,"bandwidth_tb_s":3.35,
    "bf16_dense_tflops":989.4,"fp8_dense_tflops":1978.9,"source":"datasheet","as_of":"2023-09"})";

std::string With(const std::string& json, const std::string& key, const std::string& value) {
    const std::string needle = "\"" + key + "\":";
    const size_t at = json.find(needle);
    if (at == std::string::npos) return json.substr(0, json.size() - 1) + ",\"" + key + "\":" + value + "}";
    const size_t end = json.find_first_of(",}", at + needle.size());
    return json.substr(0, at + needle.size()) + value + json.substr(end);
}

bool HasIssue(const std::vector<Issue>& issues, const std::string& field, const std::string& fragment) {
    for (const Issue& issue : issues)
        if (issue.Field == field && issue.Message.find(fragment) != std::string::npos) return true;
    return false;
}

} // namespace

TEST_SUITE("catalog") {

TEST_CASE("a valid GPU entry loads with SI units and no issues; memory_gb is the marketed GiB (80 GiB = 85.9e9 B)") {
    Catalog cat;
    std::vector<Issue> issues;
    LoadGpusJson("gpus.json", std::string(R"({"schema":"gpuplan.gpus/1","gpus":[)") + kGoodGpu + "]}", &cat, &issues);
    CHECK(issues.empty());
    REQUIRE(cat.Gpus.size() == 1);
    CHECK(cat.Gpus[0].Spec.MemoryBytes == doctest::Approx(80.0 * 1024 * 1024 * 1024));
    CHECK(cat.Gpus[0].Spec.BandwidthBytesPerS == doctest::Approx(3.35e12));
    CHECK(cat.Gpus[0].Spec.PeakFlops[static_cast<int>(engine::ComputeClass::Bf16)] == doctest::Approx(989.4e12));
}

TEST_CASE("a reported memory total is the capacity, and one outside 90-100 % of the marketed GiB is a unit mistake") {
    Catalog cat;
    std::vector<Issue> issues;
    LoadGpusJson("gpus.json", std::string(R"({"schema":"gpuplan.gpus/1","gpus":[)") + With(kGoodGpu, "memory_reported_mib", "81559") + "]}", &cat, &issues);
    CHECK(issues.empty());
    REQUIRE(cat.Gpus.size() == 1);
    CHECK(cat.Gpus[0].Spec.MemoryBytes == doctest::Approx(81559.0 * 1024 * 1024));
    // 80,000 MiB would be "80 GB" typed as MiB; 81,920 x 1.1 is more than the card holds.
    CHECK(HasIssue(GpuIssues(With(kGoodGpu, "memory_reported_mib", "70000")), "memory_reported_mib", "90-100 %"));
    CHECK(HasIssue(GpuIssues(With(kGoodGpu, "memory_reported_mib", "90112")), "memory_reported_mib", "90-100 %"));
}

TEST_CASE("a dense BF16 figure above the FP8 one is rejected (a sparse figure slipped in)") {
    CHECK(HasIssue(GpuIssues(With(kGoodGpu, "bf16_dense_tflops", "1979")), "bf16_dense_tflops", "greater than fp8"));
}

TEST_CASE("absurd sizes are rejected with the field and the value") {
    const auto issues = GpuIssues(With(kGoodGpu, "memory_gb", "81920"));
    REQUIRE(HasIssue(issues, "memory_gb", "got 81920"));
    CHECK(issues[0].ToString() == "gpus.json: g: memory_gb: expected a number between 4 and 400, got 81920");
    CHECK(HasIssue(GpuIssues(With(kGoodGpu, "tdp_w", "-700")), "tdp_w", "between 30 and 2000"));
    CHECK(HasIssue(GpuIssues(With(kGoodGpu, "bandwidth_tb_s", "\"fast\"")), "bandwidth_tb_s", "got \"fast\""));
}

TEST_CASE("every entry needs a source and a dated as_of") {
    CHECK(HasIssue(GpuIssues(With(kGoodGpu, "source", "null")), "source", "missing"));
    CHECK(HasIssue(GpuIssues(With(kGoodGpu, "as_of", "\"Sept 2023\"")), "as_of", "YYYY-MM-DD"));
}

TEST_CASE("duplicate ids are reported on the second entry") {
    const auto issues = GpuIssues(std::string(kGoodGpu) + "," + kGoodGpu);
    CHECK(HasIssue(issues, "id", "duplicate"));
}

TEST_CASE("an offer id an earlier price file used is a duplicate in the later file, and only there") {
    const auto prices = [](const std::string& provider, const std::string& offer_id) {
        return R"({"schema":"gpuplan.prices/1","provider":{"id":")" + provider + R"(","name":"P","kind":"gpu_cloud","country":"US",
            "url":"https://example.com","currency":"USD","vat_included":false},"offers":[{"id":")" + offer_id + R"(","gpu":"h100-sxm",
            "gpus_per_instance":1,"price_per_gpu_hour":2.0,"kind":"on_demand","source":"page","as_of":"2026-09-20"}]})";
    };
    Catalog cat;
    std::vector<Issue> first, second;
    LoadPricesJson("prices/a.json", prices("a", "shared-id"), &cat, &first);
    LoadPricesJson("prices/b.json", prices("b", "b-own"), &cat, &second);
    LoadPricesJson("prices/c.json", prices("c", "shared-id"), &cat, &second);
    CHECK_FALSE(HasIssue(first, "id", "duplicate"));
    REQUIRE(second.size() == 1);
    CHECK(second[0].File == "prices/c.json");
    CHECK(HasIssue(second, "id", "duplicate"));
    CHECK(cat.Offers.size() == 2); // the duplicate is not loaded
}

TEST_CASE("a GPU without BF16 uses its FP16 tensor figure for the 16-bit path") {
    std::string gpu = With(kGoodGpu, "bf16_dense_tflops", "null");
    gpu = With(gpu, "fp8_dense_tflops", "null");
    gpu = With(gpu, "fp16_dense_tflops", "65");
    Catalog cat;
    std::vector<Issue> issues;
    LoadGpusJson("gpus.json", R"({"schema":"gpuplan.gpus/1","gpus":[)" + gpu + "]}", &cat, &issues);
    CHECK(issues.empty());
    REQUIRE(cat.Gpus.size() == 1);
    CHECK(cat.Gpus[0].Spec.PeakFlops[static_cast<int>(engine::ComputeClass::Bf16)] == doctest::Approx(65e12));
}

TEST_CASE("unknown fields are warnings, not errors") {
    const auto issues = GpuIssues(With(kGoodGpu, "colour", "\"green\""));
    REQUIRE(issues.size() == 1);
    CHECK_FALSE(issues[0].IsError);
    CHECK(issues[0].Field == "colour");
}

TEST_CASE("malformed JSON names the file and the position") {
    Catalog cat;
    std::vector<Issue> issues;
    LoadModelsJson("models.json", "{\"schema\": \"gpuplan.models/1\", \"models\": [ {,] }", &cat, &issues);
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].ToString().find("models.json: malformed JSON: line 1, column") == 0);
}

TEST_CASE("a model whose parameter count disagrees with its architecture is rejected") {
    Catalog cat;
    std::vector<Issue> issues;
    LoadModelsJson("models.json", R"({"schema":"gpuplan.models/1","models":[{"id":"m","name":"M","params":8.03e10,
        "layers":32,"hidden":4096,"heads":32,"kv_heads":8,"head_dim":128,"ffn":14336,"vocab":128256,
        "source":"config","as_of":"2024-07-23"}]})", &cat, &issues);
    CHECK(HasIssue(issues, "params", "the architecture implies"));
    CHECK(cat.Models.empty());
}

TEST_CASE("price rules: per-GPU equals per-instance / GPUs, kinds, positive prices, known GPUs, known currencies") {
    catalog::FileSet files;
    std::string error;
    REQUIRE(cli::ReadCatalogDir(std::string(GPUPLAN_SOURCE_DIR) + "/tests/fixtures/catalogs/broken", &files, &error));
    std::vector<Issue> issues;
    LoadFileSet(files, &issues);
    CHECK(HasIssue(issues, "price_per_gpu_hour", "does not equal price_per_instance_hour / gpus_per_instance"));
    CHECK(HasIssue(issues, "price_per_gpu_hour", "got -1"));
    CHECK(HasIssue(issues, "kind", "got \"weekly\""));
    CHECK(HasIssue(issues, "gpu", "unknown GPU id \"h900\""));
    CHECK(HasIssue(issues, "currency", "no exchange rate for \"CNY\""));
    CHECK(HasIssue(issues, "rates.EUR", "between"));
    CHECK(HasIssue(issues, "kv_heads", "must divide heads"));
    CHECK(HasIssue(issues, "experts_active", "must not exceed experts"));
    bool malformed = false;
    for (const Issue& issue : issues) malformed |= issue.File == "prices/malformed.json" && issue.Message.find("malformed JSON") == 0;
    CHECK(malformed);
}

TEST_CASE("the good fixtures folder loads without issues") {
    catalog::FileSet files;
    std::string error;
    REQUIRE(cli::ReadCatalogDir(std::string(GPUPLAN_SOURCE_DIR) + "/tests/fixtures/catalogs/good", &files, &error));
    std::vector<Issue> issues;
    const Catalog cat = LoadFileSet(files, &issues);
    CHECK(issues.empty());
    CHECK(cat.Gpus.size() == 1);
    CHECK(cat.Models.size() == 1);
    CHECK(cat.Offers.size() == 1);
    CHECK(cat.Fx.PerUsd.at("RUB") == doctest::Approx(81.65));
}

TEST_CASE("the shipped catalogs load without errors and meet the catalog issue's counts") {
    std::vector<Issue> issues;
    const Catalog cat = LoadFileSet(EmbeddedFiles(), &issues);
    for (const Issue& issue : issues) CHECK_MESSAGE(!issue.IsError, issue.ToString());
    CHECK(cat.Gpus.size() >= 35);
    CHECK(cat.Models.size() >= 40);
    CHECK(cat.Providers.size() >= 20);
    int russian = 0;
    for (const Provider& provider : cat.Providers) russian += provider.Country == "RU" && provider.Currency == "RUB";
    CHECK(russian >= 3);
    for (const char* id : {"h100-sxm", "h100-pcie", "h100-nvl", "h200", "b200", "a100-40gb-sxm", "a100-80gb-sxm", "l40s", "mi300x",
                           "ascend-910c", "rtx-pro-6000-blackwell", "rtx-4090", "rtx-a6000"})
        CHECK_MESSAGE(cat.FindGpu(id) != nullptr, id);
}

} // TEST_SUITE
