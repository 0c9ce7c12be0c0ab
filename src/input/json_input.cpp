// gpuplan input: strict, non-throwing, non-recursive JSON reading (see json_input.h).
//
// Index
// [SECTION] UTF-8
// [SECTION] DOM builder (SAX handler with limits)
// [SECTION] ParseJson, DescribeJson
#include "input/json_input.h"

#include <cmath>
#include <cstdio>
#include <vector>

namespace input {

using nlohmann::json;

//-----------------------------------------------------------------------------
// [SECTION] UTF-8
//-----------------------------------------------------------------------------

namespace {

// Length of the well-formed UTF-8 sequence starting at text[i] (Unicode 15, table 3-7), or 0 if ill-formed.
size_t Utf8SequenceLength(std::string_view text, size_t i) {
    const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b0 = byte(i);
    if (b0 < 0x80) return 1;
    size_t length = 0;
    unsigned char lo = 0x80, hi = 0xBF; // allowed range of the second byte
    if (b0 >= 0xC2 && b0 <= 0xDF) length = 2;
    else if (b0 == 0xE0) { length = 3; lo = 0xA0; }
    else if ((b0 >= 0xE1 && b0 <= 0xEC) || b0 == 0xEE || b0 == 0xEF) length = 3;
    else if (b0 == 0xED) { length = 3; hi = 0x9F; } // no encoded UTF-16 surrogates
    else if (b0 == 0xF0) { length = 4; lo = 0x90; }
    else if (b0 >= 0xF1 && b0 <= 0xF3) length = 4;
    else if (b0 == 0xF4) { length = 4; hi = 0x8F; }
    else return 0;
    if (i + length > text.size()) return 0;
    if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
    for (size_t k = 2; k < length; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
    return length;
}

constexpr const char* kReplacementCharacter = "\xEF\xBF\xBD"; // U+FFFD

} // namespace

std::string ValidUtf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
        const size_t length = Utf8SequenceLength(text, i);
        if (length == 0) {
            out += kReplacementCharacter;
            ++i;
        } else {
            out.append(text.data() + i, length);
            i += length;
        }
    }
    return out;
}

std::string TruncateUtf8(std::string_view text, size_t max_bytes) {
    if (text.size() <= max_bytes) return ValidUtf8(text);
    size_t cut = max_bytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut; // back to a character start
    return ValidUtf8(text.substr(0, cut)) + "\xE2\x80\xA6";                         // "…"
}

//-----------------------------------------------------------------------------
// [SECTION] DOM builder (SAX handler with limits)
//-----------------------------------------------------------------------------

namespace {

// Builds the document the way nlohmann's own DOM parser does (a stack of open containers), but refuses
// duplicate keys and nesting past the limit, and records errors instead of throwing them.
class StrictDomBuilder {
public:
    StrictDomBuilder(json* root, int max_depth, std::string_view text) : root_(root), max_depth_(max_depth), text_(text) {}

    bool null() { Put(json(nullptr)); return true; }
    bool boolean(bool value) { Put(json(value)); return true; }
    bool number_integer(json::number_integer_t value) { Put(json(value)); return true; }
    bool number_unsigned(json::number_unsigned_t value) { Put(json(value)); return true; }
    bool number_float(json::number_float_t value, const std::string& /*text*/) {
        Put(json(value)); // nlohmann reports overflow (1e400) through parse_error before calling this
        return true;
    }
    bool string(json::string_t& value) { Put(json(std::move(value))); return true; }
    bool binary(json::binary_t& /*value*/) { return Fail("binary values are not JSON"); }

    bool start_object(std::size_t /*size*/) { return Open(json::value_t::object); }
    bool start_array(std::size_t /*size*/) { return Open(json::value_t::array); }
    bool end_object() { return Close(); }
    bool end_array() { return Close(); }

    bool key(json::string_t& name) {
        json* object = stack_.back().Value;
        if (object->contains(name)) return Fail("duplicate key \"" + TruncateUtf8(name, 40) + "\"" + Where(" in "));
        stack_.back().Key = name;
        pending_ = &(*object)[name];
        return true;
    }

    bool parse_error(std::size_t position, const std::string& /*last_token*/, const json::exception& error) {
        // "[json.exception.parse_error.101] parse error at line 1, column 6: syntax error ..." → from "line".
        std::string what = error.what();
        const size_t at = what.find("line ");
        const size_t tag_end = what.find("] ");
        if (at != std::string::npos) what = what.substr(at);
        else if (!what.empty() && what[0] == '[' && tag_end != std::string::npos) what = LineColumn(position) + what.substr(tag_end + 2);
        return Fail(TruncateUtf8(what, 200));
    }

    const std::string& Error() const { return error_; }

private:
    struct Open_ {
        json*       Value;
        std::string Key; // last key read in an object
    };

    // Places a finished value: the root, the next array element, or the value of the pending object key.
    json* Put(json&& value) {
        if (stack_.empty()) {
            *root_ = std::move(value);
            return root_;
        }
        json* top = stack_.back().Value;
        if (top->is_array()) {
            top->push_back(std::move(value));
            return &top->back();
        }
        *pending_ = std::move(value);
        return pending_;
    }

    bool Open(json::value_t kind) {
        if (static_cast<int>(stack_.size()) >= max_depth_) {
            const std::string where = Where("at ");
            return Fail("nested deeper than " + std::to_string(max_depth_) + " levels" + (where.empty() ? "" : " (" + where + ")"));
        }
        json* value = Put(json(kind));
        stack_.push_back(Open_{value, {}});
        return true;
    }

    bool Close() {
        stack_.pop_back();
        return true;
    }

    // "hardware.count[0][0]" for the innermost open container, cut to a readable length.
    std::string Where(const char* lead) const {
        if (stack_.empty()) return "";
        std::string path;
        for (size_t i = 0; i < stack_.size(); ++i) {
            if (i == 0) continue; // the root has no name
            const Open_& parent = stack_[i - 1];
            if (parent.Value->is_array()) path += "[" + std::to_string(parent.Value->size() - 1) + "]";
            else path += (path.empty() ? "" : ".") + parent.Key;
            if (path.size() > 60) {
                path += "…";
                break;
            }
        }
        if (path.empty()) return "";
        return lead + ValidUtf8(path);
    }

    // "line 3, column 7: " for a byte position (nlohmann's range errors carry no position of their own).
    std::string LineColumn(size_t position) const {
        size_t line = 1, column = 1;
        for (size_t i = 0; i < position && i < text_.size(); ++i) {
            if (text_[i] == '\n') { ++line; column = 1; }
            else ++column;
        }
        return "line " + std::to_string(line) + ", column " + std::to_string(column > 1 ? column - 1 : 1) + ": ";
    }

    bool Fail(std::string message) {
        if (error_.empty()) error_ = std::move(message);
        return false;
    }

    json*              root_;
    int                max_depth_;
    std::vector<Open_> stack_;
    std::string_view   text_;
    json*              pending_ = nullptr;
    std::string        error_;
};

std::string MegabytesText(size_t bytes) {
    char buffer[32];
    std::snprintf(buffer, sizeof(buffer), "%.1f MB", static_cast<double>(bytes) / 1e6);
    return buffer;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] ParseJson, DescribeJson
//-----------------------------------------------------------------------------

bool ParseJson(std::string_view text, const JsonLimits& limits, json* out, std::string* error) {
    *out = json();
    if (text.size() > limits.MaxBytes) {
        *error = "is " + MegabytesText(text.size()) + "; the limit is " + MegabytesText(limits.MaxBytes);
        return false;
    }
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        *error = "empty; expected JSON";
        return false;
    }
    json document;
    StrictDomBuilder builder(&document, limits.MaxDepth, text);
    bool ok = false;
    try {
        ok = json::sax_parse(text.begin(), text.end(), &builder, json::input_format_t::json, true);
    } catch (const std::exception& failure) { // std::bad_alloc; nlohmann reports its own errors to the handler
        *error = ValidUtf8(failure.what());
        return false;
    }
    if (!ok) {
        *error = builder.Error().empty() ? "malformed JSON" : builder.Error();
        return false;
    }
    *out = std::move(document);
    return true;
}

std::string DescribeJson(const json& value, size_t max_chars) {
    switch (value.type()) {
    case json::value_t::object: return "an object with " + std::to_string(value.size()) + (value.size() == 1 ? " field" : " fields");
    case json::value_t::array: return "an array of " + std::to_string(value.size()) + (value.size() == 1 ? " item" : " items");
    case json::value_t::string: return "\"" + TruncateUtf8(value.get_ref<const std::string&>(), max_chars) + "\"";
    case json::value_t::boolean: return value.get<bool>() ? "true" : "false";
    case json::value_t::null: return "null";
    case json::value_t::number_integer: return std::to_string(value.get<json::number_integer_t>());
    case json::value_t::number_unsigned: return std::to_string(value.get<json::number_unsigned_t>());
    case json::value_t::number_float: {
        char buffer[32];
        std::snprintf(buffer, sizeof(buffer), "%.10g", value.get<double>());
        return buffer;
    }
    default: return "a value of an unsupported kind";
    }
}

} // namespace input
