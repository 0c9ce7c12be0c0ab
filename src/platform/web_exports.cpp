// gpuplan platform (web): functions the page calls (web/index.html): hand over fetched catalog files,
// start the app, the JS API gpuplan_evaluate and gpuplan_import_prices, test hooks, hash changes, paste, and
// text from the phone keyboard.
#include <emscripten.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/engine.h"
#include "platform/platform.h"
#include "scenario/scenario_json.h"
#include "ui/page_features.h"

namespace {

catalog::FileSet g_fetched;               // catalog files the page fetched, before start
std::vector<FetchFailure> g_failures;     // files it could not fetch
std::string g_reply;                      // the last string returned to JavaScript (valid until the next call)

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
    g_fetched.Files.emplace_back(path, text);
}

EMSCRIPTEN_KEEPALIVE void gpuplan_file_failed(const char* path, const char* reason) {
    g_failures.push_back(FetchFailure{path, reason});
}

// Starts the app with the files handed over so far.
// `language` is the browser's two-letter language ("ru" starts the UI in Russian).
EMSCRIPTEN_KEEPALIVE void gpuplan_start(const char* url_hash, const char* page_url, const char* today_iso, const char* language) {
    platform::Start(g_fetched, g_failures, url_hash, page_url, today_iso, language);
    g_fetched.Files.clear();
    g_fetched.Files.shrink_to_fit();
}

// JS API: scenario JSON (gpuplan.scenario/1) in, result JSON (gpuplan.result/1) out — the engine the UI uses.
// A scenario that cannot be read gives {"schema", "ok": false, "error", "issues": [...]}.
EMSCRIPTEN_KEEPALIVE const char* gpuplan_evaluate(const char* scenario_json) {
    const catalog::Catalog& cat = CatalogForApi();
    engine::Scenario s;
    std::vector<catalog::Issue> issues;
    if (!scenario::ScenarioFromJson(scenario_json, cat, &s, &issues)) {
        nlohmann::json reply = {{"schema", scenario::kResultSchema}, {"ok", false}, {"error", "the scenario has errors"}};
        nlohmann::json list = nlohmann::json::array();
        for (const catalog::Issue& issue : issues) list.push_back(issue.ToString());
        if (!list.empty()) reply["error"] = list.front();
        reply["issues"] = list;
        g_reply = reply.dump();
        return g_reply.c_str();
    }
    g_reply = scenario::ResultToJson(catalog::EvaluateWithCosts(cat, s));
    return g_reply.c_str();
}

// Test hook: the scenario the UI shows, as JSON.
EMSCRIPTEN_KEEPALIVE const char* gpuplan_scenario_json() {
    AppState* state = platform::State();
    g_reply = state != nullptr ? scenario::ScenarioToJson(state->scenario) : std::string("null");
    return g_reply.c_str();
}

// The address bar's hash changed (a pasted link): show that scenario.
EMSCRIPTEN_KEEPALIVE void gpuplan_on_hash(const char* url_hash) {
    AppState* state = platform::State();
    if (state == nullptr) return;
    ApplyUrlHash(state, url_hash);
    platform::RequestFrame();
}

EMSCRIPTEN_KEEPALIVE void gpuplan_on_paste(const char* text) { platform::OnPaste(text); }

// JS API gpuplan.importPrices(fileName, text): a price table (CSV or gpuplan.prices/1 JSON) from the file
// picker, a dropped file or a script. Returns {"imported": N, "rejected": [...], "notes": [...]}.
EMSCRIPTEN_KEEPALIVE const char* gpuplan_import_prices(const char* file, const char* text) {
    AppState* state = platform::State();
    if (state == nullptr) {
        g_reply = R"({"imported":0,"rejected":["the app has not started"],"notes":[]})";
        return g_reply.c_str();
    }
    ImportPricesIntoApp(state, file, text);
    const ImportReport& report = state->ui.LastImport;
    const nlohmann::json reply = {{"file", report.File}, {"imported", report.Imported}, {"rejected", report.Rejected}, {"notes", report.Notes}};
    g_reply = reply.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    platform::RequestFrame();
    return g_reply.c_str();
}

// JS API gpuplan.exportText(kind): what the Export block copies or saves — "md", "text", "csv" (result and
// derivation), "offers-csv", "compare-csv", "json" — the same text as the CLI prints for the same scenario.
EMSCRIPTEN_KEEPALIVE const char* gpuplan_export(const char* kind) {
    AppState* state = platform::State();
    ExportKind parsed = ExportKind::Count;
    g_reply = state != nullptr && ParseExportKind(kind, &parsed) ? ExportText(*state, parsed) : std::string();
    return g_reply.c_str();
}

// JS API gpuplan.importHfConfig(fileName, text): a Hugging Face config.json (a dropped file, a script) replaces
// the model. Returns {"ok", "model", "params", "errors": [...], "notes": [...]}.
EMSCRIPTEN_KEEPALIVE const char* gpuplan_import_hf_config(const char* file, const char* text) {
    AppState* state = platform::State();
    if (state == nullptr) {
        g_reply = R"({"ok":false,"errors":["the app has not started"],"notes":[]})";
        return g_reply.c_str();
    }
    ApplyHfConfig(state, file, text);
    const HfConfigReport& report = state->ui.LastHfConfig;
    const nlohmann::json reply = {{"ok", report.Ok}, {"model", report.ModelName}, {"params", report.Params},
                                  {"errors", report.Errors}, {"notes", report.Notes}};
    g_reply = reply.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    platform::RequestFrame();
    return g_reply.c_str();
}

// Text typed on a phone's keyboard (the hidden <input> the page focuses for a numeric field).
EMSCRIPTEN_KEEPALIVE void gpuplan_on_text(const char* text) { platform::OnText(text); }

// A key the phone keyboard sent as an edit (Backspace = 8, Enter = 13): pressed and released.
EMSCRIPTEN_KEEPALIVE void gpuplan_on_key(int key_code) { platform::OnKeyTap(key_code); }

} // extern "C"
