// gpuplan ui: the text mirror of the results — what the canvas shows (verdict, memory, speed, cost, the Compare
// table, the pinned comparison, warnings, the derivation) as structured text the page turns into real HTML, so that
// page search, screen readers, copy and translation tools work. Built from the same Result and the same
// formatting functions as the panels, in the current language, so the numbers are equal.
#pragma once
#include <string>

#include "ui/app_state.h"

// gpuplan.mirror/1: {"lang", "title", "sections": [{"id", "heading", "lines": [...], "rows": [[label, value], ...],
// "table": {"head": [...], "rows": [[...], ...]}, "items": [...]}]}. The page builds elements from it with
// createElement/textContent only (names come from catalogs and imports: never parsed as HTML).
std::string BuildTextMirrorJson(const AppState& state);

// Rebuilds the mirror and leaves it in the outbox when it differs from the last one sent (once per frame, cheap:
// frames run only on input).
void UpdateTextMirror(AppState* state);
