// gpuplan engine: the fastest TP / PP / DP / ZeRO / recompute layout that fits, with the reason.
#include <cmath>
#include <cstdio>
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

// What the chosen layout does, in words.
std::string Why(const TrainingLayout& l) {
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

} // namespace

ParallelismSuggestion SuggestParallelism(const Scenario& s) {
    ParallelismSuggestion out;
    const double capacity = s.Gpu.MemoryBytes;
    double best_time = std::numeric_limits<double>::infinity();
    double best_memory = std::numeric_limits<double>::infinity();
    double smallest_memory = std::numeric_limits<double>::infinity();
    TrainingLayout smallest;
    const int cp = s.Training.ContextParallel;
    for (int tp : kTensorChoices) {
        if (tp > s.Cluster.GpusPerNode || tp > s.GpuCount || s.Model.Heads % tp != 0) continue;
        for (int pp : kPipelineChoices) {
            const int model_parallel = tp * pp * cp;
            if (pp > s.Model.Layers || model_parallel > s.GpuCount || s.GpuCount % model_parallel != 0) continue;
            const int dp = s.GpuCount / model_parallel;
            // MoE: expert parallel 1, 2, 4, … dividing DP and at most the expert count; dense models: 1.
            std::vector<int> ep_choices = {1};
            if (IsMoe(s.Model))
                for (int ep = 2; ep <= dp && ep <= s.Model.Experts; ep *= 2)
                    if (dp % ep == 0 && s.Model.Experts % ep == 0) ep_choices.push_back(ep);
            for (int ep : ep_choices)
            for (int zero = 0; zero <= 3; ++zero) {
                for (RecomputePolicy recompute : kRecomputeChoices) {
                    Scenario c = s;
                    c.Training.ExpertParallel = ep;
                    c.Training.TensorParallel = tp;
                    c.Training.PipelineParallel = pp;
                    c.Training.SequenceParallel = tp > 1;
                    c.Training.ZeroStage = zero;
                    c.Training.Recompute = recompute;
                    if (c.Training.ShardGroupGpus > 0 && dp % c.Training.ShardGroupGpus != 0) c.Training.ShardGroupGpus = 0;
                    const TrainingLayout layout = LayoutOf(c);
                    const double memory = EstimateTrainingMemory(c, layout).Total();
                    ++out.LayoutsTried;
                    if (memory < smallest_memory) {
                        smallest_memory = memory;
                        smallest = layout;
                    }
                    if (memory > capacity) continue;
                    const double time = EstimateTrainingTime(c, layout).TimeS;
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
    const std::string where = std::to_string(s.GpuCount) + " × " + s.Gpu.Name;
    if (out.Found) {
        out.TimeS = best_time;
        out.MemoryPerGpuBytes = best_memory;
        out.Reason = DescribeLayout(out.Layout) + ": the fastest of the layouts that fit on " + where + " (" +
                     std::to_string(out.LayoutsTried) + " tried), " + Gb(best_memory) + " of " + Gb(capacity) + " per GPU, " +
                     DurationText(best_time) + ". " + Why(out.Layout) + ".";
    } else if (out.LayoutsTried > 0) {
        out.Layout = smallest;
        out.MemoryPerGpuBytes = smallest_memory;
        out.Reason = "No layout with TP ≤ 8, PP ≤ 64, ZeRO 0–3 and any recompute fits on " + where + "; the smallest (" +
                     DescribeLayout(smallest) + ") needs " + Gb(smallest_memory) + " per GPU of " + Gb(capacity) +
                     ". Add GPUs, or use LoRA/QLoRA, 8-bit Adam or optimizer offload.";
    } else {
        out.Reason = "No layout to try: hardware.count must be a multiple of TP × PP × CP with TP dividing model.heads.";
    }
    return out;
}

} // namespace engine
