// gpuplan input: the number reader shared by price imports, the page's fields and the CLI (number_text.h).
#include "input/number_text.h"

#include <cctype>
#include <cmath>
#include <cstdlib>

namespace input {

namespace {

struct Suffix {
    const char* Text;
    double      Scale;
};

// Longest first, so that "млрд" is tried before "м"-anything; matched case-sensitively for M (mega) vs m.
constexpr Suffix kSuffixes[] = {
    {"млрд", 1e9}, {"млн", 1e6}, {"тыс", 1e3}, {"трлн", 1e12},
    {"k", 1e3},    {"K", 1e3},   {"M", 1e6},   {"B", 1e9},   {"G", 1e9}, {"T", 1e12},
};

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view Trim(std::string_view text) {
    while (!text.empty() && IsSpace(text.front())) text.remove_prefix(1);
    while (!text.empty() && IsSpace(text.back())) text.remove_suffix(1);
    return text;
}

bool Fail(std::string* reason, const char* why) {
    *reason = why;
    return false;
}

} // namespace

bool ParseNumberText(std::string_view raw, const NumberSyntax& syntax, double* value, std::string* reason) {
    std::string_view text = Trim(raw);
    if (text.empty()) return Fail(reason, "empty; expected a number");
    double scale = 1;
    if (syntax.AllowSuffix) {
        for (const Suffix& suffix : kSuffixes) {
            const std::string_view s(suffix.Text);
            if (text.size() > s.size() && text.substr(text.size() - s.size()) == s) {
                scale = suffix.Scale;
                text = Trim(text.substr(0, text.size() - s.size()));
                if (!text.empty() && text.back() == '.') text.remove_suffix(1); // "тыс." and "млн."
                break;
            }
        }
    }
    // English thousands: every comma followed by exactly three digits, then the end, a '.', an 'e' or a comma.
    std::string ungrouped;
    if (syntax.CommaGroups && text.find(',') != std::string_view::npos) {
        bool all_groups = true;
        for (size_t i = text.find(','); i != std::string_view::npos; i = text.find(',', i + 1)) {
            size_t k = i + 1;
            while (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k]))) ++k;
            const bool at_break = k == text.size() || text[k] == ',' || text[k] == '.' || text[k] == 'e' || text[k] == 'E';
            all_groups &= k - i - 1 == 3 && at_break && i > 0 && std::isdigit(static_cast<unsigned char>(text[i - 1]));
        }
        if (all_groups) {
            for (char c : text)
                if (c != ',') ungrouped += c;
            text = ungrouped;
        }
    }
    // Copy into plain C-locale form: sign, digits, one '.', exponent. Anything else is refused.
    std::string plain;
    bool digits = false, separator = false, exponent = false;
    char separator_seen = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (std::isdigit(static_cast<unsigned char>(c))) {
            plain += c;
            digits = true;
        } else if ((c == '+' || c == '-') && (i == 0 || (exponent && (plain.back() == 'e')))) {
            plain += c;
        } else if ((c == '.' || c == ',') && !exponent) {
            if (separator) return Fail(reason, separator_seen == c ? "more than one decimal separator"
                                                                    : "both '.' and ',' in one number; write 1000.5 or 1000,5");
            separator = true;
            separator_seen = c;
            plain += '.';
        } else if ((c == 'e' || c == 'E') && digits && !exponent) {
            exponent = true;
            plain += 'e';
        } else if (syntax.AllowGrouping && (c == ' ' || c == '\'' || c == '_') && digits && !separator && !exponent &&
                   i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
            // digit grouping: "1 000 000", "1'000", "1_000"
        } else if (static_cast<unsigned char>(c) == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xA0 &&
                   syntax.AllowGrouping && digits && !separator && !exponent) {
            ++i; // a no-break space, as Russian number formatting groups digits
        } else {
            return Fail(reason, syntax.AllowSuffix ? "not a number; expected digits such as 1.5, 1e6 or 128k"
                                                   : "not a number; expected digits such as 2.99 or 1e6");
        }
    }
    if (!digits) return Fail(reason, "no digits; expected a number");
    if (plain.back() == 'e' || plain.back() == '+' || plain.back() == '-') return Fail(reason, "incomplete exponent");
    char* end = nullptr;
    const double parsed = std::strtod(plain.c_str(), &end);
    if (end == nullptr || *end != '\0') return Fail(reason, "not a number");
    const double scaled = parsed * scale;
    if (!std::isfinite(parsed) || !std::isfinite(scaled)) return Fail(reason, "too large for a number");
    *value = scaled;
    return true;
}

} // namespace input
