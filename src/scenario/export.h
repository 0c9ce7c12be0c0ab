// gpuplan scenario: CSV exports of a Result, its offers and a Plan — the same text from the CLI
// (`evaluate --format csv|offers-csv`, `plan --format csv`) and from the page's Export block.
// Numbers are the engine's own values in SI units and the scenario's currency, with 10 significant digits,
// so that a spreadsheet and a test see exactly what the page and the CLI computed.
#pragma once
#include <string>
#include <vector>

#include "engine/plan.h"
#include "engine/result.h"
#include "engine/scenario.h"

namespace scenario {

// One row per figure: section,key,label,value,unit,formula — memory parts, fit, speed or training run, cost,
// then every derivation step (section "derivation").
std::string ResultToCsv(const engine::Scenario& scenario, const engine::Result& result);
// The offers the engine priced, cheapest first.
std::string OffersToCsv(const engine::Result& result);
// The Compare table: every GPU sized and priced, in the engine's order.
std::string PlanToCsv(const engine::Scenario& scenario, const std::vector<engine::PlanRow>& rows);
// One CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180).
std::string CsvCell(const std::string& text);
// A number as CSV writes it ("%.10g"; non-finite → empty).
std::string CsvNumber(double value);

} // namespace scenario
