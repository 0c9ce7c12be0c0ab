// gpuplan ui: notices under the header (catalog fallback, damaged link), each dismissible.
#include "imgui.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/widgets.h"

void DrawNoticesPanel(AppState* state) {
    std::vector<Notice>& notices = state->ui.Notices;
    for (size_t i = 0; i < notices.size();) {
        const Notice& notice = notices[i];
        const ImVec4 color = notice.Kind == NoticeKind::Error ? theme::kBad : notice.Kind == NoticeKind::Warning ? theme::kWarn : theme::kAccent;
        ImGui::PushID(static_cast<int>(i));
        widgets::BeginCard(nullptr);
        widgets::TextColoredWrapped(color, Tr(notice.Title));
        if (!notice.Detail.empty()) widgets::TextDim(notice.Detail.c_str());
        const bool dismiss = ImGui::SmallButton(Tr(Str::Dismiss));
        widgets::EndCard();
        ImGui::PopID();
        if (dismiss) notices.erase(notices.begin() + static_cast<long>(i));
        else ++i;
    }
}
