// gpuplan CLI: `gpuplan tco` — the own-or-rent report (engine::TcoResult) as a table, Markdown or JSON.
#pragma once
#include <string>

#include "cli/report.h"
#include "engine/tco.h"

namespace cli {

// "317,000 USD", "1,234.56 RUB": money with thousands separators (whole units from 1,000 up).
std::string Money(double amount, const std::string& currency);
std::string RenderTco(const engine::Scenario& scenario, const engine::TcoResult& tco, TextFormat format);
// gpuplan.tco/1: every figure of the report, for scripts and for the page's e2e check.
std::string TcoToJson(const engine::TcoResult& tco, int indent = 2);

} // namespace cli
