// gpuplan fuzz targets: the built-in catalog, loaded once per process (each target feeds it outside input).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "catalog/catalog.h"

namespace fuzz {

inline const catalog::Catalog& BuiltInCatalog() {
    static const catalog::Catalog kCatalog = [] {
        std::vector<catalog::Issue> issues;
        return catalog::LoadFileSet(catalog::EmbeddedFiles(), &issues);
    }();
    return kCatalog;
}

inline std::string Text(const uint8_t* data, size_t size) { return std::string(reinterpret_cast<const char*>(data), size); }

} // namespace fuzz
