// gpuplan ui: the serving block — lengths, concurrency, parallelism, optional service-level targets.
#include "imgui.h"
#include "ui/panels.h"
#include "ui/widgets.h"

namespace {

namespace L = scenario::limits; // the link reader's ranges: a link never holds a value these fields would change

} // namespace

void DrawInferencePanel(AppState* state) {
    engine::InferenceParams& in = state->scenario.Inference;
    UiState* ui = &state->ui;
    bool changed = false;
    widgets::BeginCard(Tr(Str::SectionInference));
    if (widgets::BeginForm("inference")) {
        const char* const kModes[] = {Tr(Str::ModeOnline), Tr(Str::ModeBatch)};
        int mode = static_cast<int>(in.Mode);
        if (widgets::ComboList(ui, "mode", Tr(Str::ServingMode), &mode, kModes, static_cast<int>(engine::ServingMode::Count))) {
            in.Mode = static_cast<engine::ServingMode>(mode);
            changed = true;
        }
        changed |= widgets::InputNumber(ui, "context_tokens", Tr(Str::ContextTokens), &in.ContextTokens, L::kContextTokens, 1024, "%.0f",
                                        Tr(Str::ContextAuto));
        changed |= widgets::InputNumber(ui, "input_tokens", Tr(Str::InputTokens), &in.InputTokens, L::kInputTokens, 256, "%.0f");
        changed |= widgets::InputNumber(ui, "output_tokens", Tr(Str::OutputTokens), &in.OutputTokens, L::kOutputTokens, 64, "%.0f");
        changed |= widgets::InputCount(ui, "concurrency", Tr(Str::Concurrency), &in.Concurrency, L::kConcurrency);
        bool layout = widgets::InputCount(ui, "tensor_parallel", Tr(Str::TensorParallel), &in.TensorParallel, L::kTensorParallel);
        layout |= widgets::InputCount(ui, "pipeline_parallel", Tr(Str::PipelineParallel), &in.PipelineParallel, L::kPipelineParallel);
        if (layout) ui->LayoutPinned = true; // the visitor set the layout: keep it
        layout |= widgets::LayoutPin(ui);
        changed |= layout;
        widgets::EndForm();
    }
    ImGui::Spacing();
    if (in.Mode == engine::ServingMode::Batch) {
        widgets::SectionTitle(Tr(Str::SectionBatch));
        if (widgets::BeginForm("batch")) {
            changed |= widgets::InputNumber(ui, "batch_requests", Tr(Str::BatchRequests), &in.BatchRequests, L::kBatchRequests, 1000, "%.0f",
                                            Tr(Str::ZeroMeansNone));
            widgets::EndForm();
        }
    } else {
        widgets::SectionTitle(Tr(Str::SectionSla));
        if (widgets::BeginForm("sla")) {
            changed |= widgets::InputNumber(ui, "ttft_sla_s", Tr(Str::TtftSla), &in.TtftSlaS, L::kTtftSlaS, 0.1, "%.2f", Tr(Str::ZeroMeansNone));
            changed |= widgets::InputNumber(ui, "min_tokens_per_s_per_user", Tr(Str::MinTokensPerUser), &in.MinTokensPerSPerUser,
                                            L::kMinTokensPerUser, 5, "%.0f");
            changed |= widgets::InputNumber(ui, "target_users", Tr(Str::TargetUsers), &in.TargetUsers, L::kTargetUsers, 10, "%.0f");
            widgets::EndForm();
        }
    }
    widgets::EndCard();
    if (changed) ui->Dirty = true;
}
