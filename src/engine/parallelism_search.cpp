// gpuplan engine: the fastest TP / PP / DP / ZeRO / recompute layout that fits, with the reason.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <limits>
#include <vector>

#include "engine/derivation.h"
#include "engine/model_math.h"
#include "engine/training.h"

namespace engine {

std::string DurationText(double seconds) {
    char buffer[48];
    if (seconds >= 2.0 * 86400.0) std::snprintf(buffer, sizeof(buffer), "%.1f days", seconds / 86400.0);
    else if (seconds >= 2.0 * 3600.0) std::snprintf(buffer, sizeof(buffer), "%.1f h", seconds / 3600.0);
    else if (seconds >= 120.0) std::snprintf(buffer, sizeof(buffer), "%.0f min", seconds / 60.0);
    else std::snprintf(buffer, sizeof(buffer), "%.1f s", seconds);
    return buffer;
}

namespace {

// The candidate degrees. TP stays inside a node (its all-reduces are on the critical path); PP goes up to 64 stages.
constexpr int kTensorChoices[] = {1, 2, 4, 8};
constexpr int kPipelineChoices[] = {1, 2, 4, 8, 16, 32, 64};
constexpr RecomputePolicy kRecomputeChoices[] = {RecomputePolicy::None, RecomputePolicy::Selective, RecomputePolicy::Full};
constexpr int kMaxExpertChoices = 16; // EP 1, 2, 4, … 2^15: more than any expert count published

// What the chosen layout does, in words.
[[gnu::cold]] std::string Why(const TrainingLayout& l) {
    std::string why;
    auto add = [&](const std::string& part) { why += (why.empty() ? "" : "; ") + part; };
    if (l.TensorParallel > 1) add("TP " + std::to_string(l.TensorParallel) + " splits every layer inside the NVLink domain");
    if (l.PipelineParallel > 1) add("PP " + std::to_string(l.PipelineParallel) + " splits the layers into stages");
    if (l.ExpertParallel > 1) add("EP " + std::to_string(l.ExpertParallel) + " spreads the routed experts over data-parallel ranks");
    if (l.ZeroStage == 3) add("ZeRO-3 shards weights, gradients and optimizer states across " + std::to_string(l.ShardGroupGpus) + " GPUs");
    else if (l.ZeroStage == 2) add("ZeRO-2 shards gradients and optimizer states");
    else if (l.ZeroStage == 1) add("ZeRO-1 shards optimizer states");
    if (l.Recompute == RecomputePolicy::Full) add("full recompute keeps only layer inputs (one extra forward)");
    else if (l.Recompute == RecomputePolicy::Selective) add("selective recompute drops the attention-score activations");
    if (why.empty()) why = "plain data parallelism: every GPU holds the whole model and nothing is recomputed";
    return why;
}

// The scenario's layout with another TP / PP / EP / ZeRO / recompute, resolved as LayoutOf resolves the scenario's own:
// sequence parallelism wherever TP > 1 (Megatron's usual pairing), a hybrid shard group kept only where it divides
// the data-parallel size. EstimateTrainingMemory and EstimateTrainingTime read these choices from the layout alone,
// so every candidate is evaluated on the one shared, read-only scenario.
// `base` is LayoutOf(s), resolved once per search.
TrainingLayout CandidateLayout(const Scenario& s, const TrainingLayout& base, int tp, int pp, int ep, int zero, RecomputePolicy recompute) {
    TrainingLayout l = base;
    l.TensorParallel = tp;
    l.PipelineParallel = pp;
    l.DataParallel = std::max(1, s.GpuCount / std::max(1, tp * pp * l.ContextParallel));
    l.ExpertParallel = std::clamp(ep, 1, l.DataParallel); // dense models are searched at EP 1 only
    l.VirtualPipelineStages = pp > 1 ? std::max(1, s.Training.VirtualPipelineStages) : 1;
    l.SequenceParallel = tp > 1;
    l.ZeroStage = zero;
    l.Recompute = recompute;
    int group = s.Training.ShardGroupGpus;
    if (group > 0 && l.DataParallel % group != 0) group = 0;
    l.ShardGroupGpus = (group > 0 && group < l.DataParallel) ? group : l.DataParallel;
    return l;
}

// Whether the time bound of the no-recompute policy (proof 2 in SuggestParallelism) also bounds the other policies at
// the same TP × PP × EP. Recompute only adds work: executed FLOPs per token (model FLOPs + a non-negative extra: the
// attention core for selective, the layers' forward for full), non-GEMM kernel traffic (× 5/4 with full recompute,
// the same with selective), MoE launches (× 4/3 with full recompute) and TP all-reduces (6 instead of 4 per layer with
// full recompute); steps, micro-batches, the bubble's slots and PP transfers do not depend on it. The routed experts' FLOPs count (1 / share − 1) times more on top, and a policy never has fewer of them, so the
// sum only grows while that factor is ≥ 0: an expert share of at most 1 (the default, and all a scenario file allows).
bool NoRecomputeBoundsEveryPolicy(const Scenario& s) {
    return !IsMoe(s.Model) || s.Efficiency.MoeExpertComputeShare <= 1.0;
}

} // namespace

bool ApplySuggestedLayout(const TrainingResult& t, Scenario* s) {
    if (!t.SuggestedFound) return false;
    s->Training.TensorParallel = t.SuggestedTensorParallel;
    s->Training.PipelineParallel = t.SuggestedPipelineParallel;
    s->Training.SequenceParallel = t.SuggestedTensorParallel > 1;
    s->Training.ExpertParallel = t.SuggestedExpertParallel;
    s->Training.ZeroStage = t.SuggestedZeroStage;
    ParseRecompute(t.SuggestedRecompute, &s->Training.Recompute);
    return true;
}

ParallelismSuggestion SuggestParallelism(const Scenario& s) { return SuggestParallelism(s, TrainingConstantsOf(s)); }

// Every candidate shares the scenario and its TrainingConstants (what no layout choice changes), computed once.
ParallelismSuggestion SuggestParallelism(const Scenario& s, const TrainingConstants& constants) {
    ParallelismSuggestion out;
    const double capacity = s.Gpu.MemoryBytes;
    double best_time = std::numeric_limits<double>::infinity();
    double best_memory = std::numeric_limits<double>::infinity();
    double smallest_memory = std::numeric_limits<double>::infinity();
    TrainingLayout smallest;
    const int cp = s.Training.ContextParallel;
    const TrainingLayout base = LayoutOf(s);
    const bool moe = IsMoe(s.Model);
    const bool shared_floor = NoRecomputeBoundsEveryPolicy(s);
    constexpr int kZeroStages = 4;
    constexpr int kLayoutsPerGroup = kZeroStages * static_cast<int>(std::size(kRecomputeChoices));
    // Proof 2's lower bound on the time of every ZeRO stage of one TP × PP × EP × recompute: steps × (the step's
    // compute with its bubble + TP + PP communication), less a 1e-9 margin for rounding (see below).
    const auto time_floor_of = [](const TrainingTime& t) { return t.Steps * (t.ComputeStepS + t.TpCommS + t.PpCommS) * (1.0 - 1e-9); };
    for (int tp : kTensorChoices) {
        if (tp > s.Cluster.GpusPerNode || tp > s.GpuCount || s.Model.Heads % tp != 0) continue;
        for (int pp : kPipelineChoices) {
            const int model_parallel = tp * pp * cp;
            if (pp > s.Model.Layers || model_parallel > s.GpuCount || s.GpuCount % model_parallel != 0) continue;
            const int dp = s.GpuCount / model_parallel;
            // MoE: expert parallel 1, 2, 4, … dividing DP and at most the expert count; dense models: 1.
            int ep_choices[kMaxExpertChoices] = {1};
            int ep_count = 1;
            if (moe)
                for (int ep = 2; ep <= dp && ep <= s.Model.Experts && ep_count < kMaxExpertChoices; ep *= 2)
                    if (dp % ep == 0 && s.Model.Experts % ep == 0) ep_choices[ep_count++] = ep;
            for (int e = 0; e < ep_count; ++e) {
            const int ep = ep_choices[e];
            // Time bounds per recompute policy for this TP × PP × EP, from the first layout timed (any ZeRO stage).
            double time_floor[std::size(kRecomputeChoices)];
            std::fill(std::begin(time_floor), std::end(time_floor), -1.0);
            // Pruning, proof 3 (the whole TP × PP × EP). Once some layout fits, the first layout of this group (ZeRO 0,
            // no recompute) is timed before anything is sized: its proof-2 bound holds for every ZeRO stage, and for
            // every recompute policy too where NoRecomputeBoundsEveryPolicy. When it exceeds the best time plus the tie
            // band, no layout of the group can change the choice (the fallback is not reported once one fits), so
            // none is sized. Otherwise the timing is kept for that layout's turn.
            // Micro-batches per step read DP, PP, virtual stages and micro-batch: one count for the whole group.
            const int micro_batches = MicroBatchesPerStep(s, CandidateLayout(s, base, tp, pp, ep, 0, kRecomputeChoices[0]));
            TrainingTime first_timed;
            bool have_first_timed = false;
            if (out.Found && shared_floor) {
                first_timed = EstimateTrainingTime(s, CandidateLayout(s, base, tp, pp, ep, 0, kRecomputeChoices[0]), constants, micro_batches);
                have_first_timed = true;
                time_floor[0] = time_floor_of(first_timed);
                if (time_floor[0] > best_time * (1.0 + 1e-3)) {
                    out.LayoutsTried += kLayoutsPerGroup;
                    continue;
                }
            }
            for (int zero = 0; zero < kZeroStages; ++zero) {
                double states_floor = -1.0; // this ZeRO stage's model states + overhead, from its first layout
                for (size_t rc = 0; rc < std::size(kRecomputeChoices); ++rc) {
                    const RecomputePolicy recompute = kRecomputeChoices[rc];
                    ++out.LayoutsTried;
                    // Pruning, proof 1 (memory). EstimateTrainingMemory reads the recompute policy only in the
                    // activations: weights, gradients, optimizer states (and their offload) and the overhead
                    // (runtime, buckets, ZeRO-3 gather buffers) are the same for every recompute policy at one
                    // TP × PP × EP × ZeRO. So every layout of this ZeRO stage needs at least W + G + O + overhead of
                    // the first one: Total() adds the activations (≥ 0) to W + G + O before the overhead, and rounded
                    // addition is monotone, so the bound holds in floating point too. With grads_set_to_none the
                    // gradients live at the step's peak depend on the recompute policy (which moment peaks), but never
                    // fall below GradientsFloorBytes, which does not: the bound uses that floor. A layout whose bound exceeds
                    // the capacity does not fit, and one whose bound is ≥ the smallest memory so far cannot become
                    // the smallest (that needs <): skipping it changes neither the choice nor the fallback. A paged
                    // optimizer spills states to the host only when the total exceeds the GPU, which breaks the
                    // split: no pruning then.
                    // Once a layout fits (Found never reverts), the smallest-memory fallback is not reported, so
                    // the bound need only exceed the capacity; and a layout that cannot win on time (proof 2 below)
                    // needs neither its memory nor its time.
                    // The time bound of a policy: its own once one of its layouts is timed, else the no-recompute one
                    // where that bounds every policy (NoRecomputeBoundsEveryPolicy); the larger of the two where both are.
                    const double floor = shared_floor ? std::max(time_floor[rc], time_floor[0]) : time_floor[rc];
                    if (states_floor > capacity && (out.Found || states_floor >= smallest_memory)) continue;
                    if (out.Found && floor >= 0 && floor > best_time * (1.0 + 1e-3)) continue;
                    const TrainingLayout layout = CandidateLayout(s, base, tp, pp, ep, zero, recompute);
                    const TrainingMemory estimate = EstimateTrainingMemory(s, layout, constants, micro_batches);
                    const double memory = estimate.Total();
                    if (rc == 0 && !s.Training.PagedOptimizer)
                        states_floor = estimate.WeightsBytes + estimate.GradientsFloorBytes + estimate.OptimizerBytes + estimate.OverheadBytes;
                    if (memory < smallest_memory) {
                        smallest_memory = memory;
                        smallest = layout;
                    }
                    if (memory > capacity) continue;
                    // Pruning, proof 2 (time). EstimateTrainingTime reads the ZeRO stage only in the data-parallel
                    // communication and the offload traffic: steps, micro-batches, the compute of a micro-batch (its
                    // GEMMs, non-GEMM kernels and MoE launches), the pipeline bubble and the tensor- and
                    // pipeline-parallel transfers are the same for every ZeRO stage at one TP × PP × EP × recompute,
                    // and the step adds the other exposed communication and the offload traffic (all ≥ 0) to them.
                    // So steps × (the step's compute with its bubble + TP + PP communication), less a 1e-9 margin for
                    // rounding, bounds the time of every ZeRO stage from below. A layout whose bound exceeds the best time so far by more than the 0.1% tie band is
                    // neither faster nor a tie: at its turn it would change nothing, so it is not timed.
                    if (floor >= 0 && floor > best_time * (1.0 + 1e-3)) continue;
                    const bool reuse = have_first_timed && zero == 0 && rc == 0; // timed by proof 3 above: the same layout
                    const TrainingTime timed = reuse ? first_timed : EstimateTrainingTime(s, layout, constants, micro_batches);
                    const double time = timed.TimeS;
                    if (time_floor[rc] < 0) time_floor[rc] = time_floor_of(timed);
                    // Faster wins; within 0.1% the one with more memory headroom wins.
                    const bool faster = time < best_time * (1.0 - 1e-3);
                    const bool tie_less_memory = !faster && time <= best_time * (1.0 + 1e-3) && memory < best_memory;
                    if (faster || tie_less_memory) {
                        best_time = time;
                        best_memory = memory;
                        out.Found = true;
                        out.Layout = layout;
                    }
                }
            }
            }
        }
    }
    if (out.Found) {
        out.TimeS = best_time;
        out.MemoryPerGpuBytes = best_memory;
    } else if (out.LayoutsTried > 0) {
        out.Layout = smallest;
        out.MemoryPerGpuBytes = smallest_memory;
    }
    if (!Explaining()) return out; // figures only: the planner reads the layout, not the sentence
    const std::string where = std::to_string(s.GpuCount) + " × " + s.Gpu.Name;
    if (out.Found) {
        out.Reason = DescribeLayout(out.Layout) + ": the fastest of the layouts that fit on " + where + " (" +
                     std::to_string(out.LayoutsTried) + " tried), " + Gb(best_memory) + " of " + Gb(capacity) + " per GPU, " +
                     DurationText(best_time) + ". " + Why(out.Layout) + ".";
    } else if (out.LayoutsTried > 0) {
        out.Reason = "No layout with TP ≤ 8, PP ≤ 64, ZeRO 0–3 and any recompute fits on " + where + "; the smallest (" +
                     DescribeLayout(smallest) + ") needs " + Gb(smallest_memory) + " per GPU of " + Gb(capacity) +
                     ". Add GPUs, or use LoRA/QLoRA, 8-bit Adam or optimizer offload.";
    } else {
        out.Reason = "No layout to try: hardware.count must be a multiple of TP × PP × CP with TP dividing model.heads.";
    }
    return out;
}

} // namespace engine
