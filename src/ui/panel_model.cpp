// gpuplan ui: the model — a searchable combo over the catalog, or a custom architecture typed in.
#include "imgui.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"

namespace {

namespace L = scenario::limits; // the link reader's ranges: a link never holds a value these fields would change

void DrawCustomFields(AppState* state) {
    engine::ModelArch& m = state->scenario.Model;
    UiState* ui = &state->ui;
    bool changed = false;
    double billions = ToBillions(m.Params);
    if (widgets::InputNumber(ui, "params_b", Tr(Str::ParamsBillions), &billions, L::kParams.Min / 1e9, L::kParams.Max / 1e9, 1, "%.4g")) {
        m.Params = FromBillions(billions);
        changed = true;
    }
    changed |= widgets::InputCount(ui, "layers", Tr(Str::Layers), &m.Layers, L::kLayers);
    changed |= widgets::InputCount(ui, "hidden", Tr(Str::Hidden), &m.Hidden, L::kHidden);
    changed |= widgets::InputCount(ui, "heads", Tr(Str::Heads), &m.Heads, L::kHeads);
    changed |= widgets::InputCount(ui, "kv_heads", Tr(Str::KvHeads), &m.KvHeads, L::kKvHeads);
    changed |= widgets::InputCount(ui, "head_dim", Tr(Str::HeadDim), &m.HeadDim, L::kHeadDim);
    changed |= widgets::InputCount(ui, "ffn", Tr(Str::Ffn), &m.Ffn, L::kFfn);
    changed |= widgets::InputCount(ui, "vocab", Tr(Str::Vocab), &m.Vocab, L::kVocab);
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
