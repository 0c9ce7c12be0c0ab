// Training FLOPs, time, communication, golden GPU-hours and the parallelism suggestion.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "catalog/catalog.h"
#include "engine/derivation.h"
#include "engine/efficiency.h"
#include "engine/engine.h"
#include "engine/mfu_defaults.h"
#include "engine/training.h"
#include "test_models.h"

using namespace engine;
using test::HasWarning;

namespace {

} // namespace

TEST_SUITE("engine") {

TEST_CASE("model FLOPs per token equal Korthikanti et al.'s 72·B·s·l·h²(1 + s/6h + V/12hl) for a GPT model") {
    // source: Korthikanti et al. 2022 §6 (model FLOPs per iteration). GPT-3 175B: l 96, h 12288, V 51200, s 2048,
    // tied embeddings, params derived from the architecture (norms add 1e-5). Tolerance 1e-4.
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    ModelArch& m = s.Model;
    m.Params = 0;
    m.Layers = 96;
    m.Hidden = 12288;
    m.Heads = 96;
    m.KvHeads = 96;
    m.HeadDim = 128;
    m.Ffn = 4 * 12288;
    m.Vocab = 51200;
    m.GatedMlp = false;
    m.TiedEmbeddings = true;
    s.Training.SeqLen = 2048;
    const double l = 96, h = 12288, V = 51200, seq = 2048;
    const double per_token = 72.0 * l * h * h * (1 + seq / (6 * h) + V / (12 * h * l));
    CHECK(FlopsPerToken(s, RecomputePolicy::None).Model == doctest::Approx(per_token).epsilon(1e-4));
    // Full recompute repeats the layers' forward: 96·B·s·l·h²(1 + s/6h) + the lm head's 6·V·h (Narayanan et al. 2021)
    const double with_recompute = 96.0 * l * h * h * (1 + seq / (6 * h)) + 6 * V * h;
    CHECK(FlopsPerToken(s, RecomputePolicy::Full).Hardware == doctest::Approx(with_recompute).epsilon(1e-4));
}

TEST_CASE("a figure that is not finite makes the result an error naming it, explained or figures only") {
    // A peak of 1e-300 FLOP/s passes the engine's range check (positive) but makes the run last past any double.
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    const double peak = s.Gpu.PeakFlops[static_cast<int>(ComputeClass::Bf16)];
    s.Gpu.PeakFlops[static_cast<int>(ComputeClass::Bf16)] = 1e-300;
    for (bool explain : {true, false}) {
        const Result r = Evaluate(s, EvaluateOptions{explain, false});
        CAPTURE(explain);
        CHECK_FALSE(r.Ok);
        CHECK_FALSE(r.Fits);
        CHECK(r.Error.find("training.time_s") != std::string::npos);
        CHECK(r.Error.find("not a finite number") != std::string::npos);
    }
    s.Gpu.PeakFlops[static_cast<int>(ComputeClass::Bf16)] = peak; // the same scenario at the real peak is a number
    CHECK(Evaluate(s, EvaluateOptions{false, false}).Ok);
}

TEST_CASE("one GPU at a given MFU: time = 6N·T + attention over peak × MFU, by hand") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    s.Efficiency.NonGemmTrafficPerActivationByte = 0; // the GEMMs and attention alone (non-GEMM kernels: their own test)
    s.Efficiency.Mfu = 0.5;
    s.Training.Tokens = 1e9;
    const Result r = Evaluate(s);
    REQUIRE(r.Ok);
    // matmul params: 8,030,261,248 − 128256 × 4096 (input embedding lookup); attention 12 × 32 × 4096 × 4096
    const double per_token = 6.0 * (8030261248.0 - 128256.0 * 4096.0) + 12.0 * 32 * 4096 * 4096;
    const double time = per_token * 1e9 / (989.4e12 * 0.5);
    CHECK(r.Training.TimeS == doctest::Approx(time));
    CHECK(r.Training.Mfu == doctest::Approx(0.5));
    CHECK(r.Training.GpuHours == doctest::Approx(time / 3600));
    CHECK(r.Training.TokensPerSPerGpu == doctest::Approx(1e9 / time));
    for (const char* key : {"model_flops_per_token", "training_flops", "time_s", "gpu_hours", "mfu", "tokens_per_s_per_gpu", "total_bytes",
                            "weights_bytes", "gradients_bytes", "optimizer_bytes", "activations_bytes", "overhead_bytes", "checkpoint_bytes",
                            "suggested_layout"})
        CHECK_MESSAGE(FindStep(r, key) != nullptr, key);
}

TEST_CASE("full recompute costs about a third more FLOPs and time but not MFU at a fixed MFU") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    s.Efficiency.NonGemmTrafficPerActivationByte = 0; // the GEMMs and attention alone (non-GEMM kernels: their own test)
    const Result none = Evaluate(s);
    s.Training.Recompute = RecomputePolicy::Full;
    const Result full = Evaluate(s);
    const double ratio = full.Training.Flops / none.Training.Flops;
    CHECK(ratio > 1.28);
    CHECK(ratio < 4.0 / 3.0 + 1e-9); // the lm head is not recomputed
    CHECK(full.Training.ModelFlops == doctest::Approx(none.Training.ModelFlops));
    CHECK(full.Training.TimeS > none.Training.TimeS);
    CHECK(full.Training.Mfu < none.Training.Mfu);
    s.Efficiency.Mfu = 0.4; // a stated MFU holds whatever the recompute
    CHECK(Evaluate(s).Training.Mfu == doctest::Approx(0.4));
}

TEST_CASE("LoRA skips weight gradients of the frozen base: about 4N instead of 6N FLOPs per token") {
    // source: LoRA (Hu et al. 2021) §4.2; backward = input + weight gradients (Narayanan et al. 2021 §5.1).
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::FullFinetune;
    const TrainingFlopsPerToken full = FlopsPerToken(s, RecomputePolicy::None);
    s.Workload = WorkloadKind::Lora;
    const TrainingFlopsPerToken lora = FlopsPerToken(s, RecomputePolicy::None);
    const double adapters = 41943040.0;
    CHECK(lora.Model == doctest::Approx(4 * full.MatmulParams + 6 * adapters + full.Attention));
    CHECK(lora.Model / full.Model < 0.72);
}

TEST_CASE("FP8 compute halves the time at the same MFU and keeps bf16 weights with an fp32 master") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    s.Efficiency.NonGemmTrafficPerActivationByte = 0; // the GEMMs and attention alone (non-GEMM kernels: their own test)
    s.Efficiency.Mfu = 0.4;
    const Result bf16 = Evaluate(s);
    s.Precision.Compute = Format::Fp8;
    const Result fp8 = Evaluate(s);
    CHECK(fp8.Training.TimeS == doctest::Approx(bf16.Training.TimeS / 2).epsilon(0.001));
    CHECK(fp8.MemoryPerGpu.Weights == doctest::Approx(bf16.MemoryPerGpu.Weights));
    CHECK(fp8.MemoryPerGpu.Optimizer == doctest::Approx(bf16.MemoryPerGpu.Optimizer));
    // A GPU without FP8 runs BF16 and says so
    s.Gpu = test::A100Sxm80();
    const Result ampere = Evaluate(s);
    CHECK(HasWarning(ampere, "compute_not_native"));
}

TEST_CASE("pipeline bubble is (PP − 1) / (m + PP − 1)") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    s.GpuCount = 4;
    s.Training.PipelineParallel = 4;
    s.Training.GlobalBatchTokens = 8 * s.Training.SeqLen;
    CHECK(Evaluate(s).Training.BubbleShare == doctest::Approx(3.0 / 11.0));
}

TEST_CASE("data-parallel all-reduce moves 2(n−1)/n × gradient bytes; ZeRO-3 moves 1.5× that") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    s.GpuCount = 16; // two nodes: the ring's 8 members per node share the node's 8 NICs of 50 GB/s × 0.7
    s.Training.GlobalBatchTokens = 16 * s.Training.SeqLen; // one micro-batch per rank
    const TrainingTime dp = EstimateTrainingTime(s, LayoutOf(s));
    CHECK(dp.DpCrossesNodes);
    CHECK(dp.DpCommS == doctest::Approx(2.0 * 15.0 / 16.0 * 8030261248.0 * 2 / (8 * 50e9 * 0.7)));
    s.Training.ZeroStage = 3;
    CHECK(EstimateTrainingTime(s, LayoutOf(s)).DpCommS == doctest::Approx(1.5 * dp.DpCommS));
}

TEST_CASE("a data-parallel ring spanning nodes moves its bytes through every NIC its members on a node share") {
    // NCCL runs one flat ring per channel through the members inside a node, each channel leaving through another
    // NIC (NVIDIA/nccl#471, #652): per member, members per node × the NIC per GPU, at most NVLink.
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    s.GpuCount = 64; // DP 64 on 8 nodes: 8 members per node share 8 NICs
    s.Training.GlobalBatchTokens = 64 * s.Training.SeqLen;
    const double grad_bytes = 8030261248.0 * 2;
    const TrainingTime eight = EstimateTrainingTime(s, LayoutOf(s));
    CHECK(eight.DpCommS == doctest::Approx(2.0 * 63.0 / 64.0 * grad_bytes / std::min(450e9 * 0.7, 8 * 50e9 * 0.7)));
    s.Training.TensorParallel = 2; // DP 32, 4 members per node: half the NICs per ring, half the bytes per GPU
    const TrainingTime four = EstimateTrainingTime(s, LayoutOf(s));
    CHECK(four.DpCommS == doctest::Approx(2.0 * 31.0 / 32.0 * grad_bytes / 2 / (4 * 50e9 * 0.7)));
    s.Training.TensorParallel = 8; // DP 8, one member per node: the NIC's own pace
    const TrainingTime one = EstimateTrainingTime(s, LayoutOf(s));
    CHECK(one.DpCommS == doctest::Approx(2.0 * 7.0 / 8.0 * grad_bytes / 8 / (50e9 * 0.7)));
}

TEST_CASE("non-GEMM kernels move bytes over HBM: the same time in BF16 and FP8, a larger share of a small model") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    s.Training.MicroBatch = 1;
    s.Training.GlobalBatchTokens = s.Training.SeqLen;
    TrainingLayout layout = LayoutOf(s);
    ActivationInputs in = ActivationInputsFor(s, layout);
    in.Recompute = RecomputePolicy::None;
    const double stream = 3.35e12 * ResolveInferenceEfficiency(s).BandwidthEfficiency;
    const TrainingTime bf16 = EstimateTrainingTime(s, layout);
    CHECK(bf16.NonGemmS == doctest::Approx(kNonGemmTrafficPerActivationByte * ActivationBytesPerLayer(in) * 32 / stream));
    s.Precision.Compute = Format::Fp8;
    const TrainingTime fp8 = EstimateTrainingTime(s, layout);
    CHECK(fp8.NonGemmS == doctest::Approx(bf16.NonGemmS));
    CHECK(fp8.MicroBatchComputeS < bf16.MicroBatchComputeS);
    CHECK(fp8.NonGemmS / fp8.MicroBatchComputeS > bf16.NonGemmS / bf16.MicroBatchComputeS);
    s.Training.Recompute = RecomputePolicy::Full; // the forward's kernels run again: 5 of 4
    CHECK(EstimateTrainingTime(s, LayoutOf(s)).NonGemmS == doctest::Approx(bf16.NonGemmS * 5.0 / 4.0));
    s.Efficiency.NonGemmTrafficPerActivationByte = 0; // the override turns the term off
    CHECK(EstimateTrainingTime(s, LayoutOf(s)).NonGemmS == 0);
}

TEST_CASE("tensor parallel all-reduces: 4 per layer per micro-batch of b·s·h·2 bytes over NVLink") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    s.GpuCount = 8;
    s.Training.TensorParallel = 8;
    s.Training.GlobalBatchTokens = s.Training.SeqLen; // one micro-batch
    const TrainingTime time = EstimateTrainingTime(s, LayoutOf(s));
    const double bytes = 4096.0 * 4096 * 2;
    CHECK(time.TpCommS == doctest::Approx(32 * 4 * 2.0 * 7.0 / 8.0 * bytes / (450e9 * 0.7)));
}

TEST_CASE("a slow network makes the run network-bound and the warning says how much time is lost") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    s.GpuCount = 64;
    s.Training.ZeroStage = 3;
    s.Cluster.NetworkBytesPerSPerGpu = 1.25e9; // 10 Gb/s Ethernet
    const Result slow = Evaluate(s);
    REQUIRE(slow.Ok);
    CHECK(HasWarning(slow, "network_bound"));
    s.Cluster.NetworkBytesPerSPerGpu = 50e9; // 400 Gb/s InfiniBand, ZeRO-3 shards inside each node (HSDP)
    s.Training.ShardGroupGpus = 8;
    const Result fast = Evaluate(s);
    CHECK_FALSE(HasWarning(fast, "network_bound"));
    CHECK(slow.Training.TimeS > 2 * fast.Training.TimeS);
}

TEST_CASE("Llama 2 7B pre-training GPU-hours (calibration case)") {
    // source: Llama 2 paper Table 2 / model card: 184,320 A100-80GB GPU-hours for 2T tokens. This run is one of the two
    // calibration runs the at-scale Ampere default is fitted on (mfu_defaults.cpp); the other (MegaScale) pulls the
    // other way, so the fit leaves this one within 25%.
    Scenario s = test::Llama2_7bPretrainOnA100();
    s.GpuCount = 2048;
    s.Cluster.NetworkBytesPerSPerGpu = 25e9; // 200 Gb/s per GPU (paper §2.2.1)
    s.Training.Tokens = 2e12;
    s.Training.ZeroStage = 1;
    s.Training.MicroBatch = 2;
    const Result r = Evaluate(s);
    REQUIRE(r.Ok);
    CHECK(r.Fits);
    CHECK(r.Training.GpuHours == doctest::Approx(184320).epsilon(0.25));
}

TEST_CASE("torchtitan Llama 3 8B on 64 A100s: tokens/s per GPU (held out)") {
    // source: torchtitan docs/performance.md, Llama 3 8B, 64x A100-80GB, FSDP2, local batch 1 × 8192,
    // selective AC: 2,904 tokens/s/GPU. Predicted 3,285 (+13%) since the scripted Ampere refit (0.655, issue 16);
    // 3,483 (+20%) since round 6 (the Ampere row refitted as GEMM utilisation, 0.841, with the non-GEMM traffic and
    // the per-node DP ring): tolerance 20%.
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    s.Gpu = test::A100Sxm80();
    s.GpuCount = 64;
    s.Training.SeqLen = 8192;
    s.Training.GlobalBatchTokens = 524288;
    s.Training.ZeroStage = 3;
    s.Training.Recompute = RecomputePolicy::Selective;
    const Result r = Evaluate(s);
    REQUIRE(r.Ok);
    CHECK(r.Fits);
    CHECK(r.Training.TokensPerSPerGpu == doctest::Approx(2904).epsilon(0.20));
}

TEST_CASE("Llama 3.1 405B on 16,384 H100s with the suggested layout: GPU-hours (held out)") {
    // source: Llama 3.1 model card: 30.84M H100-80GB GPU-hours for 405B; Llama 3 paper: 15.6T tokens, seq 8192,
    // 16M-token batches. Predicted 37.3M (+21%) with the engine's own suggestion (the run used TP 8 × PP 16 with an
    // interleaved schedule the engine does not model); tolerance 25%.
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    ModelArch& m = s.Model;
    m.Params = 405.85e9;
    m.Layers = 126;
    m.Hidden = 16384;
    m.Heads = 128;
    m.KvHeads = 8;
    m.Ffn = 53248;
    s.GpuCount = 16384;
    s.Training.Tokens = 15.6e12;
    s.Training.SeqLen = 8192;
    s.Training.GlobalBatchTokens = 16.0 * 1048576.0;
    const ParallelismSuggestion suggestion = SuggestParallelism(s);
    REQUIRE(suggestion.Found);
    CHECK(suggestion.TimeS * 16384 / 3600 == doctest::Approx(30.84e6).epsilon(0.25));
}

TEST_CASE("the suggestion fits when the user's layout does not, and says why") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    s.Model.Params = 70.6e9;
    s.Model.Layers = 80;
    s.Model.Hidden = 8192;
    s.Model.Heads = 64;
    s.Model.Ffn = 28672;
    s.GpuCount = 16;
    const Result r = Evaluate(s);
    REQUIRE(r.Ok);
    CHECK_FALSE(r.Fits);
    CHECK(r.Training.SuggestedFound);
    CHECK(r.Training.SuggestedMemoryPerGpuBytes <= s.Gpu.MemoryBytes);
    CHECK_FALSE(r.Training.SuggestionReason.empty());
    REQUIRE(HasWarning(r, "does_not_fit"));
    // The suggested layout, applied, fits and takes the suggested time
    Scenario applied = s;
    applied.Training.TensorParallel = r.Training.SuggestedTensorParallel;
    applied.Training.PipelineParallel = r.Training.SuggestedPipelineParallel;
    applied.Training.SequenceParallel = r.Training.SuggestedTensorParallel > 1;
    applied.Training.ZeroStage = r.Training.SuggestedZeroStage;
    ParseRecompute(r.Training.SuggestedRecompute, &applied.Training.Recompute);
    const Result again = Evaluate(applied);
    CHECK(again.Fits);
    CHECK(again.Training.TimeS == doctest::Approx(r.Training.SuggestedTimeS));
}

TEST_CASE("every GPU in the catalog: finite training numbers, ZeRO-3 scales memory down, recompute trades memory for FLOPs") {
    std::vector<catalog::Issue> issues;
    const catalog::Catalog cat = catalog::LoadFileSet(catalog::EmbeddedFiles(), &issues);
    REQUIRE_FALSE(cat.Gpus.empty());
    int evaluated = 0;
    for (const catalog::GpuEntry& gpu : cat.Gpus) {
        for (WorkloadKind workload : {WorkloadKind::Pretrain, WorkloadKind::FullFinetune, WorkloadKind::Lora, WorkloadKind::Qlora}) {
            Scenario s = test::Llama8bOnH100();
            s.Gpu = gpu.Spec;
            s.Workload = workload;
            s.GpuCount = 8;
            s.Training.ZeroStage = 3;
            const Result r = Evaluate(s);
            if (!r.Ok) { // a GPU listed without performance figures is rejected with a reason, never a crash
                CHECK_FALSE(r.Error.empty());
                continue;
            }
            ++evaluated;
            const double numbers[] = {r.MemoryPerGpu.Total, r.Training.TimeS, r.Training.GpuHours, r.Training.Mfu, r.Training.TokensPerSPerGpu,
                                      r.Training.Flops, r.Training.CheckpointBytes, r.Training.SuggestedTimeS};
            for (double value : numbers) CHECK_MESSAGE(std::isfinite(value), gpu.Spec.Id);
            CHECK_MESSAGE(r.Training.TimeS > 0, gpu.Spec.Id);
            CHECK_MESSAGE(r.Training.Mfu <= 1.0, gpu.Spec.Id);
            CHECK_MESSAGE(r.Fits == (r.MemoryPerGpu.Total <= r.GpuMemoryBytes), gpu.Spec.Id);
            Scenario more = s;
            more.GpuCount = 16;
            CHECK_MESSAGE(Evaluate(more).MemoryPerGpu.Total < r.MemoryPerGpu.Total, gpu.Spec.Id);
            Scenario recompute = s;
            recompute.Training.Recompute = RecomputePolicy::Full;
            const Result rc = Evaluate(recompute);
            CHECK_MESSAGE(rc.MemoryPerGpu.Activations < r.MemoryPerGpu.Activations, gpu.Spec.Id);
            CHECK_MESSAGE(rc.Training.Flops > r.Training.Flops, gpu.Spec.Id);
        }
    }
    CHECK(evaluated > 40);
}

TEST_CASE("global_batch_tokens 0 means Llama 2's 4M-token batch, raised until the pipeline bubble is at most 10%") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    s.GpuCount = 64;
    s.Training.GlobalBatchTokens = 0;
    const TrainingLayout dp_only = LayoutOf(s); // DP 64 × 4096 tokens: 16 micro-batches make 4M tokens
    CHECK(DefaultGlobalBatchTokens(s, dp_only) == doctest::Approx(4194304.0));
    CHECK(MicroBatchesPerStep(s, dp_only) == 16);
    s.Training.PipelineParallel = 16; // DP 4: 4M tokens are 256 micro-batches, bubble 15 / 271 < 10%
    CHECK(MicroBatchesPerStep(s, LayoutOf(s)) == 256);
    s.GpuCount = 2048; // DP 128: 8 micro-batches make 4M tokens, but the bubble needs 135
    const TrainingLayout wide = LayoutOf(s);
    CHECK(MicroBatchesPerStep(s, wide) == 135);
    CHECK(PipelineBubbleShare(16, 1, 135) <= 0.1 + 1e-12);
    const Result r = Evaluate(s);
    CHECK_FALSE(HasWarning(r, "pipeline_bubble"));
    s.Training.GlobalBatchTokens = 8 * 4096.0 * 128; // 8 micro-batches: bubble 15 / 23
    CHECK(HasWarning(Evaluate(s), "pipeline_bubble"));
}

TEST_CASE("the interleaved schedule divides the bubble by the model chunks per rank") {
    CHECK(PipelineBubbleShare(8, 1, 8) == doctest::Approx(7.0 / 15.0));
    CHECK(PipelineBubbleShare(8, 7, 8) == doctest::Approx(1.0 / 9.0));
}

TEST_CASE("expert parallelism divides the routed experts' memory and adds all-to-all traffic") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    s.Model.Experts = 64;
    s.Model.ExpertsActive = 4;
    s.Model.ExpertFfn = 1024;
    s.Model.Params = 0;
    s.GpuCount = 64;
    s.Training.ZeroStage = 1;
    const TrainingMemory one = EstimateTrainingMemory(s, LayoutOf(s));
    s.Training.ExpertParallel = 8;
    const TrainingLayout ep = LayoutOf(s);
    CHECK(ep.ExpertParallel == 8);
    const TrainingMemory eight = EstimateTrainingMemory(s, ep);
    CHECK(eight.WeightsBytes < one.WeightsBytes);
    const TrainingTime time = EstimateTrainingTime(s, ep);
    CHECK(time.EpCommS > 0);
    s.Training.ExpertParallel = 1000; // clamped to DP
    CHECK(LayoutOf(s).ExpertParallel == 64);
}

TEST_CASE("DeepEP/HybridEP send a token once to each rank that holds one of its experts, not once per expert") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    s.Model.Experts = 256;
    s.Model.ExpertsActive = 8;
    s.Model.ExpertFfn = 2048;
    s.Model.Params = 0;
    s.GpuCount = 8; // one node: EP 8 over NVLink
    s.Training.ExpertParallel = 8;
    s.Training.ZeroStage = 1;
    const double alltoall = EstimateTrainingTime(s, LayoutOf(s)).EpCommS; // 8 copies, 7/8 of them remote
    s.Training.MoeFlexDispatcher = true; // 7 × (1 − (7/8)^8) = 4.59 remote ranks on average
    const double flex = EstimateTrainingTime(s, LayoutOf(s)).EpCommS;
    CHECK(flex / alltoall == doctest::Approx(7.0 * (1.0 - std::pow(7.0 / 8.0, 8)) / (8.0 * 7.0 / 8.0)));
    s.Model.ExpertsActive = 1; // top-1: one copy either way
    const double top1_flex = EstimateTrainingTime(s, LayoutOf(s)).EpCommS;
    s.Training.MoeFlexDispatcher = false;
    CHECK(top1_flex == doctest::Approx(EstimateTrainingTime(s, LayoutOf(s)).EpCommS));
}

TEST_CASE("MoE layers pay a host launch per expert kernel: 6 GEMMs per local expert, plus FP8 quantisation by recipe") {
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    s.Model.Experts = 128;
    s.Model.ExpertsActive = 8;
    s.Model.ExpertFfn = 768;
    s.Model.Params = 0;
    s.GpuCount = 8;
    s.Training.ExpertParallel = 8;
    s.Training.ZeroStage = 1;
    s.Efficiency.MoeKernelLaunchS = 10e-6;
    const double layers_x_local = 32 * (128 / 8); // 32 MoE layers × 16 local experts
    s.Precision.Compute = Format::Bf16; // TEGroupedMLP launches one cuBLAS GEMM per expert in BF16 too
    CHECK(MoeKernelsPerExpert(s, ComputeClass::Bf16) == 6);
    CHECK(EstimateTrainingTime(s, LayoutOf(s)).MoeHostS == doctest::Approx(layers_x_local * 6 * 10e-6));
    s.Precision.Compute = Format::Fp8;
    s.Training.Fp8Scaling = Fp8ScalingKind::Current; // amax, scale, cast for each of 4 tensors
    CHECK(MoeKernelsPerExpert(s, ComputeClass::Fp8) == 18);
    const TrainingTime current = EstimateTrainingTime(s, LayoutOf(s));
    CHECK(current.MoeHostS == doctest::Approx(layers_x_local * 18 * 10e-6));
    s.Training.Fp8Scaling = Fp8ScalingKind::Mxfp8; // one cast kernel computes the block scales
    CHECK(MoeKernelsPerExpert(s, ComputeClass::Fp8) == 10);
    const TrainingTime mx = EstimateTrainingTime(s, LayoutOf(s));
    CHECK(mx.StepS < current.StepS);
    s.Training.Fp8Scaling = Fp8ScalingKind::Delayed; // one fused multi-tensor cast for all experts
    CHECK(MoeKernelsPerExpert(s, ComputeClass::Fp8) == 6);
    s.Efficiency.MoeExpertLaunchS = 100e-6; // the per-expert override wins over the kernel count
    CHECK(EstimateTrainingTime(s, LayoutOf(s)).MoeHostS == doctest::Approx(layers_x_local * 100e-6));
    s.Efficiency.MoeExpertLaunchS = 0;
    CHECK(EstimateTrainingTime(s, LayoutOf(s)).MoeHostS == 0);
    s.Efficiency.MoeExpertLaunchS = -1;
    s.Model.Experts = 0; // dense: no MoE launches
    CHECK(EstimateTrainingTime(s, LayoutOf(s)).MoeHostS == 0);
}

TEST_CASE("MFU defaults name their source and borrow openly") {
    const MfuDefault hopper = DefaultTrainingUtilisation("hopper", ComputeClass::Bf16, 8);
    CHECK(hopper.Utilisation == doctest::Approx(0.684));
    CHECK(hopper.BorrowedFrom.empty());
    CHECK(std::strlen(hopper.Source) > 0);
    CHECK(DefaultTrainingUtilisation("hopper", ComputeClass::Bf16, 16384).Utilisation == doctest::Approx(0.602));
    const MfuDefault blackwell = DefaultTrainingUtilisation("blackwell", ComputeClass::Fp8, 8);
    CHECK(blackwell.BorrowedFrom == "hopper");
    CHECK(blackwell.Utilisation == doctest::Approx(0.727));
}

TEST_CASE("the Hopper at-scale utilisation reproduces its source run with the engine's own bubble and transfers") {
    // Llama 3 405B on 16,384 H100 (Llama 3 paper Table 4 and §3.3.2): TP 8, PP 16 interleaved ×8, CP 1, DP 128,
    // seq 8192, 16M-token batch, 400 TFLOPS/GPU. The row is derived so that this layout gives 400 / 989.4 MFU; a row
    // that already contained the bubble (the end-to-end 0.41) would come out near 0.37.
    Scenario s = test::Llama8bOnH100();
    s.Workload = WorkloadKind::Pretrain;
    s.Model.Params = 405850000000.0;
    s.Model.Layers = 126;
    s.Model.Hidden = 16384;
    s.Model.Heads = 128;
    s.Model.KvHeads = 8;
    s.Model.HeadDim = 128;
    s.Model.Ffn = 53248;
    s.GpuCount = 16384;
    s.Cluster.GpusPerNode = 8;
    s.Cluster.NetworkBytesPerSPerGpu = 50e9;
    s.Training.SeqLen = 8192;
    s.Training.MicroBatch = 1;
    s.Training.GlobalBatchTokens = 16777216;
    s.Training.TensorParallel = 8;
    s.Training.PipelineParallel = 16;
    s.Training.VirtualPipelineStages = 8;
    s.Training.ContextParallel = 1;
    s.Training.SequenceParallel = true;
    s.Training.ZeroStage = 1;
    s.Training.Recompute = RecomputePolicy::None;
    s.Training.FlashAttention = true;
    const TrainingTime time = EstimateTrainingTime(s, LayoutOf(s));
    CHECK(time.BubbleShare == doctest::Approx((15.0 / 8.0) / (16.0 + 15.0 / 8.0)));
    CHECK(time.Mfu == doctest::Approx(400.0 / 989.4).epsilon(0.01));
}

} // TEST_SUITE
