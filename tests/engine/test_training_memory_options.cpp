// Training memory options: GPUs needed (sharding when the layout cannot), optimizer in backward, chunked loss.
#include <algorithm>

#include <doctest/doctest.h>

#include "engine/engine.h"
#include "engine/training.h"
#include "test_models.h"

using namespace engine;

namespace {
// LoRA on Llama 3.1 8B, 2 sequences of 2,048 tokens per micro-batch: logits of 2048 × 2 × 128,256 elements.
Scenario LoraAt2048x2() {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Lora;
    s.Training.SeqLen = 2048;
    s.Training.MicroBatch = 2;
    return s;
}
} // namespace

TEST_SUITE("engine") {

TEST_CASE("a full fine-tune that does not fit without ZeRO names the GPU count at which ZeRO-3 makes it fit") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::FullFinetune;
    s.Training.ZeroStage = 0; // 8B × 16 B of states = 128 GB on one 80 GB GPU
    const Result r = Evaluate(s);
    REQUIRE(r.Ok);
    CHECK_FALSE(r.Fits);
    REQUIRE(r.GpusNeeded >= 2);
    // At that count with ZeRO-3 it fits, and at half of it it does not.
    Scenario sharded = s;
    sharded.Training.ZeroStage = 3;
    sharded.GpuCount = r.GpusNeeded;
    CHECK(Evaluate(sharded).Fits);
    sharded.GpuCount = r.GpusNeeded / 2;
    CHECK_FALSE(Evaluate(sharded).Fits);
}

} // TEST_SUITE

TEST_SUITE("engine") {

TEST_CASE("optimizer in backward holds one tensor's gradient, not the whole model's") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::FullFinetune;
    const double full = Evaluate(s).MemoryPerGpu.Gradients;
    CHECK(full == doctest::Approx(8030261248.0 * 2));
    s.Training.OptimizerInBackward = true;
    // the largest tensor: the 128,256 × 4,096 embedding (or lm_head) in bf16
    CHECK(Evaluate(s).MemoryPerGpu.Gradients == doctest::Approx(128256.0 * 4096 * 2));
}

TEST_CASE("what PyTorch's allocator never sees: the runtime, and paged optimizer states in unified memory") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::FullFinetune;
    s.Training.Optimizer = OptimizerKind::AdamW8bit;
    const Result plain = Evaluate(s);
    REQUIRE(plain.Ok);
    CHECK(plain.MemoryPerGpu.OutsideAllocator < plain.MemoryPerGpu.Overhead + 1.0); // runtime only, no optimizer
    CHECK(plain.MemoryPerGpu.OutsideAllocator > 0.0);
    s.Training.PagedOptimizer = true;
    const Result paged = Evaluate(s);
    REQUIRE(paged.Ok);
    CHECK(paged.MemoryPerGpu.Optimizer > 0.0);
    CHECK(paged.MemoryPerGpu.OutsideAllocator - plain.MemoryPerGpu.OutsideAllocator == doctest::Approx(paged.MemoryPerGpu.Optimizer));
}

TEST_CASE("chunked cross-entropy keeps bf16 logits and upcasts one chunk at a time") {
    Scenario s = LoraAt2048x2();
    const double elements = 2048.0 * 2 * 128256;
    const double plain = Evaluate(s).MemoryPerGpu.Activations;
    s.Training.LossChunks = 8;
    const double chunked = Evaluate(s).MemoryPerGpu.Activations;
    // 4 B fp32 per logit → 2 B bf16 + 4 B / 8
    CHECK(plain - chunked == doctest::Approx(elements * (4.0 - 2.0 - 0.5)));
}

TEST_CASE("a chunked loss compiled with its fp32 upcast stores only the bf16 logits") {
    Scenario s = LoraAt2048x2();
    s.Training.LossChunks = 8;
    const double elements = 2048.0 * 2 * 128256;
    const TrainingMemory eager = EstimateTrainingMemory(s, LayoutOf(s));
    CHECK(eager.LogitsBytes == doctest::Approx(elements * (2.0 + 4.0 / 8)));
    s.Training.CompiledLoss = true;
    const TrainingMemory compiled = EstimateTrainingMemory(s, LayoutOf(s));
    CHECK(compiled.LogitsBytes == doctest::Approx(elements * 2.0)); // torchtune compile_loss: no fp32 chunk kept
    // an unchunked loss gets its fp32 logits from the model (torchtune: self.output(h).float()), compiled or not
    s.Training.LossChunks = 1;
    const TrainingMemory unchunked = EstimateTrainingMemory(s, LayoutOf(s));
    CHECK(unchunked.LogitsBytes == doctest::Approx(elements * 4.0));
}

TEST_CASE("full recompute: the logits and the layer being recomputed are not live together") {
    Scenario s = LoraAt2048x2();
    s.Training.Recompute = RecomputePolicy::Full;
    const double tokens = 2048.0 * 2;
    const double inputs = 32 * tokens * 4096 * 2; // one bf16 layer input per layer
    const double logits = tokens * 128256 * 4;    // fp32, larger than one recomputed layer here
    CHECK(Evaluate(s).MemoryPerGpu.Activations == doctest::Approx(inputs + logits));
}

TEST_CASE("activation offloading keeps the last five saved tensors and the logits on the GPU") {
    Scenario s = LoraAt2048x2();
    s.Training.Recompute = RecomputePolicy::Full;
    const double tokens = 2048.0 * 2;
    const double kept = Evaluate(s).MemoryPerGpu.Activations;
    s.Training.OffloadActivations = true;
    const double offloaded = Evaluate(s).MemoryPerGpu.Activations;
    // 27 of the 32 layer inputs go to host memory (torchtune max_fwd_stash_size = 5)
    CHECK(kept - offloaded == doctest::Approx(27 * tokens * 4096 * 2));
    // without recompute a layer saves many tensors: two layers' worth stay, not 32
    s.Training.Recompute = RecomputePolicy::None;
    const Result none = Evaluate(s);
    CHECK(none.MemoryPerGpu.Activations < offloaded * 2.0);
}


TEST_CASE("states in the weights' dtype: bf16 Adam moments, and bf16 LoRA adapters with their gradients") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::FullFinetune;
    s.Training.MasterWeightsFp32 = false;
    CHECK(EstimateTrainingMemory(s, LayoutOf(s)).OptimizerBytesPerParam == doctest::Approx(8.0)); // fp32 m, v
    s.Training.StatesInWeightDtype = true;
    CHECK(EstimateTrainingMemory(s, LayoutOf(s)).OptimizerBytesPerParam == doctest::Approx(4.0)); // bf16 m, v
    s.Training.MasterWeightsFp32 = true; // a master copy keeps fp32 moments
    CHECK(EstimateTrainingMemory(s, LayoutOf(s)).OptimizerBytesPerParam == doctest::Approx(12.0));
    s.Workload = WorkloadKind::Lora;
    s.Training.StatesInWeightDtype = false;
    const TrainingMemory fp32 = EstimateTrainingMemory(s, LayoutOf(s));
    s.Training.StatesInWeightDtype = true;
    const TrainingMemory bf16 = EstimateTrainingMemory(s, LayoutOf(s));
    CHECK(bf16.GradientsBytes == doctest::Approx(fp32.GradientsBytes / 2));
    CHECK(bf16.OptimizerBytes == doctest::Approx(fp32.OptimizerBytes / 2));
}

} // TEST_SUITE

TEST_SUITE("engine") {

namespace {

// One micro-batch per step on one GPU: torchtune's single-device recipes (batch 2, no gradient accumulation).
Scenario OneStepOf8192Tokens(WorkloadKind workload) {
    Scenario s = test::Llama8bOnH100();
    s.Workload = workload;
    s.GpuCount = 1;
    s.Training.SeqLen = 4096;
    s.Training.MicroBatch = 2;
    s.Training.GlobalBatchTokens = 8192;
    s.Training.Recompute = RecomputePolicy::Full;
    s.Training.LossChunks = 8;
    s.Training.MasterWeightsFp32 = false;
    s.Training.StatesInWeightDtype = true;
    return s;
}

double RecomputedLayerBytes(const Scenario& s) {
    ActivationInputs one = ActivationInputsFor(s, LayoutOf(s));
    one.Recompute = RecomputePolicy::None;
    return ActivationBytesPerLayer(one);
}

} // namespace

TEST_CASE("gradients freed between steps: a full fine-tune peaks at the first layer's backward, without the logits") {
    Scenario s = OneStepOf8192Tokens(WorkloadKind::FullFinetune);
    const TrainingMemory held = EstimateTrainingMemory(s, LayoutOf(s));
    s.Training.GradsSetToNone = true;
    const TrainingMemory freed = EstimateTrainingMemory(s, LayoutOf(s));
    const double layer_input = 8192.0 * 4096 * 2;
    // every gradient (the step needs them all at the end of the backward) ...
    CHECK(freed.GradientsBytes == doctest::Approx(8030261248.0 * 2));
    CHECK(freed.GradientsBytes == doctest::Approx(held.GradientsBytes));
    // ... with the first layer's input and the layer being recomputed; the 31 other inputs and the logits are gone
    CHECK(freed.ActivationsPerLayerBytes == doctest::Approx(layer_input));
    CHECK(freed.ActivationsBytes == doctest::Approx(layer_input + RecomputedLayerBytes(s)));
    // the other moment: every layer input, the logits and the lm_head's gradient (128,256 × 4,096 bf16)
    CHECK(freed.PeakLossBackwardBytes == doctest::Approx(32 * layer_input + freed.LogitsBytes + 128256.0 * 4096 * 2));
    CHECK(freed.PeakBackwardEndBytes > freed.PeakLossBackwardBytes);
    CHECK(freed.Total() < held.Total());
}

TEST_CASE("gradients freed between steps: LoRA peaks after the loss's backward, before any adapter gradient exists") {
    Scenario s = OneStepOf8192Tokens(WorkloadKind::Lora);
    const TrainingMemory held = EstimateTrainingMemory(s, LayoutOf(s));
    REQUIRE(held.GradientsBytes > 0.0);
    s.Training.GradsSetToNone = true;
    const TrainingMemory freed = EstimateTrainingMemory(s, LayoutOf(s));
    CHECK(freed.GradientsBytes == 0.0); // the frozen head has no gradient; the adapters' come later
    CHECK(freed.ActivationsBytes == doctest::Approx(held.ActivationsBytes)); // every layer input + the logits
    CHECK(freed.Total() == doctest::Approx(held.Total() - held.GradientsBytes));
}

TEST_CASE("gradients freed between steps changes nothing where gradients outlive a forward") {
    Scenario base = OneStepOf8192Tokens(WorkloadKind::FullFinetune);
    base.Training.GradsSetToNone = true;
    auto total = [](Scenario s, bool freed) {
        s.Training.GradsSetToNone = freed;
        return EstimateTrainingMemory(s, LayoutOf(s)).Total();
    };
    Scenario accumulate = base; // gradient accumulation: micro-batch 2 runs its forward on micro-batch 1's gradients
    accumulate.Training.GlobalBatchTokens = 2 * 8192;
    CHECK(total(accumulate, true) == total(accumulate, false));
    Scenario pipeline = base; // 1F1B: forwards run after backwards inside one step
    pipeline.GpuCount = 2;
    pipeline.Training.PipelineParallel = 2;
    CHECK(total(pipeline, true) == total(pipeline, false));
    Scenario ddp = base; // DDP keeps its gradient buckets for the whole run
    ddp.GpuCount = 2;
    ddp.Training.GlobalBatchTokens = 2 * 8192;
    CHECK(total(ddp, true) == total(ddp, false));
    Scenario fsdp = ddp; // FSDP frees its sharded gradients with set_to_none
    fsdp.Training.ZeroStage = 3;
    CHECK(total(fsdp, true) < total(fsdp, false));
}

TEST_CASE("gradients freed between steps never raises the peak and keeps the layout search's bound") {
    for (WorkloadKind workload : {WorkloadKind::FullFinetune, WorkloadKind::Lora, WorkloadKind::Qlora})
        for (RecomputePolicy recompute : {RecomputePolicy::None, RecomputePolicy::Selective, RecomputePolicy::Full})
            for (int variant = 0; variant < 8; ++variant) {
                Scenario s = OneStepOf8192Tokens(workload);
                s.Training.Recompute = recompute;
                s.Training.OffloadActivations = (variant & 1) != 0;
                s.Training.OptimizerInBackward = (variant & 2) != 0 && workload == WorkloadKind::FullFinetune;
                s.Training.LossChunks = (variant & 4) != 0 ? 1 : 8;
                const TrainingMemory held = EstimateTrainingMemory(s, LayoutOf(s));
                s.Training.GradsSetToNone = true;
                const TrainingMemory freed = EstimateTrainingMemory(s, LayoutOf(s));
                CAPTURE(variant);
                CHECK(freed.Total() <= held.Total() * (1.0 + 1e-12));
                CHECK(freed.GradientsBytes >= freed.GradientsFloorBytes);
                CHECK(freed.ActivationsBytes >= 0.0);
                CHECK(freed.Total() == doctest::Approx(freed.WeightsBytes + freed.OptimizerBytes + freed.OverheadBytes +
                                                       std::max(freed.PeakLossBackwardBytes, freed.PeakBackwardEndBytes)));
            }
}

} // TEST_SUITE
