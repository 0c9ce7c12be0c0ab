// Importing a visitor's price table: CSV and JSON, validated like the shipped catalogs, rejected rows listed.
#include <doctest/doctest.h>

#include <string>

#include "catalog/catalog.h"
#include "cli/cli.h"

using namespace catalog;

namespace {

Catalog FixtureCatalog() {
    FileSet files;
    std::string error;
    cli::ReadCatalogDir(std::string(GPUPLAN_SOURCE_DIR) + "/tests/fixtures/catalogs/good", &files, &error);
    std::vector<Issue> issues;
    return LoadFileSet(files, &issues);
}

int Imported(const Catalog& cat) {
    int count = 0;
    for (const Offer& offer : cat.Offers) count += offer.Imported;
    return count;
}

} // namespace

TEST_SUITE("catalog") {

TEST_CASE("a CSV price table imports valid rows and lists rejected ones with row and field") {
    Catalog cat = FixtureCatalog();
    std::vector<Issue> issues;
    const std::string csv =
        "provider,gpu,gpus_per_instance,price_per_instance_hour,currency,kind,source,as_of\n"
        "My Cloud,test-gpu,8,20.00,USD,on_demand,quote #42,2026-11-01\n"
        "My Cloud,test-gpu,1,\"2,10\",EUR,spot,quote #43,2026-11-01\n"
        "My Cloud,h900,1,3.00,USD,on_demand,quote #44,2026-11-01\n"
        "My Cloud,test-gpu,1,cheap,USD,on_demand,quote #45,2026-11-01\n"
        "My Cloud,test-gpu,1,2.00,USD,hourly,quote #46,2026-11-01\n";
    ImportPrices("my-prices.csv", csv, &cat, &issues);
    CHECK(Imported(cat) == 2);
    const Offer& first = cat.Offers[cat.Offers.size() - 2];
    CHECK(first.PricePerGpuHour == doctest::Approx(2.5));
    CHECK(first.ProviderId == "imported-my-cloud");
    CHECK(cat.Offers.back().Currency == "EUR");
    CHECK(cat.Offers.back().PricePerGpuHour == doctest::Approx(2.10));
    std::vector<std::string> errors;
    for (const Issue& issue : issues)
        if (issue.IsError) errors.push_back(issue.ToString());
    REQUIRE(errors.size() == 3);
    CHECK(errors[0] == "my-prices.csv: row 4: gpu: unknown GPU id \"h900\" (not in gpus.json)");
    CHECK(errors[1] == "my-prices.csv: row 5: price_per_instance_hour: expected a number, got \"cheap\"");
    CHECK(errors[2].find("my-prices.csv: row 6: kind: expected on_demand, spot") == 0);
}

TEST_CASE("a semicolon-separated CSV without optional columns imports with defaults") {
    Catalog cat = FixtureCatalog();
    std::vector<Issue> issues;
    ImportPrices("p.csv", "provider;gpu;price_per_gpu_hour;currency\nСелектел;test-gpu;250;RUB\n", &cat, &issues);
    CHECK_FALSE(HasErrors(issues));
    REQUIRE(Imported(cat) == 1);
    CHECK(cat.Offers.back().Kind == OfferKind::OnDemand);
    CHECK(cat.Offers.back().GpusPerInstance == 1);
    CHECK(cat.Offers.back().AsOf.empty());
}

TEST_CASE("a CSV without the required columns is rejected as a whole") {
    Catalog cat = FixtureCatalog();
    std::vector<Issue> issues;
    ImportPrices("p.csv", "name,price\nx,1\n", &cat, &issues);
    CHECK(HasErrors(issues));
    CHECK(Imported(cat) == 0);
    issues.clear();
    ImportPrices("empty.csv", "", &cat, &issues);
    CHECK(HasErrors(issues));
}

TEST_CASE("a JSON price file imports like a shipped one; invalid offers are skipped and reported") {
    Catalog cat = FixtureCatalog();
    std::vector<Issue> issues;
    ImportPrices("mine.json", R"({"schema":"gpuplan.prices/1","provider":{"id":"mine","name":"Mine","currency":"USD"},
        "offers":[{"id":"ok","gpu":"test-gpu","gpus_per_instance":1,"price_per_gpu_hour":1.5,"kind":"spot","source":"me","as_of":"2026-11-01"},
                  {"id":"bad","gpu":"test-gpu","gpus_per_instance":1,"price_per_gpu_hour":0,"kind":"spot","source":"me","as_of":"2026-11-01"}]})",
                 &cat, &issues);
    CHECK(Imported(cat) == 1);
    CHECK(HasErrors(issues));
    CHECK(cat.FindProvider("mine") != nullptr);
}

} // TEST_SUITE
