// gpuplan ui: turns engine numbers into what panels print (text with units, bar geometry as fractions).
// Panels only draw; every unit conversion and every "n/a" decision lives here.
#pragma once
#include <set>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "engine/plan.h"
#include "engine/result.h"
#include "ui/app_state.h"

// Text with a unit in the current language. Zero, negative or non-finite values print "n/a" where a
// value of 0 means "not computed" (durations, rates); sizes print 0.
std::string FormatGb(double bytes);                 // "16.06 GB"
std::string FormatBytes(double bytes);              // GB, MB, kB or B, whichever reads best
std::string FormatDuration(double seconds);         // "85.3 ms", "1.25 s", "3.2 h", "12.5 days"; 0 → "n/a"
std::string FormatRate(double per_s, Str unit);     // "1,234 tokens/s"; 0 → "n/a"
std::string FormatCount(double count, Str unit);    // "128 sequences"; 0 → "n/a"
std::string FormatNumber(double value);              // "1,234", "41.6" (a table column names the unit); 0 → "n/a"
std::string FormatPercent(double fraction);         // "41.0 %"; 0 → "n/a"
std::string FormatGpuHours(double hours);           // "1,024 GPU-h"; 0 → "n/a"
std::string FormatFlops(double flops);              // "5.2e21 FLOP"; 0 → "n/a"
std::string FormatParams(double params);            // "8.03 B", "405 B", "1.0 T"
std::string FormatStepValue(double value, const std::string& unit); // a DerivationStep's value and unit

// The printed total (FormatGb) and the number it shows, for the test hook shown.total_memory_gb.
double PrintedGb(double bytes);

// One line describing a catalog GPU / model under its combo.
std::string DescribeGpu(const catalog::GpuEntry& gpu);
std::string DescribeModel(const engine::ModelArch& model);
std::string GpuComboLabel(const engine::GpuSpec& gpu);     // "H100 SXM · 80 GB"

// Stacked memory bar: parts as fractions of a scale that holds both the total and the GPU capacity.
enum class MemoryPart { Weights, KvCache, Activations, Gradients, Optimizer, Overhead, Count };
struct MemorySegment {
    MemoryPart Part = MemoryPart::Weights;
    double     Bytes = 0;
    float      Start = 0;  // fraction of the bar where the segment starts (0..1)
    float      Width = 0;  // fraction of the bar it covers
};
struct MemoryBarView {
    MemorySegment Segments[static_cast<int>(MemoryPart::Count)];
    float         CapacityAt = 1;   // fraction where the GPU capacity line is drawn
    float         UsableAt = 1;     // fraction where the usable-memory line is drawn
    bool          HasUsable = false;
    double        UsableBytes = 0;
    double        ScaleBytes = 0;   // bytes the whole bar stands for (axis ticks)
};
MemoryBarView BuildMemoryBar(const engine::Result& result);
Str           MemoryPartLabel(MemoryPart part);

// Whole days from one YYYY-MM-DD date to another; -1 when either is not a date.
int DaysBetween(const std::string& from_iso, const std::string& to_iso);
PriceSummary SummarizePrices(const catalog::Catalog& catalog);

// Money in the scenario's currency: "$7.18", "€6.19", "₽586.46" (English), "7,18 $", "586,46 ₽" (Russian);
// 0 or non-finite → "n/a". PrintedMoney is the number as printed (test hook shown.cost_per_hour).
std::string FormatMoney(double amount, const std::string& currency);
std::string FormatMoneyPerHour(double amount, const std::string& currency);   // "$7.18/h"
// The cheapest spot per hour, marked when it is no saving over on-demand ("$6.57/h · no saving over on-demand").
std::string SpotPerHourText(const engine::CostResult& cost);
double      PrintedMoney(double amount);
std::string FormatMonths(double months);            // "14.2 months"; 0 → "n/a"
std::string OfferKindLabel(const std::string& kind); // "on_demand" → "on-demand" / "по запросу"
std::string FxRateText(const catalog::Catalog& catalog, const std::string& currency); // "1 USD = 81.65 RUB (as of 2025-10-23)"

// Price data for the Cost and Sources panels (rebuilt by Recompute, not every frame).
std::vector<ProviderChoice> ProvidersWithOffers(const catalog::Catalog& catalog, const std::string& gpu_id);
std::vector<OfferInfo>      DescribeOffers(const catalog::Catalog& catalog, const engine::Result& result,
                                           const std::set<std::string>& edited);
PriceProvenance             BuildPriceProvenance(const catalog::Catalog& catalog, const engine::Result& result);

// "±6% · 19 published cases" for a category of the embedded validation report; "" when it has no cases.
std::string AccuracyBandText(const AccuracyReport& report, AccuracyCategory category);
const char* AccuracyCategoryName(AccuracyCategory category); // translated "memory" / "inference" / "training"
std::string FormatSignedPercent(double fraction);   // "+28.9 %", "−1.7 %"
std::string FormatMetricValue(const std::string& metric, double value); // an accuracy case's number with its unit

// Throughput vs concurrency as fractions of the plot (x: log2 of concurrency), for drawing only.
struct CurvePoint {
    float X = 0, Total = 0, PerUser = 0; // 0..1
};
struct CurveView {
    std::vector<CurvePoint> Points;
    float       MarkerX = -1;           // the scenario's concurrency, -1 = off the curve
    std::string TotalMax, PerUserMax;   // axis tops with units
    std::string ConcurrencyMin, ConcurrencyMax;
    double      TotalTop = 0, PerUserTop = 0;          // the values at the top of the plot (axis ticks)
    double      ConcurrencyLo = 1, ConcurrencyHi = 1;  // the x axis' ends
};
CurveView BuildCurveView(const engine::InferenceResult& inference, double scenario_concurrency);

// Training: the share of a step spent waiting for communication (0..1).
double ExposedCommShare(const engine::TrainingResult& training);
// The configuration a result is for, as the verdict names it: "2 × NVIDIA H100 SXM5 80GB · TP 2 · 1 replica",
// "64 × … · TP 2 × PP 1 × DP 32, ZeRO-1, selective recompute".
std::string ConfigurationLine(const engine::Scenario& scenario, const engine::Result& result);
// The cost the workload is judged by: the monthly bill at the traffic (online), the job (batch), the run (training);
// else the price per hour. `label` gets its caption.
std::string HeadlineCost(const engine::Scenario& scenario, const engine::Result& result, const char** label);
// The period of HeadlineCost for a line without its caption: " / month", " per run", " per job", " / h".
std::string HeadlineCostSuffix(const engine::Scenario& scenario, const engine::Result& result);
// The Compare row for the scenario's own GPU, or nullptr.
const engine::PlanRow* PlanRowFor(const std::vector<engine::PlanRow>& plan, const engine::Scenario& scenario);
std::string DescribeSuggestedLayout(const engine::TrainingResult& training); // "TP 2 · PP 1 · DP 4 · ZeRO 1 · recompute selective"

// Compare GPUs: a plan row's configuration in the current language (English: the engine's own sentence; Russian:
// built from the row's fields, the engine's note in the tooltip), and whether it is the scenario's own set-up.
std::string DescribePlanRow(const engine::PlanRow& row, const engine::Scenario& scenario);
bool        PlanRowIsCurrent(const engine::PlanRow& row, const engine::Scenario& scenario);
bool        PlanRowSelectsGpu(const engine::PlanRow& row, const engine::Scenario& scenario); // same GPU, any count

// Custom-architecture inputs use billions of parameters / tokens.
double ToBillions(double count);
double FromBillions(double billions);
