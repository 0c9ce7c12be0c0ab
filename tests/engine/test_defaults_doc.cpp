// docs/SCENARIO.md embeds the table of defaults that can move a result by more than 20 %; it is generated from the
// engine's constants (engine::DefaultsTableMarkdown), so the page and the code cannot drift apart.
// To rewrite the block after changing a default: GPUPLAN_WRITE_DOCS=1 build/unit_tests -tc="docs/SCENARIO.md*"
// (scripts/accuracy.sh does it).
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <doctest/doctest.h>
#include "engine/efficiency.h"

namespace {

const std::string kScenarioDoc = std::string(GPUPLAN_SOURCE_DIR) + "/docs/SCENARIO.md";
const std::string kBegin = "<!-- defaults:begin (generated from the engine; scripts/accuracy.sh) -->\n";
const std::string kEnd = "<!-- defaults:end -->";

std::string ReadAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

TEST_SUITE("engine") {

TEST_CASE("docs/SCENARIO.md: the defaults table is the one the engine generates") {
    std::string doc = ReadAll(kScenarioDoc);
    const size_t begin = doc.find(kBegin);
    const size_t end = doc.find(kEnd);
    REQUIRE_MESSAGE(begin != std::string::npos, "docs/SCENARIO.md lacks the defaults:begin marker");
    REQUIRE_MESSAGE(end != std::string::npos, "docs/SCENARIO.md lacks the defaults:end marker");
    REQUIRE(begin < end);
    const std::string shipped = doc.substr(begin + kBegin.size(), end - begin - kBegin.size());
    const std::string generated = engine::DefaultsTableMarkdown();
    const char* write = std::getenv("GPUPLAN_WRITE_DOCS");
    if (write != nullptr && std::string(write) == "1" && shipped != generated) {
        doc.replace(begin + kBegin.size(), end - begin - kBegin.size(), generated);
        std::ofstream(kScenarioDoc, std::ios::binary) << doc;
        return;
    }
    CHECK_MESSAGE(shipped == generated, "docs/SCENARIO.md defaults table is stale: run scripts/accuracy.sh");
}

TEST_CASE("the defaults table names the figures the page's results hinge on") {
    const std::string table = engine::DefaultsTableMarkdown();
    CHECK(table.find("`hopper`") != std::string::npos);
    CHECK(table.find("global_batch_tokens") != std::string::npos);
    CHECK(table.find("llama.cpp") != std::string::npos);
    CHECK(table.find("any other architecture") != std::string::npos);
}

} // TEST_SUITE
