// Fuzz target: a catalog file an operator serves next to the page. The first byte picks which file it is; the file is
// loaded by its own reader (a price file against the built-in GPUs and exchange rates), then checked across files.
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    static const catalog::Catalog kReference = [] { // what a price file is checked against
        catalog::Catalog reference;
        reference.Gpus = fuzz::BuiltInCatalog().Gpus;
        reference.Fx = fuzz::BuiltInCatalog().Fx;
        return reference;
    }();
    const std::string text = fuzz::Text(data + 1, size - 1);
    std::vector<catalog::Issue> issues;
    catalog::Catalog cat;
    switch (data[0] % 4) {
    case 0: catalog::LoadGpusJson("gpus.json", text, &cat, &issues); break;
    case 1: catalog::LoadModelsJson("models.json", text, &cat, &issues); break;
    case 2: catalog::LoadFxJson("fx.json", text, &cat, &issues); break;
    default:
        cat = kReference;
        catalog::LoadPricesJson("prices/fuzz.json", text, &cat, &issues);
        catalog::CheckCatalog(cat, &issues);
        break;
    }
    for (const catalog::Issue& issue : issues) (void)issue.ToString();
    return 0;
}
