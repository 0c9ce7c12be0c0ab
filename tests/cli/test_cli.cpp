// The gpuplan command: exit codes, formats, messages — run in-process and as the real binary.
#include <doctest/doctest.h>

#include <array>
#include <cstdio>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/cli.h"

namespace {

struct Run {
    int Code = 0;
    std::string Out, Err;
};

Run Gpuplan(const std::vector<std::string>& args, const std::string& stdin_text = "") {
    std::ostringstream out, err;
    Run run;
    run.Code = cli::Run(args, stdin_text, out, err);
    run.Out = out.str();
    run.Err = err.str();
    return run;
}

const std::string kFixtures = std::string(GPUPLAN_SOURCE_DIR) + "/tests/fixtures/catalogs/";

// An 8B-class GQA model in bf16 at 8k context × 16 sequences, on an 80 GB GPU (fixture catalog).
const char* kScenario = R"({"schema":"gpuplan.scenario/1","workload":"inference","model":"test-8b",
    "hardware":{"gpu":"test-gpu","count":1},"inference":{"context_tokens":8192,"concurrency":16},
    "efficiency":{"runtime_overhead_gb":1}})";

} // namespace

TEST_SUITE("cli") {

TEST_CASE("evaluate --format json prints a gpuplan.result/1 document with the hand-calculated total") {
    const Run run = Gpuplan({"evaluate", "--scenario", "-", "--format", "json", "--catalogs", kFixtures + "good"}, kScenario);
    REQUIRE(run.Code == cli::kExitOk);
    const auto result = nlohmann::json::parse(run.Out);
    CHECK(result["schema"] == "gpuplan.result/1");
    // 8,030,261,248 × 2 B weights + 131,072 B/token × 8192 × 16 KV + 1 GB overhead + activations: a 2048-token
    // prefill chunk × (2 × 4096 + 48 × 128 + 3 × 14336) × 2 B + fp32 logits 128,256 × 16 × 4 B
    const double expected = 8030261248.0 * 2 + 131072.0 * 8192 * 16 + 1e9 + 2048.0 * 57344 * 2 + 128256.0 * 16 * 4;
    CHECK(result["memory_per_gpu_bytes"]["total"].get<double>() == doctest::Approx(expected));
    CHECK(result["fits"] == true);
}

TEST_CASE("evaluate prints a table and Markdown too") {
    const Run table = Gpuplan({"evaluate", "--scenario=-", "--catalogs", kFixtures + "good"}, kScenario);
    CHECK(table.Code == 0);
    CHECK(table.Out.find("Memory per GPU") != std::string::npos);
    CHECK(table.Out.find("GB") != std::string::npos);
    const Run md = Gpuplan({"evaluate", "--scenario", "-", "--format", "md", "--catalogs", kFixtures + "good"}, kScenario);
    CHECK(md.Out.find("| part | size |") != std::string::npos);
}

TEST_CASE("bad input exits 2 with one line naming the field") {
    const Run run = Gpuplan({"evaluate", "--scenario", "-", "--catalogs", kFixtures + "good"}, R"({"inference":{"concurrency":"many"}})");
    CHECK(run.Code == cli::kExitBadInput);
    CHECK(run.Err.find("inference.concurrency") != std::string::npos);
    CHECK(Gpuplan({"evaluate", "--scenario", "/no/such/file.json"}).Code == cli::kExitBadInput);
    CHECK(Gpuplan({"evaluate", "--scenario", "-", "--format", "xml"}, kScenario).Err.find("--format") != std::string::npos);
    CHECK(Gpuplan({"frobnicate"}).Code == cli::kExitBadInput);
    CHECK(Gpuplan({}).Code == cli::kExitBadInput);
}

TEST_CASE("a broken catalog folder makes evaluate exit 2 and check exit 1, naming file, entry and field") {
    const Run evaluate = Gpuplan({"evaluate", "--scenario", "-", "--catalogs", kFixtures + "broken"}, kScenario);
    CHECK(evaluate.Code == cli::kExitBadInput);
    CHECK(evaluate.Err.find("gpus.json: megabytes: memory_gb:") != std::string::npos);
    const Run check = Gpuplan({"catalog", "check", kFixtures + "broken"});
    CHECK(check.Code == cli::kExitFailed);
    CHECK(check.Out.find("FAILED:") != std::string::npos);
    CHECK(Gpuplan({"catalog", "check", kFixtures + "good"}).Code == cli::kExitOk);
}

TEST_CASE("catalog listings and stats") {
    const Run gpus = Gpuplan({"catalog", "gpus", "--format", "json", "--catalogs", kFixtures + "good"});
    REQUIRE(gpus.Code == 0);
    CHECK(nlohmann::json::parse(gpus.Out)[0]["id"] == "test-gpu");
    const Run models = Gpuplan({"catalog", "models", "--catalogs", kFixtures + "good"});
    CHECK(models.Out.find("test-8b") != std::string::npos);
    const Run stats = Gpuplan({"catalog", "stats", kFixtures + "good"});
    CHECK(stats.Code == 0);
    CHECK(stats.Out.find("oldest as_of: 2023-09 (gpu test-gpu)") != std::string::npos);
}

TEST_CASE("plan ranks every catalog GPU for the scenario and names the cheapest") {
    const Run run = Gpuplan({"plan", "--scenario", "-", "--format", "json", "--catalogs", kFixtures + "good"}, kScenario);
    REQUIRE(run.Code == 0);
    const auto plan = nlohmann::json::parse(run.Out);
    CHECK(plan["schema"] == "gpuplan.plan/1");
    REQUIRE(plan["rows"].size() == 1);
    CHECK(plan["rows"][0]["gpu"] == "test-gpu");
    CHECK(plan["rows"][0]["feasible"] == true);
    CHECK(plan["rows"][0]["per_hour"].get<double>() == doctest::Approx(23.92)); // the fixture rents whole 8-GPU instances
    CHECK(Gpuplan({"plan", "--catalogs", kFixtures + "good"}).Code == cli::kExitBadInput);
}

TEST_CASE("plan --allow-precisions sizes each GPU at each allowed weight format and labels the rows") {
    const Run run = Gpuplan({"plan", "--scenario", "-", "--format", "json", "--allow-precisions", "bf16,int4", "--catalogs", kFixtures + "good"}, kScenario);
    REQUIRE(run.Code == 0);
    const auto plan = nlohmann::json::parse(run.Out);
    REQUIRE(plan["rows"].size() + plan["excluded"].size() == 2); // one GPU × two precisions
    CHECK(plan["rows"][0]["precision"] == "int4"); // a quarter of the weights: fewer GPUs, cheaper
    const Run table = Gpuplan({"plan", "--scenario", "-", "--allow-precisions", "int4", "--catalogs", kFixtures + "good"}, kScenario);
    CHECK(table.Out.find("precision") != std::string::npos);
    const Run bad = Gpuplan({"plan", "--scenario", "-", "--allow-precisions", "int3", "--catalogs", kFixtures + "good"}, kScenario);
    CHECK(bad.Code == cli::kExitBadInput);
    CHECK(bad.Err.find("--allow-precisions: unknown weight format \"int3\"") != std::string::npos);
    CHECK(Gpuplan({"evaluate", "--scenario", "-", "--allow-precisions", "int4", "--catalogs", kFixtures + "good"}, kScenario).Code == cli::kExitBadInput);
}

TEST_CASE("--help and --version exit 0") {
    CHECK(Gpuplan({"--help"}).Code == 0);
    CHECK(Gpuplan({"--help"}).Out.find("usage:") != std::string::npos);
    CHECK(Gpuplan({"--version"}).Code == 0);
}

TEST_CASE("the real binary reads standard input and returns the documented exit codes") {
    const std::string cli = GPUPLAN_CLI_PATH;
    auto shell = [](const std::string& command, std::string* output) {
        std::array<char, 4096> buffer{};
        FILE* pipe = popen(command.c_str(), "r");
        REQUIRE(pipe != nullptr);
        while (fgets(buffer.data(), buffer.size(), pipe) != nullptr) *output += buffer.data();
        const int status = pclose(pipe);
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    };
    std::string out;
    CHECK(shell("echo '" + std::string(kScenario) + "' | " + cli + " evaluate --scenario - --format json --catalogs " + kFixtures + "good", &out) == 0);
    CHECK(out.find("gpuplan.result/1") != std::string::npos);
    std::string err;
    CHECK(shell("echo '{\"hardware\":{\"count\":0}}' | " + cli + " evaluate --scenario - --catalogs " + kFixtures + "good 2>&1", &err) == 2);
    CHECK(err.find("hardware.count") != std::string::npos);
}

} // TEST_SUITE
