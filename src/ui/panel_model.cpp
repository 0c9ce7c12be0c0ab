// gpuplan ui: the model — a searchable combo over the catalog, or a custom architecture typed in.
#include "imgui.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"

namespace {

constexpr int kMaxLayers = 1024;
constexpr int kMaxWidth = 1 << 20;
constexpr int kMaxHeads = 1024;
constexpr int kMaxVocab = 4 << 20;
constexpr double kMaxParamsBillions = 20000; // 20 T

void DrawCustomFields(AppState* state) {
    engine::ModelArch& m = state->scenario.Model;
    UiState* ui = &state->ui;
    bool changed = false;
    double billions = ToBillions(m.Params);
    if (widgets::InputNumber(ui, "params_b", Tr(Str::ParamsBillions), &billions, 0.001, kMaxParamsBillions, 1, "%.3g")) {
        m.Params = FromBillions(billions);
        changed = true;
    }
    changed |= widgets::InputCount(ui, "layers", Tr(Str::Layers), &m.Layers, 1, kMaxLayers);
    changed |= widgets::InputCount(ui, "hidden", Tr(Str::Hidden), &m.Hidden, 64, kMaxWidth);
    changed |= widgets::InputCount(ui, "heads", Tr(Str::Heads), &m.Heads, 1, kMaxHeads);
    changed |= widgets::InputCount(ui, "kv_heads", Tr(Str::KvHeads), &m.KvHeads, 1, kMaxHeads);
    changed |= widgets::InputCount(ui, "head_dim", Tr(Str::HeadDim), &m.HeadDim, 0, 4096);
    changed |= widgets::InputCount(ui, "ffn", Tr(Str::Ffn), &m.Ffn, 0, kMaxWidth);
    changed |= widgets::InputCount(ui, "vocab", Tr(Str::Vocab), &m.Vocab, 1, kMaxVocab);
    if (changed) ui->Dirty = true;
}

} // namespace

void DrawModelPanel(AppState* state) {
    engine::ModelArch& model = state->scenario.Model;
    const bool custom = model.Id.empty();
    widgets::BeginCard(Tr(Str::SectionModel));
    if (widgets::BeginForm("model")) {
        const std::string preview = custom ? std::string(Tr(Str::CustomModel)) : model.Name;
        if (widgets::BeginSearchCombo(&state->ui, "model", Tr(Str::Model), preview.c_str(), state->ui.ModelFilter, sizeof(state->ui.ModelFilter))) {
            int shown = 0;
            for (const catalog::ModelEntry& entry : state->catalog.Models) {
                const std::string& name = entry.Arch.Name;
                if (!widgets::SearchMatches(state->ui.ModelFilter, name.c_str()) &&
                    !widgets::SearchMatches(state->ui.ModelFilter, entry.Arch.Id.c_str()) &&
                    !widgets::SearchMatches(state->ui.ModelFilter, entry.Developer.c_str()))
                    continue;
                ++shown;
                const bool selected = entry.Arch.Id == model.Id;
                ImGui::PushID(entry.Arch.Id.c_str());
                if (ImGui::Selectable(name.c_str(), selected) && !selected) {
                    model = entry.Arch;
                    state->ui.Dirty = true;
                }
                if (selected && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY();
                const std::string params = FormatParams(entry.Arch.Params);
                ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize(params.c_str()).x);
                ImGui::TextDisabled("%s", params.c_str());
                ImGui::PopID();
            }
            if (shown == 0) ImGui::TextDisabled("%s", Tr(Str::NoMatches));
            ImGui::Separator();
            if (ImGui::Selectable(Tr(Str::CustomModel), custom) && !custom) {
                model.Id.clear();
                model.Name = "custom model";
                state->ui.Dirty = true;
            }
            widgets::EndSearchCombo();
        }
        if (model.Id.empty()) DrawCustomFields(state);
        widgets::EndForm();
    }
    const std::string summary = DescribeModel(model);
    if (!summary.empty()) widgets::TextDim(summary.c_str());
    widgets::EndCard();
}
