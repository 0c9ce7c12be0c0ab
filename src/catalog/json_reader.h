// gpuplan catalog: a small reader over one JSON object that records typed, range-checked fields and
// reports every problem as an Issue naming file, entry and field. Shared by the catalog and scenario codecs.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "catalog/catalog.h"
#include "scenario/field_limits.h"

namespace catalog {

class ObjectReader {
public:
    ObjectReader(const nlohmann::json& object, std::string file, std::string entry, std::vector<Issue>* issues,
                 std::string field_prefix = "");

    // Each getter marks the field as known. Missing or null → fallback (an error first when `required`).
    // Field names are string literals or keys of the object read: the reader keeps views of them.
    double      Number(const char* field, double lo, double hi, bool required, double fallback);
    int         Integer(const char* field, int lo, int hi, bool required, int fallback);
    // The same with the range of a visitor-settable field (scenario/field_limits.h).
    double      Number(const char* field, const scenario::FieldRange& range, bool required, double fallback) {
        return Number(field, range.Min, range.Max, required, fallback);
    }
    int         Integer(const char* field, const scenario::FieldRange& range, bool required, int fallback) {
        return Integer(field, static_cast<int>(range.Min), static_cast<int>(range.Max), required, fallback);
    }
    bool        Boolean(const char* field, bool fallback);
    std::string String(const char* field, bool required, const std::string& fallback = "");
    std::vector<std::string> Strings(const char* field, const std::vector<std::string>& fallback);
    bool        Has(const char* field) const;       // present and not null
    const nlohmann::json* Child(const char* field); // object-valued field, or nullptr (marks known)
    void        Skip(const char* field);            // marks a field as known without reading it
    // One warning per field this reader never asked for.
    void        ReportUnknownFields();
    void        Error(const std::string& field, const std::string& message);

    bool Ok() const { return errors_ == 0; }
    const std::string& File() const { return file_; }
    const std::string& Entry() const { return entry_; }

private:
    void Mark(const char* field) { known_.emplace_back(field); }

    const nlohmann::json& object_;
    std::string file_;
    std::string entry_;
    std::vector<Issue>* issues_;
    std::string prefix_;
    std::vector<std::string_view> known_; // the fields asked for: a few dozen, scanned once (no allocation per field)
    int errors_ = 0;
};

// Field groups shared by catalog entries and inline scenario blocks (catalog.cpp).
// `unknown_performance` non-null: a catalog entry, whose unpublished bandwidth / 16-bit peak are listed there
// instead of being errors; null: an inline spec, which must give them.
void ReadGpuSpecFields(ObjectReader* reader, engine::GpuSpec* spec, std::vector<std::string>* unknown_performance);
bool ReadModelArchFields(ObjectReader* reader, engine::ModelArch* model);

// Parses text into `out`; on a syntax error appends an issue ("line 3, column 7: ...") and returns false.
bool ParseJsonText(const std::string& file, const std::string& text, nlohmann::json* out, std::vector<Issue>* issues);

} // namespace catalog
