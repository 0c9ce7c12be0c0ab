// gpuplan ui: number formats for weights, KV cache (inference) and compute (engine::Format list).
#include "imgui.h"
#include "ui/panels.h"
#include "ui/widgets.h"

namespace {

bool FormatCombo(UiState* ui, const char* hook_id, const char* label, engine::Format* format) {
    const char* items[static_cast<int>(engine::Format::Count)];
    for (int i = 0; i < static_cast<int>(engine::Format::Count); ++i) items[i] = engine::FormatName(static_cast<engine::Format>(i));
    int index = static_cast<int>(*format);
    if (!widgets::ComboList(ui, hook_id, label, &index, items, static_cast<int>(engine::Format::Count))) return false;
    *format = static_cast<engine::Format>(index);
    return true;
}

} // namespace

void DrawPrecisionPanel(AppState* state) {
    engine::PrecisionSet& p = state->scenario.Precision;
    widgets::BeginCard(Tr(Str::SectionPrecision));
    if (widgets::BeginForm("precision")) {
        bool changed = FormatCombo(&state->ui, "weights_format", Tr(Str::PrecisionWeights), &p.Weights);
        if (state->scenario.Workload == engine::WorkloadKind::Inference)
            changed |= FormatCombo(&state->ui, "kv_cache_format", Tr(Str::PrecisionKvCache), &p.KvCache);
        changed |= FormatCombo(&state->ui, "compute_format", Tr(Str::PrecisionCompute), &p.Compute);
        if (changed) state->ui.Dirty = true;
        widgets::EndForm();
    }
    widgets::EndCard();
}
