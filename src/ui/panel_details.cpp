// gpuplan ui: details the engine computes beyond the headline — inference: users within the service level, GPUs
// for the target users, the throughput-optimal batch and the batch job's time; training: the fastest layout that
// fits and why, the share of each step spent waiting for communication, checkpoint size and write time.
#include <string>

#include "imgui.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/view.h"
#include "ui/widgets.h"

namespace {

constexpr double kNetworkBoundShare = 0.25; // the share the engine's network_bound warning starts at

void DrawInferenceDetails(AppState* state) {
    const engine::Result& r = state->result;
    const engine::InferenceParams& in = state->scenario.Inference;
    const engine::InferenceResult& out = r.Inference;
    const bool sla = in.TtftSlaS > 0 || in.MinTokensPerSPerUser > 0;
    std::vector<widgets::Metric> metrics;
    if (in.Mode == engine::ServingMode::Online) {
        metrics.push_back({Tr(Str::SlaMaxUsers), FormatCount(out.SlaMaxUsers, Str::UnitUsers)});
        if (in.TargetUsers > 0) metrics.push_back({Tr(Str::GpusForTargetUsers), FormatCount(out.GpusForTargetUsers, Str::UnitGpus)});
    } else {
        metrics.push_back({Tr(Str::OptimalBatch), FormatCount(out.OptimalBatch, Str::UnitSequences)});
        if (in.BatchRequests > 0) metrics.push_back({Tr(Str::BatchJobTime), FormatDuration(out.BatchJobTimeS)});
    }
    metrics.push_back({Tr(Str::ReplicasLabel), std::to_string(out.Replicas) + " \xc3\x97 " + std::to_string(out.GpusPerReplica) + " GPU"});
    widgets::MetricGrid(state, "capacity", metrics.data(), static_cast<int>(metrics.size()));
    ImGui::PushFont(state->ui.FontSmall);
    if (in.Mode == engine::ServingMode::Online && !sla) widgets::TextDim(Tr(Str::SetSlaHint));
    if (in.Mode == engine::ServingMode::Batch && in.BatchRequests <= 0) widgets::TextDim(Tr(Str::SetBatchHint));
    ImGui::PopFont();
}

void DrawTrainingDetails(AppState* state) {
    const engine::TrainingResult& t = state->result.Training;
    const double comm = ExposedCommShare(t);
    const widgets::Metric metrics[] = {
        {Tr(Str::SuggestedLayout), DescribeSuggestedLayout(t)},
        {Tr(Str::SuggestedTime), FormatDuration(t.SuggestedTimeS)},
        {Tr(Str::CommWait), comm > 0 ? FormatPercent(comm) : std::string("0 %")},
        {Tr(Str::CheckpointSize), t.CheckpointBytes > 0 ? FormatBytes(t.CheckpointBytes) : std::string(Tr(Str::NotAvailable))},
        {Tr(Str::CheckpointWrite), FormatDuration(t.CheckpointWriteS)},
        {Tr(Str::StepTime), FormatDuration(t.StepTimeS)},
    };
    widgets::MetricGrid(state, "layout", metrics, static_cast<int>(sizeof(metrics) / sizeof(metrics[0])));
    if (comm > kNetworkBoundShare) widgets::TextColoredWrapped(theme::kWarn, Tr(Str::NetworkBoundNote));
    if (!t.SuggestionReason.empty()) {
        ImGui::PushFont(state->ui.FontSmall);
        widgets::TextDim(t.SuggestionReason.c_str());
        ImGui::PopFont();
    }
}

} // namespace

void DrawDetailsPanel(AppState* state) {
    if (!state->result.Ok) return;
    const bool inference = state->scenario.Workload == engine::WorkloadKind::Inference;
    widgets::BeginCard(Tr(inference ? Str::SectionCapacity : Str::SectionLayout));
    if (inference) DrawInferenceDetails(state);
    else DrawTrainingDetails(state);
    widgets::EndCard();
}
