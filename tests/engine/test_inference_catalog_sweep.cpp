// Invariants of the inference model over every catalog model × GPU (the embedded catalog).
#include <doctest/doctest.h>

#include <cmath>

#include "catalog/catalog.h"
#include "engine/engine.h"
#include "engine/model_math.h"

using namespace engine;

namespace {

bool AllFinite(const Result& r) {
    const MemoryBreakdown& m = r.MemoryPerGpu;
    for (double v : {m.Weights, m.KvCache, m.Activations, m.Overhead, m.Total}) if (!std::isfinite(v) || v < 0) return false;
    const InferenceResult& in = r.Inference;
    for (double v : {in.TtftS, in.TpotS, in.ThroughputTokensPerS, in.TokensPerSPerUser, in.MaxConcurrency, in.RequestsPerS,
                     in.KvPoolBytesPerGpu, in.KvBytesPerToken, in.SlaMaxUsers, in.GpusForTargetUsers, in.OptimalBatch, in.BatchJobTimeS})
        if (!std::isfinite(v) || v < 0) return false;
    for (const ThroughputPoint& p : in.Curve)
        for (double v : {p.Concurrency, p.TokensPerS, p.TokensPerSPerUser, p.TpotS, p.TtftS}) if (!std::isfinite(v) || v < 0) return false;
    for (const DerivationStep& step : r.Derivation) if (!std::isfinite(step.Value)) return false;
    return true;
}

} // namespace

TEST_SUITE("engine") {

TEST_CASE("every catalog model on every catalog GPU: finite numbers, fits iff total ≤ usable, monotone in context and TP") {
    std::vector<catalog::Issue> issues;
    const catalog::Catalog cat = catalog::LoadFileSet(catalog::EmbeddedFiles(), &issues);
    REQUIRE(cat.Models.size() > 10);
    REQUIRE(cat.Gpus.size() > 10);
    int evaluated = 0;
    for (const catalog::ModelEntry& model : cat.Models) {
        const ParamGroups g = ParamGroupsOf(model.Arch);
        CHECK_MESSAGE(g.Embedding + g.LmHead + g.Norms + g.Experts + g.Dense == doctest::Approx(TotalParams(model.Arch)), model.Arch.Id);
        for (const catalog::GpuEntry& gpu : cat.Gpus) {
            Scenario s;
            s.Model = model.Arch;
            s.Gpu = gpu.Spec;
            s.GpuCount = 2;
            s.Inference.ContextTokens = 4096;
            s.Inference.Concurrency = 4;
            s.Inference.TtftSlaS = 1.0;
            s.Inference.TargetUsers = 100;
            s.Inference.BatchRequests = 1000;
            const Result r = Evaluate(s);
            const std::string where = model.Arch.Id + " on " + gpu.Spec.Id;
            if (!r.Ok) { // an incomplete spec (no bf16 peak) is reported against its field
                CHECK_MESSAGE(r.Error.find("hardware.gpu.") == 0, std::string(where + ": " + r.Error));
                continue;
            }
            ++evaluated;
            CHECK_MESSAGE(AllFinite(r), where);
            CHECK_MESSAGE(r.Fits == (r.MemoryPerGpu.Total <= gpu.Spec.MemoryBytes * 0.9), where);
            CHECK_MESSAGE(r.Inference.TpotS > 0, where);
            CHECK_MESSAGE(r.Inference.TtftS > 0, where);

            Scenario longer = s;
            longer.Inference.ContextTokens = 16384;
            const Result rl = Evaluate(longer);
            if (GlobalAttentionLayers(model.Arch) > 0) CHECK_MESSAGE(rl.MemoryPerGpu.KvCache > r.MemoryPerGpu.KvCache, where);
            else CHECK_MESSAGE(rl.MemoryPerGpu.KvCache >= r.MemoryPerGpu.KvCache, where);
            CHECK_MESSAGE(rl.Inference.MaxConcurrency <= r.Inference.MaxConcurrency, where);

            Scenario split = s;
            split.Inference.TensorParallel = 2;
            const Result rt = Evaluate(split);
            CHECK_MESSAGE(rt.MemoryPerGpu.Weights < r.MemoryPerGpu.Weights, where);
            CHECK_MESSAGE(AllFinite(rt), where);
        }
    }
    CHECK(evaluated > 500);
}

} // TEST_SUITE
