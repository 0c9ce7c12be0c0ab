// gpuplan benchmark: what one evaluation and one whole-catalog plan cost, natively or in WebAssembly (the same
// source runs under node as build-wasm/bench/bench_engine.js). Prints figures; asserts nothing.
//
//   build/bench_engine [--json FILE|-] [--quick] [--only TEXT] [--count N] [--calls N]
//
// --count N runs each chosen figure's body once, then N times inside CountedCalls, untimed: instructions per call for
// a profiler, e.g. valgrind --tool=callgrind --toggle-collect='*CountedCalls*' build/bench_engine --only =ID --count 20
// (the collected total / N; docs/BENCHMARKS.md, fifth pass (engine)).
// --calls N runs each chosen figure's body exactly N times without timing it: the difference between the
// instruction counts of two such runs (valgrind) is N× one call's, in whatever runs the code, also V8 running the
// WebAssembly build (docs/BENCHMARKS.md, fifth pass (wasm)).
//
// Each figure is the fastest of several timed batches (the machine is shared; the fastest batch is the one the
// other processes disturbed least), in µs per call. "explained" = derivation steps and warnings built, as the
// page's Result card and `gpuplan evaluate` need; "figures" = numbers only, as the planner and curves use them.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "catalog/catalog.h"
#include "engine/engine.h"
#include "scenario/scenario_json.h"

namespace {

struct Case {
    const char* Id;
    const char* Name;
    const char* Json;
};

const Case kCases[] = {
    {"inference_8b", "inference, Llama 3.1 8B, 1×H100", R"({"model":"llama-3.1-8b","hardware":{"gpu":"h100-sxm"}})"},
    {"inference_dsv3_sla", "inference, DeepSeek-V3 FP8, 8×H200, SLA", R"({"model":"deepseek-v3","hardware":{"gpu":"h200","count":8},
        "precision":{"weights":"fp8","kv_cache":"fp8","compute":"fp8"},"inference":{"tensor_parallel":8,"ttft_sla_s":2,
        "min_tokens_per_s_per_user":20,"target_users":500}})"},
    {"pretrain_70b", "pretrain, Llama 3.1 70B, 64×H100, layout search", R"({"workload":"pretrain","model":"llama-3.1-70b",
        "hardware":{"gpu":"h100-sxm","count":64},"training":{"tensor_parallel":8,"zero_stage":1,"tokens":1e12}})"},
    {"qlora_70b", "qlora, Llama 3.1 70B, 1×A100", R"({"workload":"qlora","model":"llama-3.1-70b","hardware":{"gpu":"a100-80gb-sxm"},
        "precision":{"weights":"nf4"},"training":{"recompute":"full"}})"},
};

// The planner's workloads: the page's default inference scenario and a training one.
const Case kPlanCases[] = {
    {"plan_inference", "plan, inference (Llama 3.1 70B FP8)", R"({"model":"llama-3.1-70b","precision":{"weights":"fp8"}})"},
    {"plan_training", "plan, full fine-tune (Llama 3.1 8B, 8 GPUs)", R"({"workload":"full_finetune","model":"llama-3.1-8b",
        "hardware":{"count":8},"training":{"tokens":1e9}})"},
};

struct Figure {
    std::string Id;
    std::string Name;
    double      Us = 0;       // µs per call (fastest batch)
    std::string Note;
    double      Allocations = 0; // operator new calls per call (one untimed call; -1 when not measured)
};

// Every operator new of the process is counted (the replacement below), so that a figure can say how many heap
// allocations one call makes: in WebAssembly each is a dlmalloc call, and a string over 10 characters allocates
// (wasm32 libc++ keeps 10 in place, x86-64 libstdc++ 15).
size_t g_allocations = 0;

volatile double g_sink = 0; // keeps the optimiser from dropping the work

// Fastest of `batches` batches, each long enough (≥ min_batch_s) to swamp the clock's resolution.
const char* g_only = "";
int         g_count = 0; // --count N (see the header)

// The N counted calls of --count, in a function of their own so that a profiler can collect exactly them.
__attribute__((noinline)) double CountedCalls(const std::function<double()>& body, int n) {
    double sum = 0;
    for (int i = 0; i < n; ++i) sum += body();
    return sum;
}

double g_last_allocations = -1; // allocations of the last TimeUs body's one untimed call
long   g_calls = 0;               // --calls N: run each body exactly N times, untimed (for instruction counters)

double TimeUs(const std::string& id, const std::function<double()>& body, int batches, double min_batch_s) {
    using clock = std::chrono::steady_clock;
    g_last_allocations = -1;
    if (g_only[0] == '=' ? id != g_only + 1 : id.find(g_only) == std::string::npos) return 0;
    const size_t allocations_before = g_allocations;
    g_sink = g_sink + body();
    g_last_allocations = static_cast<double>(g_allocations - allocations_before);
    if (g_count > 0) { // untimed: the call above warmed up, then the counted ones
        g_sink = g_sink + CountedCalls(body, g_count);
        return 0;
    }
    if (g_calls > 0) {
        for (long i = 0; i < g_calls; ++i) g_sink = g_sink + body();
        return 0;
    }
#ifdef __EMSCRIPTEN__
    // V8 compiles wasm with its baseline compiler first and optimises hot functions in the background: run the body
    // for a while first, so that the batches time optimised code (on a busy machine the tier-up can take seconds).
    for (const auto warm_start = clock::now(); std::chrono::duration<double>(clock::now() - warm_start).count() < 10 * min_batch_s;)
        g_sink = g_sink + body();
#endif
    int per_batch = 1;
    for (;;) { // calibrate
        const auto start = clock::now();
        for (int i = 0; i < per_batch; ++i) g_sink = g_sink + body();
        const double s = std::chrono::duration<double>(clock::now() - start).count();
        if (s >= min_batch_s || per_batch >= (1 << 24)) break;
        per_batch *= 2;
    }
    double best = 1e300;
    for (int b = 0; b < batches; ++b) {
        const auto start = clock::now();
        for (int i = 0; i < per_batch; ++i) g_sink = g_sink + body();
        best = std::min(best, std::chrono::duration<double, std::micro>(clock::now() - start).count() / per_batch);
    }
    return best;
}

// The catalog repeated `times` times (ids suffixed, offers repeated with them): how the planner scales.
catalog::Catalog Repeated(const catalog::Catalog& cat, int times) {
    catalog::Catalog out = cat;
    for (int k = 1; k < times; ++k) {
        const std::string suffix = "-x" + std::to_string(k);
        for (const catalog::GpuEntry& gpu : cat.Gpus) {
            catalog::GpuEntry copy = gpu;
            copy.Spec.Id += suffix;
            out.Gpus.push_back(copy);
        }
        for (const catalog::Offer& offer : cat.Offers) {
            catalog::Offer copy = offer;
            copy.Id += suffix;
            copy.GpuId += suffix;
            out.Offers.push_back(copy);
        }
    }
    return out;
}

std::string JsonEscape(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

} // namespace

namespace {
// Adds a figure timed by TimeUs just before (its arguments are evaluated first), with that call's allocations.
void AddFigure(std::vector<Figure>* figures, Figure figure) {
    figure.Allocations = g_last_allocations;
    figures->push_back(std::move(figure));
}
} // namespace

void* operator new(size_t size) {
    ++g_allocations;
    if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
    throw std::bad_alloc();
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete" // GCC sees free() of what operator new returned: it is malloc's
#endif
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }

int main(int argc, char** argv) {
    const char* json_path = nullptr;
    bool quick = false;
    const char* only = ""; // --only TEXT: time only the figures whose id contains TEXT (=ID: that id alone; for a profiler)
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--json") == 0 && i + 1 < argc) json_path = argv[++i];
        else if (std::strcmp(argv[i], "--only") == 0 && i + 1 < argc) only = argv[++i];
        else if (std::strcmp(argv[i], "--quick") == 0) quick = true;
        else if (std::strcmp(argv[i], "--count") == 0 && i + 1 < argc) g_count = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--calls") == 0 && i + 1 < argc) g_calls = std::atol(argv[++i]);
    }
    g_only = only;
    const int batches = quick ? 3 : 7;
    const double min_batch_s = quick ? 0.02 : 0.05;
#ifdef __EMSCRIPTEN__
    const char* platform = "wasm";
#else
    const char* platform = "native";
#endif
    std::vector<Figure> figures;

    std::vector<catalog::Issue> issues;
    const auto load_start = std::chrono::steady_clock::now();
    const catalog::Catalog cat = catalog::LoadFileSet(catalog::EmbeddedFiles(), &issues);
    const double load_us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - load_start).count();
    AddFigure(&figures, {"catalog_load", "catalog parse and validation (embedded files, once)", load_us,
                       std::to_string(cat.Gpus.size()) + " GPUs, " + std::to_string(cat.Offers.size()) + " offers"});
    // The same parse repeated (what the page does before its first frame, and again when the site's files arrive).
    AddFigure(&figures, {"catalog_parse", "catalog parse and validation (embedded files)",
                         TimeUs("catalog_parse", [] {
                             std::vector<catalog::Issue> parse_issues;
                             return static_cast<double>(catalog::LoadFileSet(catalog::EmbeddedFiles(), &parse_issues).Offers.size());
                         }, quick ? 2 : 3, min_batch_s), ""});

    for (const Case& c : kCases) {
        engine::Scenario s;
        std::vector<catalog::Issue> parse_issues;
        if (!scenario::ScenarioFromJson(c.Json, cat, &s, &parse_issues)) {
            std::fprintf(stderr, "bench: %s: invalid scenario\n", c.Id);
            continue;
        }
        AddFigure(&figures, {std::string("evaluate_explained_") + c.Id, std::string("evaluate, explained + costs: ") + c.Name,
                           TimeUs(std::string("evaluate_explained_") + c.Id, [&] { return catalog::EvaluateWithCosts(cat, s).MemoryPerGpu.Total; }, batches, min_batch_s), ""});
        const engine::EvaluateOptions figures_only{/*Explain=*/false, /*Curve=*/false};
        AddFigure(&figures, {std::string("evaluate_figures_") + c.Id, std::string("evaluate, figures only (no costs): ") + c.Name,
                           TimeUs(std::string("evaluate_figures_") + c.Id, [&] { return engine::Evaluate(s, figures_only).MemoryPerGpu.Total; }, batches, min_batch_s), ""});
        AddFigure(&figures, {std::string("result_json_") + c.Id, std::string("ResultToJson: ") + c.Name,
                           TimeUs(std::string("result_json_") + c.Id, [&, r = catalog::EvaluateWithCosts(cat, s)] { return static_cast<double>(scenario::ResultToJson(r).size()); },
                                  batches, min_batch_s), ""});
    }

    for (const Case& c : kPlanCases) {
        engine::Scenario s;
        std::vector<catalog::Issue> parse_issues;
        if (!scenario::ScenarioFromJson(c.Json, cat, &s, &parse_issues)) {
            std::fprintf(stderr, "bench: %s: invalid scenario\n", c.Id);
            continue;
        }
        size_t rows = 0;
        AddFigure(&figures, {c.Id, std::string(c.Name) + ", whole catalog",
                           TimeUs(c.Id, [&] { const auto r = catalog::PlanWithCatalog(cat, s); rows = r.size(); return r.empty() ? 0.0 : r[0].PerHour; },
                                  batches, min_batch_s),
                           std::to_string(rows) + " GPUs"});
        const catalog::Catalog big = Repeated(cat, 20);
        AddFigure(&figures, {std::string(c.Id) + "_x20", std::string(c.Name) + ", 20× the catalog",
                           TimeUs(std::string(c.Id) + "_x20", [&] { const auto r = catalog::PlanWithCatalog(big, s); rows = r.size(); return r.empty() ? 0.0 : r[0].PerHour; },
                                  quick ? 2 : 3, min_batch_s),
                           std::to_string(rows) + " GPUs"});
    }

    std::printf("%-78s %12s %8s  %s\n", (std::string("engine (") + platform + ")").c_str(), "µs per call", "allocs", "note");
    for (const Figure& f : figures) {
        char allocations[32] = "";
        if (f.Allocations >= 0) std::snprintf(allocations, sizeof allocations, "%.0f", f.Allocations);
        std::printf("%-78s %12.2f %8s  %s\n", f.Name.c_str(), f.Us, allocations, f.Note.c_str());
    }

    if (json_path != nullptr) {
        const bool to_stdout = std::strcmp(json_path, "-") == 0;
        FILE* out = to_stdout ? stdout : std::fopen(json_path, "w");
        if (out == nullptr) {
            std::fprintf(stderr, "bench: cannot write %s\n", json_path);
            return 1;
        }
        std::fprintf(out, "{\"platform\": \"%s\", \"unit\": \"us_per_call\", \"figures\": {", platform);
        for (size_t i = 0; i < figures.size(); ++i)
            std::fprintf(out, "%s\n  \"%s\": {\"us\": %.3f, \"allocations\": %.0f, \"name\": \"%s\", \"note\": \"%s\"}", i ? "," : "", figures[i].Id.c_str(), figures[i].Us,
                         figures[i].Allocations,
                         JsonEscape(figures[i].Name).c_str(), JsonEscape(figures[i].Note).c_str());
        std::fprintf(out, "\n}}\n");
        if (!to_stdout) std::fclose(out);
    }
    return 0;
}
