// gpuplan CLI: rendering a Result as a text table or Markdown.
#pragma once
#include <string>

#include "engine/plan.h"
#include "engine/result.h"
#include "engine/scenario.h"

namespace cli {

enum class TextFormat { Table, Markdown };

// `would_work`: the plan row for the scenario's GPU, printed as "what would work" when the result does not fit
// (speed and cost are then left out: nothing of that configuration would run).
std::string RenderResult(const engine::Scenario& scenario, const engine::Result& result, TextFormat format,
                         const engine::PlanRow* would_work = nullptr);
std::string RenderPlan(const engine::Scenario& scenario, const std::vector<engine::PlanRow>& rows, TextFormat format);
// Aligned plain-text table (or Markdown) from rows of cells; the first row is the header.
std::string RenderRows(const std::vector<std::vector<std::string>>& rows, TextFormat format);
// "16.06 GB", "42.1 ms", "1.23e+21 FLOP": a value with its unit, human-sized.
std::string HumanValue(double value, const std::string& unit);

// One line under every printed GPU capacity: it is the total the device reports, in GB of 10^9 bytes, which is
// more than the marketed figure because vendors' "GB" for GPU memory is binary (docs/catalogs/gpus.md).
inline constexpr const char* kCapacityNote = "GPU capacity is the total the device reports, in GB of 10^9 bytes: a vendor's \"80GB\" is 80 GiB = 85.9 GB (an H100 reports 85.5 GB).";

} // namespace cli
