// gpuplan scenario: Hugging Face config.json → engine::ModelArch.
//
// Field names and their meaning follow the transformers configuration classes (LlamaConfig, MistralConfig,
// MixtralConfig, Qwen2Config, Qwen2MoeConfig, Qwen3MoeConfig, DeepseekV2Config, DeepseekV3Config, Gemma2Config,
// Gemma3TextConfig, Phi3Config, GptOssConfig; transformers/models/<family>/configuration_<family>.py), read for
// their documented defaults; the code is ours.
//
// Index
// [SECTION] Helpers
// [SECTION] Families
// [SECTION] Entry points
#include "scenario/hf_config.h"

#include <cmath>
#include <cstdio>

#include "catalog/json_reader.h"
#include "engine/model_math.h"

namespace scenario {

namespace {

using nlohmann::json;

//-----------------------------------------------------------------------------
// [SECTION] Helpers
//-----------------------------------------------------------------------------

constexpr int kBig = 1 << 30;

void Warn(std::vector<catalog::Issue>* issues, const std::string& file, const std::string& field, const std::string& message) {
    issues->push_back(catalog::Issue{file, "", field, message, false});
}

std::string StringField(const json& object, const char* key) {
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

bool BoolField(const json& object, const char* key, bool fallback) {
    auto it = object.find(key);
    return it != object.end() && it->is_boolean() ? it->get<bool>() : fallback;
}

bool HasNumber(const json& object, const char* key) {
    auto it = object.find(key);
    return it != object.end() && it->is_number();
}

// The families whose config class defaults tie_word_embeddings to true (GemmaConfig, Gemma2Config,
// Gemma3TextConfig); every other family listed in the header defaults to false.
bool TiesEmbeddingsByDefault(const std::string& model_type) {
    return model_type == "gemma" || model_type == "gemma2" || model_type == "gemma3" || model_type == "gemma3_text";
}

// `layer_types` (transformers ≥ 4.53: Gemma 3, gpt-oss, Qwen3 with sliding windows) lists each layer's
// attention. Returns the sliding-window pattern the engine understands: 0 = every layer local,
// N > 1 = one layer in N is global; -1 = no local layer; -2 = a mix the engine cannot express.
int PatternFromLayerTypes(const json& layer_types) {
    int local = 0, global = 0, first_global = -1;
    for (size_t i = 0; i < layer_types.size(); ++i) {
        const std::string type = layer_types[i].is_string() ? layer_types[i].get<std::string>() : "";
        if (type == "sliding_attention") ++local;
        else {
            ++global;
            if (first_global < 0) first_global = static_cast<int>(i);
        }
    }
    if (local == 0) return -1;
    if (global == 0) return 0;
    const int period = first_global + 1; // layers 0..period-2 local, period-1 global, repeated
    for (size_t i = 0; i < layer_types.size(); ++i) {
        const bool is_global = layer_types[i] != "sliding_attention";
        if (is_global != (static_cast<int>(i) % period == period - 1)) return -2;
    }
    return period > 1 ? period : -2;
}

//-----------------------------------------------------------------------------
// [SECTION] Families
//-----------------------------------------------------------------------------

// Sliding-window attention: which layers attend locally and how far.
void ReadSlidingWindow(const json& c, const std::string& model_type, const std::string& file, engine::ModelArch* m,
                       std::vector<catalog::Issue>* issues) {
    if (!HasNumber(c, "sliding_window")) return;
    const int window = c["sliding_window"].get<int>();
    if (window <= 0) return;
    // Qwen2/Qwen3 carry a window but switch it off with use_sliding_window = false (their released configs).
    if (c.contains("use_sliding_window") && !BoolField(c, "use_sliding_window", false)) return;
    if (HasNumber(c, "max_position_embeddings") && window >= c["max_position_embeddings"].get<int>()) return; // never binds
    int pattern = 0;
    if (c.contains("layer_types") && c["layer_types"].is_array()) {
        pattern = PatternFromLayerTypes(c["layer_types"]);
        if (pattern == -1) return;
        if (pattern == -2) {
            Warn(issues, file, "layer_types", "local and global layers in an order the engine cannot model; every layer counted as global (the KV cache is overestimated)");
            return;
        }
    } else if (HasNumber(c, "sliding_window_pattern")) {
        pattern = c["sliding_window_pattern"].get<int>(); // Gemma 3: 6 (five local layers, then one global)
    } else if (model_type == "gemma2") {
        pattern = 2; // Gemma 2 alternates local and global layers (Gemma 2 report §2; Gemma2Config has no field for it)
    } else if (model_type == "gpt_oss") {
        pattern = 2; // gpt-oss alternates banded-window and dense layers (gpt-oss model card, "Architecture")
    } else if (model_type == "qwen2" || model_type == "qwen3") {
        Warn(issues, file, "use_sliding_window", "a sliding window on the first max_window_layers is not modelled; every layer counted as global");
        return;
    }
    m->SlidingWindow = window;
    m->SlidingWindowPattern = pattern;
}

// Mixture of experts under its several spellings.
void ReadExperts(catalog::ObjectReader* r, const json& c, const std::string& model_type, const std::string& file,
                 engine::ModelArch* m, std::vector<catalog::Issue>* issues) {
    const char* experts_key = c.contains("n_routed_experts") ? "n_routed_experts"     // DeepSeek V2/V3, Kimi K2
                            : c.contains("num_local_experts") ? "num_local_experts"   // Mixtral, gpt-oss
                            : c.contains("num_experts") ? "num_experts"               // Qwen2-MoE, Qwen3-MoE
                            : nullptr;
    if (experts_key == nullptr || !r->Has(experts_key)) return;
    m->Experts = r->Integer(experts_key, 0, 100000, false, 0);
    if (m->Experts <= 1) {
        m->Experts = 0;
        return;
    }
    const char* active_key = c.contains("num_experts_per_tok") ? "num_experts_per_tok" : "experts_per_token";
    m->ExpertsActive = r->Integer(active_key, 1, m->Experts, true, 0);
    if (r->Has("moe_intermediate_size")) m->ExpertFfn = r->Integer("moe_intermediate_size", 1, kBig, false, 0);
    else m->ExpertFfn = m->Ffn; // Mixtral, gpt-oss: each expert is an intermediate_size-wide MLP
    if (r->Has("n_shared_experts")) m->SharedExperts = r->Integer("n_shared_experts", 0, 1000, false, 0);
    if (r->Has("shared_expert_intermediate_size")) {
        // Qwen2-MoE: one shared expert of its own width; the engine's shared experts are ExpertFfn wide.
        const int width = r->Integer("shared_expert_intermediate_size", 0, kBig, false, 0);
        if (width > 0 && m->ExpertFfn > 0 && width % m->ExpertFfn == 0) m->SharedExperts = width / m->ExpertFfn;
        else if (width > 0) {
            m->SharedExperts = static_cast<int>(std::lround(static_cast<double>(width) / m->ExpertFfn));
            Warn(issues, file, "shared_expert_intermediate_size", "not a multiple of moe_intermediate_size; counted as " +
                 std::to_string(m->SharedExperts) + " shared experts of that width");
        }
    }
    if (r->Has("first_k_dense_replace")) m->DenseLayers = r->Integer("first_k_dense_replace", 0, m->Layers, false, 0);
    if (HasNumber(c, "moe_layer_freq") && c["moe_layer_freq"].get<int>() != 1)
        Warn(issues, file, "moe_layer_freq", "MoE only every N-th layer is not modelled; every layer after the dense ones counted as MoE");
    if (HasNumber(c, "decoder_sparse_step") && c["decoder_sparse_step"].get<int>() != 1)
        Warn(issues, file, "decoder_sparse_step", "MoE only every N-th layer is not modelled; every layer counted as MoE");
    if (c.contains("mlp_only_layers") && c["mlp_only_layers"].is_array() && !c["mlp_only_layers"].empty())
        Warn(issues, file, "mlp_only_layers", "dense layers between MoE layers are not modelled; counted as MoE layers");
    if (model_type == "gpt_oss") m->Ffn = m->ExpertFfn; // no dense MLP; ffn names the expert width
}

// Multi-head latent attention (DeepSeek-V2 §2.1): the cache holds kv_lora_rank + qk_rope_head_dim per token.
void ReadMla(catalog::ObjectReader* r, engine::ModelArch* m) {
    if (!r->Has("kv_lora_rank")) return;
    m->KvLoraRank = r->Integer("kv_lora_rank", 1, 1 << 20, true, 0);
    m->QkRopeHeadDim = r->Integer("qk_rope_head_dim", 0, 4096, true, 0);
    m->QkNopeHeadDim = r->Integer("qk_nope_head_dim", 0, 4096, true, 0);
    m->VHeadDim = r->Integer("v_head_dim", 0, 4096, false, m->QkNopeHeadDim);
    m->QLoraRank = r->Integer("q_lora_rank", 0, 1 << 20, false, 0); // null in V2-Lite: no query compression
    m->HeadDim = m->QkNopeHeadDim + m->QkRopeHeadDim;               // the query/key head width (192 in V3)
}

bool ReadConfig(const json& top, const std::string& file, engine::ModelArch* out, std::vector<catalog::Issue>* issues) {
    if (!top.is_object()) {
        issues->push_back(catalog::Issue{file, "", "", "expected a config.json object {\"hidden_size\": ..., ...}", true});
        return false;
    }
    // Multimodal wrappers (Gemma 3 4B-27B, Llama 4, Mistral 3) keep the language model under text_config.
    const bool nested = top.contains("text_config") && top["text_config"].is_object() && !top.contains("hidden_size");
    const json& c = nested ? top["text_config"] : top;
    std::string model_type = StringField(c, "model_type");
    if (model_type.empty()) model_type = StringField(top, "model_type");

    catalog::ObjectReader r(c, file, "", issues, nested ? "text_config." : "");
    engine::ModelArch m;
    m.Id = "";
    m.Layers = r.Integer("num_hidden_layers", 1, 1000, true, 0);
    m.Hidden = r.Integer("hidden_size", 1, 1 << 20, true, 0);
    m.Heads = r.Integer("num_attention_heads", 1, 4096, true, 0);
    m.KvHeads = r.Integer("num_key_value_heads", 0, 4096, false, m.Heads); // absent = multi-head attention
    m.HeadDim = r.Integer("head_dim", 0, 4096, false, 0);                 // absent = hidden / heads
    m.Ffn = r.Integer("intermediate_size", 0, kBig, false, 0);
    m.Vocab = r.Integer("vocab_size", 1, 1 << 24, true, 0);
    m.MaxContext = r.Integer("max_position_embeddings", 0, kBig, false, 0);
    const bool has_tie = c.contains("tie_word_embeddings") || top.contains("tie_word_embeddings");
    m.TiedEmbeddings = BoolField(c, "tie_word_embeddings", BoolField(top, "tie_word_embeddings", TiesEmbeddingsByDefault(model_type)));
    if (!has_tie && TiesEmbeddingsByDefault(model_type))
        Warn(issues, file, "tie_word_embeddings", "absent; " + model_type + " ties the output layer to the embeddings by default");
    // Every listed family uses a gated MLP (SwiGLU / GeGLU); GPT-2-style two-matrix MLPs say so with n_inner.
    m.GatedMlp = true;
    if (c.contains("n_inner") || model_type == "gpt2" || model_type == "gpt_neox" || model_type == "phi")
        Warn(issues, file, "model_type", "\"" + model_type + "\" is not one of the families read here; read as a Llama-like decoder with a gated MLP");

    if (m.Layers > 0 && m.Heads > 0) {
        ReadMla(&r, &m);
        ReadExperts(&r, c, model_type, file, &m, issues);
        ReadSlidingWindow(c, model_type, file, &m, issues);
    }
    if (m.KvHeads > 0 && m.Heads % m.KvHeads != 0) r.Error("num_key_value_heads", "must divide num_attention_heads");
    if (!engine::IsMoe(m) && m.Ffn <= 0 && m.Layers > 0) r.Error("intermediate_size", "missing; a dense model needs its MLP width");
    if (!r.Ok()) return false;

    if (HasNumber(c, "num_nextn_predict_layers") && c["num_nextn_predict_layers"].get<int>() > 0)
        Warn(issues, file, "num_nextn_predict_layers", "the multi-token-prediction module is not counted (it is dropped for serving)");
    if (top.contains("quantization_config") && top["quantization_config"].is_object()) {
        std::string method = StringField(top["quantization_config"], "quant_method");
        Warn(issues, file, "quantization_config", "the checkpoint is quantized (" + (method.empty() ? std::string("unknown method") : method) +
             "): set the weights precision to match");
    }

    std::string name = StringField(top, "_name_or_path");
    if (name.empty() && top.contains("architectures") && top["architectures"].is_array() && !top["architectures"].empty() &&
        top["architectures"][0].is_string())
        name = top["architectures"][0].get<std::string>();
    if (name.empty()) name = model_type.empty() ? std::string("custom model") : model_type;
    m.Name = name + " (config.json)";
    m.Params = engine::ParamsFromArchitecture(m); // the published total is not in config.json; the architecture's count
    *out = m;
    return true;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Entry points
//-----------------------------------------------------------------------------

bool ModelFromHfConfig(const nlohmann::json& config, const std::string& file, engine::ModelArch* out,
                       std::vector<catalog::Issue>* issues) {
    return ReadConfig(config, file, out, issues);
}

bool ModelFromHfConfigText(const std::string& text, const std::string& file, engine::ModelArch* out,
                           std::vector<catalog::Issue>* issues) {
    nlohmann::json config;
    if (!catalog::ParseJsonText(file, text, &config, issues)) return false;
    return ReadConfig(config, file, out, issues);
}

} // namespace scenario
