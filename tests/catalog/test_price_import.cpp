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
    CHECK(errors[1] == "my-prices.csv: row 5: price_per_instance_hour: not a number; expected digits such as 2.99 or 1e6, got \"cheap\"");
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

TEST_CASE("numbers in a price table are read strictly: overflow, nan, infinity and hex floats are rejected by row and field") {
    Catalog cat = FixtureCatalog();
    std::vector<Issue> issues;
    ImportPrices("odd.csv",
                 "provider,gpu,price_per_gpu_hour,currency\n"
                 "X,test-gpu,1e400,USD\nY,test-gpu,nan,USD\nZ,test-gpu,0x1p3,USD\nW,test-gpu,inf,USD\nV,test-gpu,2.5,USD\n",
                 &cat, &issues);
    CHECK(Imported(cat) == 1);
    std::vector<std::string> errors;
    for (const Issue& issue : issues)
        if (issue.IsError) errors.push_back(issue.ToString());
    REQUIRE(errors.size() == 4);
    CHECK(errors[0] == "odd.csv: row 2: price_per_gpu_hour: too large for a number, got \"1e400\"");
    CHECK(errors[1].find("odd.csv: row 3: price_per_gpu_hour: not a number") == 0);
    CHECK(errors[2].find("odd.csv: row 4: price_per_gpu_hour: not a number") == 0);
    CHECK(errors[3].find("odd.csv: row 5: price_per_gpu_hour: not a number") == 0);
}

TEST_CASE("a JSON price file with a number too large for a double is one clear error, not an exception") {
    Catalog cat = FixtureCatalog();
    std::vector<Issue> issues;
    ImportPrices("big.json", R"({"schema":"gpuplan.prices/1","provider":{"id":"mine","name":"Mine","currency":"USD"},"as_of":"2026-01-01",
        "offers":[{"id":"m1","gpu":"test-gpu","gpus_per_instance":1,"price_per_gpu_hour":1e400,"kind":"on_demand","source":"me"}]})",
                 &cat, &issues);
    CHECK(Imported(cat) == 0);
    REQUIRE(HasErrors(issues));
    CHECK(issues.front().ToString().find("number overflow") != std::string::npos);
}

TEST_CASE("an import is capped in rows, providers and bytes, and says what it left out; nothing is cut silently") {
    Catalog cat = FixtureCatalog();
    std::string csv = "provider,gpu,price_per_gpu_hour,currency\n";
    for (int i = 0; i < 5003; ++i) csv += "Big,test-gpu," + std::to_string(1 + i % 7) + ".25,USD\n";
    std::vector<Issue> issues;
    ImportPrices("big.csv", csv, &cat, &issues);
    CHECK(Imported(cat) == 5000);
    REQUIRE(HasErrors(issues));
    CHECK(issues.back().ToString() == "big.csv: row 5002: the import stops at 5000 rows; this line and the 3 after it were not imported (split the table)");
    // The last imported row has the price its row says (a cut row must never import a wrong number).
    CHECK(cat.Offers.back().PricePerGpuHour == doctest::Approx(1 + 4999 % 7 + 0.25));

    Catalog many = FixtureCatalog();
    std::string providers = "provider,gpu,price_per_gpu_hour,currency\n";
    for (int i = 0; i < 105; ++i) providers += "P" + std::to_string(i) + ",test-gpu,1.5,USD\n";
    issues.clear();
    ImportPrices("many.csv", providers, &many, &issues);
    CHECK(Imported(many) == 100);
    CHECK(issues.back().ToString() == "many.csv: row 106: provider: more than 100 providers in one import; this row was not imported");

    Catalog huge = FixtureCatalog();
    issues.clear();
    ImportPrices("huge.csv", std::string(5u << 20, 'x'), &huge, &issues);
    CHECK(Imported(huge) == 0);
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].ToString().find("huge.csv: is 5.2 MB; the limit is 4.2 MB") == 0);
}

TEST_CASE("importing the same table twice keeps every offer id unique") {
    Catalog cat = FixtureCatalog();
    std::vector<Issue> issues;
    const std::string csv = "provider,gpu,price_per_gpu_hour,currency\nMine,test-gpu,1.5,USD\n";
    ImportPrices("a.csv", csv, &cat, &issues);
    ImportPrices("a.csv", csv, &cat, &issues);
    CHECK(Imported(cat) == 2);
    CHECK(cat.Offers[cat.Offers.size() - 1].Id != cat.Offers[cat.Offers.size() - 2].Id);
    CHECK_FALSE(HasErrors(issues));
}

} // TEST_SUITE
