// gpuplan ui: start-up (catalog choice, link decoding), the per-frame DrawApp, and recomputation.
#pragma once
#include <string>
#include <vector>

#include "ui/app_state.h"

// A catalog file the page tried to fetch and could not ("catalogs/gpus.json", "HTTP 404").
struct FetchFailure {
    std::string Path;
    std::string Reason;
};

// Loads the fetched catalog files (falling back to the embedded copy, with a notice, when a fetch or a
// validation failed), decodes the URL hash (a damaged one gives a notice and the default scenario), evaluates.
void InitApp(AppState* state, const catalog::FileSet& fetched, const std::vector<FetchFailure>& failures,
             const std::string& url_hash);

// Replaces the scenario from a new URL hash (the visitor pasted a link into the address bar).
void ApplyUrlHash(AppState* state, const std::string& url_hash);

// One frame of the whole UI. Recomputes when a widget reported a change.
void DrawApp(AppState* state);

// Brings inputs back into ranges the engine accepts (TP × PP ≤ GPUs, positive counts, finite numbers).
// Brings a layout within the GPUs, layers and heads it has; returns one line per change ("path: 16 → 4 (why)").
std::vector<std::string> SanitizeScenario(engine::Scenario* scenario);
// Shows each adjustment SanitizeScenario made as a notice.
void ReportClamps(AppState* state, const std::vector<std::string>& clamps);
// After a visitor's change: the address bar takes the new scenario's link (a new history entry).
void FollowEditInAddressBar(AppState* state);

// catalog::EvaluateWithCosts + the offers table's catalog details + the URL hash for the outbox.
void Recompute(AppState* state);

// Imports a visitor's price table (CSV or gpuplan.prices/1 JSON) into the app's catalog copy, records what
// happened in state->ui.LastImport, and recomputes. The file picker, drag-and-drop, the paste box and
// gpuplan.importPrices all end here.
void ImportPricesIntoApp(AppState* state, const std::string& file, const std::string& text);
// Offers that live only in this page: imported by the visitor or with a price they edited (a link carries neither).
int LocalPriceCount(const AppState& state);
// A file too large to import (the page does not read it): the report names its size and the limit.
void ReportImportTooLarge(AppState* state, const std::string& file, double bytes);

// The visitor's own price for one offer, per GPU-hour in the scenario's currency (kept for the session only).
void SetOfferPrice(AppState* state, const std::string& offer_id, double price_per_gpu_hour);

// Switches the scenario to a Compare GPUs row: its GPU, its GPU count and (inference) its tensor parallelism.
// Marks the scenario changed, so DrawApp recomputes and the link follows, as with any input widget.
void UsePlanRow(AppState* state, const engine::PlanRow& row);

// Switches the currency, converting the visitor's own amounts (rate, purchase price, electricity) with fx.json.
void SetCurrency(AppState* state, const std::string& currency);
