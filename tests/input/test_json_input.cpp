// The one JSON entry point: every outside text is parsed without throwing, without recursion, within limits,
// and every failure is one readable, valid-UTF-8 message.
#include <doctest/doctest.h>

#include <string>

#include "input/json_input.h"

using input::JsonLimits;
using input::ParseJson;

namespace {

struct Parsed {
    bool           Ok = false;
    nlohmann::json Value;
    std::string    Error;
};

Parsed Parse(const std::string& text, JsonLimits limits = {}) {
    Parsed out;
    out.Ok = ParseJson(text, limits, &out.Value, &out.Error);
    return out;
}

bool IsValidUtf8(const std::string& text) { return input::ValidUtf8(text) == text; }

std::string Nested(int depth) { return std::string(depth, '[') + std::string(depth, ']'); }

} // namespace

TEST_SUITE("input") {

TEST_CASE("well-formed JSON reads as nlohmann would read it") {
    const Parsed p = Parse(R"({"a": [1, 2.5, "x", true, null, {"b": {}}], "c": -3, "d": 18446744073709551615})");
    REQUIRE(p.Ok);
    CHECK(p.Value["a"][1].get<double>() == 2.5);
    CHECK(p.Value["a"][5]["b"].is_object());
    CHECK(p.Value["c"].get<int>() == -3);
    CHECK(p.Value["d"].is_number_unsigned());
    CHECK(Parse("[]").Value.is_array());
    CHECK(Parse("  7 ").Value.get<int>() == 7);
}

TEST_CASE("a number too large for a double is an error with its position, not an exception") {
    const Parsed p = Parse("{\"x\":\n 1e400}");
    CHECK_FALSE(p.Ok);
    CHECK(p.Error.find("number overflow") != std::string::npos);
    CHECK(p.Error.find("line 2") != std::string::npos);
    CHECK_FALSE(Parse("[-1e400]").Ok);
    CHECK(Parse("[1e300]").Ok);
}

TEST_CASE("nesting deeper than the limit is refused with the path, at any depth, without recursion") {
    CHECK(Parse(Nested(64)).Ok);
    const Parsed too_deep = Parse(Nested(65));
    CHECK_FALSE(too_deep.Ok);
    CHECK(too_deep.Error.find("nested deeper than 64 levels") != std::string::npos);
    const Parsed hostile = Parse("{\"hardware\":{\"count\":" + Nested(100000) + "}}");
    CHECK_FALSE(hostile.Ok);
    CHECK(hostile.Error.find("hardware.count[0]") != std::string::npos);
    CHECK(hostile.Error.size() < 200);
    JsonLimits shallow;
    shallow.MaxDepth = 2;
    CHECK_FALSE(Parse(R"({"a":{"b":{}}})", shallow).Ok);
}

TEST_CASE("duplicate keys are refused with the key and where it is") {
    const Parsed p = Parse(R"({"hardware": {"gpu": "h100-sxm", "count": 2, "count": 3}})");
    CHECK_FALSE(p.Ok);
    CHECK(p.Error == "duplicate key \"count\" in hardware");
    CHECK_FALSE(Parse(R"({"a":1,"a":1})").Ok);
    CHECK(Parse(R"([{"a":1},{"a":1}])").Ok); // the same key in two objects is fine
}

TEST_CASE("texts over the size limit are refused before parsing; empty texts say so") {
    JsonLimits small;
    small.MaxBytes = 10;
    const Parsed p = Parse("[1,2,3,4,5,6]", small);
    CHECK_FALSE(p.Ok);
    CHECK(p.Error.find("the limit is") != std::string::npos);
    CHECK(Parse("").Error == "empty; expected JSON");
    CHECK(Parse(" \n").Error == "empty; expected JSON");
}

TEST_CASE("syntax errors name line and column; messages stay valid UTF-8 when the input is not") {
    const Parsed half = Parse("{\"a\":\xC3}");
    CHECK_FALSE(half.Ok);
    CHECK(half.Error.rfind("line 1, column", 0) == 0);
    CHECK(IsValidUtf8(half.Error));
    const Parsed in_string = Parse("{\"a\":\"\xE2\x82\"}");
    CHECK_FALSE(in_string.Ok);
    CHECK(IsValidUtf8(in_string.Error));
    CHECK_FALSE(Parse("{\"a\":0x1p3}").Ok);    // hex floats are not JSON
    CHECK_FALSE(Parse("{\"a\":NaN}").Ok);
    CHECK_FALSE(Parse("{\"a\":Infinity}").Ok);
    CHECK_FALSE(Parse("{\"a\":\"\\ud800x\"}").Ok); // a lone UTF-16 surrogate escape
    CHECK(Parse("{\"a\":\"\\ud83d\\ude00\"}").Ok); // a pair is a character
}

TEST_CASE("ValidUtf8 replaces every ill-formed sequence and keeps every well-formed one") {
    CHECK(input::ValidUtf8("plain") == "plain");
    CHECK(input::ValidUtf8("Привет ₽ 😀") == "Привет ₽ 😀");
    CHECK(input::ValidUtf8("a\xC3") == "a\xEF\xBF\xBD");
    CHECK(input::ValidUtf8("\x80x") == "\xEF\xBF\xBDx");
    CHECK(input::ValidUtf8("\xED\xA0\x80") == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"); // an encoded surrogate
    CHECK(input::ValidUtf8("\xC0\xAF") == "\xEF\xBF\xBD\xEF\xBF\xBD");                 // an overlong '/'
}

TEST_CASE("TruncateUtf8 never cuts a character in half") {
    CHECK(input::TruncateUtf8("abc", 10) == "abc");
    CHECK(input::TruncateUtf8("ПП", 3) == "П…");
    CHECK(IsValidUtf8(input::TruncateUtf8("😀😀", 5)));
}

TEST_CASE("DescribeJson is short at any size and depth") {
    nlohmann::json deep = nlohmann::json::array();
    nlohmann::json* at = &deep;
    for (int i = 0; i < 10000; ++i) {
        at->push_back(nlohmann::json::array());
        at = &at->back();
    }
    CHECK(input::DescribeJson(deep) == "an array of 1 item");
    CHECK(input::DescribeJson(nlohmann::json::object()) == "an object with 0 fields");
    CHECK(input::DescribeJson(std::string(1000, 'x')).size() < 50);
    CHECK(input::DescribeJson(2.5) == "2.5");
    CHECK(input::DescribeJson(nullptr) == "null");
}

} // TEST_SUITE
