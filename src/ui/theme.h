// gpuplan ui: colours and sizes (a dark theme; bigger touch targets in the narrow layout).
#pragma once
#include "imgui.h"
#include "ui/view.h"

namespace theme {

constexpr float kNarrowWidth     = 760;  // CSS px below which the layout is one column
constexpr float kBodyFontSize    = 15;   // CSS px
constexpr float kTouchFontSize   = 16;   // CSS px, narrow layout
constexpr float kLargeFontSize   = 24;   // headline numbers
constexpr float kSmallFontSize   = 13;   // captions, formulas

void   Apply(bool narrow);               // sets ImGui's style (absolute values, cheap to call every frame)
ImU32  PartColor(MemoryPart part);

extern const ImVec4 kAccent;             // links, section titles
extern const ImVec4 kTextDim;            // captions
extern const ImVec4 kGood;               // "fits"
extern const ImVec4 kBad;                // "does not fit", errors
extern const ImVec4 kWarn;               // warnings
extern const ImVec4 kCardBg;             // card background
extern const ImVec4 kCardBorder;
extern const ImVec4 kSelected;           // the selected button of a segmented control
extern const ImVec4 kSelectedHovered;

} // namespace theme
