// gpuplan tco: the command's formats, and docs/OWN-OR-RENT.md's worked examples equal the command's own output.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/cli.h"

namespace {

std::string ReadFile(const std::string& path) {
    std::ifstream file(path);
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
}

std::string Tco(const std::string& example, const char* format, int* code) {
    std::ostringstream out, err;
    *code = cli::Run({"tco", "--scenario", std::string(GPUPLAN_SOURCE_DIR) + "/docs/examples/tco/" + example + ".json", "--format", format}, "", out, err);
    return out.str() + err.str();
}

// The lines of the command's Markdown as the page prints them (headings two levels down).
std::string AsInDoc(const std::string& markdown) {
    std::istringstream lines(markdown);
    std::string line, out;
    while (std::getline(lines, line)) {
        if (line.rfind("## ", 0) == 0) line = "##### " + line.substr(3);
        else if (line.rfind("# ", 0) == 0) line = "#### " + line.substr(2);
        out += line + "\n";
    }
    return out;
}

} // namespace

TEST_SUITE("cli") {

TEST_CASE("gpuplan tco prints the tier, node, bill of materials, verdict and the 50 % rule; JSON has the same figures") {
    int code = 0;
    const std::string table = Tco("inference-2", "table", &code);
    REQUIRE(code == 0);
    for (const char* part : {"Your workload is tier 2", "Node: 1 × NVIDIA DGX H100", "Bill of materials", "317,000 USD", "Verdict: BORDERLINE",
                             "Guide's 50 % rule", "Crossover", "How it was computed"})
        CHECK_MESSAGE(table.find(part) != std::string::npos, part);
    const nlohmann::json j = nlohmann::json::parse(Tco("inference-2", "json", &code));
    CHECK(j["schema"] == "gpuplan.tco/1");
    CHECK(j["purchase"].get<double>() == doctest::Approx(317000));
    CHECK(j["verdict"] == "borderline");
    CHECK(j["rule"]["verdict"] == "rent");
    CHECK(j["curve"].size() == 61);
}

TEST_CASE("gpuplan tco rejects a bad format and a missing scenario with exit code 2") {
    int code = 0;
    Tco("inference-2", "yaml", &code);
    CHECK(code == 2);
    std::ostringstream out, err;
    CHECK(cli::Run({"tco"}, "", out, err) == 2);
    CHECK(err.str().find("--scenario") != std::string::npos);
}

TEST_CASE("docs/OWN-OR-RENT.md holds each worked example exactly as gpuplan tco prints it (scripts/own_or_rent_examples.sh)") {
    const std::string doc = ReadFile(std::string(GPUPLAN_SOURCE_DIR) + "/docs/OWN-OR-RENT.md");
    REQUIRE(!doc.empty());
    for (const char* example : {"inference-1", "inference-2", "inference-3", "training-1", "training-2", "training-3"}) {
        int code = 0;
        const std::string md = Tco(example, "md", &code);
        REQUIRE(code == 0);
        CAPTURE(example); // regenerate with scripts/own_or_rent_examples.sh
        CHECK(doc.find(AsInDoc(md)) != std::string::npos);
    }
}

} // TEST_SUITE
