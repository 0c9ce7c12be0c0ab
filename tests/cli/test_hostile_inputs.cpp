// Hostile input against the real gpuplan binary (issue 11's reproducers): every one ends in exit code 2 (bad
// input) or 1 (a check found problems) with a message naming what is wrong — never an abort or a crash.
#include <doctest/doctest.h>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "input/json_input.h"

namespace {

namespace fs = std::filesystem;

struct Outcome {
    int         Code = -1; // exit status; -1 when the process died of a signal
    std::string Output;    // stdout and stderr together
};

Outcome Shell(const std::string& command) {
    Outcome out;
    std::array<char, 4096> buffer{};
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
    REQUIRE(pipe != nullptr);
    size_t read = 0;
    while ((read = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) out.Output.append(buffer.data(), read);
    const int status = pclose(pipe);
    out.Code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return out;
}

fs::path TempDir() {
    const fs::path dir = fs::temp_directory_path() / ("gpuplan-hostile-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir;
}

void Write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

std::string Nested(size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

struct Hostile {
    const char* Name;
    std::string Text;
    const char* Message; // a part of the message the user reads
};

std::vector<Hostile> HostileTexts() {
    return {
        {"a number too large for a double", R"({"x":1e400})", "number overflow"},
        {"100,000 levels of nesting", R"({"hardware":{"count":)" + Nested(100000) + "}}", "nested deeper than"},
        {"half a UTF-8 character", "{\"a\":\xC3}", "line 1, column"},
        {"duplicate keys", R"({"hardware":{"count":2,"count":3}})", "duplicate key \"count\" in hardware"},
        {"a hex float", R"({"hardware":{"count":0x10}})", "line 1, column"},
        {"a lone surrogate escape", R"({"model":"\ud800x"})", "surrogate"},
        {"NaN", R"({"hardware":{"count":NaN}})", "line 1, column"},
        {"50 MB of JSON", "[" + std::string(50u << 20, ' ') + "]", "the limit is"},
    };
}

const std::string kCli = GPUPLAN_CLI_PATH;

} // namespace

TEST_SUITE("cli") {

TEST_CASE("evaluate and plan answer every hostile scenario with exit 2 and a valid UTF-8 message naming the problem") {
    const fs::path dir = TempDir();
    for (const Hostile& h : HostileTexts()) {
        CAPTURE(h.Name);
        Write(dir / "scenario.json", h.Text);
        for (const char* command : {"evaluate", "plan"}) {
            const Outcome run = Shell(kCli + " " + command + " --scenario " + (dir / "scenario.json").string());
            CHECK(run.Code == 2);
            CHECK(run.Output.find(h.Message) != std::string::npos);
            CHECK(input::ValidUtf8(run.Output) == run.Output);
            CHECK(run.Output.size() < 2000);
        }
    }
    fs::remove_all(dir);
}

TEST_CASE("catalog check reports a hostile catalog file with the file named and exit 1") {
    const fs::path dir = TempDir();
    for (const Hostile& h : HostileTexts()) {
        CAPTURE(h.Name);
        fs::remove_all(dir / "catalogs");
        Write(dir / "catalogs" / "gpus.json", h.Text);
        Write(dir / "catalogs" / "prices" / "mine.json", h.Text);
        const Outcome run = Shell(kCli + " catalog check " + (dir / "catalogs").string());
        CHECK(run.Code == 1);
        CHECK(run.Output.find("gpus.json") != std::string::npos);
        CHECK(run.Output.find("prices/mine.json") != std::string::npos);
        CHECK(run.Output.find(h.Message) != std::string::npos);
        CHECK(input::ValidUtf8(run.Output) == run.Output);
    }
    fs::remove_all(dir);
}

TEST_CASE("validate names a case file it cannot run and exits 1; it never aborts") {
    const fs::path dir = TempDir();
    for (const Hostile& h : HostileTexts()) {
        CAPTURE(h.Name);
        fs::remove_all(dir / "cases");
        Write(dir / "cases" / "a.json", h.Text);
        const Outcome run = Shell(kCli + " validate " + (dir / "cases").string());
        CHECK(run.Code == 1);
        CHECK(run.Output.find("could not be run") != std::string::npos);
    }
    // A well-formed file that is not a case: the field is named.
    Write(dir / "cases" / "a.json", R"({"id":5,"category":"training","metric":"training.gpu_hours","published_value":1,"scenario":{}})");
    const Outcome wrong_type = Shell(kCli + " validate " + (dir / "cases").string());
    CHECK(wrong_type.Code == 1);
    CHECK(wrong_type.Output.find("id: expected a string, got 5") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("a plan for a billion users or a run that would take 1e304 hours is a row with a reason, never an overflowed count") {
    const fs::path dir = TempDir();
    Write(dir / "users.json", R"({"inference":{"target_users":1e9,"context_tokens":200000}})");
    const Outcome run = Shell(kCli + " plan --format json --scenario " + (dir / "users.json").string());
    REQUIRE(run.Code == 0);
    CHECK(run.Output.find("-2147483648") == std::string::npos);
    CHECK(run.Output.find("\"gpu_count\": -") == std::string::npos);
    fs::remove_all(dir);
}

} // TEST_SUITE
