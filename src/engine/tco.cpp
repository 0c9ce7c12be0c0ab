// gpuplan engine: owning vs renting in full (tco.h).
//
// Index
// [SECTION] Helpers
// [SECTION] Tier
// [SECTION] Node and bill of materials
// [SECTION] Running cost, payback and verdicts
// [SECTION] Hybrid: rent the training runs
// [SECTION] Advice: the guides' common mistakes
// [SECTION] Entry point
#include "engine/tco.h"

#include <algorithm>
#include <cmath>

#include "engine/cost.h"
#include "engine/derivation.h"

namespace engine {

//-----------------------------------------------------------------------------
// [SECTION] Helpers
//-----------------------------------------------------------------------------

namespace {

constexpr double kMonthsPerYear = 12;
constexpr double kHoursPerYear = kHoursPerMonth * kMonthsPerYear; // 8,760

const char* const kVerdictNames[] = {"buy", "borderline", "rent", "unknown"};
static_assert(sizeof(kVerdictNames) / sizeof(kVerdictNames[0]) == static_cast<size_t>(Verdict::Count), "names");

bool Contains(const std::vector<std::string>& list, const std::string& item) { return std::find(list.begin(), list.end(), item) != list.end(); }

std::string Join(const std::vector<std::string>& items, const char* separator) {
    std::string out;
    for (const std::string& item : items) out += (out.empty() ? "" : separator) + item;
    return out;
}

void Step(TcoResult* t, const std::string& key, const std::string& label, const std::string& formula, double value, const std::string& unit) {
    t->Steps.push_back(DerivationStep{key, label, formula, std::isfinite(value) ? value : 0.0, unit});
}

void Advise(TcoResult* t, const std::string& code, const std::string& message, const std::string& alternative = "") {
    t->Advice.push_back(TcoAdvice{code, message, alternative});
}

bool IsTraining(const Scenario& s) { return s.Workload != WorkloadKind::Inference; }

// The guides name model classes ("7B", "70B"); released models of a class run a little over the round number
// (Mistral 7B: 7.24e9, Qwen2.5 7B: 7.62e9, Llama 3.1 70B: 70.6e9), so a class bound admits 10 % above it.
constexpr double kTierSizeSlack = 1.1;

// Weights of the whole model in the scenario's format: per-GPU weights × the GPUs one replica spans.
double ModelWeightBytes(const Scenario& s, const Result& r) {
    const int span = IsTraining(s) ? std::max(1, s.Training.TensorParallel * s.Training.PipelineParallel)
                                   : std::max(1, r.Inference.GpusPerReplica);
    return r.MemoryPerGpu.Weights * span;
}

// Memory one inference replica needs (weights + KV cache + the rest), whole replica.
double ReplicaBytes(const Result& r) { return r.MemoryPerGpu.Total * std::max(1, r.Inference.GpusPerReplica); }

} // namespace

const char* VerdictName(Verdict verdict) { return kVerdictNames[static_cast<int>(verdict)]; }

//-----------------------------------------------------------------------------
// [SECTION] Tier
//-----------------------------------------------------------------------------

void WorkloadTier(const Scenario& s, const Result& r, const std::vector<TierSpec>& tiers, TcoResult* out) {
    const bool training = IsTraining(s);
    const double params = s.Model.Params;
    int tier = 0;
    std::vector<std::string> reasons;
    if (training) {
        // Guide 002: tier 1 up to 7B (full and LoRA), tier 2 13–70B, tier 3 100B+ and full pre-training.
        // The gaps between the guide's bands (7–13B, 70–100B) go to the next tier up.
        if (s.Workload == WorkloadKind::Pretrain) {
            tier = 3;
            reasons.push_back("full pre-training is tier 3 in guide 002");
        }
        for (const TierSpec& spec : tiers) {
            if (!spec.Training || tier != 0) continue;
            if (spec.MaxParams < 0 || params <= spec.MaxParams * kTierSizeSlack) {
                tier = spec.Tier;
                reasons.push_back(Num(params / 1e9) + "B parameters: " + spec.When);
            }
        }
        if (s.Workload == WorkloadKind::Lora || s.Workload == WorkloadKind::Qlora)
            reasons.push_back(std::string(WorkloadName(s.Workload)) + " trains adapters only: " + Gb(r.MemoryPerGpu.Total) + " per GPU here");
    } else {
        const double users = std::max(s.Inference.TargetUsers, static_cast<double>(s.Inference.Concurrency) * std::max(1, r.Inference.Replicas));
        const double weights = ModelWeightBytes(s, r);
        for (const TierSpec& spec : tiers) {
            if (spec.Training || spec.MinConcurrentUsers < 0 || users < spec.MinConcurrentUsers) continue;
            tier = spec.Tier;
            reasons.push_back(Num(users) + " concurrent users: " + spec.When);
            break;
        }
        if (tier == 0) {
            const bool quantized = GetFormatInfo(s.Precision.Weights).BitsPerWeight < 16;
            for (const TierSpec& spec : tiers) {
                if (spec.Training || spec.MinConcurrentUsers >= 0 || tier != 0) continue;
                const bool small = spec.MaxParams >= 0 && params <= spec.MaxParams * kTierSizeSlack;
                if (spec.MaxParams >= 0 && !small) continue;
                tier = spec.Tier;
                reasons.push_back(Num(params / 1e9) + "B parameters, weights " + Gb(weights) + " in " + FormatName(s.Precision.Weights) + ": " + spec.When);
                if (small && !quantized) reasons.push_back("the guide assumes a quantized model here; in 16-bit the weights alone take " + Gb(weights));
            }
            if (tier >= 2 && weights > 141e9)
                reasons.push_back("the weights do not fit one 141 GB GPU: guide 000 names H200, B200 or MI300X (192–256 GB) nodes for large-model inference");
        }
    }
    out->Tier = tier;
    out->TierTraining = training;
    out->TierReasons = reasons;
    for (const TierSpec& spec : tiers) {
        if (spec.Training != training || spec.Tier != tier) continue;
        out->TierId = spec.Id;
        out->TierGpuText = spec.GpuText;
        out->TierHost = spec.Host;
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Node and bill of materials
//-----------------------------------------------------------------------------

const ServerSpec* ChooseServer(const Scenario& s, const std::vector<ServerSpec>& servers, const std::string& server_id) {
    if (!server_id.empty()) {
        for (const ServerSpec& server : servers)
            if (server.Id == server_id) return &server;
        return nullptr;
    }
    const ServerSpec* best = nullptr;
    int best_nodes = 0;
    for (const ServerSpec& server : servers) {
        if (server.GpuId != s.Gpu.Id || server.Gpus <= 0) continue;
        const int nodes = (std::max(1, s.GpuCount) + server.Gpus - 1) / server.Gpus;
        // Fewest nodes; on a tie, the node that buys the fewest GPUs beyond the deployment.
        if (best == nullptr || nodes < best_nodes || (nodes == best_nodes && server.Gpus < best->Gpus)) {
            best = &server;
            best_nodes = nodes;
        }
    }
    return best;
}

namespace {

void BuildBillOfMaterials(const Scenario& s, const ServerSpec& server, const TcoAssumptions& a, TcoResult* t) {
    t->Nodes = (std::max(1, s.GpuCount) + server.Gpus - 1) / server.Gpus;
    t->GpusBought = t->Nodes * server.Gpus;
    t->GpusUsed = s.GpuCount;
    t->PurchaseComplete = true;
    if (a.NodePrice > 0) {
        t->Bom.push_back(BomLine{"Node", server.Name + " (" + a.NodePriceSource + ")", static_cast<double>(t->Nodes), a.NodePrice, t->Nodes * a.NodePrice});
    } else {
        t->PurchaseComplete = false;
        const double gpus = t->GpusBought;
        t->Bom.push_back(BomLine{"GPUs", std::to_string(server.Gpus) + " × " + s.Gpu.Name + " per node" + (a.GpuPrice > 0 ? " (" + a.GpuPriceSource + ")" : ""), gpus,
                                 a.GpuPrice > 0 ? a.GpuPrice : -1, a.GpuPrice > 0 ? gpus * a.GpuPrice : 0});
        t->Bom.push_back(BomLine{"Host", "chassis, CPUs, RAM, NVMe, NICs, power supplies: no published price", static_cast<double>(t->Nodes), -1, 0});
    }
    // Guide 002: several nodes need an InfiniBand fabric between them (tier 3 training).
    if (t->Nodes > 1 && IsTraining(s) && a.FabricPerGpu > 0)
        t->Bom.push_back(BomLine{"Fabric", "InfiniBand switch port, cables and optics per GPU (" + a.FabricSource + ")", static_cast<double>(t->GpusBought), a.FabricPerGpu,
                                 t->GpusBought * a.FabricPerGpu});
    double hardware = 0;
    for (const BomLine& line : t->Bom) hardware += line.Total;
    if (a.ImportMarkup > 0) t->Bom.push_back(BomLine{"Import", "parallel-import markup " + Num(a.ImportMarkup * 100) + " %", 1, hardware * a.ImportMarkup, hardware * a.ImportMarkup});
    t->PurchaseCost = 0;
    for (const BomLine& line : t->Bom) t->PurchaseCost += line.Total;
    Step(t, "tco_purchase", "Purchase", Join([&] {
             std::vector<std::string> parts;
             for (const BomLine& line : t->Bom) parts.push_back(line.UnitPrice >= 0 ? Num(line.Quantity) + " × " + Num(line.UnitPrice) : line.Item + " unpriced");
             return parts;
         }(), " + "),
         t->PurchaseCost, t->Currency);

    // Power: the node's own figure, else the accelerators' board power (an understatement, said so).
    t->PowerFromNode = server.PowerLoadKw > 0;
    t->NodePowerKw = t->PowerFromNode ? server.PowerLoadKw : server.Gpus * s.Gpu.TdpW / 1000.0;
    t->ItPowerKw = t->Nodes * t->NodePowerKw;
    Step(t, "tco_power", "Power at load",
         std::to_string(t->Nodes) + " node(s) × " + (t->PowerFromNode ? Num(server.PowerLoadKw) + " kW (" + server.PowerBasis + ")" : std::to_string(server.Gpus) + " × " + Num(s.Gpu.TdpW) + " W board power"),
         t->ItPowerKw, "kW");
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Running cost, payback and verdicts
//-----------------------------------------------------------------------------

namespace {

void RunningCost(const ServerSpec& server, const TcoAssumptions& a, TcoResult* t) {
    const std::string& cur = t->Currency;
    // An office box or workstation sits outside a data centre: no colocation, and the room adds nothing (PUE 1).
    const double pue = server.IsOfficeBox() ? 1.0 : a.Pue;
    t->EnergyPerMonth = t->ItPowerKw * t->Utilization * kHoursPerMonth * pue * a.ElectricityPerKwh;
    Step(t, "tco_energy", "Electricity per month",
         Num(t->ItPowerKw) + " kW × " + Num(t->Utilization) + " busy × 730 h × PUE " + Num(pue) + " × " + Num(a.ElectricityPerKwh) + " " + cur + "/kWh",
         t->EnergyPerMonth, cur);
    t->ColocationPerMonth = server.IsOfficeBox() ? 0 : t->ItPowerKw * a.ColocationPerKwMonth;
    Step(t, "tco_colocation", "Colocation per month",
         server.IsOfficeBox() ? std::string("office box: no rack space rented") : Num(t->ItPowerKw) + " kW × " + Num(a.ColocationPerKwMonth) + " " + cur + "/kW-month",
         t->ColocationPerMonth, cur);
    t->MaintenancePerMonth = t->PurchaseCost * a.MaintenanceSharePerYear / kMonthsPerYear;
    Step(t, "tco_maintenance", "Maintenance per month", Num(t->PurchaseCost) + " × " + Num(a.MaintenanceSharePerYear) + " / 12", t->MaintenancePerMonth, cur);
    t->StaffPerMonth = t->Nodes * a.StaffFtePerNode * a.AdminPerYear / kMonthsPerYear;
    Step(t, "tco_staff", "Staff per month", std::to_string(t->Nodes) + " node(s) × " + Num(a.StaffFtePerNode) + " FTE × " + Num(a.AdminPerYear) + " / 12",
         t->StaffPerMonth, cur);
    t->RunningPerMonth = t->EnergyPerMonth + t->ColocationPerMonth + t->MaintenancePerMonth + t->StaffPerMonth;
    const double years = std::max(1.0, a.DepreciationYears);
    t->HorizonMonths = static_cast<int>(std::lround(years * kMonthsPerYear));
    t->DepreciationPerMonth = t->PurchaseCost * (1 - a.ResidualShare) / (years * kMonthsPerYear);
    Step(t, "tco_depreciation", "Depreciation per month", Num(t->PurchaseCost) + " × (1 − " + Num(a.ResidualShare) + ") / (" + Num(years) + " y × 12)",
         t->DepreciationPerMonth, cur);
    t->OwnPerMonth = t->DepreciationPerMonth + t->RunningPerMonth;
    Step(t, "tco_own_per_month", "Owning per month", Num(t->DepreciationPerMonth) + " depreciation + " + Num(t->RunningPerMonth) + " running", t->OwnPerMonth, cur);
}

void PaybackAndVerdicts(const TcoAssumptions& a, TcoResult* t) {
    const std::string& cur = t->Currency;
    const int horizon = t->HorizonMonths;
    t->Curve.clear();
    for (int m = 0; m <= horizon; ++m) t->Curve.push_back(TcoMonth{m, t->PurchaseCost + m * t->RunningPerMonth, m * t->RentPerMonth});
    t->OwnTotal = t->PurchaseCost * (1 - a.ResidualShare) + horizon * t->RunningPerMonth;
    t->RentTotal = horizon * t->RentPerMonth;
    Step(t, "tco_own_total", "Owning over " + std::to_string(horizon) + " months",
         Num(t->PurchaseCost) + " × (1 − " + Num(a.ResidualShare) + ") + " + std::to_string(horizon) + " × " + Num(t->RunningPerMonth), t->OwnTotal, cur);
    Step(t, "tco_rent_total", "Renting over " + std::to_string(horizon) + " months", std::to_string(horizon) + " × " + Num(t->RentPerMonth), t->RentTotal, cur);

    // Guide 002's rule of thumb: buy when the monthly cloud bill exceeds ~50 % of the own server's 12-month cost.
    t->RuleOwn12 = t->PurchaseCost + kMonthsPerYear * t->RunningPerMonth;
    t->RuleThreshold = a.RuleShare * t->RuleOwn12;
    if (t->PurchaseComplete && t->RentPerMonth > 0) t->RuleVerdict = t->RentPerMonth > t->RuleThreshold ? Verdict::Buy : Verdict::Rent;
    Step(t, "tco_rule", "Guide's rule: buy when rent per month exceeds",
         Num(a.RuleShare) + " × (" + Num(t->PurchaseCost) + " + 12 × " + Num(t->RunningPerMonth) + "); rent is " + Num(t->RentPerMonth), t->RuleThreshold, cur);

    if (!t->PurchaseComplete) {
        t->Exact = Verdict::Unknown;
        t->ExactReason = "the node is not fully priced: enter its price (cost.tco.node_price) for a verdict";
        return;
    }
    if (!(t->RentPerMonth > 0)) {
        t->Exact = Verdict::Unknown;
        t->ExactReason = "no rental price to compare with";
        return;
    }
    const double saving = t->RentPerMonth - t->RunningPerMonth;
    t->PaybackMonths = saving > 0 ? t->PurchaseCost / saving : -1;
    Step(t, "tco_payback", "Buying pays back after", Num(t->PurchaseCost) + " / (rent " + Num(t->RentPerMonth) + " − running " + Num(t->RunningPerMonth) + ")",
         t->PaybackMonths, "months");
    if (t->PaybackMonths < 0) {
        t->Exact = Verdict::Rent;
        t->ExactReason = "running the node costs more a month than renting the same work: it never pays back";
    } else if (t->PaybackMonths <= a.PaybackTargetMonths) {
        t->Exact = Verdict::Buy;
        t->ExactReason = "pays back in " + Num(t->PaybackMonths) + " months, within the guide's 12–" + Num(a.PaybackTargetMonths) + " months";
    } else if (t->PaybackMonths <= horizon) {
        t->Exact = Verdict::Borderline;
        t->ExactReason = "pays back in " + Num(t->PaybackMonths) + " months: within the " + std::to_string(horizon) +
                         "-month life of the hardware but later than the guide's " + Num(a.PaybackTargetMonths);
    } else {
        t->Exact = Verdict::Rent;
        t->ExactReason = "pays back only after " + Num(t->PaybackMonths) + " months, beyond the " + std::to_string(horizon) + "-month life of the hardware";
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Hybrid: rent the training runs
//-----------------------------------------------------------------------------

// Training is bursty (guide 002): compare renting N runs a year with owning the node that trains them.
// Sets the utilisation and the monthly rent the rest of the comparison uses.
void HybridTraining(const Result& r, const TcoAssumptions& a, TcoResult* t) {
    t->Hybrid = true;
    t->RunsPerYear = std::max(0.0, a.TrainingRunsPerYear);
    t->RunHours = r.Training.TimeS / 3600.0;
    t->RunRentCost = r.Cost.JobCost;
    t->RentPerYear = t->RunsPerYear * t->RunRentCost;
    t->RentPerMonth = t->RentPerYear / kMonthsPerYear;
    t->Utilization = std::min(1.0, t->RunsPerYear * t->RunHours / kHoursPerYear);
    Step(t, "tco_runs_utilization", "Busy share of the year", Num(t->RunsPerYear) + " runs × " + Num(t->RunHours) + " h / 8,760 h", t->Utilization, "");
    Step(t, "tco_rent_per_year", "Renting the runs per year", Num(t->RunsPerYear) + " × " + Num(t->RunRentCost), t->RentPerYear, t->Currency);
}

void HybridBreakEven(const ServerSpec& server, const TcoAssumptions& a, TcoResult* t) {
    t->OwnPerYear = t->OwnPerMonth * kMonthsPerYear;
    // Owning: a fixed part a year (depreciation, colocation, maintenance, staff) and the energy of each run.
    const double pue = server.IsOfficeBox() ? 1.0 : a.Pue;
    const double energy_per_run = t->ItPowerKw * t->RunHours * pue * a.ElectricityPerKwh;
    const double fixed_per_year = (t->DepreciationPerMonth + t->ColocationPerMonth + t->MaintenancePerMonth + t->StaffPerMonth) * kMonthsPerYear;
    const double margin = t->RunRentCost - energy_per_run;
    t->BreakEvenRunsPerYear = margin > 0 && t->PurchaseComplete ? fixed_per_year / margin : 0;
    Step(t, "tco_break_even_runs", "Owning beats renting from",
         Num(fixed_per_year) + " fixed a year / (run rented " + Num(t->RunRentCost) + " − run energy " + Num(energy_per_run) + ")", t->BreakEvenRunsPerYear, "runs/year");
}

// Guide 002's hybrid for an inference scenario: own the serving node, rent the quarterly fine-tuning runs.
void HybridYear(const Result& run, const TcoAssumptions& a, TcoResult* t) {
    const std::string& cur = t->Currency;
    t->HybridYear = true;
    t->YearRuns = std::max(0.0, a.TrainingRunsPerYear);
    t->YearRunCost = run.Cost.JobCost;
    t->YearRunHours = run.Training.TimeS / 3600.0;
    t->YearOwnInference = kMonthsPerYear * t->OwnPerMonth;
    t->YearRentInference = kMonthsPerYear * t->RentPerMonth;
    t->YearHybrid = t->YearOwnInference + t->YearRuns * t->YearRunCost;
    t->YearRentAll = t->YearRentInference + t->YearRuns * t->YearRunCost;
    Step(t, "tco_year_hybrid", "A year owning the inference, renting the runs",
         "12 × " + Num(t->OwnPerMonth) + " + " + Num(t->YearRuns) + " LoRA runs × " + Num(t->YearRunCost), t->YearHybrid, cur);
    Step(t, "tco_year_rent_all", "A year renting both", "12 × " + Num(t->RentPerMonth) + " + " + Num(t->YearRuns) + " × " + Num(t->YearRunCost), t->YearRentAll, cur);
}

//-----------------------------------------------------------------------------
// [SECTION] Advice: the guides' common mistakes
//-----------------------------------------------------------------------------

// The cheapest feasible, priced plan row whose GPU passes `keep`; nullptr when none.
template <typename Keep>
const PlanRow* CheapestRow(const std::vector<PlanRow>& plan, bool training, Keep keep) {
    const PlanRow* best = nullptr;
    for (const PlanRow& row : plan) {
        if (!row.Feasible || !keep(row)) continue;
        const double cost = training ? row.JobCost : row.PerMillionTokens;
        if (!(cost > 0)) continue;
        const double best_cost = best == nullptr ? 0 : (training ? best->JobCost : best->PerMillionTokens);
        if (best == nullptr || cost < best_cost) best = &row;
    }
    return best;
}

std::string RowCost(const PlanRow& row, bool training, const std::string& cur) {
    return training ? Num(row.JobCost) + " " + cur + " per run" : Num(row.PerMillionTokens) + " " + cur + " per million tokens";
}

void AdviseFlagship(const Scenario& s, const Result& r, const AdviceRules& rules, const std::vector<PlanRow>& plan, TcoResult* t) {
    // Guide 000: a flagship (B200-class) for a model that fits 48–80 GB is overpaid; A100 or L40S serve it cheaper.
    if (IsTraining(s) || !Contains(rules.FlagshipGpus, s.Gpu.Id) || !r.Fits) return;
    const double replica = ReplicaBytes(r);
    if (replica > rules.FlagshipFitsBytes) return;
    const std::string& cur = t->Currency;
    const PlanRow* alt = CheapestRow(plan, false, [&](const PlanRow& row) { return Contains(rules.FlagshipAlternatives, row.GpuId); });
    if (alt == nullptr) alt = CheapestRow(plan, false, [&](const PlanRow& row) { return !Contains(rules.FlagshipGpus, row.GpuId); });
    std::string message = s.Gpu.Name + " is a flagship, and this model needs " + Gb(replica) + " per replica (≤ " + Gb(rules.FlagshipFitsBytes) +
                          "): guide 000 calls a flagship for a mid-size model overpaid, with higher power needs.";
    std::string alternative;
    if (alt != nullptr) {
        message += " Cheaper: " + alt->GpuName + " × " + std::to_string(alt->GpuCount) + " at " + RowCost(*alt, false, cur);
        if (r.Cost.PerMillionTokens > 0) message += " against " + Num(r.Cost.PerMillionTokens) + " " + cur + " here";
        message += ".";
        alternative = alt->GpuName + " × " + std::to_string(alt->GpuCount) + ": " + Num(alt->PerMillionTokens) + " " + cur + "/Mtok" +
                      (r.Cost.PerMillionTokens > 0 ? " (" + Num(r.Cost.PerMillionTokens) + " " + cur + "/Mtok)" : "");
    } else {
        message += " The guide's alternatives: A100 80 GB, L40S or Ascend 910C.";
        alternative = "A100 80 GB, L40S, Ascend 910C";
    }
    Advise(t, "flagship_for_midsize", message, alternative);
}

void AdviseStack(const Scenario& s, const std::vector<StackSpec>& stacks, const AdviceContext& c, const std::vector<PlanRow>& plan, TcoResult* t) {
    if (s.Stack.empty()) return;
    const StackSpec* stack = nullptr;
    for (const StackSpec& candidate : stacks)
        if (candidate.Id == s.Stack) stack = &candidate;
    if (stack == nullptr) return; // the scenario reader reports unknown ids
    const bool training = IsTraining(s);
    if (!c.GpuPlatform.empty() && !Contains(stack->Platforms, c.GpuPlatform)) {
        std::vector<std::string> runs_here;
        for (const StackSpec& other : stacks)
            if (other.Kind == stack->Kind && Contains(other.Platforms, c.GpuPlatform)) runs_here.push_back(other.Name);
        std::string message = stack->Name + " does not run on " + c.GpuPlatform + " (" + s.Gpu.Name + "); it supports " + Join(stack->Platforms, ", ") + ".";
        if (!runs_here.empty()) message += " On this GPU use " + Join(runs_here, " or ") + ".";
        Advise(t, "stack_unsupported", message, Join(runs_here, ", "));
    }
    if (!training && !stack->Formats.empty() && !Contains(stack->Formats, FormatName(s.Precision.Weights))) {
        std::vector<std::string> loads_it;
        for (const StackSpec& other : stacks)
            if (other.Kind == "inference" && Contains(other.Formats, FormatName(s.Precision.Weights)) && Contains(other.Platforms, c.GpuPlatform))
                loads_it.push_back(other.Name);
        std::string message = stack->Name + " does not load " + FormatName(s.Precision.Weights) + " weights (it loads " + Join(stack->Formats, ", ") + ").";
        if (!loads_it.empty()) message += " " + Join(loads_it, " or ") + " does on this GPU.";
        Advise(t, "format_unsupported", message, Join(loads_it, ", "));
    }
    (void)plan;
}

void AdviseResidency(const Scenario& s, const Result& r, const AdviceContext& c, TcoResult* t) {
    if (c.Residency.empty()) return;
    const std::string& cur = t->Currency;
    if (!c.ChosenProviderCountry.empty() && !Contains(c.ResidencyCountries, c.ChosenProviderCountry)) {
        Advise(t, "data_residency", "The data must stay in " + c.Residency + ", but " + s.Cost.Provider + " is in " + c.ChosenProviderCountry +
                                        ": choose a provider in " + c.Residency + " or own the hardware (guide 002: on-premise keeps the data inside the perimeter).");
        return;
    }
    if (c.ForeignOffersDropped > 0) {
        std::string message = "The data must stay in " + c.Residency + ": " + std::to_string(c.ForeignOffersDropped) + " offer(s) from providers elsewhere were left out";
        if (c.CheapestForeignPerHour > 0) message += " (the cheapest, " + c.CheapestForeignProvider + ", " + Num(c.CheapestForeignPerHour) + " " + cur + "/h)";
        if (r.Cost.PerHour > 0) message += "; the cheapest in " + c.Residency + " is " + Num(r.Cost.PerHour) + " " + cur + "/h.";
        else message += "; no provider in " + c.Residency + " rents this GPU, so owning it is the way to keep the data in.";
        Advise(t, "data_residency", message, r.Cost.PerHour > 0 ? Num(r.Cost.PerHour) + " " + cur + "/h" : "");
    }
}

void AdviseExport(const Scenario& s, const AdviceContext& c, const std::vector<PlanRow>& plan, TcoResult* t) {
    const std::string& note = c.GpuAvailability;
    if (note.find("xport") == std::string::npos && note.find("estrict") == std::string::npos && note.find("anned") == std::string::npos) return;
    std::string message = s.Gpu.Name + ": " + note;
    if (c.Residency == "RU") {
        const PlanRow* ascend = CheapestRow(plan, IsTraining(s), [](const PlanRow& row) { return row.GpuId.rfind("ascend", 0) == 0; });
        message += " Buying it for Russia means parallel import; guide 000 names Huawei Ascend 910C for import substitution";
        message += ascend != nullptr ? " (" + ascend->GpuName + " here: " + RowCost(*ascend, IsTraining(s), t->Currency) + ")." : ".";
        Advise(t, "export_restricted", message, ascend != nullptr ? ascend->GpuName : "Huawei Ascend 910C");
        return;
    }
    Advise(t, "export_restricted", message);
}

void AdviseNetwork(const Scenario& s, const AdviceRules& rules, TcoResult* t) {
    // Guide 000/002: multi-node training on a slow network leaves fast GPUs idle; InfiniBand HDR/NDR 200–400 Gb.
    if (!IsTraining(s) || !t->HasServer || t->Nodes <= 1) return;
    const double scenario_gbps = s.Cluster.NetworkBytesPerSPerGpu * 8 / 1e9;
    const double node_gbps = t->Server.NetworkGbpsPerGpu;
    const double gbps = node_gbps > 0 ? std::min(node_gbps, scenario_gbps) : scenario_gbps;
    if (gbps >= rules.MultinodeMinNetworkGbpsPerGpu) return;
    Advise(t, "network_skimped", "Training across " + std::to_string(t->Nodes) + " nodes on " + Num(gbps) + " Gb/s per GPU: below the " +
                                     Num(rules.MultinodeMinNetworkGbpsPerGpu) + "–400 Gb/s InfiniBand the guides name, the GPUs wait for the network. " +
                                     "Cheaper per run: one 400 Gb/s InfiniBand port per GPU (as in DGX/HGX nodes).");
}

void AdvisePower(const Scenario& s, const AdviceRules& rules, TcoResult* t) {
    // Guide 000: counting only the card price is a mistake; Blackwell takes ~1 kW per GPU and liquid cooling.
    if (!t->HasServer) return;
    if (s.Gpu.TdpW >= rules.LiquidCoolingGpuW)
        Advise(t, "power_cooling", s.Gpu.Name + " draws " + Num(s.Gpu.TdpW) + " W per GPU; the node " + Num(t->NodePowerKw) + " kW (guide 002 plans 6–10 kW per 8 GPUs). " +
                                       "Plan rack power and liquid cooling; the TCO counts " + Num(t->ItPowerKw) + " kW × PUE and colocation per kW.");
    if (s.Cost.PurchasePricePerGpu > 0 && t->PurchaseComplete && s.GpuCount > 0) {
        const double cards = s.GpuCount * s.Cost.PurchasePricePerGpu;
        Advise(t, "card_price_only", "The buy-vs-rent figure from cost.purchase_price_per_gpu counts " + Num(cards) + " " + t->Currency +
                                         " of cards and their power; the node, its power and running costs make " + Num(t->PurchaseCost) + " " + t->Currency +
                                         " up front and " + Num(t->RunningPerMonth) + " a month.");
    }
    if (t->GpusBought > t->GpusUsed)
        Advise(t, "node_underused", "The node holds " + std::to_string(t->GpusBought) + " GPUs and the workload uses " + std::to_string(t->GpusUsed) +
                                        ": the purchase pays for idle GPUs unless more work fills them.");
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Entry point
//-----------------------------------------------------------------------------

TcoResult ComputeTco(const Scenario& s, const Result& r, const ServerSpec* server, const TcoAssumptions& a, const std::vector<TierSpec>& tiers,
                     const AdviceRules& rules, const std::vector<StackSpec>& stacks, const AdviceContext& context, const std::vector<PlanRow>& plan,
                     const Result* fine_tune_run) {
    TcoResult t;
    t.Currency = s.Cost.Currency;
    if (!r.Ok) {
        t.Reason = r.Error;
        return t;
    }
    WorkloadTier(s, r, tiers, &t);
    t.Utilization = std::clamp(s.Cost.Utilization, 0.0, 1.0);
    t.RentPerHour = r.Cost.PerHour;
    if (server == nullptr) {
        t.Reason = "no reference server with " + s.Gpu.Name + " in catalogs/servers.json" +
                   (s.Cost.Tco.ServerId.empty() ? std::string() : " (cost.tco.server \"" + s.Cost.Tco.ServerId + "\" is unknown)");
    } else if (!s.Gpu.Id.empty() && server->GpuId != s.Gpu.Id) {
        t.Reason = "cost.tco.server \"" + server->Id + "\" carries " + server->GpuId + ", not the scenario's " + s.Gpu.Id +
                   ": choose a node with this GPU or leave cost.tco.server out";
    } else {
        t.HasServer = true;
        t.Server = *server;
        BuildBillOfMaterials(s, *server, a, &t);
        if (IsTraining(s)) HybridTraining(r, a, &t);
        else {
            t.RentPerMonth = t.RentPerHour * kHoursPerMonth * t.Utilization;
            Step(&t, "tco_rent_per_month", "Renting per month", Num(t.RentPerHour) + " " + t.Currency + "/h × 730 h × " + Num(t.Utilization) + " busy", t.RentPerMonth,
                 t.Currency);
        }
        RunningCost(*server, a, &t);
        PaybackAndVerdicts(a, &t);
        if (t.Hybrid) HybridBreakEven(*server, a, &t);
        if (!t.Hybrid && fine_tune_run != nullptr && fine_tune_run->Ok && fine_tune_run->Cost.JobCost > 0) HybridYear(*fine_tune_run, a, &t);
        if (!t.PowerFromNode)
            Advise(&t, "node_power_unknown", server->Name + ": no published node power; electricity counts the GPUs' board power only (" + Num(t.NodePowerKw) +
                                                  " kW), which understates the node.");
    }
    AdviseFlagship(s, r, rules, plan, &t);
    AdviseStack(s, stacks, context, plan, &t);
    AdviseResidency(s, r, context, &t);
    AdviseExport(s, context, plan, &t);
    AdviseNetwork(s, rules, &t);
    AdvisePower(s, rules, &t);
    return t;
}

} // namespace engine
