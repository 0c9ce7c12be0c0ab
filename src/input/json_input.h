// gpuplan input: the one JSON entry point for everything that comes from outside — scenario files, links,
// catalog files, price imports, validation cases and the page's JS API.
//
// It never throws and never recurses on the document: the text is parsed by nlohmann's iterative SAX parser
// into a DOM that this module builds itself, so that size, nesting depth, number range (1e400) and duplicate
// keys are all checked while reading, and every failure becomes one readable, valid-UTF-8 message.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace input {

struct JsonLimits {
    size_t MaxBytes = 8u << 20; // larger texts are refused before parsing (catalog files are ~0.3 MB)
    int    MaxDepth = 64;       // objects/arrays nested deeper are refused (ours nest 4 levels)
};

// Limits per kind of input. A link or scenario is small; catalogs and price files can be larger.
constexpr size_t kScenarioMaxBytes = 1u << 20;
constexpr size_t kCatalogMaxBytes  = 8u << 20;
constexpr size_t kImportMaxBytes   = 4u << 20;

// Parses `text` into `out`. On failure returns false and sets `error` to a message such as
// "line 1, column 12: number overflow parsing '1e400'", "duplicate key \"count\" in hardware",
// "nested deeper than 64 levels (at hardware.count[0][0]…)" or "is 9.3 MB; the limit is 8.0 MB".
bool ParseJson(std::string_view text, const JsonLimits& limits, nlohmann::json* out, std::string* error);

// A short, bounded description of a value for error messages: "42", "\"abc…\"", "an object with 3 fields",
// "an array of 100000 items". Never serialises nested values, so it costs the same at any depth.
std::string DescribeJson(const nlohmann::json& value, size_t max_chars = 40);

// `text` with every invalid UTF-8 sequence (a cut multi-byte character, a stray continuation byte, an encoded
// surrogate) replaced by U+FFFD, so that any message built from outside text can be serialised strictly.
std::string ValidUtf8(std::string_view text);

// Cuts `text` to at most `max_bytes` bytes without splitting a UTF-8 character; appends "…" when cut.
std::string TruncateUtf8(std::string_view text, size_t max_bytes);

} // namespace input
