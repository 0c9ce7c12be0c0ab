// gpuplan engine: renting vs owning — per hour, per job, per million tokens, payback. Prices are inputs
// (the caller converts catalog offers into the scenario's currency); the engine only does arithmetic.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"
#include "engine/scenario.h"

namespace engine {

// One catalog offer for the scenario's GPU, already in the scenario's currency.
struct PriceOption {
    std::string OfferId;
    std::string ProviderId;
    std::string ProviderName;
    std::string Kind;                    // on_demand | spot | reserved_1y | reserved_3y
    std::string Region;
    std::string AsOf;
    int         GpusPerInstance     = 1;
    double      PricePerGpuHour     = 0; // in the scenario's currency
    double      BillingGranularityS = 0; // 0 = unknown (treated as per second)
    double      BillingMinimumS     = 0;
    bool        Estimate            = false;
    bool        Stale               = false; // older than six months at the catalog's release date: never the cheapest unless allowed
    int         AgeDays             = -1;    // days from as_of to the catalog's release date; -1 = unknown
    bool        VatIncluded         = false; // PricePerGpuHour includes VAT (as the scenario's cost.prices_include_vat asks)
    bool        DearerThanOnDemand  = false; // spot only: no saving over the cheapest current on-demand offer for this GPU
    double      EgressPerGb         = -1; // internet egress, in the scenario's currency per GB; -1 = not published
    // The fabric the offer states (price catalog `fabric_inter`, `network_gb_s_per_gpu`, `gpus_per_node`).
    std::string Fabric;                   // between nodes: "infiniband" | "roce" | "efa" | "ethernet"; "" = not stated
    double      NetworkBytesPerSPerGpu = 0; // stated inter-node bandwidth per GPU, bytes/s; 0 = not stated
    int         GpusPerNode         = 0;  // GPUs one host of this offer holds; 0 = not stated
};

// Whether an offer's `fabric` between hosts is a fast one (InfiniBand, RoCE or EFA): the only fabrics a configuration
// may span hosts on (docs/PLANNING.md, "Network").
inline bool IsFastFabric(std::string_view fabric) { return fabric == "infiniband" || fabric == "roce" || fabric == "efa"; }

// Average hours in a month: 365 × 24 / 12.
constexpr double kHoursPerMonth = 730.0;
// Default power usage effectiveness of a data-centre room. source: Uptime Institute Global Data Center Survey
// 2024 — average annual PUE 1.56.
constexpr double kDefaultPue = 1.56;
// Default electricity price, USD/kWh. source: US EIA Electricity Monthly Update (2024–2025): the median state's
// average revenue per kWh, all sectors, is 11.5–11.9 ¢/kWh. Converted by the caller for other currencies.
constexpr double kDefaultElectricityUsdPerKwh = 0.12;

// Block storage for weights and checkpoints, USD per GB-month: AWS EBS gp3, us-east-1. source: aws.amazon.com/ebs/pricing
// (gp3 storage $0.08/GB-month, read 2026-11). Converted by the caller; overridable as cost.storage_per_gb_month.
constexpr double kDefaultStorageUsdPerGbMonth = 0.08;
// Reading the weights on a cold start, bytes/s per replica: one EBS gp3 volume's maximum throughput, 1,000 MiB/s.
// source: AWS EBS volume types (gp3: "up to 1,000 MiB/s"). Overridable as inference.weights_load_gb_s.
constexpr double kDefaultWeightsLoadBytesPerS = 1000.0 * 1048576.0;
// Host-to-GPU copy, bytes/s per GPU per direction: PCIe 4.0 x16 (PCI-SIG: 16 GT/s × 16 lanes ≈ 32 GB/s).
constexpr double kHostToGpuBytesPerS = 32e9;
// Response size per generated token sent to the client: about 4 characters of English per token (OpenAI, "What are
// tokens and how to count them"), 1 byte each in UTF-8. Streaming framing is left out.
constexpr double kResponseBytesPerToken = 4.0;
// Spot interruptions per instance-hour when the visitor gives none: Google Cloud stops a preemptible VM after at most
// 24 hours (cloud.google.com/compute/docs/instances/preemptible, "Limitations"), so at least one reclaim a day.
constexpr double kDefaultInterruptionsPerInstanceHour = 1.0 / 24.0;
// Inter-node network per GPU for an offer that states no fabric: "Ethernet-class", a 100 Gb/s instance NIC shared by
// 8 GPUs. source: AWS EC2 G5 instances (g5.48xlarge, 8 × A10G: "100 Gbps" network bandwidth). 100e9 / 8 / 8 bytes/s.
constexpr double kEthernetClassBytesPerSPerGpu = 100e9 / 8.0 / 8.0;
constexpr double kDaysPerMonth = 365.0 / 12.0;

// Seconds billed for a run of `seconds`: rounded up to the provider's granularity, at least its minimum.
double BilledSeconds(double seconds, double granularity_s, double minimum_s);
// TTFT of a request arriving while a replica decodes `concurrency_per_replica − 1` other sequences: the point of the
// Result's throughput curve at that concurrency, or the next point above it (conservative) — the curve is the one
// computation both the planner and the Result use.
double TtftAtLoadS(const Result& result, double concurrency_per_replica);
// Share of the extra work an interrupted spot job redoes: `interruptions_per_s` × (restart + lost work) per
// interruption. The visitor's spot.preemption_overhead (≥ 0) overrides.
double SpotOverheadShare(const SpotParams& spot, double interruptions_per_s, double lost_s_per_interruption);

// Fills result->Cost from the offers (and scenario.Cost). Offers whose kind is reserved are listed but the
// headline uses on-demand and spot. Adds derivation steps and warnings (no price, estimate, old prices).
// Also fills Cost.Serving (online inference), Cost.Batch (batch inference) and Cost.Train (training): the workload's own
// cost. `storage_per_gb_month_default` is kDefaultStorageUsdPerGbMonth in the scenario's currency.
void ApplyCosts(const Scenario& scenario, const std::vector<PriceOption>& offers, double electricity_per_kwh_default,
                Result* result, double storage_per_gb_month_default = kDefaultStorageUsdPerGbMonth);

} // namespace engine
