// Numbers as people type them: the same reader for the page's fields, price tables and the CLI.
#include <doctest/doctest.h>

#include <string>

#include "input/number_text.h"

namespace {

struct Row {
    const char* Text;
    bool        Ok;
    double      Value;
};

void CheckRows(const Row* rows, size_t count, const input::NumberSyntax& syntax) {
    for (size_t i = 0; i < count; ++i) {
        const Row& row = rows[i];
        CAPTURE(row.Text);
        double value = -1;
        std::string reason;
        const bool ok = input::ParseNumberText(row.Text, syntax, &value, &reason);
        CHECK(ok == row.Ok);
        if (ok && row.Ok) CHECK(value == doctest::Approx(row.Value));
        if (!ok) CHECK_FALSE(reason.empty());
    }
}

} // namespace

TEST_SUITE("input") {

TEST_CASE("a page field reads decimal commas and points, exponents, k/M/B suffixes and digit groups") {
    input::NumberSyntax field;
    field.AllowSuffix = true;
    const Row rows[] = {
        {"1,5", true, 1.5},         {"0,5", true, 0.5},         {"1.5", true, 1.5},       {" 24 ", true, 24},
        {"1e6", true, 1e6},         {"2.5E-3", true, 2.5e-3},   {"128k", true, 128000},   {"128 k", true, 128000},
        {"1.5M", true, 1.5e6},      {"2B", true, 2e9},          {"1T", true, 1e12},       {"1 000 000", true, 1e6},
        {"1\xC2\xA0" "000", true, 1000}, {"32 тыс", true, 32000}, {"1,5 млн", true, 1.5e6}, {"-3", true, -3},
        {"", false, 0},             {"abc", false, 0},          {"1e", false, 0},         {"1e400", false, 0},
        {"nan", false, 0},          {"inf", false, 0},          {"0x1p3", false, 0},      {"1,000.5", false, 0},
        {"1.2.3", false, 0},        {"12k3", false, 0},         {"--1", false, 0},
    };
    CheckRows(rows, sizeof(rows) / sizeof(rows[0]), field);
}

TEST_CASE("an English field reads a comma before three digits as a thousands separator") {
    input::NumberSyntax english;
    english.AllowSuffix = true;
    english.CommaGroups = true;
    const Row rows[] = {
        {"1,000", true, 1000}, {"12,345,678", true, 12345678}, {"1,000.5", true, 1000.5},
        {"1,5", true, 1.5},    {"0,5", true, 0.5},             {"1,50", true, 1.5},
    };
    CheckRows(rows, sizeof(rows) / sizeof(rows[0]), english);
}

TEST_CASE("a price-table cell is one plain number: no suffixes, no digit groups") {
    input::NumberSyntax cell;
    cell.AllowGrouping = false;
    const Row rows[] = {
        {"2.99", true, 2.99}, {"2,99", true, 2.99}, {"1e3", true, 1000},
        {"1 000", false, 0},  {"2k", false, 0},     {"0x1p3", false, 0}, {"nan", false, 0}, {"1e400", false, 0},
    };
    CheckRows(rows, sizeof(rows) / sizeof(rows[0]), cell);
}

} // TEST_SUITE
