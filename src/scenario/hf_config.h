// gpuplan scenario: a Hugging Face transformers `config.json` read into an architecture, so that a model
// outside the catalog needs no field-by-field typing ("model": {"hf_config": {...}}, `--hf-config FILE`,
// the page's paste/drop box). Families: Llama, Mistral, Mixtral, Qwen2/2.5/3 (dense and MoE), DeepSeek V2/V3
// (MLA + MoE, also Kimi K2), Gemma 1/2/3, Phi-3/3.5/4, gpt-oss; other decoders are read as Llama-like.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "catalog/catalog.h"
#include "engine/model.h"

namespace scenario {

// Reads `config` into `out` (Id "", Params derived from the architecture by engine::ParamsFromArchitecture).
// Issues name `file` and the config's own key: errors for what the engine cannot do without (hidden_size,
// num_hidden_layers, ...), warnings (IsError = false) for keys it read but could not use, or assumed.
// Returns false when an error was found; `out` is then unchanged.
bool ModelFromHfConfig(const nlohmann::json& config, const std::string& file, engine::ModelArch* out,
                       std::vector<catalog::Issue>* issues);

// The same from text (pasted or dropped config.json); a syntax error is an issue with line and column.
bool ModelFromHfConfigText(const std::string& text, const std::string& file, engine::ModelArch* out,
                           std::vector<catalog::Issue>* issues);

} // namespace scenario
