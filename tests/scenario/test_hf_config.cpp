// Hugging Face config.json → architecture: the published configs of catalog models give the catalog's memory,
// families' quirks (MLA, MoE spellings, sliding windows, tied embeddings), and clear messages for what is missing.
#include <doctest/doctest.h>

#include <cmath>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "catalog/catalog.h"
#include "cli/cli.h"
#include "engine/engine.h"
#include "engine/model_math.h"
#include "scenario/hf_config.h"
#include "scenario/scenario_json.h"

using namespace scenario;

namespace {

const catalog::Catalog& RealCatalog() {
    static const catalog::Catalog kCatalog = [] {
        std::vector<catalog::Issue> issues;
        return catalog::LoadFileSet(catalog::EmbeddedFiles(), &issues);
    }();
    return kCatalog;
}

std::string Fixture(const std::string& name) {
    std::string text;
    REQUIRE(cli::ReadTextFile(std::string(GPUPLAN_SOURCE_DIR) + "/tests/fixtures/hf_configs/" + name, &text));
    return text;
}

engine::ModelArch FromConfig(const std::string& text, std::vector<catalog::Issue>* issues) {
    engine::ModelArch arch;
    REQUIRE(ModelFromHfConfigText(text, "config.json", &arch, issues));
    return arch;
}

// Memory per GPU of the same inference scenario with `arch` and with the catalog entry `id` (8k context, 8 sequences,
// bf16, enough H200s for the model).
void CheckSameMemory(const engine::ModelArch& arch, const std::string& id, int gpus, double tolerance) {
    const catalog::ModelEntry* entry = RealCatalog().FindModel(id);
    REQUIRE(entry != nullptr);
    engine::Scenario s = DefaultScenario(RealCatalog());
    s.Gpu = RealCatalog().FindGpu("h200")->Spec;
    s.GpuCount = gpus;
    s.Inference.TensorParallel = gpus;
    s.Inference.ContextTokens = 8192;
    s.Inference.Concurrency = 8;
    engine::Scenario from_config = s;
    from_config.Model = arch;
    s.Model = entry->Arch;
    const engine::Result expected = engine::Evaluate(s);
    const engine::Result got = engine::Evaluate(from_config);
    REQUIRE(expected.Ok);
    REQUIRE(got.Ok);
    CHECK(got.MemoryPerGpu.Total == doctest::Approx(expected.MemoryPerGpu.Total).epsilon(tolerance));
    CHECK(got.MemoryPerGpu.Weights == doctest::Approx(expected.MemoryPerGpu.Weights).epsilon(tolerance));
    CHECK(got.MemoryPerGpu.KvCache == doctest::Approx(expected.MemoryPerGpu.KvCache).epsilon(1e-12));
}

} // namespace

TEST_SUITE("scenario") {

// source: tests/fixtures/hf_configs/README.md (the published config.json of each model)
TEST_CASE("Llama-3.1-8B's config.json gives the catalog entry's architecture and exactly its memory") {
    std::vector<catalog::Issue> issues;
    const engine::ModelArch m = FromConfig(Fixture("llama-3.1-8b.json"), &issues);
    CHECK(issues.empty());
    CHECK(m.Layers == 32);
    CHECK(m.KvHeads == 8);
    CHECK(m.Ffn == 14336);
    CHECK(m.Params == 8030261248.0); // the safetensors total, counted from the config
    CHECK(m.Name == "LlamaForCausalLM (config.json)");
    CheckSameMemory(m, "llama-3.1-8b", 1, 1e-12);
}

TEST_CASE("Mixtral-8x7B's config.json gives 8 experts, top-2, and exactly the catalog's memory") {
    std::vector<catalog::Issue> issues;
    const engine::ModelArch m = FromConfig(Fixture("mixtral-8x7b.json"), &issues);
    CHECK(issues.empty());
    CHECK(m.Experts == 8);
    CHECK(m.ExpertsActive == 2);
    CHECK(m.ExpertFfn == 14336);
    CHECK(m.SlidingWindow == 0); // "sliding_window": null
    CHECK(m.Params == 46702792704.0);
    CheckSameMemory(m, "mixtral-8x7b", 1, 1e-12);
}

TEST_CASE("DeepSeek-V3's config.json gives MLA + MoE and the catalog's memory within 0.5%") {
    std::vector<catalog::Issue> issues;
    const engine::ModelArch m = FromConfig(Fixture("deepseek-v3.json"), &issues);
    CHECK(m.KvLoraRank == 512);
    CHECK(m.QkRopeHeadDim == 64);
    CHECK(m.HeadDim == 192);
    CHECK(m.QLoraRank == 1536);
    CHECK(m.Experts == 256);
    CHECK(m.ExpertsActive == 8);
    CHECK(m.SharedExperts == 1);
    CHECK(m.DenseLayers == 3);
    CHECK(m.ExpertFfn == 2048);
    CHECK(m.Ffn == 18432);
    // The catalog carries the report's rounded 671B; the config's architecture counts to within 0.5% of it.
    CHECK(m.Params == doctest::Approx(671e9).epsilon(0.005));
    // It says what it did not count: the MTP module and the FP8 checkpoint.
    std::string said;
    for (const catalog::Issue& issue : issues) {
        CHECK_FALSE(issue.IsError);
        said += issue.ToString() + "\n";
    }
    CHECK(said.find("num_nextn_predict_layers") != std::string::npos);
    CHECK(said.find("quantization_config") != std::string::npos);
    CHECK(said.find("fp8") != std::string::npos);
    CheckSameMemory(m, "deepseek-v3", 8, 0.005);
}

TEST_CASE("Gemma 2 alternates local and global layers and ties its embeddings by default") {
    std::vector<catalog::Issue> issues;
    const engine::ModelArch m = FromConfig(R"({"model_type":"gemma2","hidden_size":3584,"num_hidden_layers":42,
        "num_attention_heads":16,"num_key_value_heads":8,"head_dim":256,"intermediate_size":14336,"vocab_size":256000,
        "max_position_embeddings":8192,"sliding_window":4096})", &issues);
    CHECK(m.SlidingWindow == 4096);
    CHECK(m.SlidingWindowPattern == 2);
    CHECK(m.TiedEmbeddings);
    REQUIRE(issues.size() == 1); // the assumed tie is said
    CHECK(issues[0].Field == "tie_word_embeddings");
    // Same geometry as the catalog's gemma-2-9b: the same parameter count.
    CHECK(m.Params == doctest::Approx(RealCatalog().FindModel("gemma-2-9b")->Arch.Params).epsilon(0.001));
}

TEST_CASE("Gemma 3 under text_config and gpt-oss's layer_types give their sliding-window patterns") {
    std::vector<catalog::Issue> issues;
    const engine::ModelArch gemma = FromConfig(R"({"model_type":"gemma3","text_config":{"model_type":"gemma3_text",
        "hidden_size":5376,"num_hidden_layers":62,"num_attention_heads":32,"num_key_value_heads":16,"head_dim":128,
        "intermediate_size":21504,"vocab_size":262208,"max_position_embeddings":131072,"sliding_window":1024,
        "sliding_window_pattern":6}})", &issues);
    CHECK(gemma.SlidingWindow == 1024);
    CHECK(gemma.SlidingWindowPattern == 6);
    CHECK(gemma.Layers == 62);

    std::string layer_types = "[";
    for (int i = 0; i < 24; ++i) layer_types += std::string(i ? "," : "") + (i % 2 == 0 ? "\"sliding_attention\"" : "\"full_attention\"");
    layer_types += "]";
    const engine::ModelArch oss = FromConfig(R"({"model_type":"gpt_oss","hidden_size":2880,"num_hidden_layers":24,
        "num_attention_heads":64,"num_key_value_heads":8,"head_dim":64,"intermediate_size":2880,"vocab_size":201088,
        "max_position_embeddings":131072,"sliding_window":128,"num_local_experts":32,"num_experts_per_tok":4,
        "tie_word_embeddings":false,"layer_types":)" + layer_types + "}", &issues);
    CHECK(oss.SlidingWindow == 128);
    CHECK(oss.SlidingWindowPattern == 2);
    CHECK(oss.Experts == 32);
    CHECK(oss.ExpertFfn == 2880);
}

TEST_CASE("Qwen's switched-off sliding window is ignored and Qwen2-MoE's shared expert is counted in expert widths") {
    std::vector<catalog::Issue> issues;
    const engine::ModelArch m = FromConfig(R"({"model_type":"qwen2_moe","hidden_size":2048,"num_hidden_layers":24,
        "num_attention_heads":16,"num_key_value_heads":16,"intermediate_size":5632,"moe_intermediate_size":1408,
        "shared_expert_intermediate_size":5632,"num_experts":60,"num_experts_per_tok":4,"vocab_size":151936,
        "max_position_embeddings":8192,"sliding_window":32768,"use_sliding_window":false,"tie_word_embeddings":false})", &issues);
    CHECK(m.SlidingWindow == 0);
    CHECK(m.Experts == 60);
    CHECK(m.SharedExperts == 4); // 5632 = 4 × 1408
    CHECK(issues.empty());
}

TEST_CASE("a config without the fields the engine needs is an error naming each of them") {
    std::vector<catalog::Issue> issues;
    engine::ModelArch m;
    m.Name = "unchanged";
    CHECK_FALSE(ModelFromHfConfigText(R"({"model_type":"llama","hidden_size":4096})", "config.json", &m, &issues));
    CHECK(m.Name == "unchanged");
    std::string said;
    for (const catalog::Issue& issue : issues) said += issue.ToString() + "\n";
    CHECK(said.find("config.json: num_hidden_layers: missing") != std::string::npos);
    CHECK(said.find("num_attention_heads") != std::string::npos);
    CHECK(said.find("vocab_size") != std::string::npos);
    issues.clear();
    CHECK_FALSE(ModelFromHfConfigText("{\"hidden_size\": 4096,", "config.json", &m, &issues));
    REQUIRE_FALSE(issues.empty());
    CHECK(issues[0].ToString().find("line") != std::string::npos);
}

TEST_CASE("a scenario's model may be an hf_config object, and the CLI reads --hf-config") {
    const std::string config = Fixture("llama-3.1-8b.json");
    engine::Scenario s;
    std::vector<catalog::Issue> issues;
    REQUIRE(ScenarioFromJson(R"({"model":{"name":"my llama","hf_config":)" + config + "}}", RealCatalog(), &s, &issues));
    CHECK(s.Model.Name == "my llama");
    CHECK(s.Model.Params == 8030261248.0);
    CHECK(s.Model.Id.empty());

    std::ostringstream out, err;
    const int code = cli::Run({"evaluate", "--hf-config", std::string(GPUPLAN_SOURCE_DIR) + "/tests/fixtures/hf_configs/llama-3.1-8b.json",
                               "--format", "json"}, "", out, err);
    CHECK(code == cli::kExitOk);
    std::ostringstream out_catalog, err_catalog;
    cli::Run({"evaluate", "--scenario", "-", "--format", "json"}, R"({"model":"llama-3.1-8b"})", out_catalog, err_catalog);
    const auto total = [](const std::string& text) { return nlohmann::json::parse(text)["memory_per_gpu_bytes"]["total"].get<double>(); };
    CHECK(total(out.str()) == total(out_catalog.str()));

    std::ostringstream bad_out, bad_err;
    CHECK(cli::Run({"evaluate", "--hf-config", "/nonexistent/config.json"}, "", bad_out, bad_err) == cli::kExitBadInput);
    CHECK(bad_err.str().find("cannot be read") != std::string::npos);
}

} // TEST_SUITE
