// gpuplan benchmark: how long one evaluation takes (the page re-evaluates on every input change, so this bounds
// the UI's latency). Prints figures; asserts nothing. Run: build/bench_engine [iterations]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "catalog/catalog.h"
#include "engine/engine.h"
#include "scenario/scenario_json.h"

namespace {

struct Case {
    const char* Name;
    const char* Json;
};

const Case kCases[] = {
    {"inference, Llama 3.1 8B, 1×H100", R"({"model":"llama-3.1-8b","hardware":{"gpu":"h100-sxm"}})"},
    {"inference, DeepSeek-V3 FP8, 8×H200, SLA", R"({"model":"deepseek-v3","hardware":{"gpu":"h200","count":8},
        "precision":{"weights":"fp8","kv_cache":"fp8","compute":"fp8"},"inference":{"tensor_parallel":8,"ttft_sla_s":2,
        "min_tokens_per_s_per_user":20,"target_users":500}})"},
    {"pretrain, Llama 3.1 70B, 64×H100 (with layout search)", R"({"workload":"pretrain","model":"llama-3.1-70b",
        "hardware":{"gpu":"h100-sxm","count":64},"training":{"tensor_parallel":8,"zero_stage":1,"tokens":1e12}})"},
    {"qlora, Llama 3.1 70B, 1×A100", R"({"workload":"qlora","model":"llama-3.1-70b","hardware":{"gpu":"a100-80gb-sxm"},
        "precision":{"weights":"nf4"},"training":{"recompute":"full"}})"},
};

} // namespace

int main(int argc, char** argv) {
    const int iterations = argc > 1 ? std::max(1, std::atoi(argv[1])) : 200;
    std::vector<catalog::Issue> issues;
    auto load_start = std::chrono::steady_clock::now();
    const catalog::Catalog cat = catalog::LoadFileSet(catalog::EmbeddedFiles(), &issues);
    const double load_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - load_start).count();
    std::printf("catalog load and validation: %.1f ms (%zu GPUs, %zu models, %zu offers)\n", load_ms, cat.Gpus.size(), cat.Models.size(),
                cat.Offers.size());
    for (const Case& c : kCases) {
        engine::Scenario s;
        std::vector<catalog::Issue> parse_issues;
        if (!scenario::ScenarioFromJson(c.Json, cat, &s, &parse_issues)) {
            std::printf("%-55s  invalid scenario\n", c.Name);
            continue;
        }
        const auto start = std::chrono::steady_clock::now();
        double sink = 0;
        for (int i = 0; i < iterations; ++i) sink += catalog::EvaluateWithCosts(cat, s).MemoryPerGpu.Total;
        const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / iterations;
        std::printf("%-55s  %8.1f µs per evaluation (with costs)%s\n", c.Name, us, sink > 0 ? "" : " (no result)");
    }
    return 0;
}
