// The shipped catalogs (catalogs/*.json as embedded in the binary), loaded once per test run and shared by every
// test that checks the data the page and CLI ship with.
#pragma once
#include <vector>

#include "catalog/catalog.h"

namespace test {

inline const catalog::Catalog& Shipped() {
    static const catalog::Catalog kCatalog = [] {
        std::vector<catalog::Issue> issues;
        return catalog::LoadFileSet(catalog::EmbeddedFiles(), &issues);
    }();
    return kCatalog;
}

} // namespace test
