// gpuplan scenario: JSON and URL-hash codecs for Scenario, and the Result JSON writer.
// Contracts: docs/SCENARIO.md (gpuplan.scenario/1) and docs/RESULT.md (gpuplan.result/1).
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "catalog/catalog.h"
#include "engine/plan.h"
#include "engine/result.h"
#include "engine/scenario.h"

namespace scenario {

constexpr const char* kScenarioSchema = "gpuplan.scenario/1";
constexpr const char* kResultSchema = "gpuplan.result/1";
constexpr const char* kDefaultModelId = "llama-3.1-8b";
constexpr const char* kDefaultGpuId = "h100-sxm";

// The default scenario (every field documented in docs/SCENARIO.md), resolved against the catalog.
engine::Scenario DefaultScenario(const catalog::Catalog& catalog);

// Parses a scenario. Model and GPU ids are resolved against the catalog; unknown fields become warnings
// (IsError = false). Returns false when any error was found; `issues` then names each field.
bool ScenarioFromJson(const std::string& text, const catalog::Catalog& catalog, engine::Scenario* out,
                      std::vector<catalog::Issue>* issues);
// The same for a document already parsed (a validation case's "scenario" block).
bool ScenarioFromJsonValue(const nlohmann::json& doc, const catalog::Catalog& catalog, engine::Scenario* out,
                           std::vector<catalog::Issue>* issues);

// Writes a scenario; catalog entries are written as ids, inline ones as objects.
// `only_changed` omits fields equal to their defaults (short links).
std::string ScenarioToJson(const engine::Scenario& scenario, bool only_changed = false, int indent = 2);

// URL hash: "#s=" + percent-encoded compact scenario JSON. Parsing accepts the hash with or without '#'.
std::string ScenarioToUrlHash(const engine::Scenario& scenario);
bool ScenarioFromUrlHash(const std::string& hash, const catalog::Catalog& catalog, engine::Scenario* out,
                         std::vector<catalog::Issue>* issues);

// A link as the page reads it: a field that cannot be read falls back to its default alone, and each one dropped
// is in `issues` ("hardware.count: expected ... (the default is used)"). Unreadable: nothing usable (not JSON,
// not a scenario); `out` is then untouched.
enum class LinkReading { Exact, Repaired, Unreadable };
LinkReading ReadLinkScenario(const std::string& hash, const catalog::Catalog& catalog, engine::Scenario* out,
                             std::vector<catalog::Issue>* issues);

std::string ResultToJson(const engine::Result& result, int indent = 2);

// gpuplan.plan/1: the ranked rows of engine::Plan.
std::string PlanToJson(const engine::Scenario& scenario, const std::vector<engine::PlanRow>& rows, int indent = 2);

} // namespace scenario
