// Fuzz target: a catalog file an operator serves next to the page. The first byte picks which file it replaces.
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    static const char* const kFiles[] = {"gpus.json", "models.json", "fx.json", "prices/fuzz.json"};
    const std::string name = kFiles[data[0] % 4];
    catalog::FileSet files = catalog::EmbeddedFiles();
    bool replaced = false;
    for (auto& [path, text] : files.Files)
        if (path == name) { text = fuzz::Text(data + 1, size - 1); replaced = true; }
    if (!replaced) files.Files.emplace_back(name, fuzz::Text(data + 1, size - 1));
    std::vector<catalog::Issue> issues;
    const catalog::Catalog cat = catalog::LoadFileSet(files, &issues);
    for (const catalog::Issue& issue : issues) (void)issue.ToString();
    (void)cat;
    return 0;
}
