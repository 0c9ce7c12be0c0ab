// gpuplan catalog: typed field reader with file/entry/field error messages.
#include "catalog/json_reader.h"

#include "input/json_input.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace catalog {

constexpr size_t kMaxIssueBytes = 400;

std::string Issue::ToString() const {
    std::string out = File;
    if (!Entry.empty()) out += ": " + Entry;
    if (!Field.empty()) out += ": " + Field;
    out += ": " + Message;
    // Messages quote outside text (ids, cells, keys); keep them readable and valid UTF-8 whatever came in.
    out = input::TruncateUtf8(out, kMaxIssueBytes);
    return IsError ? out : "warning: " + out;
}

bool HasErrors(const std::vector<Issue>& issues) {
    for (const Issue& issue : issues)
        if (issue.IsError) return true;
    return false;
}

ObjectReader::ObjectReader(const nlohmann::json& object, std::string file, std::string entry, std::vector<Issue>* issues,
                           std::string field_prefix)
    : object_(object), file_(std::move(file)), entry_(std::move(entry)), issues_(issues), prefix_(std::move(field_prefix)) {}

void ObjectReader::Error(const std::string& field, const std::string& message) {
    ++errors_;
    issues_->push_back(Issue{file_, entry_, prefix_ + field, message, true});
}

bool ObjectReader::Has(const char* field) const {
    auto it = object_.find(field);
    return it != object_.end() && !it->is_null();
}

void ObjectReader::Skip(const char* field) { Mark(field); }

// Never re-serialises the value: a hostile one may be nested thousands of levels deep.
static std::string Describe(const nlohmann::json& value) { return input::DescribeJson(value); }

// Catalog files nest five levels (file → offers → offer → notes); a margin for operators' extra fields.
constexpr int kCatalogMaxDepth = 32;

static std::string RangeText(double lo, double hi) {
    char buffer[96];
    std::snprintf(buffer, sizeof(buffer), "a number between %g and %g", lo, hi);
    return buffer;
}

double ObjectReader::Number(const char* field, double lo, double hi, bool required, double fallback) {
    Mark(field);
    auto it = object_.find(field);
    if (it == object_.end() || it->is_null()) {
        if (required) Error(field, "missing; expected " + RangeText(lo, hi));
        return fallback;
    }
    if (!it->is_number()) {
        Error(field, "expected " + RangeText(lo, hi) + ", got " + Describe(*it));
        return fallback;
    }
    const double value = it->get<double>();
    if (!std::isfinite(value) || value < lo || value > hi) {
        Error(field, "expected " + RangeText(lo, hi) + ", got " + Describe(*it));
        return fallback;
    }
    return value;
}

int ObjectReader::Integer(const char* field, int lo, int hi, bool required, int fallback) {
    Mark(field);
    auto it = object_.find(field);
    if (it == object_.end() || it->is_null()) {
        if (required) Error(field, "missing; expected an integer between " + std::to_string(lo) + " and " + std::to_string(hi));
        return fallback;
    }
    const bool integral = it->is_number_integer() || (it->is_number_float() && std::floor(it->get<double>()) == it->get<double>());
    if (!integral || it->get<double>() < lo || it->get<double>() > hi) {
        Error(field, "expected an integer between " + std::to_string(lo) + " and " + std::to_string(hi) + ", got " + Describe(*it));
        return fallback;
    }
    return static_cast<int>(it->get<double>());
}

bool ObjectReader::Boolean(const char* field, bool fallback) {
    Mark(field);
    auto it = object_.find(field);
    if (it == object_.end() || it->is_null()) return fallback;
    if (!it->is_boolean()) {
        Error(field, "expected true or false, got " + Describe(*it));
        return fallback;
    }
    return it->get<bool>();
}

std::string ObjectReader::String(const char* field, bool required, const std::string& fallback) {
    Mark(field);
    auto it = object_.find(field);
    if (it == object_.end() || it->is_null()) {
        if (required) Error(field, "missing; expected a string");
        return fallback;
    }
    if (!it->is_string()) {
        Error(field, "expected a string, got " + Describe(*it));
        return fallback;
    }
    const std::string value = it->get<std::string>();
    if (required && value.empty()) Error(field, "must not be empty");
    return value;
}

std::vector<std::string> ObjectReader::Strings(const char* field, const std::vector<std::string>& fallback) {
    Mark(field);
    auto it = object_.find(field);
    if (it == object_.end() || it->is_null()) return fallback;
    std::vector<std::string> out;
    if (!it->is_array()) {
        Error(field, "expected an array of strings, got " + Describe(*it));
        return fallback;
    }
    for (const auto& item : *it) {
        if (!item.is_string()) {
            Error(field, "expected an array of strings, got " + Describe(item));
            return fallback;
        }
        out.push_back(item.get<std::string>());
    }
    return out;
}

const nlohmann::json* ObjectReader::Child(const char* field) {
    Mark(field);
    auto it = object_.find(field);
    if (it == object_.end() || it->is_null()) return nullptr;
    return &*it;
}

void ObjectReader::ReportUnknownFields() {
    if (!object_.is_object()) return;
    for (auto it = object_.begin(); it != object_.end(); ++it)
        if (std::find(known_.begin(), known_.end(), std::string_view(it.key())) == known_.end())
            issues_->push_back(Issue{file_, entry_, prefix_ + it.key(), "unknown field (ignored)", false});
}

bool ParseJsonText(const std::string& file, const std::string& text, nlohmann::json* out, std::vector<Issue>* issues) {
    std::string error;
    if (input::ParseJson(text, input::JsonLimits{input::kCatalogMaxBytes, kCatalogMaxDepth}, out, &error)) return true;
    issues->push_back(Issue{file, "", "", "malformed JSON: " + error, true});
    return false;
}

} // namespace catalog
