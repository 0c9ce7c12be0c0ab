// gpuplan ui: the training block — tokens, sequence, batch, parallelism, ZeRO, recompute, optimizer, LoRA rank,
// and the memory savers (optimizer offload, optimizer step in backward, sequence parallel, chunked loss).
#include "imgui.h"
#include "ui/panels.h"
#include "ui/view.h"
#include "ui/widgets.h"

namespace {

namespace L = scenario::limits; // the link reader's ranges: a link never holds a value these fields would change

// An on/off setting as a two-item combo (the form's rows are label + control).
bool OnOff(UiState* ui, const char* id, const char* label, bool* value) {
    const char* const kItems[] = {Tr(Str::Off), Tr(Str::On)};
    int index = *value ? 1 : 0;
    if (!widgets::ComboList(ui, id, label, &index, kItems, 2)) return false;
    *value = index == 1;
    return true;
}

} // namespace

void DrawTrainingPanel(AppState* state) {
    engine::TrainingParams& t = state->scenario.Training;
    const engine::WorkloadKind workload = state->scenario.Workload;
    UiState* ui = &state->ui;
    bool changed = false;
    widgets::BeginCard(Tr(Str::SectionTraining));
    if (widgets::BeginForm("training")) {
        double billions = ToBillions(t.Tokens);
        if (widgets::InputNumber(ui, "training_tokens_b", Tr(Str::TrainTokensBillions), &billions, L::kTrainingTokens.Min / 1e9, L::kTrainingTokens.Max / 1e9, 1, "%.6g")) {
            t.Tokens = FromBillions(billions);
            changed = true;
        }
        changed |= widgets::InputNumber(ui, "seq_len", Tr(Str::SeqLen), &t.SeqLen, L::kSeqLen, 1024, "%.0f");
        changed |= widgets::InputCount(ui, "micro_batch", Tr(Str::MicroBatch), &t.MicroBatch, L::kMicroBatch);
        bool layout = widgets::InputCount(ui, "training_tensor_parallel", Tr(Str::TensorParallel), &t.TensorParallel, L::kTensorParallel);
        layout |= widgets::InputCount(ui, "training_pipeline_parallel", Tr(Str::PipelineParallel), &t.PipelineParallel, L::kPipelineParallel);
        const char* const kZero[] = {"0", "1", "2", "3 (FSDP)"};
        layout |= widgets::ComboList(ui, "zero_stage", Tr(Str::ZeroStage), &t.ZeroStage, kZero, 4);
        const char* const kRecompute[] = {Tr(Str::RecomputeNone), Tr(Str::RecomputeSelective), Tr(Str::RecomputeFull)};
        static_assert(sizeof(kRecompute) / sizeof(kRecompute[0]) == static_cast<size_t>(engine::RecomputePolicy::Count), "one label per policy");
        int recompute = static_cast<int>(t.Recompute);
        if (widgets::ComboList(ui, "recompute", Tr(Str::Recompute), &recompute, kRecompute, static_cast<int>(engine::RecomputePolicy::Count))) {
            t.Recompute = static_cast<engine::RecomputePolicy>(recompute);
            layout = true;
        }
        // Editing the layout pins it (ChooseLayout leaves it alone); the checkbox hands it back to gpuplan.
        if (layout) ui->LayoutPinned = true;
        layout |= widgets::LayoutPin(ui);
        changed |= layout;
        const char* optimizers[static_cast<int>(engine::OptimizerKind::Count)];
        for (int i = 0; i < static_cast<int>(engine::OptimizerKind::Count); ++i)
            optimizers[i] = engine::OptimizerName(static_cast<engine::OptimizerKind>(i));
        int optimizer = static_cast<int>(t.Optimizer);
        if (widgets::ComboList(ui, "optimizer", Tr(Str::Optimizer), &optimizer, optimizers, static_cast<int>(engine::OptimizerKind::Count))) {
            t.Optimizer = static_cast<engine::OptimizerKind>(optimizer);
            changed = true;
        }
        if (workload == engine::WorkloadKind::Lora || workload == engine::WorkloadKind::Qlora)
            changed |= widgets::InputCount(ui, "lora_rank", Tr(Str::LoraRank), &t.LoraRank, L::kLoraRank);
        changed |= OnOff(ui, "offload_optimizer", Tr(Str::OffloadOptimizer), &t.OffloadOptimizer);
        changed |= OnOff(ui, "optimizer_in_backward", Tr(Str::OptimizerInBackward), &t.OptimizerInBackward);
        if (t.TensorParallel > 1) changed |= OnOff(ui, "sequence_parallel", Tr(Str::SequenceParallel), &t.SequenceParallel);
        changed |= widgets::InputCount(ui, "loss_chunks", Tr(Str::LossChunks), &t.LossChunks, L::kLossChunks);
        widgets::EndForm();
    }
    widgets::EndCard();
    if (changed) ui->Dirty = true;
}
