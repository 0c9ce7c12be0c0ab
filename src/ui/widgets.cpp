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
#include "ui/theme.h"
#include "ui/view.h"

namespace widgets {

namespace {

constexpr float kLabelColumnFraction = 0.44f; // share of a form row the label takes
constexpr float kCardRounding = 8;
constexpr float kCardPadding = 14;           // inside a card, px (12 in the narrow layout)
constexpr float kBaselineShare = 0.8f;       // a font's ascent as a share of its size (Inter: about 0.8)

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

// Text field + "−" "+" buttons. The text field alone is the hook rectangle (clicking its centre edits).
template <typename T>
bool InputWithSteps(UiState* ui, const char* hook_id, const char* label, T* value, T min, T max, T step,
                    ImGuiDataType type, const char* format, const char* hint) {
    FormLabel(label, hint);
    ImGui::PushID(label);
    const float button = ImGui::GetFrameHeight();
    const float spacing = ImGui::GetStyle().ItemInnerSpacing.x;
    const float field = std::max(button, ImGui::GetContentRegionAvail().x - 2 * (button + spacing));
    T edited = *value;
    ImGui::SetNextItemWidth(field);
    bool changed = ImGui::InputScalar("##v", type, &edited, nullptr, nullptr, format);
    RecordLastItem(ui, hook_id);
    RecordTextField(ui, true);
    ImGui::SameLine(0, spacing);
    ImGui::PushButtonRepeat(true);
    if (ImGui::Button("\xe2\x88\x92", ImVec2(button, button))) { edited = edited - step; changed = true; } // U+2212 minus
    ImGui::SameLine(0, spacing);
    if (ImGui::Button("+", ImVec2(button, button))) { edited = edited + step; changed = true; }
    ImGui::PopButtonRepeat();
    ImGui::PopID();
    if (!changed) return false;
    if (!std::isfinite(static_cast<double>(edited))) edited = *value;
    edited = std::min(max, std::max(min, edited));
    if (edited == *value) return false;
    *value = edited;
    return true;
}

} // namespace

bool InputCount(UiState* ui, const char* hook_id, const char* label, int* value, int min, int max, const char* hint) {
    return InputWithSteps<int>(ui, hook_id, label, value, min, max, 1, ImGuiDataType_S32, "%d", hint);
}

bool InputNumber(UiState* ui, const char* hook_id, const char* label, double* value, double min, double max, double step,
                 const char* format, const char* hint) {
    return InputWithSteps<double>(ui, hook_id, label, value, min, max, step, ImGuiDataType_Double, format, hint);
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

bool Segmented(UiState* ui, const char* hook_id, const char* const labels[], int count, int* index) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float spacing = 2;
    const float width = ImGui::GetContentRegionAvail().x;
    const float button = (width - spacing * (count - 1)) / count;
    const ImVec2 start = ImGui::GetCursorScreenPos();
    RecordRect(ui, hook_id, start, ImVec2(start.x + width, start.y + ImGui::GetFrameHeight()));
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
        if (i + 1 < count) ImGui::SameLine();
    }
    ImGui::PopStyleVar();
    ImGui::PopID();
    return changed;
}

bool InputAmount(UiState* ui, const char* hook_id, const char* id, double* value, double min, double max, const char* format) {
    double edited = *value;
    ImGui::PushID(id);
    ImGui::InputDouble("##a", &edited, 0, 0, format);
    const bool committed = ImGui::IsItemDeactivatedAfterEdit();
    RecordLastItem(ui, hook_id);
    RecordTextField(ui, true);
    ImGui::PopID();
    if (!committed || !std::isfinite(edited)) return false;
    edited = std::min(max, std::max(min, edited));
    if (edited == *value) return false;
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
