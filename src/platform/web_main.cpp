// gpuplan platform (web): WebGL2 context, HiDPI canvas, browser input → Dear ImGui, and frames on demand.
// Frames run only when input arrives or something changed, and for a few frames after (ImGui settles a change in a
// frame or two; nothing in the UI animates); an idle page does no work at all (the text caret does not blink for
// that reason). Test hooks are built when a test reads them, never per frame.
//
// Index
// [SECTION] State
// [SECTION] Fonts and canvas size
// [SECTION] Input queue
// [SECTION] Browser event callbacks
// [SECTION] Frame
// [SECTION] Start
#include <emscripten.h>
#include <emscripten/html5.h>
#include <GLES3/gl3.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "imgui.h"
#include "platform/platform.h"
#include "platform/web_renderer.h"
#include "scenario/scenario_json.h"
#include "ui/theme.h"

extern "C" {
void gpuplan_js_copy_text(const char* text);
void gpuplan_js_replace_hash(const char* hash);
void gpuplan_js_frame_drawn(int first_full_frame, int painted);
void gpuplan_js_set_ready();
void gpuplan_js_fail(const char* message);
void gpuplan_js_set_cursor(int kind);
void gpuplan_js_set_local_prices(int count);
void gpuplan_js_open_file_picker();
void gpuplan_js_open_url(const char* url);
void gpuplan_js_keyboard(int kind);
// page features (issue 13)
void gpuplan_js_mirror(const char* mirror_json);
void gpuplan_js_download(const char* name, const char* mime, const char* text);
void gpuplan_js_store(const char* key, const char* value);
}

//-----------------------------------------------------------------------------
// [SECTION] State
//-----------------------------------------------------------------------------

namespace {

constexpr const char* kCanvas = "#canvas";
constexpr int kReadyAfterFrames = 3;       // ImGui lays out in a frame or two; the first full frame is this one
constexpr int kFramesAfterInput = 3;       // frames drawn after the last input event or state change: a click handled
                                           // in a frame (a panel closing) shows only in the next one, and windows that
                                           // size themselves to their content settle in the one after
constexpr float kTouchSlopPx = 10;         // a touch that moves farther is a scroll, not a tap
constexpr float kWheelPixelsPerUnit = 100; // browsers send about 100 px per wheel notch
constexpr int kMaxKeyCode = 512;
constexpr int kImeKeyCode = 229;           // keydown sent while a phone keyboard composes: the text arrives as input
enum class Keyboard { Hidden, Numeric, Text }; // the phone keyboard the page should show (gpuplan_js_keyboard)

enum class InputKind { MousePos, MouseButton, Wheel, Key, Text, Focus };

struct InputEvent {
    InputKind   Kind = InputKind::MousePos;
    float       X = 0, Y = 0;          // MousePos: CSS px; Wheel: units
    int         Code = 0;              // MouseButton: button; Key: keyCode
    bool        Down = false;          // MouseButton / Key / Focus
    bool        Ctrl = false, Shift = false, Alt = false, Super = false;
    std::string Text;                  // Text: UTF-8 characters to type
};

struct TouchGesture {
    bool  Active = false;
    bool  Scrolling = false;
    float StartX = 0, StartY = 0;
    float LastX = 0, LastY = 0;
};

struct Platform {
    std::unique_ptr<AppState> State;   // the app's one AppState
    EMSCRIPTEN_WEBGL_CONTEXT_HANDLE Gl = 0;
    std::deque<InputEvent> Queue;      // browser events not yet given to ImGui
    TouchGesture Touch;
    bool   FramePending = false;       // a requestAnimationFrame is scheduled
    double LastFrameTime = 0;          // seconds (performance.now)
    int    Frames = 0;
    uint64_t CanvasFingerprint = 0;    // renderer::Fingerprint of what the canvas shows; 0 when unknown (nothing yet,
                                       // a resize cleared it, the font texture was rebuilt)
    int    FramesSinceInput = 0;       // frames drawn since one that applied an input event (or since Wake)
    bool   CatalogsSettled = false;    // the site's catalog files were checked (and applied when they differ)
    bool   ReadySent = false;          // gpuplan.ready was set
    std::string LinkHash;              // the URL hash the page was opened with
    std::string StartScenarioHash;     // the scenario InitApp made of it (with the built-in catalogs)
    double DevicePixelRatio = 0;       // the ratio the font atlas was built for
    bool   FontsNarrow = false;        // the atlas holds the narrow layout's body size (FontTouch), not FontBody's
    int    FramebufferW = 0, FramebufferH = 0;
    float  CssW = 0, CssH = 0;
    int    Cursor = -1;
    int    LocalPrices = 0;            // imported + edited offers the page told the browser about (leave-page prompt)
    bool   LastPointerTouch = false;   // the last press came from a finger (a phone keyboard is needed to type)
    Keyboard KeyboardShown = Keyboard::Hidden;
    std::string Clipboard;             // last text copied or pasted (ImGui's clipboard)
    ImVector<ImWchar> GlyphRanges;     // must outlive the font atlas build
};

Platform g_platform; // the web platform is a singleton: one page, one canvas

double NowS() { return emscripten_get_now() / 1000.0; }

// Something outside the input queue changed (resize, a timed message, new catalogs): a few frames to show it.
void Wake() {
    g_platform.FramesSinceInput = 0;
    platform::RequestFrame();
}

//-----------------------------------------------------------------------------
// [SECTION] Fonts and canvas size
//-----------------------------------------------------------------------------

// Fonts are rasterised at CSS size × devicePixelRatio and drawn at 1/ratio, so text stays sharp on HiDPI. Only the
// body size of the current layout is built (wide: FontBody, narrow: FontTouch; the other points at it): a size is
// ~330 glyphs rasterised from CFF outlines, a quarter of the atlas's start-up time. Crossing the narrow width
// rebuilds the atlas, as a new devicePixelRatio does.
void BuildFonts(double ratio, bool narrow) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    if (g_platform.GlyphRanges.empty()) {
        ImFontGlyphRangesBuilder builder;
        builder.AddRanges(io.Fonts->GetGlyphRangesCyrillic()); // Basic Latin + Latin-1 + Cyrillic
        builder.AddText("\xe2\x82\xbd\xe2\x82\xac\xc3\x97\xe2\x89\x88\xe2\x89\xa4\xe2\x89\xa5\xe2\x86\x92\xe2\x86\x91\xe2\x86\x93"
                        "\xe2\x80\xa2\xe2\x80\x94\xe2\x80\x93\xe2\x80\xa6\xc2\xb1\xc2\xb7\xe2\x88\x92%"); // ₽€×≈≤≥→↑↓•—–…±·−%
        builder.BuildRanges(&g_platform.GlyphRanges);
    }
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false; // the data is a static array
    config.OversampleH = 2;
    config.OversampleV = 1;
    void* data = const_cast<unsigned char*>(kUiFontData);
    const int size = static_cast<int>(kUiFontDataSize);
    const float scale = static_cast<float>(ratio);
    const ImWchar* ranges = g_platform.GlyphRanges.Data;
    UiState& ui = g_platform.State->ui;
    ImFont* body = io.Fonts->AddFontFromMemoryTTF(data, size, (narrow ? theme::kTouchFontSize : theme::kBodyFontSize) * scale, &config, ranges);
    ui.FontBody = body;
    ui.FontTouch = body;
    ui.FontLarge = io.Fonts->AddFontFromMemoryTTF(data, size, theme::kLargeFontSize * scale, &config, ranges);
    ui.FontSmall = io.Fonts->AddFontFromMemoryTTF(data, size, theme::kSmallFontSize * scale, &config, ranges);
    io.Fonts->Flags |= ImFontAtlasFlags_NoPowerOfTwoHeight;
    io.Fonts->Build();
    io.FontGlobalScale = 1.0f / scale;
    io.FontDefault = body;
    g_platform.DevicePixelRatio = ratio;
    g_platform.FontsNarrow = narrow;
}

// Matches the canvas backing store to its CSS size × devicePixelRatio; ImGui works in CSS pixels.
void SyncCanvasSize() {
    double css_w = 0, css_h = 0;
    emscripten_get_element_css_size(kCanvas, &css_w, &css_h);
    double ratio = emscripten_get_device_pixel_ratio();
    if (!(ratio > 0) || !std::isfinite(ratio)) ratio = 1;
    const bool narrow = css_w < theme::kNarrowWidth; // the UI's own test (DrawApp: io.DisplaySize.x = css_w)
    if (ratio != g_platform.DevicePixelRatio || narrow != g_platform.FontsNarrow) {
        g_platform.CanvasFingerprint = 0;
        renderer::DestroyFontsTexture();
        BuildFonts(ratio, narrow);
        renderer::CreateFontsTexture();
    }
    const int fb_w = std::max(1, static_cast<int>(std::lround(css_w * ratio)));
    const int fb_h = std::max(1, static_cast<int>(std::lround(css_h * ratio)));
    if (fb_w != g_platform.FramebufferW || fb_h != g_platform.FramebufferH) {
        emscripten_set_canvas_element_size(kCanvas, fb_w, fb_h);
        g_platform.CanvasFingerprint = 0;
        g_platform.FramebufferW = fb_w;
        g_platform.FramebufferH = fb_h;
    }
    g_platform.CssW = static_cast<float>(css_w);
    g_platform.CssH = static_cast<float>(css_h);
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(static_cast<float>(css_w), static_cast<float>(css_h));
    io.DisplayFramebufferScale = ImVec2(css_w > 0 ? static_cast<float>(fb_w / css_w) : 1.0f,
                                        css_h > 0 ? static_cast<float>(fb_h / css_h) : 1.0f);
}

//-----------------------------------------------------------------------------
// [SECTION] Input queue
//-----------------------------------------------------------------------------

void Enqueue(const InputEvent& event) {
    g_platform.Queue.push_back(event);
    platform::RequestFrame();
}

void EnqueueMousePos(float x, float y) {
    InputEvent event;
    event.Kind = InputKind::MousePos;
    event.X = x;
    event.Y = y;
    Enqueue(event);
}

void EnqueueMouseButton(int button, bool down) {
    InputEvent event;
    event.Kind = InputKind::MouseButton;
    event.Code = button;
    event.Down = down;
    Enqueue(event);
}

// Dear ImGui 1.86 reads input as state, not events: a press and release in one frame would be lost. Give
// ImGui at most one change per mouse button / key per frame and keep the rest for the next frame.
// Returns true when events are left over.
bool ApplyQueuedInput() {
    ImGuiIO& io = ImGui::GetIO();
    bool button_changed[5] = {};
    bool any_button_changed = false;
    bool key_changed[kMaxKeyCode] = {};
    while (!g_platform.Queue.empty()) {
        const InputEvent& e = g_platform.Queue.front();
        bool defer = false;
        switch (e.Kind) {
        case InputKind::MousePos:
            if (any_button_changed) defer = true;
            else io.MousePos = ImVec2(e.X, e.Y);
            break;
        case InputKind::MouseButton:
            if (e.Code < 0 || e.Code >= 5) break;
            if (button_changed[e.Code]) defer = true;
            else {
                io.MouseDown[e.Code] = e.Down;
                button_changed[e.Code] = any_button_changed = true;
            }
            break;
        case InputKind::Wheel:
            io.MouseWheelH += e.X;
            io.MouseWheel += e.Y;
            break;
        case InputKind::Key:
            if (e.Code < 0 || e.Code >= kMaxKeyCode) break;
            if (key_changed[e.Code]) defer = true;
            else {
                io.KeysDown[e.Code] = e.Down;
                io.KeyCtrl = e.Ctrl;
                io.KeyShift = e.Shift;
                io.KeyAlt = e.Alt;
                io.KeySuper = e.Super;
                key_changed[e.Code] = true;
            }
            break;
        case InputKind::Text:
            io.AddInputCharactersUTF8(e.Text.c_str());
            break;
        case InputKind::Focus:
            io.AddFocusEvent(e.Down);
            if (!e.Down) {
                for (bool& key : io.KeysDown) key = false;
                io.KeyCtrl = io.KeyShift = io.KeyAlt = io.KeySuper = false;
            }
            break;
        }
        if (defer) return true;
        g_platform.Queue.pop_front();
    }
    return false;
}

//-----------------------------------------------------------------------------
// [SECTION] Browser event callbacks
//-----------------------------------------------------------------------------

EM_BOOL OnMouse(int type, const EmscriptenMouseEvent* e, void*) {
    EnqueueMousePos(static_cast<float>(e->clientX), static_cast<float>(e->clientY));
    if (type == EMSCRIPTEN_EVENT_MOUSEDOWN) g_platform.LastPointerTouch = false;
    if (type == EMSCRIPTEN_EVENT_MOUSEDOWN || type == EMSCRIPTEN_EVENT_MOUSEUP) {
        static const int kButtonMap[3] = {0, 2, 1}; // DOM: left, middle, right → ImGui: left, right, middle
        if (e->button >= 0 && e->button < 3) EnqueueMouseButton(kButtonMap[e->button], type == EMSCRIPTEN_EVENT_MOUSEDOWN);
        return type == EMSCRIPTEN_EVENT_MOUSEDOWN; // keep the page from starting a text selection
    }
    return EM_FALSE;
}

EM_BOOL OnWheel(int, const EmscriptenWheelEvent* e, void*) {
    double per_unit = kWheelPixelsPerUnit;
    if (e->deltaMode == DOM_DELTA_LINE) per_unit = 3;
    else if (e->deltaMode == DOM_DELTA_PAGE) per_unit = 1;
    EnqueueMousePos(static_cast<float>(e->mouse.clientX), static_cast<float>(e->mouse.clientY));
    InputEvent event;
    event.Kind = InputKind::Wheel;
    event.X = static_cast<float>(-e->deltaX / per_unit);
    event.Y = static_cast<float>(-e->deltaY / per_unit);
    Enqueue(event);
    return EM_TRUE;
}

// One finger: a short touch is a tap (click); a longer move scrolls the panel under the finger.
EM_BOOL OnTouch(int type, const EmscriptenTouchEvent* e, void*) {
    if (e->numTouches < 1) return EM_FALSE;
    const EmscriptenTouchPoint& t = e->touches[0];
    const float x = static_cast<float>(t.clientX), y = static_cast<float>(t.clientY);
    TouchGesture& g = g_platform.Touch;
    if (type == EMSCRIPTEN_EVENT_TOUCHSTART) {
        g = TouchGesture{true, false, x, y, x, y};
        g_platform.LastPointerTouch = true;
        EnqueueMousePos(x, y);
    } else if (type == EMSCRIPTEN_EVENT_TOUCHMOVE && g.Active) {
        if (!g.Scrolling && std::hypot(x - g.StartX, y - g.StartY) > kTouchSlopPx) g.Scrolling = true;
        if (g.Scrolling) {
            const ImGuiIO& io = ImGui::GetIO();
            const float line = std::max(1.0f, io.FontDefault != nullptr ? io.FontDefault->FontSize * io.FontGlobalScale : 16.0f);
            InputEvent event;
            event.Kind = InputKind::Wheel;
            event.Y = (y - g.LastY) / (5 * line); // ImGui scrolls about 5 lines per wheel unit
            Enqueue(event);
        }
        g.LastX = x;
        g.LastY = y;
    } else if (type == EMSCRIPTEN_EVENT_TOUCHEND || type == EMSCRIPTEN_EVENT_TOUCHCANCEL) {
        if (g.Active && !g.Scrolling && type == EMSCRIPTEN_EVENT_TOUCHEND) {
            EnqueueMousePos(g.StartX, g.StartY);
            EnqueueMouseButton(0, true);
            EnqueueMouseButton(0, false);
        }
        EnqueueMousePos(-FLT_MAX, -FLT_MAX); // no hover left behind after a tap
        g.Active = false;
    }
    return EM_TRUE;
}

// Number of code points in a UTF-8 string.
int CodePoints(const char* text) {
    int count = 0;
    for (const unsigned char* p = reinterpret_cast<const unsigned char*>(text); *p != 0; ++p) count += (*p & 0xC0) != 0x80 ? 1 : 0;
    return count;
}

EM_BOOL OnKey(int type, const EmscriptenKeyboardEvent* e, void*) {
    const bool down = type == EMSCRIPTEN_EVENT_KEYDOWN;
    const bool command = e->ctrlKey || e->metaKey;
    const int code = static_cast<int>(e->keyCode);
    if (code == kImeKeyCode) return EM_FALSE; // the phone keyboard's text comes through gpuplan_on_text
    // Ctrl/Cmd+V: let the browser raise its paste event (web/index.html forwards the text to OnPaste).
    if (command && code == 'V') return EM_FALSE;
    InputEvent event;
    event.Kind = InputKind::Key;
    event.Code = code;
    event.Down = down;
    event.Ctrl = command; // Cmd on macOS acts as Ctrl for ImGui shortcuts
    event.Shift = e->shiftKey;
    event.Alt = e->altKey;
    event.Super = false;
    Enqueue(event);
    if (down && !command && !e->altKey && CodePoints(e->key) == 1) {
        InputEvent text;
        text.Kind = InputKind::Text;
        text.Text = e->key;
        Enqueue(text);
    }
    const ImGuiIO& io = ImGui::GetIO();
    const bool function_key = code >= 112 && code <= 123; // F1..F12 stay with the browser
    return io.WantCaptureKeyboard && !function_key && !(command && (code == 'R' || code == 'L' || code == 'T' || code == 'W'));
}

EM_BOOL OnResize(int, const EmscriptenUiEvent*, void*) {
    Wake();
    return EM_FALSE;
}

EM_BOOL OnFocus(int type, const EmscriptenFocusEvent*, void*) {
    InputEvent event;
    event.Kind = InputKind::Focus;
    event.Down = type == EMSCRIPTEN_EVENT_FOCUS;
    Enqueue(event);
    return EM_FALSE;
}

void RegisterCallbacks() {
    const char* window = EMSCRIPTEN_EVENT_TARGET_WINDOW;
    emscripten_set_mousedown_callback(kCanvas, nullptr, EM_TRUE, OnMouse);
    emscripten_set_mouseup_callback(window, nullptr, EM_TRUE, OnMouse);
    emscripten_set_mousemove_callback(window, nullptr, EM_TRUE, OnMouse);
    emscripten_set_wheel_callback(kCanvas, nullptr, EM_TRUE, OnWheel);
    emscripten_set_touchstart_callback(kCanvas, nullptr, EM_TRUE, OnTouch);
    emscripten_set_touchmove_callback(kCanvas, nullptr, EM_TRUE, OnTouch);
    emscripten_set_touchend_callback(kCanvas, nullptr, EM_TRUE, OnTouch);
    emscripten_set_touchcancel_callback(kCanvas, nullptr, EM_TRUE, OnTouch);
    emscripten_set_keydown_callback(window, nullptr, EM_TRUE, OnKey);
    emscripten_set_keyup_callback(window, nullptr, EM_TRUE, OnKey);
    emscripten_set_resize_callback(window, nullptr, EM_TRUE, OnResize);
    emscripten_set_focus_callback(window, nullptr, EM_TRUE, OnFocus);
    emscripten_set_blur_callback(window, nullptr, EM_TRUE, OnFocus);
}

//-----------------------------------------------------------------------------
// [SECTION] Frame
//-----------------------------------------------------------------------------

// The test hooks (docs/UI.md), built when a test reads window.gpuplan.shown / .widgets / .textFields (web/index.html
// defines them as getters) — production frames never pay for them.
std::string TestHook(const AppState& state, platform::Hook hook) {
    const auto replace = nlohmann::json::error_handler_t::replace;
    if (hook == platform::Hook::TextFields) {
        nlohmann::json text_fields = nlohmann::json::array();
        for (const WidgetRect& rect : state.ui.TextFieldRects)
            if (rect.W > 0 && rect.H > 0) text_fields.push_back({rect.X, rect.Y, rect.W, rect.H, rect.Id == "numeric" ? 1 : 2});
        return text_fields.dump();
    }
    if (hook == platform::Hook::Widgets) {
        nlohmann::json widgets = nlohmann::json::object();
        for (const WidgetRect& rect : state.ui.WidgetRects)
            widgets[rect.Id] = {{"x", rect.X}, {"y", rect.Y}, {"w", rect.W}, {"h", rect.H}};
        return widgets.dump(-1, ' ', false, replace);
    }
    const engine::CostResult& cost = state.result.Cost;
    nlohmann::json offers = nlohmann::json::array();
    for (size_t i = 0; i < cost.Offers.size() && i < state.offer_info.size(); ++i)
        offers.push_back({{"id", cost.Offers[i].OfferId}, {"provider", cost.Offers[i].Provider}, {"kind", cost.Offers[i].Kind},
                          {"per_hour", cost.Offers[i].PerHour}, {"imported", state.offer_info[i].Imported}, {"edited", state.offer_info[i].Edited}});
    const ImportReport& report = state.ui.LastImport;
    nlohmann::json import = nullptr;
    if (report.Done) import = {{"file", report.File}, {"imported", report.Imported}, {"rejected", report.Rejected}};
    nlohmann::json notices = nlohmann::json::array();
    for (const Notice& notice : state.ui.Notices) notices.push_back({{"title", Tr(notice.Title)}, {"detail", notice.Detail}});
    const nlohmann::json shown = {
        {"total_memory_gb", state.ui.ShownTotalMemoryGb},
        {"total_memory_text", state.ui.ShownTotalMemoryText},
        {"fits", state.result.Fits},
        {"gpus_needed", state.result.GpusNeeded},
        {"ok", state.result.Ok},
        {"error", state.result.Error},
        {"warnings", state.result.Warnings.size()},
        {"notices", notices},
        {"language", state.ui.Lang == Language::Russian ? "ru" : "en"},
        {"layout", state.ui.Narrow ? "narrow" : "wide"},
        {"url_hash", state.outbox.UrlHash},
        {"i18n_ok", StringTableIsValid()},
        {"currency", cost.Currency},
        {"cost_per_hour", state.ui.ShownCostPerHour},
        {"ttft_p95_s", state.result.Inference.TtftP95S}, // the Result's percentiles (one queueing model; the Compare row's)
        {"ttft_p99_s", state.result.Inference.TtftP99S},
        {"cost_per_hour_text", state.ui.ShownCostPerHourText},
        {"offers", offers},
        {"compare_first_gpu", state.ui.ShownCompareFirstGpu},
        {"compare_rows", state.ui.ShownCompareRows},
        {"import", import},
        {"accuracy_open", state.ui.AccuracyShown != AccuracyCategory::Count},
        {"keyboard", static_cast<int>(g_platform.KeyboardShown)},
        {"tco", {{"verdict", state.ui.ShownTcoVerdict}, {"verdict_text", state.ui.ShownTcoVerdictText}, {"purchase", state.ui.ShownTcoPurchase},
                 {"payback_months", state.ui.ShownTcoPayback}, {"chart_months", state.ui.ShownTcoChartMonths},
                 {"chart_own", state.ui.ShownTcoChartOwn}, {"chart_rent", state.ui.ShownTcoChartRent}}},
    };
    return shown.dump(-1, ' ', false, replace);
}

void OnTimedRedraw(void*) { Wake(); }

void PerformOutbox(AppState* state) {
    Outbox& outbox = state->outbox;
    const int local_prices = LocalPriceCount(*state);
    if (local_prices != g_platform.LocalPrices) {
        g_platform.LocalPrices = local_prices;
        gpuplan_js_set_local_prices(local_prices);
    }
    if (outbox.RedrawAt >= 0) {
        const double delay_ms = std::max(0.0, (outbox.RedrawAt - ImGui::GetTime()) * 1000.0) + 20;
        emscripten_set_timeout(OnTimedRedraw, delay_ms, nullptr);
        outbox.RedrawAt = -1;
    }
    if (outbox.OpenFilePicker) {
        gpuplan_js_open_file_picker();
        outbox.OpenFilePicker = false;
    }
    if (!outbox.OpenUrl.empty()) {
        gpuplan_js_open_url(outbox.OpenUrl.c_str());
        outbox.OpenUrl.clear();
    }
    if (outbox.ClipboardRequested) {
        gpuplan_js_copy_text(outbox.ClipboardText.c_str());
        g_platform.Clipboard = outbox.ClipboardText;
        outbox.ClipboardRequested = false;
    }
    // Page features (issue 13): the text mirror, a file to save, the link kept in localStorage.
    if (outbox.MirrorChanged) {
        gpuplan_js_mirror(outbox.MirrorJson.c_str());
        outbox.MirrorChanged = false;
    }
    if (!outbox.DownloadName.empty()) {
        gpuplan_js_download(outbox.DownloadName.c_str(), outbox.DownloadMime.c_str(), outbox.DownloadText.c_str());
        outbox.DownloadName.clear();
        outbox.DownloadText.clear();
    }
    if (!outbox.StoreKey.empty()) {
        gpuplan_js_store(outbox.StoreKey.c_str(), outbox.StoreValue.c_str());
        outbox.StoreKey.clear();
    }
}

// On a phone, a text field needs the system keyboard: the page focuses a hidden <input> (numeric keypad for
// number fields) while ImGui edits text after a touch, and blurs it when editing ends.
void UpdatePhoneKeyboard(const UiState& ui) {
    const ImGuiIO& io = ImGui::GetIO();
    Keyboard wanted = Keyboard::Hidden;
    if (io.WantTextInput && g_platform.LastPointerTouch) wanted = ui.ActiveFieldNumeric ? Keyboard::Numeric : Keyboard::Text;
    if (wanted != g_platform.KeyboardShown) {
        g_platform.KeyboardShown = wanted;
        gpuplan_js_keyboard(static_cast<int>(wanted));
    }
}

void UpdateCursor() {
    const ImGuiMouseCursor cursor = ImGui::GetMouseCursor();
    const int kind = cursor == ImGuiMouseCursor_TextInput ? 1 : cursor == ImGuiMouseCursor_Hand ? 2 : 0;
    if (kind != g_platform.Cursor) {
        g_platform.Cursor = kind;
        gpuplan_js_set_cursor(kind);
    }
}

void RunFrame() {
    AppState* state = g_platform.State.get();
    SyncCanvasSize();
    ImGuiIO& io = ImGui::GetIO();
    const double now = NowS();
    io.DeltaTime = static_cast<float>(std::max(1e-4, now - g_platform.LastFrameTime));
    g_platform.LastFrameTime = now;
    const bool had_input = !g_platform.Queue.empty();
    const bool input_left = ApplyQueuedInput();
    g_platform.FramesSinceInput = had_input ? 0 : g_platform.FramesSinceInput + 1;

    ImGui::NewFrame();
    DrawApp(state);
    ImGui::Render();

    // Painting the canvas is most of a frame's cost in a software-rendered browser (SwiftShader: tens of ms at
    // 1280×800). Not painted: the layout frames before the first full one (the loading indicator covers the canvas)
    // and any frame that would draw exactly what the canvas shows (the key-up and settle frames after typing, the
    // frames after a click that changed nothing visible). The canvas keeps its last painted image.
    const bool first_full_frame = g_platform.Frames + 1 == kReadyAfterFrames;
    const uint64_t fingerprint = renderer::Fingerprint(ImGui::GetDrawData(), g_platform.FramebufferW, g_platform.FramebufferH);
    const bool paint = g_platform.Frames + 1 >= kReadyAfterFrames && (first_full_frame || fingerprint != g_platform.CanvasFingerprint);
    if (paint) {
        emscripten_webgl_make_context_current(g_platform.Gl);
        glViewport(0, 0, g_platform.FramebufferW, g_platform.FramebufferH);
        const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
        glDisable(GL_SCISSOR_TEST); // the renderer leaves it on; the clear is the page's background, all of it
        glClearColor(bg.x, bg.y, bg.z, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        renderer::Render(ImGui::GetDrawData(), g_platform.FramebufferW, g_platform.FramebufferH);
        g_platform.CanvasFingerprint = fingerprint;
    }

    PerformOutbox(state);
    UpdatePhoneKeyboard(state->ui);
    UpdateCursor();
    ++g_platform.Frames;
    gpuplan_js_frame_drawn(g_platform.Frames == kReadyAfterFrames, paint);
    // Ready for tests once the first full frame is drawn and the site's catalogs were checked (and applied).
    if (!g_platform.ReadySent && g_platform.Frames >= kReadyAfterFrames && g_platform.CatalogsSettled) {
        g_platform.ReadySent = true;
        gpuplan_js_set_ready();
    }

    if (input_left || g_platform.FramesSinceInput < kFramesAfterInput || g_platform.Frames < kReadyAfterFrames) {
        platform::RequestFrame();
    } else if (state->outbox.UrlHashChanged) {
        // The address bar follows the scenario once a burst of input is over: history.replaceState costs the
        // browser about 10 ms, too much for every keystroke.
        gpuplan_js_replace_hash(state->outbox.UrlHash.c_str());
        state->outbox.UrlHashChanged = false;
    }
}

EM_BOOL OnAnimationFrame(double, void*) {
    g_platform.FramePending = false;
    // Nothing may unwind into the browser's frame callback (see web_exports.cpp): a failure is reported on the
    // page and the next frame starts afresh.
    try {
        RunFrame();
        // The layout frames before the first full one are not painted: run them back to back, not a display
        // refresh apart.
        while (g_platform.Frames > 0 && g_platform.Frames < kReadyAfterFrames) RunFrame();
    } catch (const std::exception& failure) {
        std::fprintf(stderr, "gpuplan: frame failed: %s\n", failure.what());
        ImGui::EndFrame();
    } catch (...) {
        std::fprintf(stderr, "gpuplan: frame failed\n");
        ImGui::EndFrame();
    }
    return EM_FALSE;
}

const char* GetClipboard(void*) { return g_platform.Clipboard.c_str(); }

void SetClipboard(void*, const char* text) {
    g_platform.Clipboard = text;
    gpuplan_js_copy_text(text);
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Start
//-----------------------------------------------------------------------------

namespace platform {

AppState* State() { return g_platform.State.get(); }

void RequestFrame() {
    if (g_platform.FramePending || !g_platform.State) return;
    g_platform.FramePending = true;
    emscripten_request_animation_frame(OnAnimationFrame, nullptr);
}

// The browser's paste event: the text becomes ImGui's clipboard and the field gets Ctrl+V, so ImGui inserts it
// in one piece (typing it as characters would cost a buffer move per character: quadratic for a pasted table).
// Newlines are kept for the multi-line price box; single-line fields filter them out themselves.
void OnPaste(const std::string& text) {
    std::string clean;
    clean.reserve(text.size());
    for (char c : text)
        if (c != '\r') clean += c;
    if (clean.empty()) return;
    g_platform.Clipboard = std::move(clean);
    InputEvent event;
    event.Kind = InputKind::Key;
    event.Code = 'V';
    event.Ctrl = true;
    event.Down = true;
    Enqueue(event);
    event.Down = false;
    event.Ctrl = false;
    Enqueue(event);
}

void OnText(const std::string& text) {
    if (text.empty()) return;
    InputEvent event;
    event.Kind = InputKind::Text;
    event.Text = text;
    Enqueue(event);
}

std::string TestHookJson(Hook hook) {
    if (!g_platform.State) return hook == Hook::Widgets ? "{}" : hook == Hook::TextFields ? "[]" : "null";
    return TestHook(*g_platform.State, hook);
}

void CatalogsFetched(const catalog::FileSet& fetched, const std::vector<FetchFailure>& failures, const std::string& accuracy_json) {
    AppState* state = g_platform.State.get();
    if (state == nullptr) return;
    // The site's files (or a failure to fetch them): the start-up path again, now with sources. Untouched since
    // start, the page reads its link anew (it may name a GPU or model only the operator's catalog has) and drops the
    // notices of the first reading; otherwise it keeps the visitor's scenario.
    std::string hash = scenario::ScenarioToUrlHash(state->scenario);
    if (hash == g_platform.StartScenarioHash) {
        hash = g_platform.LinkHash;
        state->ui.Notices.clear();
    }
    InitApp(state, fetched, failures, hash);
    AccuracyReport full;
    if (!accuracy_json.empty() && ParseAccuracyReport(accuracy_json, &full)) state->accuracy = std::move(full);
    g_platform.CatalogsSettled = true;
    Wake();
}

void OnKeyTap(int key_code) {
    InputEvent event;
    event.Kind = InputKind::Key;
    event.Code = key_code;
    event.Down = true;
    Enqueue(event);
    event.Down = false; // a separate frame: ApplyQueuedInput gives ImGui one change per key per frame
    Enqueue(event);
}

void Start(const catalog::FileSet& fetched, const std::vector<FetchFailure>& failures, const std::string& url_hash,
           const std::string& page_url, const std::string& today_iso, const std::string& language) {
    if (g_platform.State) return;
    EmscriptenWebGLContextAttributes attributes;
    emscripten_webgl_init_context_attributes(&attributes);
    attributes.majorVersion = 2;
    attributes.minorVersion = 0;
    attributes.alpha = EM_FALSE;
    attributes.depth = EM_FALSE;
    attributes.stencil = EM_FALSE;
    attributes.antialias = EM_FALSE;
    // The renderer uses WebGL2's core only; enabling every extension the browser offers costs ~90 ms at start-up in
    // SwiftShader. (web/index.html created the context with these attributes already; this call adopts it.)
    attributes.enableExtensionsByDefault = EM_FALSE;
    g_platform.Gl = emscripten_webgl_create_context(kCanvas, &attributes);
    if (g_platform.Gl <= 0) {
        gpuplan_js_fail("This browser cannot create a WebGL2 context, which gpuplan needs to draw its interface.");
        return;
    }
    emscripten_webgl_make_context_current(g_platform.Gl);

    g_platform.State = std::make_unique<AppState>();
    AppState* state = g_platform.State.get();
    state->page_url = page_url;
    state->ui.TodayIso = today_iso;
    if (language == "ru") state->ui.Lang = Language::Russian;

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.BackendPlatformName = "gpuplan_web";
    io.BackendFlags |= ImGuiBackendFlags_HasMouseCursors;
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    io.ConfigInputTextCursorBlink = false; // a blinking caret would need frames while idle
    io.SetClipboardTextFn = SetClipboard;
    io.GetClipboardTextFn = GetClipboard;
    io.KeyMap[ImGuiKey_Tab] = 9;
    io.KeyMap[ImGuiKey_LeftArrow] = 37;
    io.KeyMap[ImGuiKey_RightArrow] = 39;
    io.KeyMap[ImGuiKey_UpArrow] = 38;
    io.KeyMap[ImGuiKey_DownArrow] = 40;
    io.KeyMap[ImGuiKey_PageUp] = 33;
    io.KeyMap[ImGuiKey_PageDown] = 34;
    io.KeyMap[ImGuiKey_Home] = 36;
    io.KeyMap[ImGuiKey_End] = 35;
    io.KeyMap[ImGuiKey_Insert] = 45;
    io.KeyMap[ImGuiKey_Delete] = 46;
    io.KeyMap[ImGuiKey_Backspace] = 8;
    io.KeyMap[ImGuiKey_Space] = 32;
    io.KeyMap[ImGuiKey_Enter] = 13;
    io.KeyMap[ImGuiKey_Escape] = 27;
    io.KeyMap[ImGuiKey_KeyPadEnter] = 13;
    io.KeyMap[ImGuiKey_A] = 'A';
    io.KeyMap[ImGuiKey_C] = 'C';
    io.KeyMap[ImGuiKey_V] = 'V';
    io.KeyMap[ImGuiKey_X] = 'X';
    io.KeyMap[ImGuiKey_Y] = 'Y';
    io.KeyMap[ImGuiKey_Z] = 'Z';
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);

    if (!renderer::Init()) {
        gpuplan_js_fail("This browser's WebGL2 refused gpuplan's shaders, which it needs to draw its interface.");
        return;
    }
    SyncCanvasSize(); // builds the fonts for the current devicePixelRatio

    InitApp(state, fetched, failures, url_hash);
    g_platform.LinkHash = url_hash;
    g_platform.StartScenarioHash = scenario::ScenarioToUrlHash(state->scenario);
    RegisterCallbacks();
    g_platform.LastFrameTime = NowS();
    RequestFrame();
}

} // namespace platform
