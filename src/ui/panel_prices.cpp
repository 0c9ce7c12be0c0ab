// gpuplan ui: "Your prices" — import a price table (CSV or gpuplan.prices/1 JSON) by file, by dropping it on the
// page, or by pasting it here; the report lists every rejected row with its reason. All three routes end in
// ImportPricesIntoApp (app.cpp); the file dialog and drag-and-drop are browser glue (web/index.html).
#include <cstdio>
#include <cstring>
#include <string>

#include "imgui.h"
#include "imgui_internal.h"
#include "input/json_input.h"
#include "ui/app.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace {

constexpr float kPasteBoxLines = 6;
constexpr const char* kPastedFileName = "pasted.csv";

void DrawReport(const UiState& ui) {
    const ImportReport& report = ui.LastImport;
    if (!report.Done) return;
    char line[256];
    std::snprintf(line, sizeof(line), Tr(Str::ImportedCount), report.File.c_str(), report.Imported);
    widgets::TextColoredWrapped(report.Imported > 0 ? theme::kGood : theme::kWarn, line);
    if (!report.Rejected.empty()) {
        std::snprintf(line, sizeof(line), Tr(Str::RejectedRows), static_cast<int>(report.Rejected.size()));
        widgets::TextColoredWrapped(theme::kBad, line);
        ImGui::PushFont(ui.FontSmall);
        for (const std::string& rejected : report.Rejected) {
            ImGui::Bullet();
            ImGui::SameLine();
            ImGui::TextWrapped("%s", rejected.c_str());
        }
        ImGui::PopFont();
    }
    if (!report.Notes.empty()) {
        ImGui::PushFont(ui.FontSmall);
        for (const std::string& note : report.Notes) widgets::TextDim(note.c_str());
        ImGui::PopFont();
    }
}

// The paste box grows with what is pasted, up to the import limit. A paste that would pass it is refused whole
// (ImGui would otherwise keep the first part and drop the rest without a word) and the box says so.
int GrowPasteBox(ImGuiInputTextCallbackData* data) {
    if (data->EventFlag != ImGuiInputTextFlags_CallbackResize) return 0;
    UiState* ui = static_cast<UiState*>(data->UserData);
    if (static_cast<size_t>(data->BufTextLen) > input::kImportMaxBytes) {
        ui->PasteTooLarge = true;
        return 0;
    }
    ui->PasteBox.resize(static_cast<size_t>(data->BufTextLen));
    data->Buf = ui->PasteBox.data();
    return 0;
}

void InputPasteBox(UiState* ui) {
    const std::string before = ui->PasteBox;
    const bool was_too_large = ui->PasteTooLarge;
    ui->PasteTooLarge = false;
    ui->PasteBox.reserve(ui->PasteBox.size() + 1);
    const ImVec2 size(ImGui::CalcItemWidth(), ImGui::GetTextLineHeight() * kPasteBoxLines);
    ImGui::InputTextMultiline("##paste", ui->PasteBox.data(), ui->PasteBox.capacity() + 1, size,
                              ImGuiInputTextFlags_AllowTabInput | ImGuiInputTextFlags_CallbackResize, GrowPasteBox, ui);
    ui->PasteBox.resize(std::strlen(ui->PasteBox.c_str()));
    if (ui->PasteTooLarge) {
        ui->PasteBox = before; // refused whole: keep what was there, and let the field show it again
        ImGui::ClearActiveID();
    }
    else ui->PasteTooLarge = was_too_large && ui->PasteBox == before;
}

} // namespace

void DrawPriceImportPanel(AppState* state) {
    UiState& ui = state->ui;
    widgets::BeginCard(nullptr);
    ImGui::PushStyleColor(ImGuiCol_Text, theme::kAccent);
    ImGui::SetNextItemOpen(ui.ImportOpen);
    ui.ImportOpen = ImGui::TreeNodeEx(Tr(Str::SectionImport), ImGuiTreeNodeFlags_NoTreePushOnOpen | ImGuiTreeNodeFlags_SpanAvailWidth);
    ImGui::PopStyleColor();
    widgets::RecordLastItem(&ui, "import_prices");
    if (ui.ImportOpen) {
        widgets::TextDim(Tr(Str::ImportHint));
        if (ImGui::Button(Tr(Str::ChooseFile))) state->outbox.OpenFilePicker = true;
        widgets::RecordLastItem(&ui, "choose_file");
        ImGui::Spacing();
        InputPasteBox(&ui);
        widgets::RecordLastItem(&ui, "paste_box");
        widgets::RecordTextField(&ui, false);
        if (ui.PasteBox.empty()) {
            // Placeholder: InputTextMultiline has no hint in Dear ImGui 1.86.
            const ImVec2 at(ImGui::GetItemRectMin().x + ImGui::GetStyle().FramePadding.x, ImGui::GetItemRectMin().y + ImGui::GetStyle().FramePadding.y);
            ImGui::GetWindowDrawList()->AddText(at, ImGui::GetColorU32(theme::kTextDim), Tr(Str::PasteHint));
        }
        if (ui.PasteTooLarge) widgets::TextColoredWrapped(theme::kBad, Tr(Str::PasteTooLarge));
        ImGui::BeginDisabled(ui.PasteBox.empty());
        const bool import = ImGui::Button(Tr(Str::ImportPasted));
        widgets::RecordLastItem(&ui, "import_pasted");
        ImGui::SameLine();
        if (ImGui::Button(Tr(Str::ClearText))) {
            ui.PasteBox.clear();
            ui.PasteTooLarge = false;
        }
        ImGui::EndDisabled();
        if (import) ImportPricesIntoApp(state, kPastedFileName, ui.PasteBox);
        DrawReport(ui);
        ImGui::Spacing();
        if (ImGui::TreeNode(Tr(Str::CsvFormat))) {
            ImGui::PushFont(ui.FontSmall);
            widgets::TextDim(Tr(Str::CsvHelp));
            // Spaces after the commas let the lines wrap on a phone; the importer trims them.
            ImGui::TextWrapped("provider, gpu, gpus_per_instance, price_per_gpu_hour, currency, kind, region, instance, source, as_of");
            ImGui::TextWrapped("My cloud, h100-sxm, 8, 2.10, USD, on_demand, eu-west, 8xH100, quote 42, 2025-11-01");
            ImGui::PopFont();
            ImGui::TreePop();
        }
    }
    widgets::EndCard();
}
