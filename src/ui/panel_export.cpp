// gpuplan ui: "Export and share" — copy the result as Markdown or text, download CSV (result and derivation,
// Compare table, offers) and the gpuplan.result/1 JSON (the CLI's own formats, page_features.h); pin the scenario
// to compare the next one against it; the one-file offline copy (gpuplan.html).
#include <string>

#include "imgui.h"
#include "ui/page_features.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace {

constexpr double kCopiedShownS = 2.0; // "Copied" stays this long

void Copy(AppState* state, ExportKind kind) {
    state->outbox.ClipboardText = ExportText(*state, kind);
    state->outbox.ClipboardRequested = true;
    state->ui.ExportCopiedTime = ImGui::GetTime();
    state->outbox.RedrawAt = ImGui::GetTime() + kCopiedShownS;
}

void Download(AppState* state, ExportKind kind) {
    state->outbox.DownloadName = ExportFileName(kind);
    state->outbox.DownloadMime = ExportMime(kind);
    state->outbox.DownloadText = ExportText(*state, kind);
}

// Buttons that wrap to the next line when the row is full (phones).
void SameLineIfFits(const char* next_label) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float next_width = ImGui::CalcTextSize(next_label).x + 2 * style.FramePadding.x;
    const float right = ImGui::GetItemRectMax().x + style.ItemSpacing.x + next_width;
    if (right < ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

} // namespace

void DrawExportPanel(AppState* state) {
    UiState& ui = state->ui;
    if (!state->result.Ok) return;
    widgets::BeginCard(Tr(Str::SectionExport));
    struct Action {
        Str         Label;
        const char* Hook;
        ExportKind  Kind;
        bool        Copies;
    };
    const Action actions[] = {
        {Str::CopyMarkdown, "export_md", ExportKind::Markdown, true},
        {Str::CopyPlainText, "export_text", ExportKind::Text, true},
        {Str::DownloadResultCsv, "export_csv", ExportKind::ResultCsv, false},
        {Str::DownloadCompareCsv, "export_compare_csv", ExportKind::CompareCsv, false},
        {Str::DownloadOffersCsv, "export_offers_csv", ExportKind::OffersCsv, false},
        {Str::DownloadJson, "export_json", ExportKind::ResultJson, false},
    };
    for (size_t i = 0; i < sizeof(actions) / sizeof(actions[0]); ++i) {
        const Action& action = actions[i];
        if (i > 0) SameLineIfFits(Tr(action.Label));
        if (ImGui::Button(Tr(action.Label))) {
            if (action.Copies) Copy(state, action.Kind);
            else Download(state, action.Kind);
        }
        widgets::RecordLastItem(&ui, action.Hook);
    }
    if (ui.ExportCopiedTime >= 0 && ImGui::GetTime() - ui.ExportCopiedTime < kCopiedShownS) {
        ImGui::PushStyleColor(ImGuiCol_Text, theme::kGood);
        ImGui::TextUnformatted(Tr(Str::Copied));
        ImGui::PopStyleColor();
    }
    ImGui::PushFont(ui.FontSmall);
    widgets::TextDim(Tr(Str::ExportHint));
    ImGui::PopFont();

    ImGui::Spacing();
    if (ui.HasPinned) {
        if (ImGui::Button(Tr(Str::Unpin))) Unpin(state);
        widgets::RecordLastItem(&ui, "unpin");
        ImGui::SameLine();
    }
    if (ImGui::Button(Tr(Str::PinScenario))) PinCurrentScenario(state);
    widgets::RecordLastItem(&ui, "pin");

    ImGui::Spacing();
    const bool from_disk = state->page_url.rfind("file:", 0) == 0;
    if (from_disk) {
        widgets::TextDim(Tr(Str::OfflineAlready));
    } else {
        if (ImGui::Button(Tr(Str::OfflineCopy))) state->outbox.DownloadName = "gpuplan.html"; // a file of the site, no text
        widgets::RecordLastItem(&ui, "offline_copy");
        ImGui::PushFont(ui.FontSmall);
        widgets::TextDim(Tr(Str::OfflineHint));
        ImGui::PopFont();
    }
    widgets::EndCard();
}
