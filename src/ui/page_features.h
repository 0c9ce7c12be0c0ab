// gpuplan ui: what a calculator's visitor expects around the numbers (issue 13) — export in the CLI's formats,
// a model from a Hugging Face config.json, a pinned scenario to compare against, presets and Reset, the language
// and the pinned scenario in the link, the last link remembered by the browser, and the text mirror.
// Panels: panel_export.cpp (export, pin, offline copy), panel_hf_config.cpp, panel_pinned.cpp, panel_presets.cpp.
#pragma once
#include <string>
#include <vector>

#include "ui/app_state.h"

// --- Export: the same text as `gpuplan evaluate --format md|text|csv|offers-csv|json` and `gpuplan plan --format csv`
enum class ExportKind { Markdown, Text, ResultCsv, OffersCsv, CompareCsv, ResultJson, Count };
bool        ParseExportKind(const std::string& name, ExportKind* out); // "md", "text", "csv", "offers-csv", "compare-csv", "json"
std::string ExportText(const AppState& state, ExportKind kind);
const char* ExportFileName(ExportKind kind);                           // "gpuplan-result.md", ...
const char* ExportMime(ExportKind kind);

// --- Your own model: a Hugging Face config.json replaces the model (report in state->ui.LastHfConfig)
void ApplyHfConfig(AppState* state, const std::string& file, const std::string& text);

// --- Pinned scenario: side by side with the current one
void PinCurrentScenario(AppState* state);
void Unpin(AppState* state);
struct PinnedRow {
    std::string Metric, Pinned, Current, Change; // Change: "+12.0 %", "" when not comparable
};
std::vector<PinnedRow> BuildPinnedRows(const AppState& state);

// --- Cost vs GPU count: the scenario at 1, 2, 4 … GPUs (and its own count), each evaluated with the catalog's prices
std::vector<CostCurvePoint> BuildCostVsGpus(const catalog::Catalog& catalog, const engine::Scenario& scenario);

// --- Presets and Reset
enum class Preset { Chatbot100Users, LoraFinetune8b, Pretrain1bOn100bTokens, BatchSummarise1mDocs, Count };
engine::Scenario PresetScenario(Preset preset, const catalog::Catalog& catalog);
void ApplyPreset(AppState* state, Preset preset);
void ResetApp(AppState* state);

// --- The link and the browser's memory. The hash is "#s=<scenario>" (scenario_json.h) followed by "&l=en|ru" and,
// when a scenario is pinned, "&p=<pinned scenario>". Takes those extras out of `hash` (applying them to the state)
// and returns the "#s=..." part for ApplyUrlHash.
std::string TakePageHashExtras(AppState* state, const std::string& hash);

// Once per frame, after the UI: the text mirror, the extras in the hash, and the link kept in localStorage.
void UpdatePageFeatures(AppState* state);
constexpr const char* kStoredLinkKey = "gpuplan.last_link"; // localStorage key of the last link (web/index.html reads it)
