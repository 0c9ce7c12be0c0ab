// gpuplan ui: one panel per file (panel_<name>.cpp → Draw<Name>Panel). Panels display; the engine computes.
// Input panels set state->ui.Dirty when they change the scenario.
#pragma once
#include "ui/app_state.h"

void DrawHeaderPanel(AppState* state);     // title, language toggle, "Copy link"
void DrawNoticesPanel(AppState* state);    // catalog fallback, damaged link

// Inputs
void DrawWorkloadPanel(AppState* state);   // workload kind
void DrawModelPanel(AppState* state);      // model combo with search, custom architecture fields
void DrawHardwarePanel(AppState* state);   // GPU combo with search, GPU count
void DrawPrecisionPanel(AppState* state);  // weights / KV cache / compute formats
void DrawInferencePanel(AppState* state);  // serving block (inference workload only)
void DrawTrainingPanel(AppState* state);   // training block (training workloads only)

// Results
void DrawVerdictPanel(AppState* state);    // narrow layout: one line that stays above the scrolling page
void DrawSummaryPanel(AppState* state);    // fits / needs N GPUs, headline numbers
void DrawComparePanel(AppState* state);    // every GPU sized and priced for the scenario, cheapest first; "Use" switches to one
void DrawMemoryPanel(AppState* state);     // stacked memory bar with capacity line and legend
void DrawWarningsPanel(AppState* state);   // Result.Warnings (translated by code)
void DrawDerivationPanel(AppState* state); // "How was this computed"
void DrawCostPanel(AppState* state);       // currency, cheapest rent, offers table (editable prices), buy vs rent
void DrawTcoPanel(AppState* state);        // own or rent: tier, verdict, bill of materials, crossover chart, the 50 % rule
void DrawPriceImportPanel(AppState* state);// import a price table: file, drag-and-drop, paste; the import report
void DrawCurvePanel(AppState* state);      // inference: throughput and per-user speed vs concurrency
void DrawDetailsPanel(AppState* state);    // inference: SLA and batch capacity; training: layout, communication, checkpoints
void DrawSourcesPanel(AppState* state);    // GPU / model provenance, age of the price data
void DrawAccuracyPanel(AppState* state);   // the published cases behind an accuracy band (a modal window)

// Page features (issue 13; page_features.h)
void DrawPresetsPanel(AppState* state);    // "Start from" presets for common jobs, Reset
void DrawHfConfigPanel(AppState* state);   // your own model from a Hugging Face config.json
void DrawExportPanel(AppState* state);     // copy Markdown / text, download CSV / JSON, pin, offline copy
void DrawPinnedPanel(AppState* state);     // pinned vs current, with changes
void DrawCostCurvePanel(AppState* state);  // cost vs GPU count (bars with money and GPU axes)
