// gpuplan ui: the header — product name, tagline, language toggle, "Copy link".
#include <algorithm>
#include <cstdio>

#include "imgui.h"
#include "ui/app.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace {

constexpr double kCopiedMessageS = 2.0; // how long "Link copied" replaces the button label

} // namespace

void DrawHeaderPanel(AppState* state) {
    UiState& ui = state->ui;
    const ImGuiStyle& style = ImGui::GetStyle();

    ImGui::PushFont(ui.FontLarge);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(Tr(Str::AppTitle));
    ImGui::PopFont();
    if (!ui.Narrow) {
        ImGui::SameLine(0, style.ItemSpacing.x * 2);
        ImGui::PushStyleColor(ImGuiCol_Text, theme::kTextDim);
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(Tr(Str::AppTagline));
        ImGui::PopStyleColor();
    }

    // Right-aligned buttons: [RU] [Copy link]
    const bool copied = ui.LinkCopiedTime >= 0 && ImGui::GetTime() - ui.LinkCopiedTime < kCopiedMessageS;
    const char* copy_label = copied ? Tr(Str::LinkCopied) : Tr(Str::CopyLink);
    const char* lang_label = Tr(Str::LanguageToggle);
    const float copy_width = std::max(ImGui::CalcTextSize(Tr(Str::CopyLink)).x, ImGui::CalcTextSize(Tr(Str::LinkCopied)).x) +
                             style.FramePadding.x * 2;
    const float lang_width = ImGui::CalcTextSize(lang_label).x + style.FramePadding.x * 4;
    const float right = ImGui::GetWindowContentRegionMax().x;
    ImGui::SameLine(right - copy_width - lang_width - style.ItemSpacing.x);
    if (ImGui::Button(lang_label, ImVec2(lang_width, 0)))
        ui.Lang = ui.Lang == Language::English ? Language::Russian : Language::English;
    widgets::RecordLastItem(&ui, "language");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", LanguageName(ui.Lang == Language::English ? Language::Russian : Language::English));
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Button, copied ? ImVec4(0.18f, 0.42f, 0.28f, 1) : ImVec4(0.22f, 0.36f, 0.62f, 1));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.27f, 0.44f, 0.74f, 1));
    if (ImGui::Button(copy_label, ImVec2(copy_width, 0))) {
        state->outbox.ClipboardText = state->page_url + state->outbox.UrlHash;
        state->outbox.ClipboardRequested = true;
        ui.LinkCopiedTime = ImGui::GetTime();
        // The link carries the configuration, never the visitor's own prices: say so where they exist.
        if (const int local = LocalPriceCount(*state); local > 0) {
            char detail[160];
            std::snprintf(detail, sizeof(detail), Tr(Str::LinkWithoutLocalPricesDetail), local);
            ui.Notices.push_back(Notice{NoticeKind::Info, Str::LinkWithoutLocalPrices, detail});
        }
        state->outbox.RedrawAt = ui.LinkCopiedTime + kCopiedMessageS;
    }
    widgets::RecordLastItem(&ui, "copy_link");
    ImGui::PopStyleColor(2);
    ImGui::Spacing();
}
