// gpuplan engine: owning vs renting in full — the server to build (tier, reference node, bill of materials),
// its total cost of ownership month by month against the cheapest fitting rental, the payback month, the
// guide's 50 % rule beside the exact answer, the hybrid "rent the training, own the inference", and the
// mistakes guides 000 and 002 warn about. Pure C++17: the caller resolves catalogs into these structs and
// every money figure into the scenario's currency (catalog/tco.cpp); this file only does arithmetic.
#pragma once
#include <string>
#include <vector>

#include "engine/plan.h"
#include "engine/result.h"
#include "engine/scenario.h"

namespace engine {

// One reference node (catalogs/servers.json). Unknown figures are negative (shown as n/a).
struct ServerSpec {
    std::string Id;
    std::string Name;
    std::string Vendor;
    std::string Kind;                    // hgx8, oam8, npu8, pcie4, workstation4, box1
    std::string GpuId;                   // gpus.json id of its accelerator
    int         Gpus              = 0;   // accelerators per node
    std::string Cpu;                     // "2× Intel Xeon Platinum 8480C (56 cores each)"
    int         CpuCores          = -1;
    double      RamGb             = -1;
    double      NvmeTb            = -1;
    std::string Storage;
    std::string Nics;
    double      NetworkGbpsPerGpu = -1;  // scale-out bandwidth per accelerator, Gb/s
    std::string Fabric;                  // infiniband, roce, ethernet
    std::string Psus;
    double      PowerLoadKw       = -1;  // node draw with every accelerator busy, kW
    std::string PowerBasis;              // nameplate_max | measured
    std::string Cooling;                 // air | liquid
    int         RackUnits         = -1;
    double      PriceUsd          = -1;  // whole node
    std::string PriceKind;               // quote | list | reported | street
    std::string PriceSource;
    std::string PriceAsOf;
    double      GpuPriceUsd       = -1;  // one accelerator, when only the card is priced
    std::string GpuPriceSource;
    std::string Notes;
    std::string Source;
    std::string AsOf;

    bool IsOfficeBox() const { return Kind == "box1" || Kind == "workstation4"; } // no data centre: no colocation, PUE 1
};

// One row of the guides' tier tables (catalogs/tiers.json).
struct TierSpec {
    std::string Id;                      // "inference-2"
    bool        Training          = false;
    int         Tier              = 0;   // 1..3
    std::string When;                    // the guide's condition, in words
    double      MaxParams         = -1;  // parameters; -1 = no upper bound
    double      MinConcurrentUsers = -1; // production tier: concurrent users from which it applies
    std::vector<std::string> Gpus;
    std::string GpuText;
    std::string Host;
    std::vector<std::string> Servers;
};

// The thresholds behind the mistake warnings (catalogs/tiers.json).
struct AdviceRules {
    std::vector<std::string> FlagshipGpus;          // "flagship" per guide 000 (Blackwell-class)
    double      FlagshipFitsBytes         = 80e9;   // a model fitting this much is "mid-size" (guide 000: 48–80 GB)
    std::vector<std::string> FlagshipAlternatives;  // guide 000: A100, L40S, Ascend 910C
    double      MultinodeMinNetworkGbpsPerGpu = 200; // guide 002: InfiniBand HDR/NDR 200–400 Gb between nodes
    double      LiquidCoolingGpuW          = 1000;  // guide 000: Blackwell ≈ 1 kW per GPU and liquid cooling
    double      NodePowerKwMin             = 6;     // guide 002: 6–10 kW per 8 GPUs
    double      NodePowerKwMax             = 10;
};

// A serving or training stack (catalogs/software.json).
struct StackSpec {
    std::string Id;
    std::string Name;
    std::string Kind;                    // inference | training
    std::vector<std::string> Platforms;  // CUDA, ROCm, CANN, SynapseAI, Metal, CPU, ...
    std::vector<std::string> Formats;    // weight formats it loads (inference stacks)
    std::string Source;
};

// What the TCO needs from the catalogs, already in the scenario's currency. The scenario's cost.tco block
// has been applied over the catalog defaults; each *Source says where the number came from.
struct TcoAssumptions {
    double      ElectricityPerKwh        = 0;  std::string ElectricitySource;
    double      Pue                      = 1;  std::string PueSource;
    double      ColocationPerKwMonth     = 0;  std::string ColocationSource;
    double      MaintenanceSharePerYear  = 0;  std::string MaintenanceSource;
    double      DepreciationYears        = 5;  std::string DepreciationSource;
    double      ResidualShare            = 0;  std::string ResidualSource;
    double      AdminPerYear             = 0;  std::string AdminSource;
    double      StaffFtePerNode          = 0;  std::string StaffSource;
    double      FabricPerGpu             = 0;  std::string FabricSource;
    double      ImportMarkup             = 0;  std::string ImportSource;
    double      PaybackTargetMonths      = 18; std::string PaybackSource;
    double      RuleShare                = 0.5; std::string RuleSource;
    double      TrainingRunsPerYear      = 4;  std::string RunsSource;
    double      NodePrice                = -1; // whole node in the currency; -1 = unpriced
    double      GpuPrice                 = -1; // one accelerator in the currency; -1 = unpriced
    std::string NodePriceSource;
    std::string GpuPriceSource;
};

// Facts about the scenario's GPU and offers that the advice needs (catalog-side, resolved by the caller).
struct AdviceContext {
    std::string GpuPlatform;             // gpus.json "software": CUDA, ROCm, CANN, SynapseAI
    std::string GpuAvailability;         // gpus.json "availability" (export notes live there)
    std::string Residency;               // cost.data_residency: "RU", "EU" or ""
    int         ForeignOffersDropped = 0; // offers outside the residency left out of the rent price
    double      CheapestForeignPerHour = 0; // the cheapest of those, whole deployment per hour (0 = none)
    std::string CheapestForeignProvider;
    std::string ChosenProviderCountry;   // country of cost.provider ("" when none chosen)
    std::vector<std::string> ResidencyCountries; // countries the residency allows
};

// One of the guides' mistakes found in the scenario: a stable code, the English sentence, and the cheaper
// alternative in language-neutral form ("NVIDIA L40S × 1: 0.123 USD/Mtok", "vLLM") for translated sentences.
struct TcoAdvice {
    std::string Code;
    std::string Message;
    std::string Alternative;             // "" when the catalog offers none
};

enum class Verdict { Buy, Borderline, Rent, Unknown, Count };
const char* VerdictName(Verdict verdict); // "buy", "borderline", "rent", "unknown"

struct BomLine {
    std::string Item;                    // "Node", "GPUs", "InfiniBand fabric", "Import markup"
    std::string Detail;                  // what it is
    double      Quantity  = 0;
    double      UnitPrice = -1;          // in the currency; -1 = unpriced
    double      Total     = 0;           // Quantity × UnitPrice (0 when unpriced)
};

struct TcoMonth {
    int    Month = 0;
    double Own   = 0;                    // cumulative cash out for owning: purchase + months × running cost
    double Rent  = 0;                    // cumulative rent at the same load
};

struct TcoResult {
    std::string Currency;
    // Tier ("your workload is tier N")
    int         Tier = 0;                // 1..3; 0 = none matched
    std::string TierId;
    bool        TierTraining = false;
    std::vector<std::string> TierReasons;
    std::string TierGpuText;
    std::string TierHost;
    // Node and bill of materials
    bool        HasServer = false;
    std::string Reason;                  // why there is no TCO ("" when there is)
    ServerSpec  Server;
    int         Nodes = 0;
    int         GpusBought = 0;          // Nodes × Server.Gpus
    int         GpusUsed = 0;            // the scenario's GPUs
    std::vector<BomLine> Bom;
    double      PurchaseCost = 0;        // sum of the bill of materials
    bool        PurchaseComplete = false; // every line priced (false: the node's host is missing)
    double      NodePowerKw = 0;         // per node at load
    bool        PowerFromNode = false;   // false: GPU board power only (the node's figure is unknown)
    double      ItPowerKw = 0;           // Nodes × NodePowerKw
    // Running cost per month
    double      Utilization = 1;         // share of hours the hardware is busy
    double      EnergyPerMonth = 0;      // ItPowerKw × utilisation × 730 h × PUE × price
    double      ColocationPerMonth = 0;  // ItPowerKw × colocation per kW-month (0 for office boxes)
    double      MaintenancePerMonth = 0; // purchase × share per year / 12
    double      StaffPerMonth = 0;       // nodes × FTE per node × salary / 12
    double      RunningPerMonth = 0;     // the four above
    double      DepreciationPerMonth = 0; // purchase × (1 − residual) / (years × 12)
    double      OwnPerMonth = 0;         // DepreciationPerMonth + RunningPerMonth (what owning costs a month)
    // Renting the same work
    double      RentPerHour = 0;         // the deployment, cheapest on-demand (or the visitor's rate)
    double      RentPerMonth = 0;        // inference: per hour × 730 × utilisation; training: runs/year × run / 12
    // Answers
    int         HorizonMonths = 60;      // depreciation years × 12
    double      PaybackMonths = -1;      // purchase / (rent − running), -1 = never or unknown
    double      OwnTotal = 0;            // over the horizon: purchase + running − residual
    double      RentTotal = 0;           // over the horizon
    std::vector<TcoMonth> Curve;         // month 0..HorizonMonths (the crossover chart)
    Verdict     Exact = Verdict::Unknown;
    std::string ExactReason;
    double      RuleOwn12 = 0;           // purchase + 12 × running: "the server's 12-month cost" of guide 002
    double      RuleThreshold = 0;       // RuleShare × RuleOwn12
    Verdict     RuleVerdict = Verdict::Unknown; // Buy when RentPerMonth > RuleThreshold
    // Hybrid (training workloads): rent N runs a year or own the node that trains them
    bool        Hybrid = false;
    double      RunsPerYear = 0;
    double      RunHours = 0;            // one run, wall-clock hours
    double      RunRentCost = 0;         // one run rented
    double      RentPerYear = 0;         // RunsPerYear × RunRentCost
    double      OwnPerYear = 0;          // owning the node a year for those runs
    double      BreakEvenRunsPerYear = 0; // runs a year from which owning is cheaper (0 = never)
    // Hybrid year (inference workloads): own this inference node and rent N LoRA fine-tuning runs of the same
    // model a year (guide 002), against renting both; the run is sized by the scenario's training block
    bool        HybridYear = false;
    double      YearRuns = 0;            // fine-tuning runs a year
    double      YearRunCost = 0;         // one LoRA run rented
    double      YearRunHours = 0;
    double      YearOwnInference = 0;    // 12 × OwnPerMonth
    double      YearRentInference = 0;   // 12 × RentPerMonth
    double      YearHybrid = 0;          // own inference + rented runs
    double      YearRentAll = 0;         // rented inference + rented runs
    // Advice and provenance
    std::vector<TcoAdvice>      Advice;  // the guides' common mistakes found in this scenario
    std::vector<DerivationStep> Steps;   // how each headline number was computed
};

// Which tier of the guides' tables a workload falls in, with the reasons. `result` is the evaluated scenario.
void WorkloadTier(const Scenario& scenario, const Result& result, const std::vector<TierSpec>& tiers, TcoResult* out);

// The reference node for the scenario's GPU: `server_id` when given, else the catalog node holding the
// deployment in the fewest nodes. nullptr when no node carries this GPU.
const ServerSpec* ChooseServer(const Scenario& scenario, const std::vector<ServerSpec>& servers, const std::string& server_id);

// The full computation: tier, node, bill of materials, monthly and cumulative costs, payback, verdicts, hybrid
// and advice. `result` must carry Cost (ApplyCosts); `plan` is the catalog ranking (cheaper alternatives);
// `fine_tune_run` (inference only, may be null) is a LoRA run of the same model evaluated with costs (the hybrid year).
TcoResult ComputeTco(const Scenario& scenario, const Result& result, const ServerSpec* server, const TcoAssumptions& assumptions,
                     const std::vector<TierSpec>& tiers, const AdviceRules& rules, const std::vector<StackSpec>& stacks,
                     const AdviceContext& context, const std::vector<PlanRow>& plan, const Result* fine_tune_run = nullptr);

} // namespace engine
