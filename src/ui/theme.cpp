// gpuplan ui: the theme.
#include "ui/theme.h"

namespace theme {

namespace {

ImVec4 Rgb(int r, int g, int b, float a = 1.0f) { return ImVec4(r / 255.0f, g / 255.0f, b / 255.0f, a); }

} // namespace

const ImVec4 kAccent     = Rgb(110, 168, 255);
const ImVec4 kTextDim    = Rgb(146, 154, 171);
const ImVec4 kGood       = Rgb(74, 204, 128);
const ImVec4 kBad        = Rgb(255, 107, 107);
const ImVec4 kWarn       = Rgb(245, 185, 80);
const ImVec4 kCardBg     = Rgb(24, 28, 36);
const ImVec4 kCardBorder = Rgb(44, 50, 62);
const ImVec4 kSelected   = ImVec4(0.22f, 0.36f, 0.62f, 1);
const ImVec4 kSelectedHovered = ImVec4(0.27f, 0.44f, 0.74f, 1);

void Apply(bool narrow) {
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowPadding     = narrow ? ImVec2(12, 12) : ImVec2(16, 14);
    style.FramePadding      = narrow ? ImVec2(10, 9) : ImVec2(8, 5);
    style.ItemSpacing       = narrow ? ImVec2(8, 9) : ImVec2(8, 7);
    style.ItemInnerSpacing  = ImVec2(6, 6);
    style.CellPadding       = narrow ? ImVec2(4, 4) : ImVec2(6, 3);
    style.ScrollbarSize     = narrow ? 6 : 12;
    style.GrabMinSize       = 12;
    style.WindowRounding    = 0;
    style.ChildRounding     = 0;
    style.FrameRounding     = 5;
    style.PopupRounding     = 6;
    style.ScrollbarRounding = 6;
    style.GrabRounding      = 5;
    style.TabRounding       = 5;
    style.WindowBorderSize  = 0;
    style.ChildBorderSize   = 0;
    style.PopupBorderSize   = 1;
    style.FrameBorderSize   = 0;
    style.TouchExtraPadding = narrow ? ImVec2(2, 2) : ImVec2(0, 0);

    ImVec4* c = style.Colors;
    c[ImGuiCol_Text]                 = Rgb(230, 234, 242);
    c[ImGuiCol_TextDisabled]         = kTextDim;
    c[ImGuiCol_WindowBg]             = Rgb(15, 17, 22);
    c[ImGuiCol_ChildBg]              = Rgb(0, 0, 0, 0);
    c[ImGuiCol_PopupBg]              = Rgb(28, 32, 42);
    c[ImGuiCol_Border]               = kCardBorder;
    c[ImGuiCol_FrameBg]              = Rgb(36, 41, 54);
    c[ImGuiCol_FrameBgHovered]       = Rgb(46, 53, 70);
    c[ImGuiCol_FrameBgActive]        = Rgb(52, 61, 82);
    c[ImGuiCol_TitleBg]              = Rgb(15, 17, 22);
    c[ImGuiCol_TitleBgActive]        = Rgb(15, 17, 22);
    c[ImGuiCol_ScrollbarBg]          = Rgb(0, 0, 0, 0);
    c[ImGuiCol_ScrollbarGrab]        = Rgb(60, 68, 86);
    c[ImGuiCol_ScrollbarGrabHovered] = Rgb(76, 86, 108);
    c[ImGuiCol_ScrollbarGrabActive]  = Rgb(92, 104, 130);
    c[ImGuiCol_CheckMark]            = kAccent;
    c[ImGuiCol_Button]               = Rgb(44, 52, 70);
    c[ImGuiCol_ButtonHovered]        = Rgb(58, 70, 96);
    c[ImGuiCol_ButtonActive]         = Rgb(70, 86, 120);
    c[ImGuiCol_Header]               = Rgb(44, 56, 82);
    c[ImGuiCol_HeaderHovered]        = Rgb(54, 70, 104);
    c[ImGuiCol_HeaderActive]         = Rgb(64, 84, 124);
    c[ImGuiCol_Separator]            = kCardBorder;
    c[ImGuiCol_TableHeaderBg]        = Rgb(30, 35, 46);
    c[ImGuiCol_TableBorderStrong]    = kCardBorder;
    c[ImGuiCol_TableBorderLight]     = Rgb(36, 41, 52);
    c[ImGuiCol_TableRowBg]           = Rgb(0, 0, 0, 0);
    c[ImGuiCol_TableRowBgAlt]        = Rgb(255, 255, 255, 0.025f);
    c[ImGuiCol_TextSelectedBg]       = Rgb(110, 168, 255, 0.35f);
    c[ImGuiCol_NavHighlight]         = kAccent;
}

ImU32 PartColor(MemoryPart part) {
    static const ImVec4 kColors[static_cast<int>(MemoryPart::Count)] = {
        Rgb(86, 145, 255),  // weights
        Rgb(245, 166, 66),  // KV cache
        Rgb(172, 120, 245), // activations
        Rgb(56, 198, 190),  // gradients
        Rgb(240, 98, 146),  // optimizer
        Rgb(128, 138, 158), // overhead
    };
    return ImGui::ColorConvertFloat4ToU32(kColors[static_cast<int>(part)]);
}

} // namespace theme
