// docs/PLANNING.md shows each worked example exactly as `gpuplan plan --format md` prints it today
// (scripts/planning_examples.py rewrites them after a catalog or engine change).
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "cli/cli.h"

namespace {

std::string ReadDoc(const std::string& relative) {
    std::string text;
    REQUIRE(cli::ReadTextFile(std::string(GPUPLAN_SOURCE_DIR) + "/" + relative, &text));
    return text;
}

} // namespace

TEST_SUITE("cli") {

TEST_CASE("docs/PLANNING.md holds each worked example's winner and table as gpuplan plan prints them") {
    const std::string doc = ReadDoc("docs/PLANNING.md");
    for (const char* name : {"planning-midsize-32b", "planning-large-405b", "planning-batch-70b", "planning-precisions-70b"}) {
        CAPTURE(name);
        std::ostringstream out, err;
        const std::string scenario = ReadDoc(std::string("docs/examples/") + name + ".json");
        REQUIRE(cli::Run({"plan", "--scenario", "-", "--format", "md"}, scenario, out, err) == 0);
        std::istringstream lines(out.str());
        std::string line;
        int checked = 0;
        while (std::getline(lines, line)) {
            const bool top_row = line.rfind("| 1 |", 0) == 0 || line.rfind("| 2 |", 0) == 0 || line.rfind("| 3 |", 0) == 0;
            if (!top_row && line.rfind("**Winner", 0) != 0) continue;
            CHECK_MESSAGE(doc.find(line) != std::string::npos, line);
            ++checked;
        }
        CHECK(checked == 4);
    }
}

} // TEST_SUITE
