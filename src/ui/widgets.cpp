// gpuplan ui: shared widgets.
//
// Index
// [SECTION] Cards and forms
// [SECTION] Number inputs
// [SECTION] Combos
// [SECTION] Segmented buttons, amounts, metric grid
// [SECTION] Test hooks and text
#include "ui/widgets.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "imgui_internal.h"
#include "input/json_input.h"
#include "input/number_text.h"
#include "ui/theme.h"
#include "ui/view.h"

namespace widgets {

namespace {

constexpr float kLabelColumnFraction = 0.44f; // share of a form row the label takes
constexpr float kCardRounding = 8;
constexpr float kCardPadding = 14;           // inside a card, px (12 in the narrow layout)
constexpr float kBaselineShare = 0.8f;       // a font's ascent as a share of its size (Inter: about 0.8)
constexpr size_t kFieldTextBytes = 64;       // a number field's text

struct CardFrame {
    ImVec2 Start;       // top-left corner, screen space
    float  Width = 0;
};
CardFrame g_card;       // the card being drawn (cards do not nest); scratch, not UI state

float CardPadding() { return ImGui::GetIO().DisplaySize.x < theme::kNarrowWidth ? kCardPadding - 2 : kCardPadding; }

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Cards and forms
//-----------------------------------------------------------------------------

void BeginCard(const char* title) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    g_card.Start = ImGui::GetCursorScreenPos();
    g_card.Width = ImGui::GetContentRegionAvail().x;
    draw->ChannelsSplit(2);
    draw->ChannelsSetCurrent(1);
    const float pad = CardPadding();
    ImGui::SetCursorScreenPos(ImVec2(g_card.Start.x + pad, g_card.Start.y + pad * 0.8f));
    ImGui::BeginGroup();
    ImGui::PushItemWidth(g_card.Width - 2 * pad);
    // Wrapped text and forms inside the card stop at its inner edge.
    ImGui::PushTextWrapPos(ImGui::GetCursorPos().x + g_card.Width - 2 * pad);
    if (title != nullptr && title[0] != '\0') SectionTitle(title);
}

float CardInnerMargin() { return CardPadding(); }

void EndCard() {
    ImGui::PopTextWrapPos();
    ImGui::PopItemWidth();
    ImGui::EndGroup();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float pad = CardPadding();
    const ImVec2 end(g_card.Start.x + g_card.Width, ImGui::GetItemRectMax().y + pad * 0.8f);
    draw->ChannelsSetCurrent(0);
    draw->AddRectFilled(g_card.Start, end, ImGui::GetColorU32(theme::kCardBg), kCardRounding);
    draw->AddRect(g_card.Start, end, ImGui::GetColorU32(theme::kCardBorder), kCardRounding);
    draw->ChannelsMerge();
    ImGui::SetCursorScreenPos(g_card.Start);
    ImGui::Dummy(ImVec2(g_card.Width, end.y - g_card.Start.y));
    ImGui::Spacing();
}

bool BeginForm(const char* id) {
    const float width = ImGui::CalcItemWidth();
    if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_None, ImVec2(width, 0))) return false;
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed, std::floor(width * kLabelColumnFraction));
    ImGui::TableSetupColumn("input", ImGuiTableColumnFlags_WidthStretch);
    return true;
}

void EndForm() { ImGui::EndTable(); }

void FormLabel(const char* label, const char* hint) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::AlignTextToFramePadding();
    ImGui::PushTextWrapPos(ImGui::GetCursorPos().x + ImGui::GetContentRegionAvail().x);
    ImGui::TextUnformatted(label);
    if (hint != nullptr) {
        ImGui::PushStyleColor(ImGuiCol_Text, theme::kTextDim);
        ImGui::TextUnformatted(hint);
        ImGui::PopStyleColor();
    }
    ImGui::PopTextWrapPos();
    ImGui::TableSetColumnIndex(1);
}

//-----------------------------------------------------------------------------
// [SECTION] Number inputs
//-----------------------------------------------------------------------------

namespace {

// The field's text when it is not being edited: the value in the page's language ("0,5" in Russian), with enough
// digits to read it back unchanged.
void FormatFieldText(double value, const char* format, char* out, size_t size) {
    std::snprintf(out, size, format, value);
    if (CurrentLanguage() == Language::Russian)
        for (char* c = out; *c != '\0'; ++c)
            if (*c == '.') *c = ',';
}

// What a visitor typed, read as people write numbers: "1,5" / "1.5", "1e6", "128k", "1 000 000" (number_text.h).
bool ParseFieldText(const char* text, double* value, std::string* reason) {
    input::NumberSyntax syntax;
    syntax.AllowSuffix = true;
    syntax.CommaGroups = CurrentLanguage() == Language::English;
    return input::ParseNumberText(text, syntax, value, reason);
}

std::string RangeText(double min, double max, const char* format) {
    char lo[48], hi[48];
    FormatFieldText(min, format, lo, sizeof(lo));
    FormatFieldText(max, format, hi, sizeof(hi));
    return std::string(lo) + " … " + hi;
}

// A typed value outside [min, max], or not a number, is never changed silently: the field says what it did.
void SetFieldNotice(UiState* ui, ImGuiID id, const char* label, const std::string& message) {
    ui->FieldNoticeId = id;
    ui->FieldNotice = std::string(label) + ": " + message;
}

// A value a visitor typed (committed with Enter, leaving the field, or live while it reads as a number in range).
// Returns true with the value to apply; out of range it is clamped on commit, with a notice.
bool ReadTypedValue(UiState* ui, ImGuiID id, const char* label, const char* text, bool committed, double min, double max,
                    const char* format, double* out) {
    double typed = 0;
    std::string reason;
    if (!ParseFieldText(text, &typed, &reason)) {
        if (committed && text[0] != '\0') SetFieldNotice(ui, id, label, "\"" + input::TruncateUtf8(text, 24) + "\" — " + Tr(Str::FieldNotANumber));
        return false;
    }
    if (typed >= min && typed <= max) {
        if (ui->FieldNoticeId == id) ui->FieldNoticeId = 0;
        *out = typed;
        return true;
    }
    if (!committed) return false; // still typing: "1" on the way to "1024" in a field whose minimum is 128
    const double clamped = std::min(max, std::max(min, typed));
    char typed_text[48], used_text[48];
    FormatFieldText(typed, "%.6g", typed_text, sizeof(typed_text));
    FormatFieldText(clamped, format, used_text, sizeof(used_text));
    char message[256];
    std::snprintf(message, sizeof(message), Tr(Str::FieldClamped), typed_text, RangeText(min, max, format).c_str(), used_text);
    SetFieldNotice(ui, id, label, message);
    *out = clamped;
    return true;
}

void DrawFieldNotice(const UiState& ui, ImGuiID id) {
    if (ui.FieldNoticeId != id || ui.FieldNotice.empty()) return;
    ImGui::PushFont(ui.FontSmall);
    TextColoredWrapped(theme::kWarn, ui.FieldNotice.c_str());
    ImGui::PopFont();
}

// Text field + "−" "+" buttons. The text field alone is the hook rectangle (clicking its centre edits).
bool InputWithSteps(UiState* ui, const char* hook_id, const char* label, double* value, double min, double max, double step,
                    bool integer, const char* format, const char* hint) {
    FormLabel(label, hint);
    ImGui::PushID(label);
    const float button = ImGui::GetFrameHeight();
    const float spacing = ImGui::GetStyle().ItemInnerSpacing.x;
    const float field = std::max(button, ImGui::GetContentRegionAvail().x - 2 * (button + spacing));
    const ImGuiID id = ImGui::GetID("##v");
    char text[kFieldTextBytes];
    FormatFieldText(*value, format, text, sizeof(text));
    ImGui::SetNextItemWidth(field);
    const bool typed = ImGui::InputText("##v", text, sizeof(text), ImGuiInputTextFlags_AutoSelectAll);
    if (typed) ui->FieldText = text; // ImGui writes the buffer only when it changes: keep it for the commit
    const bool committed = ImGui::IsItemDeactivatedAfterEdit();
    RecordLastItem(ui, hook_id);
    RecordTextField(ui, true);
    double edited = *value;
    bool changed = false;
    if (typed || committed) changed = ReadTypedValue(ui, id, label, ui->FieldText.c_str(), committed, min, max, format, &edited);
    ImGui::SameLine(0, spacing);
    ImGui::PushButtonRepeat(true);
    if (ImGui::Button("\xe2\x88\x92", ImVec2(button, button))) { edited = std::max(min, *value - step); changed = true; } // U+2212 minus
    ImGui::SameLine(0, spacing);
    if (ImGui::Button("+", ImVec2(button, button))) { edited = std::min(max, *value + step); changed = true; }
    ImGui::PopButtonRepeat();
    DrawFieldNotice(*ui, id);
    ImGui::PopID();
    if (!changed || !std::isfinite(edited)) return false;
    if (integer) edited = std::round(edited);
    if (edited == *value) return false;
    *value = edited;
    return true;
}

} // namespace

bool InputCount(UiState* ui, const char* hook_id, const char* label, int* value, int min, int max, const char* hint) {
    double edited = *value;
    if (!InputWithSteps(ui, hook_id, label, &edited, min, max, 1, true, "%.0f", hint)) return false;
    *value = static_cast<int>(edited); // within [min, max], both ints
    return true;
}

bool InputNumber(UiState* ui, const char* hook_id, const char* label, double* value, double min, double max, double step,
                 const char* format, const char* hint) {
    return InputWithSteps(ui, hook_id, label, value, min, max, step, false, format, hint);
}

bool InputCount(UiState* ui, const char* hook_id, const char* label, int* value, const scenario::FieldRange& range, const char* hint) {
    return InputCount(ui, hook_id, label, value, static_cast<int>(range.Min), static_cast<int>(range.Max), hint);
}

bool InputNumber(UiState* ui, const char* hook_id, const char* label, double* value, const scenario::FieldRange& range, double step,
                 const char* format, const char* hint) {
    return InputNumber(ui, hook_id, label, value, range.Min, range.Max, step, format, hint);
}

bool LayoutPin(UiState* ui) {
    FormLabel(Tr(Str::AutoLayout), Tr(Str::AutoLayoutHint));
    bool automatic = !ui->LayoutPinned;
    const bool clicked = ImGui::Checkbox("##auto_layout", &automatic);
    RecordLastItem(ui, "auto_layout");
    if (!clicked) return false;
    ui->LayoutPinned = !automatic;
    return automatic;
}

//-----------------------------------------------------------------------------
// [SECTION] Combos
//-----------------------------------------------------------------------------

bool ComboList(UiState* ui, const char* hook_id, const char* label, int* index, const char* const items[], int count) {
    FormLabel(label);
    ImGui::PushID(label);
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    RecordRect(ui, hook_id, pos, ImVec2(pos.x + width, pos.y + ImGui::GetFrameHeight()));
    ImGui::SetNextItemWidth(width);
    bool changed = false;
    const char* preview = *index >= 0 && *index < count ? items[*index] : "";
    if (ImGui::BeginCombo("##c", preview)) {
        for (int i = 0; i < count; ++i) {
            if (ImGui::Selectable(items[i], i == *index) && i != *index) {
                *index = i;
                changed = true;
            }
            if (i == *index) ImGui::SetItemDefaultFocus();
        }
        ImGui::EndCombo();
    }
    ImGui::PopID();
    return changed;
}

bool BeginSearchCombo(UiState* ui, const char* hook_id, const char* label, const char* preview, char* filter, size_t filter_size) {
    FormLabel(label);
    ImGui::PushID(label);
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    RecordRect(ui, hook_id, pos, ImVec2(pos.x + width, pos.y + ImGui::GetFrameHeight()));
    ImGui::SetNextItemWidth(width);
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowSizeConstraints(ImVec2(std::min(width, display.x - 16), 0),
                                        ImVec2(std::max(width, std::min(display.x - 16, 560.0f)), display.y * 0.6f));
    if (!ImGui::BeginCombo("##c", preview, ImGuiComboFlags_HeightLargest)) {
        ImGui::PopID();
        filter[0] = '\0';
        return false;
    }
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(-FLT_MIN);
    ImGui::InputTextWithHint("##filter", Tr(Str::SearchHint), filter, filter_size);
    RecordTextField(ui, false);
    ImGui::Separator();
    return true;
}

void EndSearchCombo() {
    ImGui::EndCombo();
    ImGui::PopID();
}

bool SearchMatches(const char* filter, const char* text) {
    if (filter == nullptr || filter[0] == '\0') return true;
    const size_t n = std::strlen(filter);
    for (const char* p = text; *p != '\0'; ++p) {
        size_t i = 0;
        while (i < n && p[i] != '\0' &&
               std::tolower(static_cast<unsigned char>(p[i])) == std::tolower(static_cast<unsigned char>(filter[i])))
            ++i;
        if (i == n) return true;
    }
    return false;
}

//-----------------------------------------------------------------------------
// [SECTION] Segmented buttons, amounts, metric grid
//-----------------------------------------------------------------------------

bool Segmented(UiState* ui, const char* hook_id, const char* const labels[], int count, int* index, float width) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float spacing = 2;
    if (!(width > 0)) width = ImGui::GetContentRegionAvail().x;
    // One row while every label fits its button; otherwise as many rows as it takes (a phone in Russian: "Рабочие
    // станции" is wider than a quarter of 390 px), never a clipped label.
    float widest = 0;
    for (int i = 0; i < count; ++i) widest = std::max(widest, ImGui::CalcTextSize(labels[i]).x);
    int per_row = count;
    while (per_row > 1 && widest + style.FramePadding.x * 2 > (width - spacing * (per_row - 1)) / per_row) per_row = (per_row + 1) / 2;
    const int rows = (count + per_row - 1) / per_row;
    const float button = (width - spacing * (per_row - 1)) / per_row;
    const ImVec2 start = ImGui::GetCursorScreenPos();
    RecordRect(ui, hook_id, start, ImVec2(start.x + width, start.y + rows * ImGui::GetFrameHeight() + (rows - 1) * style.ItemSpacing.y));
    bool changed = false;
    ImGui::PushID(hook_id != nullptr ? hook_id : labels[0]);
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing, style.ItemSpacing.y));
    for (int i = 0; i < count; ++i) {
        const bool selected = i == *index;
        ImGui::PushStyleColor(ImGuiCol_Button, selected ? theme::kSelected : style.Colors[ImGuiCol_FrameBg]);
        ImGui::PushStyleColor(ImGuiCol_ButtonHovered, selected ? theme::kSelectedHovered : style.Colors[ImGuiCol_FrameBgHovered]);
        ImGui::PushStyleColor(ImGuiCol_Text, selected ? style.Colors[ImGuiCol_Text] : theme::kTextDim);
        if (ImGui::Button(labels[i], ImVec2(button, 0)) && !selected) {
            *index = i;
            changed = true;
        }
        if (hook_id != nullptr) {
            char child[64];
            std::snprintf(child, sizeof(child), "%s_%d", hook_id, i);
            RecordLastItem(ui, child);
        }
        ImGui::PopStyleColor(3);
        if (i + 1 < count && (i + 1) % per_row != 0) ImGui::SameLine();
    }
    ImGui::PopStyleVar();
    ImGui::PopID();
    return changed;
}

bool InputAmount(UiState* ui, const char* hook_id, const char* id, double* value, double min, double max, const char* format) {
    ImGui::PushID(id);
    const ImGuiID field_id = ImGui::GetID("##a");
    char text[kFieldTextBytes];
    FormatFieldText(*value, format, text, sizeof(text));
    if (ImGui::InputText("##a", text, sizeof(text), ImGuiInputTextFlags_AutoSelectAll)) ui->FieldText = text;
    const bool committed = ImGui::IsItemDeactivatedAfterEdit();
    RecordLastItem(ui, hook_id);
    RecordTextField(ui, true);
    double edited = *value;
    const bool read = committed && ReadTypedValue(ui, field_id, Tr(Str::ColPerGpuHour), ui->FieldText.c_str(), true, min, max, format, &edited);
    DrawFieldNotice(*ui, field_id);
    ImGui::PopID();
    if (!read || edited == *value) return false;
    *value = edited;
    return true;
}

void AccuracyBand(AppState* state, AccuracyCategory category) {
    const std::string band = AccuracyBandText(state->accuracy, category);
    if (band.empty()) return;
    const float body_size = ImGui::GetFontSize();
    ImGui::PushFont(state->ui.FontSmall);
    // It follows text of the body size on the same line: share its baseline.
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + (body_size - ImGui::GetFontSize()) * kBaselineShare);
    ImGui::PushStyleColor(ImGuiCol_Text, theme::kAccent);
    ImGui::TextUnformatted(band.c_str());
    ImGui::PopStyleColor();
    ImGui::PopFont();
    if (ImGui::IsItemHovered()) {
        ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
        ImGui::SetTooltip("%s", Tr(Str::AccuracyTooltip));
    }
    if (ImGui::IsItemClicked()) state->ui.AccuracyShown = category;
    static const char* const kHooks[] = {"accuracy_memory", "accuracy_inference", "accuracy_training"};
    RecordLastItem(&state->ui, kHooks[static_cast<int>(category)]);
}

void MetricGrid(AppState* state, const char* id, const Metric* metrics, int count, int wide_columns) {
    const int columns = state->ui.Narrow ? 2 : wide_columns;
    if (!ImGui::BeginTable(id, columns, ImGuiTableFlags_SizingStretchSame)) return;
    ImGui::PushTextWrapPos(0.0f);
    for (int i = 0; i < count; ++i) {
        ImGui::TableNextColumn();
        ImGui::PushID(i);
        ImGui::PushFont(state->ui.FontSmall);
        ImGui::PushStyleColor(ImGuiCol_Text, theme::kTextDim);
        ImGui::TextWrapped("%s", metrics[i].Label);
        ImGui::PopStyleColor();
        ImGui::PopFont();
        const bool known = metrics[i].Value != Tr(Str::NotAvailable);
        if (!known) ImGui::PushStyleColor(ImGuiCol_Text, theme::kTextDim);
        ImGui::TextUnformatted(metrics[i].Value.c_str());
        if (!known) ImGui::PopStyleColor();
        if (known) AccuracyBand(state, metrics[i].Band);
        ImGui::PopID();
        ImGui::Spacing();
    }
    ImGui::PopTextWrapPos();
    ImGui::EndTable();
}

//-----------------------------------------------------------------------------
// [SECTION] Test hooks and text
//-----------------------------------------------------------------------------

void RecordRect(UiState* ui, const char* hook_id, ImVec2 min, ImVec2 max) {
    if (hook_id == nullptr) return;
    // Only rectangles the visitor can see: clip to the window the widget is in.
    const ImGuiWindow* window = ImGui::GetCurrentWindowRead();
    const ImRect clip = window->ClipRect;
    const ImVec2 lo(std::max(min.x, clip.Min.x), std::max(min.y, clip.Min.y));
    const ImVec2 hi(std::min(max.x, clip.Max.x), std::min(max.y, clip.Max.y));
    WidgetRect rect;
    rect.Id = hook_id;
    if (hi.x > lo.x && hi.y > lo.y) {
        rect.X = lo.x;
        rect.Y = lo.y;
        rect.W = hi.x - lo.x;
        rect.H = hi.y - lo.y;
    }
    ui->WidgetRects.push_back(rect);
}

void RecordLastItem(UiState* ui, const char* hook_id) { RecordRect(ui, hook_id, ImGui::GetItemRectMin(), ImGui::GetItemRectMax()); }

void RecordTextField(UiState* ui, bool numeric) {
    if (ImGui::IsItemActive()) ui->ActiveFieldNumeric = numeric;
    std::vector<WidgetRect> rects;
    rects.swap(ui->WidgetRects); // reuse RecordRect's clipping without publishing a hook id
    RecordRect(ui, numeric ? "numeric" : "text", ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    ui->TextFieldRects.push_back(ui->WidgetRects.back());
    rects.swap(ui->WidgetRects);
}

void TextDim(const char* text) {
    ImGui::PushStyleColor(ImGuiCol_Text, theme::kTextDim);
    ImGui::TextWrapped("%s", text);
    ImGui::PopStyleColor();
}

void TextColoredWrapped(const ImVec4& color, const char* text) {
    ImGui::PushStyleColor(ImGuiCol_Text, color);
    ImGui::TextWrapped("%s", text);
    ImGui::PopStyleColor();
}

void SectionTitle(const char* text) {
    ImGui::PushStyleColor(ImGuiCol_Text, theme::kAccent);
    ImGui::TextUnformatted(text);
    ImGui::PopStyleColor();
    ImGui::Spacing();
}

} // namespace widgets
