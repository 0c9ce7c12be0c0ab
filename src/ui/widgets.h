// gpuplan ui: small widgets the panels share — cards, two-column forms, clamped number inputs with
// +/− buttons, searchable combos — and the test-hook rectangles (window.gpuplan.widgets).
// Every input returns true when it changed the value (Dear ImGui convention).
#pragma once
#include <cstddef>
#include <string>

#include "imgui.h"
#include "scenario/field_limits.h"
#include "ui/app_state.h"

namespace widgets {

// A rounded card around a group of widgets, with a title. Cards do not nest.
void BeginCard(const char* title);
void EndCard();
float CardInnerMargin();                 // padding between a card's edge and its content, px

// A two-column form: label (wraps) | input (fills the row).
bool BeginForm(const char* id);
void EndForm();
void FormLabel(const char* label, const char* hint = nullptr); // starts a row; the next widget goes to the input column

// Number inputs. `hook_id` (or nullptr) names the widget in window.gpuplan.widgets. They read what is typed as
// people write numbers ("1,5" or "1.5", "1e6", "128k", "1 000"); a value outside [min, max] is clamped when the
// visitor commits it, and a notice under the field names the typed value, the range and the value used.
bool InputCount(UiState* ui, const char* hook_id, const char* label, int* value, int min, int max, const char* hint = nullptr);
bool InputNumber(UiState* ui, const char* hook_id, const char* label, double* value, double min, double max,
                 double step, const char* format, const char* hint = nullptr);
// The same with a scenario field's accepted range (scenario/field_limits.h), as the link reader uses it.
bool InputCount(UiState* ui, const char* hook_id, const char* label, int* value, const scenario::FieldRange& range,
                const char* hint = nullptr);
bool InputNumber(UiState* ui, const char* hook_id, const char* label, double* value, const scenario::FieldRange& range,
                 double step, const char* format, const char* hint = nullptr);
bool ComboList(UiState* ui, const char* hook_id, const char* label, int* index, const char* const items[], int count);

// A combo whose popup starts with a search box. Between Begin/End: SearchMatches + Selectable per item.
bool BeginSearchCombo(UiState* ui, const char* hook_id, const char* label, const char* preview, char* filter, size_t filter_size);
void EndSearchCombo();
bool SearchMatches(const char* filter, const char* text);

// A row of buttons, one selected (currency, workload-like choices), `width` wide (0 = the content region); wraps
// into more rows when a label would not fit its button. Returns true when the selection changed.
bool Segmented(UiState* ui, const char* hook_id, const char* const labels[], int count, int* index, float width = 0);

// An input for a price or amount: like InputNumber, but it commits only when the visitor leaves the field or
// presses Enter (rows of a sorted table must not move while typing). `hook_id` may be nullptr.
bool InputAmount(UiState* ui, const char* hook_id, const char* id, double* value, double min, double max, const char* format);

// "Choose the layout for me": checked = ChooseLayout on every change (ui->LayoutPinned false). Returns true when
// the visitor unpinned it (the scenario is then re-laid out).
bool LayoutPin(UiState* ui);

// Headline numbers in a grid (3 columns wide, 2 narrow): a caption, the value, and an optional accuracy band
// under it ("±6% · 19 published cases") that opens the Accuracy panel when clicked.
struct Metric {
    const char*      Label = "";
    std::string      Value;
    AccuracyCategory Band = AccuracyCategory::Count; // Count = no band
};
void MetricGrid(AppState* state, const char* id, const Metric* metrics, int count, int wide_columns = 3);
// The band text alone (small, accent colour, hover explains, click opens the Accuracy panel).
void AccuracyBand(AppState* state, AccuracyCategory category);

void RecordRect(UiState* ui, const char* hook_id, ImVec2 min, ImVec2 max);
void RecordLastItem(UiState* ui, const char* hook_id);
// The last item is a text field (numeric: a number keypad on phones); the page uses these to open the keyboard.
void RecordTextField(UiState* ui, bool numeric);

// Text helpers
void TextDim(const char* text);          // wrapped caption in the dim colour
void TextColoredWrapped(const ImVec4& color, const char* text);
void SectionTitle(const char* text);     // accent-coloured title inside a card

} // namespace widgets
