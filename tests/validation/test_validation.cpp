// The validation suite as a guard: every published case runs, each category keeps enough cases, and no
// category's median error worsens past the threshold documented in docs/ACCURACY.md (thresholds.json).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "catalog/catalog.h"
#include "cli/cli.h"
#include "cli/validate.h"

namespace {

const std::string kRoot = GPUPLAN_SOURCE_DIR;

struct Suite {
    std::vector<cli::CaseResult> Cases;
    std::vector<cli::CategorySummary> Summary;
};

const Suite& RunSuite() {
    static const Suite kSuite = [] {
        std::vector<catalog::Issue> issues;
        const catalog::Catalog cat = catalog::LoadFileSet(catalog::EmbeddedFiles(), &issues);
        Suite suite;
        std::string error;
        cli::RunValidation(kRoot + "/tests/validation/cases", cat, &suite.Cases, &error);
        suite.Summary = cli::Summarize(suite.Cases);
        return suite;
    }();
    return kSuite;
}

} // namespace

TEST_SUITE("validation") {

TEST_CASE("every published case runs through the engine") {
    const Suite& suite = RunSuite();
    REQUIRE(suite.Cases.size() >= 40);
    for (const cli::CaseResult& c : suite.Cases) CHECK_MESSAGE(c.Ok, c.Id << ": " << c.Message);
}

TEST_CASE("each category holds at least 10 published cases, a third of them for calibration") {
    for (const cli::CategorySummary& s : RunSuite().Summary) {
        CHECK_MESSAGE(s.Cases >= 10, s.Category);
        CHECK_MESSAGE(s.HoldoutCases >= s.Cases / 2, s.Category);
    }
}

// FNV-1a, 32 bits (offset basis 2166136261, prime 16777619) over the id's bytes.
static std::uint32_t Fnv1a32(const std::string& text) {
    std::uint32_t hash = 2166136261u;
    for (const unsigned char byte : text) hash = (hash ^ byte) * 16777619u;
    return hash;
}

TEST_CASE("a case is for calibration exactly when the FNV-1a hash of its own id is divisible by 3 (README split rule)") {
    CHECK(Fnv1a32("") == 2166136261u);
    CHECK(Fnv1a32("a") == 0xe40c292cu); // the published FNV-1a test vector
    for (const cli::CaseResult& c : RunSuite().Cases) CHECK_MESSAGE(c.Calibration == (Fnv1a32(c.Id) % 3 == 0), c.Id);
}

TEST_CASE("no category's median error worsens past its documented threshold") {
    std::string text;
    REQUIRE(cli::ReadTextFile(kRoot + "/tests/validation/thresholds.json", &text));
    const auto thresholds = nlohmann::json::parse(text);
    for (const cli::CategorySummary& s : RunSuite().Summary) {
        REQUIRE_MESSAGE(thresholds["median_abs_error"].contains(s.Category), s.Category);
        const double limit = thresholds["median_abs_error"][s.Category].get<double>();
        CHECK_MESSAGE(s.MedianAbsError <= limit, s.Category << " median |error| " << s.MedianAbsError << " > " << limit);
        const double holdout_limit = thresholds["holdout_median_abs_error"][s.Category].get<double>();
        CHECK_MESSAGE(s.HoldoutMedianAbsError <= holdout_limit, s.Category << " held-out median " << s.HoldoutMedianAbsError << " > " << holdout_limit);
        if (thresholds.contains("holdout_p90_abs_error")) {
            const double p90_limit = thresholds["holdout_p90_abs_error"][s.Category].get<double>();
            CHECK_MESSAGE(s.HoldoutP90AbsError <= p90_limit, s.Category << " held-out p90 " << s.HoldoutP90AbsError << " > " << p90_limit);
        }
        if (thresholds.contains("holdout_abs_bias") && thresholds["holdout_abs_bias"].contains(s.Category)) {
            const double bias_limit = thresholds["holdout_abs_bias"][s.Category].get<double>();
            CHECK_MESSAGE(std::fabs(s.HoldoutBias) <= bias_limit, s.Category << " held-out bias " << s.HoldoutBias << " beyond ±" << bias_limit);
        }
    }
}

TEST_CASE("docs/ACCURACY.md and assets/accuracy.json are regenerated from the current engine (scripts/accuracy.sh)") {
    const Suite& suite = RunSuite();
    std::string shipped;
    REQUIRE(cli::ReadTextFile(kRoot + "/assets/accuracy.json", &shipped));
    CHECK_MESSAGE(shipped == cli::RenderValidation(suite.Cases, suite.Summary, "json"), "assets/accuracy.json is stale: run scripts/accuracy.sh");
    std::string doc;
    REQUIRE(cli::ReadTextFile(kRoot + "/docs/ACCURACY.md", &doc));
    CHECK_MESSAGE(doc.find(cli::RenderValidation(suite.Cases, suite.Summary, "md")) != std::string::npos,
                  "docs/ACCURACY.md is stale: run scripts/accuracy.sh");
}

} // TEST_SUITE
