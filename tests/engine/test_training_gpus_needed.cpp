// GPUs needed for training: the scenario's layout scaled out, sharding model states when the layout does not.
#include <doctest/doctest.h>

#include "engine/engine.h"
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
