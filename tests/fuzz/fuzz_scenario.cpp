// Fuzz target: a scenario file (CLI --scenario, gpuplan.evaluate) — read, then evaluated and priced when it reads.
#include "engine/engine.h"
#include "fuzz_common.h"
#include "scenario/scenario_json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const catalog::Catalog& cat = fuzz::BuiltInCatalog();
    engine::Scenario s;
    std::vector<catalog::Issue> issues;
    if (!scenario::ScenarioFromJson(fuzz::Text(data, size), cat, &s, &issues)) return 0;
    const engine::Result r = catalog::EvaluateWithCosts(cat, s);
    (void)scenario::ResultToJson(r);
    return 0;
}
