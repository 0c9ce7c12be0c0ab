// gpuplan platform: the browser glue the web app needs (implemented in web_main.cpp / web_library.js).
// Nothing in src/ui includes this header: the UI leaves requests in AppState::outbox and the platform acts.
#pragma once
#include <string>
#include <vector>

#include "ui/app.h"

namespace platform {

// Starts the app: GL context, fonts, input, frame scheduling, with the catalogs in `fetched` (the page starts with
// the built-in copy and hands the site's files over later, CatalogsFetched).
void Start(const catalog::FileSet& fetched, const std::vector<FetchFailure>& failures, const std::string& url_hash,
           const std::string& page_url, const std::string& today_iso, const std::string& language);

// The site's catalog files (catalogs/), fetched after the first frame (the offline page carries them): loaded and
// checked as at start (InitApp), with the same notices and fallback. The built-in copy the first frame used is
// compact (figures without sources, scripts/embed_files.py), so the full files always replace it. `accuracy_json`:
// the site's accuracy.json (the cases of the Accuracy panel), or empty.
void CatalogsFetched(const catalog::FileSet& fetched, const std::vector<FetchFailure>& failures, const std::string& accuracy_json);

// A test hook as JSON (docs/UI.md): built only when a test reads it.
enum class Hook { Shown, Widgets, TextFields };
std::string TestHookJson(Hook hook);

// The running app's state (nullptr before Start).
AppState* State();

// Asks for a frame soon (input arrived, or something outside ImGui changed the state).
void RequestFrame();

// Text pasted into the page (the browser's paste event): typed into the active text field.
void OnPaste(const std::string& text);

// Text from the phone keyboard (hidden <input>), typed into the active field as it is.
void OnText(const std::string& text);

// A key press and release (the phone keyboard's Backspace and Enter arrive as edits, not key events).
void OnKeyTap(int key_code);

} // namespace platform

// The font subset embedded at build time (cmake/app.cmake).
extern const unsigned char kUiFontData[];
extern const unsigned int kUiFontDataSize;
