// gpuplan ui: the one AppState the web app owns, and the UI-only state inside it (UiState).
// Panels read AppState and set UiState::Dirty when a widget changes the scenario; DrawApp recomputes.
#pragma once
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "engine/result.h"
#include "engine/scenario.h"
#include "ui/i18n.h"

struct ImFont;

enum class NoticeKind { Info, Warning, Error, Count };

// A message shown in the strip under the header (catalog fallback, damaged link).
struct Notice {
    NoticeKind  Kind = NoticeKind::Info;
    Str         Title = Str::Count;   // translated headline
    std::string Detail;               // untranslated detail (file name, first issue)
};

// Where a main input sits this frame, CSS pixels (test hook window.gpuplan.widgets).
struct WidgetRect {
    std::string Id;                    // "concurrency", "model", ...
    float       X = 0, Y = 0, W = 0, H = 0;
};

struct UiState {
    Language    Lang = Language::English;
    bool        Narrow = false;          // phone layout: one column, bigger touch targets (set from the display width)
    ImFont*     FontBody = nullptr;      // set by the platform when it builds the font atlas (wide layout)
    ImFont*     FontTouch = nullptr;     // body text of the narrow (phone) layout
    ImFont*     FontLarge = nullptr;     // headline numbers
    ImFont*     FontSmall = nullptr;     // captions, formulas
    char        ModelFilter[64] = "";    // search text of the model combo
    char        GpuFilter[64] = "";      // search text of the GPU combo
    std::vector<Notice> Notices;
    bool        Dirty = false;           // a widget changed the scenario this frame
    double      LinkCopiedTime = -1;     // ImGui time of the last "Copy link" (shows "Copied" for a moment)
    std::string TodayIso;                // today's date from the browser clock (YYYY-MM-DD)
    // Test hooks, rebuilt every frame
    std::vector<WidgetRect> WidgetRects;
    std::string ShownTotalMemoryText;    // exactly as printed ("16.06 GB")
    double      ShownTotalMemoryGb = 0;  // the printed number
};

// Side effects the UI asks the platform to perform after a frame (the UI itself never calls the browser).
struct Outbox {
    std::string UrlHash;                 // "#s=..." to put in the address bar (history.replaceState)
    bool        UrlHashChanged = false;
    std::string ClipboardText;           // text for navigator.clipboard
    bool        ClipboardRequested = false;
    double      RedrawAt = -1;           // ImGui time at which the UI needs one more frame (a message expires), -1 = none
};

// Price catalog summary for the Sources panel, computed once at load.
struct PriceSummary {
    int         Offers = 0;
    int         Providers = 0;
    std::string OldestAsOf;              // YYYY-MM-DD, "" when no offers
    std::string NewestAsOf;
};

struct AppState {
    engine::Scenario scenario;           // what the visitor describes
    engine::Result   result;             // engine::Evaluate(scenario), recomputed only on change
    UiState          ui;
    catalog::Catalog catalog;            // fetched catalogs/, or the embedded copy
    PriceSummary     prices;
    Outbox           outbox;
    std::string      page_url;           // the page address without the hash ("Copy link")
};
