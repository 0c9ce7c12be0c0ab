// gpuplan ui: the serving block — lengths, concurrency, parallelism, optional service-level targets.
#include "imgui.h"
#include "ui/panels.h"
#include "ui/widgets.h"

namespace {

constexpr double kMaxTokens = 1e7;         // per sequence; the engine accepts up to 1e8
constexpr int kMaxConcurrency = 1000000;
constexpr int kMaxParallel = 1024;
constexpr double kMaxSlaS = 3600;
constexpr double kMaxTokensPerS = 100000;
constexpr double kMaxUsers = 1e8;

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
        changed |= widgets::InputNumber(ui, "context_tokens", Tr(Str::ContextTokens), &in.ContextTokens, 0, kMaxTokens, 1024, "%.0f",
                                        Tr(Str::ContextAuto));
        changed |= widgets::InputNumber(ui, "input_tokens", Tr(Str::InputTokens), &in.InputTokens, 1, kMaxTokens, 256, "%.0f");
        changed |= widgets::InputNumber(ui, "output_tokens", Tr(Str::OutputTokens), &in.OutputTokens, 1, kMaxTokens, 64, "%.0f");
        changed |= widgets::InputCount(ui, "concurrency", Tr(Str::Concurrency), &in.Concurrency, 1, kMaxConcurrency);
        changed |= widgets::InputCount(ui, "tensor_parallel", Tr(Str::TensorParallel), &in.TensorParallel, 1, kMaxParallel);
        changed |= widgets::InputCount(ui, "pipeline_parallel", Tr(Str::PipelineParallel), &in.PipelineParallel, 1, kMaxParallel);
        widgets::EndForm();
    }
    ImGui::Spacing();
    if (in.Mode == engine::ServingMode::Batch) {
        widgets::SectionTitle(Tr(Str::SectionBatch));
        if (widgets::BeginForm("batch")) {
            changed |= widgets::InputNumber(ui, "batch_requests", Tr(Str::BatchRequests), &in.BatchRequests, 0, kMaxUsers, 1000, "%.0f",
                                            Tr(Str::ZeroMeansNone));
            widgets::EndForm();
        }
    } else {
        widgets::SectionTitle(Tr(Str::SectionSla));
        if (widgets::BeginForm("sla")) {
            changed |= widgets::InputNumber(ui, "ttft_sla_s", Tr(Str::TtftSla), &in.TtftSlaS, 0, kMaxSlaS, 0.1, "%.2f", Tr(Str::ZeroMeansNone));
            changed |= widgets::InputNumber(ui, "min_tokens_per_s_per_user", Tr(Str::MinTokensPerUser), &in.MinTokensPerSPerUser, 0,
                                            kMaxTokensPerS, 5, "%.0f");
            changed |= widgets::InputNumber(ui, "target_users", Tr(Str::TargetUsers), &in.TargetUsers, 0, kMaxUsers, 10, "%.0f");
            widgets::EndForm();
        }
    }
    widgets::EndCard();
    if (changed) ui->Dirty = true;
}
