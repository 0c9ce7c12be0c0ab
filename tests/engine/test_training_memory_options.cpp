// Training memory options: GPUs needed (sharding when the layout cannot), optimizer in backward, chunked loss.
#include <doctest/doctest.h>

#include "engine/engine.h"
#include "engine/training.h"
#include "test_models.h"

using namespace engine;

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
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Lora;
    s.Training.SeqLen = 2048;
    s.Training.MicroBatch = 2;
    const double elements = 2048.0 * 2 * 128256;
    const double plain = Evaluate(s).MemoryPerGpu.Activations;
    s.Training.LossChunks = 8;
    const double chunked = Evaluate(s).MemoryPerGpu.Activations;
    // 4 B fp32 per logit → 2 B bf16 + 4 B / 8
    CHECK(plain - chunked == doctest::Approx(elements * (4.0 - 2.0 - 0.5)));
}


TEST_CASE("full recompute: the logits and the layer being recomputed are not live together") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Lora;
    s.Training.SeqLen = 2048;
    s.Training.MicroBatch = 2;
    s.Training.Recompute = RecomputePolicy::Full;
    const double tokens = 2048.0 * 2;
    const double inputs = 32 * tokens * 4096 * 2; // one bf16 layer input per layer
    const double logits = tokens * 128256 * 4;    // fp32, larger than one recomputed layer here
    CHECK(Evaluate(s).MemoryPerGpu.Activations == doctest::Approx(inputs + logits));
}

TEST_CASE("activation offloading keeps the last five saved tensors and the logits on the GPU") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Lora;
    s.Training.SeqLen = 2048;
    s.Training.MicroBatch = 2;
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
