// CSV and text exports from the CLI (the page's Export block prints the same text): the numbers equal the JSON's.
#include <doctest/doctest.h>

#include <limits>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/cli.h"
#include "scenario/export.h"

namespace {

std::string Run(const std::vector<std::string>& args, const std::string& stdin_text, int* code = nullptr) {
    std::ostringstream out, err;
    const int exit_code = cli::Run(args, stdin_text, out, err);
    if (code != nullptr) *code = exit_code;
    return out.str();
}

// The value cell of the CSV row "section,key,..." (the fourth column).
std::string CsvValue(const std::string& csv, const std::string& section_key) {
    std::istringstream lines(csv);
    std::string line;
    while (std::getline(lines, line)) {
        if (line.rfind(section_key + ",", 0) != 0) continue;
        size_t at = 0;
        for (int column = 0; column < 3; ++column) at = line.find(',', at) + 1;
        return line.substr(at, line.find(',', at) - at);
    }
    return "";
}

const char* kScenario = R"({"model":"llama-3.1-8b","hardware":{"gpu":"h100-sxm","count":1},"inference":{"concurrency":16}})";

} // namespace

TEST_SUITE("cli") {

TEST_CASE("evaluate --format csv carries the JSON's numbers, section by section, and the derivation") {
    int code = -1;
    const std::string csv = Run({"evaluate", "--scenario", "-", "--format", "csv"}, kScenario, &code);
    CHECK(code == cli::kExitOk);
    const nlohmann::json json = nlohmann::json::parse(Run({"evaluate", "--scenario", "-", "--format", "json"}, kScenario));
    CHECK(csv.rfind("section,key,label,value,unit,formula\n", 0) == 0);
    CHECK(std::stod(CsvValue(csv, "memory_per_gpu,total")) == doctest::Approx(json["memory_per_gpu_bytes"]["total"].get<double>()).epsilon(1e-9));
    CHECK(std::stod(CsvValue(csv, "inference,ttft_s")) == doctest::Approx(json["inference"]["ttft_s"].get<double>()).epsilon(1e-9));
    CHECK(std::stod(CsvValue(csv, "cost,per_hour")) == doctest::Approx(json["cost"]["per_hour"].get<double>()).epsilon(1e-9));
    CHECK(csv.find("\nderivation,") != std::string::npos);
}

TEST_CASE("plan --format csv has one row per ranked GPU in the JSON's order, then the excluded ones; text is the table format") {
    const std::string csv = Run({"plan", "--scenario", "-", "--format", "csv"}, kScenario);
    const nlohmann::json json = nlohmann::json::parse(Run({"plan", "--scenario", "-", "--format", "json"}, kScenario));
    size_t lines = 0;
    for (char c : csv) lines += c == '\n';
    CHECK(lines == json["rows"].size() + json["excluded"].size() + 1);
    CHECK(csv.find("\n1," + json["rows"][0]["gpu"].get<std::string>() + ",") != std::string::npos);
    CHECK(Run({"evaluate", "--scenario", "-", "--format", "text"}, kScenario) == Run({"evaluate", "--scenario", "-"}, kScenario));
    CHECK(Run({"evaluate", "--scenario", "-", "--format", "offers-csv"}, kScenario).rfind("offer_id,provider,", 0) == 0);
}

TEST_CASE("CSV cells with commas, quotes or line breaks are quoted (RFC 4180)") {
    CHECK(scenario::CsvCell("plain") == "plain");
    CHECK(scenario::CsvCell("a, b") == "\"a, b\"");
    CHECK(scenario::CsvCell("say \"hi\"") == "\"say \"\"hi\"\"\"");
    CHECK(scenario::CsvNumber(std::numeric_limits<double>::infinity()) == "");
}

} // TEST_SUITE
