// gpuplan platform (web): functions the page calls (web/index.html): hand over fetched catalog files,
// start the app, the JS API gpuplan_evaluate and gpuplan_import_prices, test hooks, hash changes, paste, and
// text from the phone keyboard.
//
// No C++ exception ever crosses into JavaScript: one that did would leave its wasm stack frames unreleased
// (about 1.5 KB each; a few thousand bring the page down). Every export runs its body through Guarded(), and the
// JS API always answers {"ok": false, "error": ...} rather than throwing. Replies are written with invalid
// UTF-8 replaced, so a message quoting a visitor's bytes can always be serialised.
#include <emscripten.h>

#include <cstdio>

#include <exception>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/engine.h"
#include "input/json_input.h"
#include "platform/platform.h"
#include "scenario/scenario_json.h"
#include "ui/page_features.h"

namespace {

catalog::FileSet g_fetched;               // the site's catalog files the page fetched (handed over after start)
std::vector<FetchFailure> g_failures;     // files it could not fetch
std::string g_accuracy;                   // the site's accuracy.json (the validation report with its cases), or empty
std::string g_reply;                      // the last string returned to JavaScript (valid until the next call)

std::string Dump(const nlohmann::json& reply) { return reply.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

// The reply for a call that failed in an unexpected way (out of memory, a bug): never an exception in JS.
std::string FailureReply(const char* what) {
    return Dump({{"schema", scenario::kResultSchema}, {"ok", false}, {"error", std::string("internal error: ") + what}});
}

// Runs `body`; an exception becomes `on_error(message)` instead of unwinding into JavaScript.
template <typename Body, typename OnError>
void Guarded(Body body, OnError on_error) {
    try {
        body();
    } catch (const std::exception& failure) {
        on_error(failure.what());
    } catch (...) {
        on_error("unknown failure");
    }
}

void LogFailure(const char* what) { std::fprintf(stderr, "gpuplan: %s\n", what); }

const catalog::Catalog& CatalogForApi() {
    if (AppState* state = platform::State()) return state->catalog;
    static const catalog::Catalog kEmbedded = [] {
        std::vector<catalog::Issue> issues;
        return catalog::LoadFileSet(catalog::EmbeddedFiles(), &issues);
    }();
    return kEmbedded;
}

} // namespace

extern "C" {

// One catalog file: path relative to catalogs/ ("gpus.json", "prices/aws.json") and its text.
EMSCRIPTEN_KEEPALIVE void gpuplan_put_file(const char* path, const char* text) {
    Guarded([&] { g_fetched.Files.emplace_back(path, text); }, LogFailure);
}

// The validation report (site/accuracy.json): the app carries only its summary, the cases come with the catalogs.
EMSCRIPTEN_KEEPALIVE void gpuplan_put_accuracy(const char* text) {
    Guarded([&] { g_accuracy = text; }, LogFailure);
}

EMSCRIPTEN_KEEPALIVE void gpuplan_file_failed(const char* path, const char* reason) {
    Guarded([&] { g_failures.push_back(FetchFailure{path, reason}); }, LogFailure);
}

// Starts the app with the built-in catalogs: the first frame waits for no download. The page fetches the site's
// catalog files meanwhile and hands them over (gpuplan_put_file, gpuplan_file_failed, gpuplan_catalogs_fetched).
// `language` is the browser's two-letter language ("ru" starts the UI in Russian).
EMSCRIPTEN_KEEPALIVE void gpuplan_start(const char* url_hash, const char* page_url, const char* today_iso, const char* language) {
    Guarded([&] { platform::Start(catalog::EmbeddedFiles(), {}, url_hash, page_url, today_iso, language); }, LogFailure);
}

// Every catalog file was fetched or failed: the app loads the site's files (or falls back to its built-in copy).
EMSCRIPTEN_KEEPALIVE void gpuplan_catalogs_fetched() {
    Guarded([&] { platform::CatalogsFetched(g_fetched, g_failures, g_accuracy); }, LogFailure);
    g_fetched.Files.clear();
    g_fetched.Files.shrink_to_fit();
    g_failures.clear();
    g_accuracy.clear();
    g_accuracy.shrink_to_fit();
}

// Test hooks (docs/UI.md), built on demand: 0 = shown, 1 = widgets, 2 = text fields on screen.
EMSCRIPTEN_KEEPALIVE const char* gpuplan_test_hook(int hook) {
    Guarded([&] { g_reply = platform::TestHookJson(hook == 1 ? platform::Hook::Widgets : hook == 2 ? platform::Hook::TextFields : platform::Hook::Shown); },
            [](const char*) { g_reply = "null"; });
    return g_reply.c_str();
}

// JS API: scenario JSON (gpuplan.scenario/1) in, result JSON (gpuplan.result/1) out — the engine the UI uses.
// A scenario that cannot be read gives {"schema", "ok": false, "error", "issues": [...]}.
EMSCRIPTEN_KEEPALIVE const char* gpuplan_evaluate(const char* scenario_json) {
    Guarded(
        [&] {
            const catalog::Catalog& cat = CatalogForApi();
            engine::Scenario s;
            std::vector<catalog::Issue> issues;
            if (!scenario::ScenarioFromJson(scenario_json, cat, &s, &issues)) {
                nlohmann::json reply = {{"schema", scenario::kResultSchema}, {"ok", false}, {"error", "the scenario has errors"}};
                nlohmann::json list = nlohmann::json::array();
                for (const catalog::Issue& issue : issues) list.push_back(issue.ToString());
                if (!list.empty()) reply["error"] = list.front();
                reply["issues"] = list;
                g_reply = Dump(reply);
                return;
            }
            g_reply = scenario::ResultToJson(catalog::EvaluateWithCosts(cat, s));
        },
        [](const char* what) { g_reply = FailureReply(what); });
    return g_reply.c_str();
}

// Test hook: the scenario the UI shows, as JSON.
EMSCRIPTEN_KEEPALIVE const char* gpuplan_scenario_json() {
    Guarded(
        [] {
            AppState* state = platform::State();
            g_reply = state != nullptr ? scenario::ScenarioToJson(state->scenario) : std::string("null");
        },
        [](const char*) { g_reply = "null"; });
    return g_reply.c_str();
}

// The address bar's hash changed (a pasted link): show that scenario.
EMSCRIPTEN_KEEPALIVE void gpuplan_on_hash(const char* url_hash) {
    Guarded(
        [&] {
            AppState* state = platform::State();
            if (state == nullptr) return;
            ApplyUrlHash(state, url_hash);
            platform::RequestFrame();
        },
        LogFailure);
}

EMSCRIPTEN_KEEPALIVE void gpuplan_on_paste(const char* text) {
    Guarded([&] { platform::OnPaste(text); }, LogFailure);
}

// JS API gpuplan.importPrices(fileName, text): a price table (CSV or gpuplan.prices/1 JSON) from the file
// picker, a dropped file or a script. Returns {"imported": N, "rejected": [...], "notes": [...]}.
EMSCRIPTEN_KEEPALIVE const char* gpuplan_import_prices(const char* file, const char* text) {
    Guarded(
        [&] {
            AppState* state = platform::State();
            if (state == nullptr) {
                g_reply = R"({"ok":false,"error":"the app has not started","imported":0,"rejected":["the app has not started"],"notes":[]})";
                return;
            }
            ImportPricesIntoApp(state, file, text);
            const ImportReport& report = state->ui.LastImport;
            nlohmann::json reply = {{"ok", report.Rejected.empty() || report.Imported > 0},
                                    {"file", report.File},
                                    {"imported", report.Imported},
                                    {"rejected", report.Rejected},
                                    {"notes", report.Notes}};
            if (report.Imported == 0 && !report.Rejected.empty()) reply["error"] = report.Rejected.front();
            g_reply = Dump(reply);
            platform::RequestFrame();
        },
        [](const char* what) {
            g_reply = Dump({{"ok", false}, {"error", std::string("internal error: ") + what}, {"imported", 0}, {"rejected", {what}}, {"notes", nlohmann::json::array()}});
        });
    return g_reply.c_str();
}

// The largest price table one import takes (web/index.html does not read a larger file at all).
EMSCRIPTEN_KEEPALIVE double gpuplan_import_limit_bytes() { return static_cast<double>(input::kImportMaxBytes); }

// A file the page refused to read for its size: the import report says so, with the size and the limit.
EMSCRIPTEN_KEEPALIVE void gpuplan_import_too_large(const char* file, double bytes) {
    Guarded(
        [&] {
            AppState* state = platform::State();
            if (state == nullptr) return;
            ReportImportTooLarge(state, file, bytes);
            platform::RequestFrame();
        },
        LogFailure);
}

// JS API gpuplan.exportText(kind): what the Export block copies or saves — "md", "text", "csv" (result and
// derivation), "offers-csv", "compare-csv", "json" — the same text as the CLI prints for the same scenario.
EMSCRIPTEN_KEEPALIVE const char* gpuplan_export(const char* kind) {
    Guarded(
        [&] {
            AppState* state = platform::State();
            ExportKind parsed = ExportKind::Count;
            g_reply = state != nullptr && ParseExportKind(kind, &parsed) ? ExportText(*state, parsed) : std::string();
        },
        [](const char*) { g_reply.clear(); });
    return g_reply.c_str();
}

// JS API gpuplan.importHfConfig(fileName, text): a Hugging Face config.json (a dropped file, a script) replaces
// the model. Returns {"ok", "model", "params", "errors": [...], "notes": [...]}.
EMSCRIPTEN_KEEPALIVE const char* gpuplan_import_hf_config(const char* file, const char* text) {
    Guarded(
        [&] {
            AppState* state = platform::State();
            if (state == nullptr) {
                g_reply = R"({"ok":false,"errors":["the app has not started"],"notes":[]})";
                return;
            }
            ApplyHfConfig(state, file, text);
            const HfConfigReport& report = state->ui.LastHfConfig;
            const nlohmann::json reply = {{"ok", report.Ok}, {"model", report.ModelName}, {"params", report.Params},
                                          {"errors", report.Errors}, {"notes", report.Notes}};
            g_reply = Dump(reply);
            platform::RequestFrame();
        },
        [](const char* what) { g_reply = Dump({{"ok", false}, {"errors", {std::string("internal error: ") + what}}, {"notes", nlohmann::json::array()}}); });
    return g_reply.c_str();
}

// Text typed on a phone's keyboard (the hidden <input> the page focuses for a numeric field).
EMSCRIPTEN_KEEPALIVE void gpuplan_on_text(const char* text) {
    Guarded([&] { platform::OnText(text); }, LogFailure);
}

// A key the phone keyboard sent as an edit (Backspace = 8, Enter = 13): pressed and released.
EMSCRIPTEN_KEEPALIVE void gpuplan_on_key(int key_code) {
    Guarded([&] { platform::OnKeyTap(key_code); }, LogFailure);
}

} // extern "C"
