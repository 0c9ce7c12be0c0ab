// Fuzz target: a shared link (#s=...) as the page reads it — field by field, dropping what it cannot read.
#include "engine/engine.h"
#include "fuzz_common.h"
#include "scenario/scenario_json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const catalog::Catalog& cat = fuzz::BuiltInCatalog();
    engine::Scenario s = scenario::DefaultScenario(cat);
    std::vector<catalog::Issue> issues;
    const std::string hash = "#s=" + fuzz::Text(data, size);
    if (scenario::ReadLinkScenario(hash, cat, &s, &issues) == scenario::LinkReading::Unreadable) return 0;
    const engine::Result r = engine::Evaluate(s);
    (void)scenario::ScenarioToUrlHash(s);
    (void)r;
    return 0;
}
