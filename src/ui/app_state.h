// gpuplan ui: the one AppState the web app owns, and the UI-only state inside it (UiState).
// Panels read AppState and set UiState::Dirty when a widget changes the scenario; DrawApp recomputes.
#pragma once
#include <set>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "engine/result.h"
#include "engine/scenario.h"
#include "ui/accuracy.h"
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

// What the last price import did (file picker, drag-and-drop, paste box or gpuplan.importPrices).
struct ImportReport {
    bool        Done = false;            // an import ran this session
    std::string File;                    // the name it was given
    int         Imported = 0;            // offers added
    std::vector<std::string> Rejected;   // one line per rejected row or file error (Issue::ToString())
    std::vector<std::string> Notes;      // warnings (unknown column, extra cells)
};


// Compare GPUs panel (planner, issue 9; issue 13 item 3): the table's sort and filters.
enum class GpuClass { All, Datacenter, Workstation, Consumer, Count };
struct CompareState {
    int      SortColumn = -1;        // the column the visitor sorted by (panel_compare.cpp Column); -1 = the plan's rank
    bool     SortAscending = true;
    int      Class = 0;              // GpuClass as int (Segmented)
    char     Vendor[32] = "";        // substring of the GPU vendor; "" = any
    char     Provider[48] = "";      // substring of the chosen offer's provider; "" = any
    char     Country[8] = "";        // the chosen provider's country code; "" = any
    bool     FitsOnly = false;       // hide families that do not fit or have no published figures
    bool     MeetsSlaOnly = false;   // hide every excluded family (the ranked rows all meet the SLA)
};

// One bar of "Cost vs GPU count": the scenario evaluated at another GPU count (page_features.h).
struct CostCurvePoint {
    int    Gpus = 0;
    bool   Fits = false;
    double Value = 0;      // inference: cheapest on-demand per million generated tokens; training: the run's cost
    double PerHour = 0;    // cheapest on-demand per hour, whole deployment
    double TimeS = 0;      // training: wall-clock time
};

// What the last Hugging Face config.json read did (paste box, dropped file or gpuplan.importHfConfig).
struct HfConfigReport {
    bool        Done = false;
    bool        Ok = false;                // the model was replaced
    std::string ModelName;
    double      Params = 0;                // derived from the architecture
    std::vector<std::string> Errors;       // fields it could not read (Issue::ToString())
    std::vector<std::string> Notes;        // fields read but not used, or assumed
};

// The visitor's money amounts (own rate, purchase price, electricity, TCO inputs) as typed, in the currency typed,
// so that a currency switch converts from them and never from a previous conversion (SetCurrency).
constexpr int kTypedAmounts = 7;
struct TypedAmounts {
    bool        Valid = false;
    std::string OriginCurrency;             // the currency the amounts in Origin were typed in
    double      Origin[kTypedAmounts] = {};
    std::string Currency;                   // the currency of Shown (what SetCurrency last wrote)
    double      Shown[kTypedAmounts] = {};  // what SetCurrency last wrote: a different value means the visitor typed
};

constexpr size_t kHfConfigBoxBytes = 65536; // a config.json is 1–10 KB; a longer paste fails to parse and says so

struct UiState {
    Language    Lang = Language::English;
    bool        Narrow = false;          // phone layout: one column, bigger touch targets (set from the display width)
    TypedAmounts Typed;                  // money amounts as typed (currency switches convert from these)
    bool        LayoutPinned = false;    // the visitor set TP/PP/ZeRO/recompute: keep them; false = ChooseLayout on each change
    bool        ScrollToDerivation = false; // "How was this computed?" was clicked: the derivation scrolls into view
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
    // Cost panel
    bool        ShowAllOffers = false;   // the offers table lists every offer, not the first kMaxOffersShown
    bool        ShowAllPlanRows = false; // the Compare GPUs table lists every GPU, not the first kMaxPlanRowsShown
    CompareState Compare;                // the Compare GPUs table's sort and filters
    bool        ImportOpen = false;      // the "Import prices" block is expanded
    std::string PasteBox;                       // text pasted into the import block (up to input::kImportMaxBytes)
    bool        PasteTooLarge = false;          // the last paste would have passed the limit and was refused
    ImportReport LastImport;
    std::string FieldText;               // the number field being edited: its text as last typed
    unsigned    FieldNoticeId = 0;       // ImGuiID of the number field that shows FieldNotice (0 = none)
    std::string FieldNotice;             // "Tensor parallel: 16 is outside 1 … 4; 4 is used"
    std::set<std::string> EditedOffers;  // offer ids whose price the visitor edited this session
    AccuracyCategory AccuracyShown = AccuracyCategory::Count; // the Accuracy panel's category; Count = closed
    // Test hooks, rebuilt every frame
    std::vector<WidgetRect> WidgetRects;
    std::vector<WidgetRect> TextFieldRects; // every visible text field, Id "numeric" or "text" (phone keyboard glue)
    bool        ActiveFieldNumeric = false;  // the text field being edited this frame takes a number (phone keypad)
    std::string ShownTotalMemoryText;    // exactly as printed ("16.06 GB")
    double      ShownTotalMemoryGb = 0;  // the printed number
    std::string ShownCostPerHourText;    // the Cost panel's on-demand price per hour, as printed ("$7.18/h"), "" = n/a
    double      ShownCostPerHour = 0;    // the number it shows
    std::string ShownCompareFirstGpu;    // the Compare GPUs table's top row (GPU id), "" = no table
    int         ShownCompareRows = 0;    // GPUs the Compare GPUs table ranks (shown or behind "Show all")
    double      ShownTcoPurchase = 0;    // the Own or rent panel's purchase, as printed
    double      ShownTcoPayback = -1;    // its payback in months as printed (-1 = never or none)
    std::string ShownTcoVerdict;         // engine::VerdictName of what it shows, "" = no panel
    std::string ShownTcoVerdictText;     // the verdict line as printed, in the page's language
    int         ShownTcoChartMonths = 0; // the crossover chart's last month as drawn (0 = no chart)
    double      ShownTcoChartOwn = 0;    // the chart's cumulative own cost at that month
    double      ShownTcoChartRent = 0;   // and its cumulative rent
    // Page features (issue 13): export, your own model (config.json), pinned scenario
    double      ExportCopiedTime = -1;   // ImGui time of the last export copy ("Copied" for a moment)
    bool        HfConfigOpen = false;    // the "Your model: config.json" block is expanded
    char        HfConfigBox[kHfConfigBoxBytes] = ""; // config.json text pasted into that block
    HfConfigReport LastHfConfig;
    bool        HasPinned = false;       // a scenario is pinned for side-by-side comparison
    engine::Scenario PinnedScenario;     // the pinned scenario (its result is recomputed with the current catalog)
    engine::Result   PinnedResult;
    std::vector<CostCurvePoint> CostCurve; // "Cost vs GPU count", rebuilt when the scenario changes
    std::string CostCurveKey;            // the scenario (link) CostCurve was built for
    std::string LastHashExtras;          // "&l=en&p=..." last put in the link ("" before the first frame)
};

// Side effects the UI asks the platform to perform after a frame (the UI itself never calls the browser).
struct Outbox {
    std::string UrlHash;                 // "#s=..." of the scenario shown (what Copy link shares)
    std::string AddressBarHash;          // what the address bar holds: the link as opened until the visitor edits
    bool        UrlHashChanged = false;  // push UrlHash as a new history entry
    std::string ClipboardText;           // text for navigator.clipboard
    bool        ClipboardRequested = false;
    double      RedrawAt = -1;           // ImGui time at which the UI needs one more frame (a message expires), -1 = none
    bool        OpenFilePicker = false;  // show the browser's file dialog for a price table
    std::string OpenUrl;                 // a source link the visitor clicked (opened in a new tab), "" = none
    // Page features (issue 13)
    std::string MirrorJson;              // the text mirror of the results (text_mirror.h), for the page's DOM
    bool        MirrorChanged = false;
    std::string DownloadName;            // a file to save ("gpuplan-compare.csv"), "" = none
    std::string DownloadMime;
    std::string DownloadText;
    std::string StoreKey;                // localStorage entry to write ("" = none): the last scenario, language, currency
    std::string StoreValue;
};

// Price catalog summary for the Sources panel, computed once at load.
struct PriceSummary {
    int         Offers = 0;
    int         Providers = 0;
    std::string OldestAsOf;              // YYYY-MM-DD, "" when no offers
    std::string NewestAsOf;
};

// A provider that has offers for the selected GPU (the Cost panel's filter combo).
struct ProviderChoice {
    std::string Id;
    std::string Name;
};

// One row of the offers table: what the catalog knows about an offer the engine priced (result.Cost.Offers[i]).
struct OfferInfo {
    double      PricePerGpuHour = 0;     // in the scenario's currency (what the edit field shows)
    int         GpusPerInstance = 1;
    bool        Imported = false;
    bool        Edited = false;          // the visitor changed its price this session
    std::string Source;
};

// The price data behind the numbers shown (Sources panel), rebuilt with the result.
struct PriceProvenance {
    std::string CheapestProvider;        // "" when nothing is priced from the catalog
    std::string CheapestSource;
    std::string CheapestAsOf;
    std::string OldestAsOf;              // over the offers shown (result.Cost.Offers)
    std::string NewestAsOf;
    int         OffersShown = 0;
};

struct AppState {
    engine::Scenario scenario;           // what the visitor describes
    engine::Result   result;             // catalog::EvaluateWithCosts(catalog, scenario), recomputed only on change
    std::vector<engine::PlanRow> plan;   // catalog::PlanWithCatalog(catalog, scenario): every GPU ranked, recomputed with result
    engine::TcoResult tco;               // catalog::EvaluateTco(catalog, scenario, result, plan): own or rent, recomputed with result
    engine::TcoAssumptions tco_assumptions; // the defaults and overrides tco used (the panel's inputs show these)
    UiState          ui;
    catalog::Catalog catalog;            // fetched catalogs/, or the embedded copy
    PriceSummary     prices;
    std::vector<ProviderChoice> gpu_providers; // providers with offers for scenario.Gpu (rebuilt by Recompute)
    std::vector<OfferInfo> offer_info;   // parallel to result.Cost.Offers (rebuilt by Recompute)
    PriceProvenance  provenance;         // rebuilt by Recompute
    AccuracyReport   accuracy;           // the embedded validation report
    Outbox           outbox;
    std::string      page_url;           // the page address without the hash ("Copy link")
};
