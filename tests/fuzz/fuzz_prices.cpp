// Fuzz target: a visitor's price table (CSV or gpuplan.prices/1 JSON) imported into the catalog, then priced.
#include "engine/engine.h"
#include "fuzz_common.h"
#include "scenario/scenario_json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    catalog::Catalog cat = fuzz::BuiltInCatalog();
    std::vector<catalog::Issue> issues;
    catalog::ImportPrices(size % 2 ? "fuzz.csv" : "fuzz.json", fuzz::Text(data, size), &cat, &issues);
    for (const catalog::Issue& issue : issues) (void)issue.ToString();
    const engine::Scenario s = scenario::DefaultScenario(cat);
    (void)catalog::EvaluateWithCosts(cat, s);
    return 0;
}
