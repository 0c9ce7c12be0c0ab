// Scenario JSON and URL-hash codecs: defaults, ids vs inline blocks, errors naming fields, round trips.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include "catalog/catalog.h"
#include "cli/cli.h"
#include "engine/model_math.h"
#include "scenario/scenario_json.h"

using namespace scenario;

namespace {

const catalog::Catalog& FixtureCatalog() {
    static const catalog::Catalog kCatalog = [] {
        catalog::FileSet files;
        std::string error;
        cli::ReadCatalogDir(std::string(GPUPLAN_SOURCE_DIR) + "/tests/fixtures/catalogs/good", &files, &error);
        std::vector<catalog::Issue> issues;
        return catalog::LoadFileSet(files, &issues);
    }();
    return kCatalog;
}

bool Parse(const std::string& text, engine::Scenario* out, std::vector<catalog::Issue>* issues) {
    return ScenarioFromJson(text, FixtureCatalog(), out, issues);
}

std::string FirstError(const std::vector<catalog::Issue>& issues) {
    for (const catalog::Issue& issue : issues)
        if (issue.IsError) return issue.ToString();
    return "";
}

} // namespace

TEST_SUITE("scenario") {

TEST_CASE("a minimal scenario takes every default") {
    engine::Scenario s;
    std::vector<catalog::Issue> issues;
    REQUIRE(Parse(R"({"schema":"gpuplan.scenario/1","model":"test-8b","hardware":{"gpu":"test-gpu"}})", &s, &issues));
    CHECK(issues.empty());
    CHECK(s.Workload == engine::WorkloadKind::Inference);
    CHECK(s.Model.Id == "test-8b");
    CHECK(s.Gpu.Id == "test-gpu");
    CHECK(s.GpuCount == 1);
    CHECK(s.Precision.Weights == engine::Format::Bf16);
    CHECK(s.Inference.InputTokens == 1024);
}

TEST_CASE("an inline architecture and an inline GPU stand in for catalog ids") {
    engine::Scenario s;
    std::vector<catalog::Issue> issues;
    REQUIRE(Parse(R"({"model":{"params":7e9,"layers":32,"hidden":4096,"heads":32,"kv_heads":32,"ffn":11008,"vocab":32000},
                     "hardware":{"gpu":{"memory_gb":48,"bandwidth_tb_s":0.96,"bf16_dense_tflops":181},"count":2},
                     "inference":{"tensor_parallel":2}})", &s, &issues));
    CHECK(s.Model.Id.empty());
    CHECK(s.Model.Params == 7e9);
    CHECK(engine::HeadDimOf(s.Model) == 128);
    CHECK(s.Gpu.MemoryBytes == doctest::Approx(48e9));
    CHECK(s.GpuCount == 2);
}

TEST_CASE("bad input names the field") {
    engine::Scenario s;
    std::vector<catalog::Issue> issues;
    CHECK_FALSE(Parse(R"({"inference":{"concurrency":-4}})", &s, &issues));
    CHECK(FirstError(issues).find("inference.concurrency: expected an integer between 1 and") != std::string::npos);
    issues.clear();
    CHECK_FALSE(Parse(R"({"precision":{"weights":"fp7"}})", &s, &issues));
    CHECK(FirstError(issues).find("precision.weights: unknown format \"fp7\"") != std::string::npos);
    issues.clear();
    CHECK_FALSE(Parse(R"({"model":"gpt-9"})", &s, &issues));
    CHECK(FirstError(issues).find("model: unknown model id \"gpt-9\"") != std::string::npos);
    issues.clear();
    CHECK_FALSE(Parse(R"({"workload":"dreaming"})", &s, &issues));
    CHECK(FirstError(issues).find("workload: expected one of inference") != std::string::npos);
    issues.clear();
    CHECK_FALSE(Parse(R"({"hardware":{"count":2},"inference":{"tensor_parallel":4}})", &s, &issues));
    CHECK(FirstError(issues).find("inference.tensor_parallel") != std::string::npos);
    issues.clear();
    CHECK_FALSE(Parse("[1,2", &s, &issues));
    CHECK(FirstError(issues).find("scenario: malformed JSON") == 0);
}

TEST_CASE("unknown fields are reported but not fatal (links from newer versions keep opening)") {
    engine::Scenario s;
    std::vector<catalog::Issue> issues;
    REQUIRE(Parse(R"({"schema":"gpuplan.scenario/2","future_field":1,"inference":{"speculative":true}})", &s, &issues));
    REQUIRE(issues.size() == 3);
    for (const catalog::Issue& issue : issues) CHECK_FALSE(issue.IsError);
}

TEST_CASE("scenario JSON round-trips, in full and as a short link") {
    engine::Scenario s;
    std::vector<catalog::Issue> issues;
    REQUIRE(Parse(R"({"workload":"lora","model":"test-8b","hardware":{"gpu":"test-gpu","count":4},
                     "precision":{"weights":"nf4"},"training":{"lora_rank":64,"lora_targets":["q","v"],"zero_stage":2}})", &s, &issues));
    for (bool short_form : {false, true}) {
        engine::Scenario back;
        std::vector<catalog::Issue> again;
        REQUIRE(Parse(ScenarioToJson(s, short_form), &back, &again));
        CHECK(ScenarioToJson(back) == ScenarioToJson(s));
    }
    engine::Scenario from_link;
    const std::string hash = ScenarioToUrlHash(s);
    CHECK(hash.rfind("#s=", 0) == 0);
    CHECK(hash.find(' ') == std::string::npos);
    REQUIRE(ScenarioFromUrlHash(hash, FixtureCatalog(), &from_link, &issues));
    CHECK(ScenarioToJson(from_link) == ScenarioToJson(s));
}

TEST_CASE("precision.allowed: the weight formats the plan may choose, in the JSON and the link; a bad name is named") {
    engine::Scenario s;
    std::vector<catalog::Issue> issues;
    REQUIRE(Parse(R"({"precision":{"weights":"int8","allowed":["fp8","int4","fp8"]}})", &s, &issues));
    REQUIRE(s.AllowedWeights.size() == 2); // duplicates dropped
    CHECK(s.AllowedWeights[0] == engine::Format::Fp8);
    CHECK(s.AllowedWeights[1] == engine::Format::Int4);
    engine::Scenario from_link;
    REQUIRE(ScenarioFromUrlHash(ScenarioToUrlHash(s), FixtureCatalog(), &from_link, &issues));
    CHECK(from_link.AllowedWeights == s.AllowedWeights);
    CHECK(ScenarioToJson(from_link, true).find("\"allowed\"") != std::string::npos);
    engine::Scenario plain;
    REQUIRE(Parse("{}", &plain, &issues));
    CHECK(plain.AllowedWeights.empty()); // default: only the scenario's own precision
    CHECK(ScenarioToJson(plain, true).find("allowed") == std::string::npos);
    issues.clear();
    CHECK_FALSE(Parse(R"({"precision":{"allowed":["fp7"]}})", &s, &issues));
    CHECK(FirstError(issues).find("precision.allowed: unknown weight format \"fp7\"") != std::string::npos);
    issues.clear();
    CHECK_FALSE(Parse(R"({"precision":{"allowed":"fp8"}})", &s, &issues));
    CHECK(FirstError(issues).find("precision.allowed: expected an array of strings") != std::string::npos);
}

TEST_CASE("precision.layer_weights: a format per parameter group, written back; a bad group or format is named") {
    engine::Scenario s;
    std::vector<catalog::Issue> issues;
    REQUIRE(Parse(R"({"precision":{"weights":"fp8","layer_weights":{"attention":"bf16"}}})", &s, &issues));
    CHECK(s.Precision.LayerWeights[static_cast<int>(engine::WeightGroup::Attention)] == engine::Format::Bf16);
    CHECK(s.Precision.LayerWeights[static_cast<int>(engine::WeightGroup::Mlp)] == engine::Format::Count); // follows weights
    const std::string json = ScenarioToJson(s, true);
    CHECK(json.find("\"layer_weights\"") != std::string::npos);
    engine::Scenario again;
    REQUIRE(Parse(json, &again, &issues));
    CHECK(again.Precision.LayerWeights[static_cast<int>(engine::WeightGroup::Attention)] == engine::Format::Bf16);
    issues.clear();
    CHECK_FALSE(Parse(R"({"precision":{"layer_weights":{"router":"bf16"}}})", &s, &issues));
    CHECK(FirstError(issues).find("precision.layer_weights.router: unknown group") != std::string::npos);
    issues.clear();
    CHECK_FALSE(Parse(R"({"precision":{"layer_weights":{"lm_head":"fp7"}}})", &s, &issues));
    CHECK(FirstError(issues).find("precision.layer_weights.lm_head: expected a weight format name") != std::string::npos);
}

TEST_CASE("a hand-damaged link gives a clear message, never a crash") {
    engine::Scenario s;
    for (const char* hash : {"#s=%7B%22model", "#s=%ZZ", "#x=1", "#s=%7B%22hardware%22%3A%7B%22count%22%3A1e99%7D%7D", "#s=%"}) {
        std::vector<catalog::Issue> issues;
        CHECK_FALSE(ScenarioFromUrlHash(hash, FixtureCatalog(), &s, &issues));
        CHECK_FALSE(FirstError(issues).empty());
    }
}

TEST_CASE("invalid UTF-8 in a link is a clear error; in a name it is replaced when written, never thrown") {
    engine::Scenario s;
    std::vector<catalog::Issue> issues;
    const std::string hash = "#s=%7B%22model%22%3A%7B%22name%22%3A%22%FF%22%2C%22layers%22%3A2%2C%22hidden%22%3A64%2C%22heads%22%3A4%2C"
                             "%22ffn%22%3A128%2C%22vocab%22%3A100%7D%7D";
    CHECK_FALSE(ScenarioFromUrlHash(hash, FixtureCatalog(), &s, &issues));
    CHECK(FirstError(issues).find("malformed JSON") != std::string::npos);
    s = engine::Scenario();
    s.Model.Name = "bad \xFF name";
    std::string json;
    CHECK_NOTHROW(json = ScenarioToJson(s));
    CHECK(json.find("bad ") != std::string::npos);
}

TEST_CASE("result JSON follows the gpuplan.result/1 contract") {
    engine::Result r;
    r.MemoryPerGpu.Total = 1e9;
    r.Derivation.push_back({"total_bytes", "Total", "a + b", 1e9, "B"});
    const std::string json = ResultToJson(r, -1);
    for (const char* key : {"\"schema\":\"gpuplan.result/1\"", "\"memory_per_gpu_bytes\"", "\"weights\"", "\"kv_cache\"", "\"activations\"",
                            "\"gradients\"", "\"optimizer\"", "\"overhead\"", "\"total\"", "\"gpu_memory_bytes\"", "\"fits\"",
                            "\"ttft_s\"", "\"tpot_s\"", "\"throughput_tokens_per_s\"", "\"max_concurrency\"", "\"flops\"", "\"time_s\"",
                            "\"gpu_hours\"", "\"mfu\"", "\"tokens_per_s_per_gpu\"", "\"cost\"", "\"warnings\"", "\"derivation\""})
        CHECK_MESSAGE(json.find(key) != std::string::npos, key);
}

TEST_CASE("a link with one bad field keeps the rest: the field falls back to its default and is named") {
    const auto hash = [](const std::string& json) {
        std::string out = "#s=";
        for (unsigned char c : json) {
            char buffer[4];
            std::snprintf(buffer, sizeof(buffer), "%%%02X", c);
            out += buffer;
        }
        return out;
    };
    const engine::Scenario defaults = DefaultScenario(FixtureCatalog());
    struct Row {
        const char* Json;
        const char* Field;
    };
    const Row rows[] = {
        {R"({"hardware":{"count":0},"inference":{"concurrency":7}})", "hardware.count"},
        {R"({"cost":{"currency":"XYZ"},"inference":{"concurrency":7}})", "cost.currency"},
        {R"({"model":"no-such-model","inference":{"concurrency":7}})", "model"},
        {R"({"inference":{"concurrency":7,"tensor_parallel":"four"}})", "inference.tensor_parallel"},
        {R"({"workload":"bogus","inference":{"concurrency":7}})", "workload"},
    };
    for (const Row& row : rows) {
        CAPTURE(row.Json);
        engine::Scenario s = defaults;
        std::vector<catalog::Issue> issues;
        CHECK(ReadLinkScenario(hash(row.Json), FixtureCatalog(), &s, &issues) == LinkReading::Repaired);
        CHECK(s.Inference.Concurrency == 7);
        REQUIRE_FALSE(issues.empty());
        CHECK(FirstError(issues).find(row.Field) != std::string::npos);
        CHECK(FirstError(issues).find("(the default is used)") != std::string::npos);
    }
    engine::Scenario s = defaults;
    std::vector<catalog::Issue> issues;
    CHECK(ReadLinkScenario(hash(R"({"inference":{"concurrency":7}})"), FixtureCatalog(), &s, &issues) == LinkReading::Exact);
    CHECK(ReadLinkScenario("#s=%7B%22x%22%3A1e400%7D", FixtureCatalog(), &s, &issues) == LinkReading::Unreadable);
    CHECK(ReadLinkScenario("#s=%5B%5D", FixtureCatalog(), &s, &issues) == LinkReading::Unreadable);
}

TEST_CASE("efficiency overrides below 0.1 % are refused: they only turn times into numbers past meaning") {
    engine::Scenario s;
    std::vector<catalog::Issue> issues;
    CHECK_FALSE(ScenarioFromJson(R"({"efficiency":{"mfu":1e-300}})", FixtureCatalog(), &s, &issues));
    CHECK(FirstError(issues).find("efficiency.mfu") != std::string::npos);
    issues.clear();
    CHECK(ScenarioFromJson(R"({"efficiency":{"mfu":0}})", FixtureCatalog(), &s, &issues));
}

} // TEST_SUITE
