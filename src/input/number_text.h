// gpuplan input: numbers typed by people — in a price table's cells, in the page's fields, in a CLI flag.
//
// One reader for all of them, strict about what it accepts: digits with one decimal separator ('.' or ','),
// an optional exponent (1e6), optional digit grouping with spaces or apostrophes (1 000 000), and — where a
// field allows it — a k / M / B / T suffix (128k, 1.5M; Russian тыс / млн / млрд too). Never NaN, infinity,
// hex floats (0x1p3) or a number that overflows a double; each refusal comes with a reason to show.
#pragma once
#include <string>
#include <string_view>

namespace input {

struct NumberSyntax {
    bool AllowSuffix   = false; // k, M, B, T (×1e3, 1e6, 1e9, 1e12)
    bool AllowGrouping = true;  // "1 000 000", "1'000", "1_000"
    bool CommaGroups   = false; // English fields: "1,000" and "12,345,678" group thousands ("1,5" stays 1.5)
};

// Parses the whole of `text` (surrounding spaces ignored). Returns false and a reason otherwise.
// "1,5" and "1.5" are both 1.5: one separator is a decimal separator in either language. With CommaGroups a comma
// followed by exactly three digits groups thousands ("1,000" = 1000), as English writes them; "1,000.5" is read
// so too. Without it, "1,000.5" has two different separators and is refused rather than guessed.
bool ParseNumberText(std::string_view text, const NumberSyntax& syntax, double* value, std::string* reason);

} // namespace input
