// gpuplan scenario: the accepted range of every number a visitor can set. The JSON/link reader, the catalog's
// model reader and the page's fields all take their ranges from here, so a shared link never holds a value the
// page would change, and a value the page clamps is named with this range in a notice.
#pragma once
#include "engine/scenario.h"

namespace scenario {

struct FieldRange {
    const char* Path; // the scenario JSON path, as messages name it
    double      Min;
    double      Max;
};

namespace limits {
// hardware
constexpr FieldRange kGpuCount          {"hardware.count", 1, engine::kMaxGpuCount};
constexpr FieldRange kGpusPerNode       {"hardware.gpus_per_node", 1, 1024};
constexpr FieldRange kNetworkGbSPerGpu  {"hardware.network_gb_s_per_gpu", 0.01, 10000};
// model (inline architectures and catalog entries)
constexpr FieldRange kParams            {"model.params", 1e6, 1e14};
constexpr FieldRange kLayers            {"model.layers", 1, 1000};
constexpr FieldRange kHidden            {"model.hidden", 1, 1 << 20};
constexpr FieldRange kHeads             {"model.heads", 1, 4096};
constexpr FieldRange kKvHeads           {"model.kv_heads", 0, 4096};
constexpr FieldRange kHeadDim           {"model.head_dim", 0, 4096};
constexpr FieldRange kFfn               {"model.ffn", 0, 1 << 30};
constexpr FieldRange kVocab             {"model.vocab", 1, 1 << 24};
// precision
constexpr FieldRange kAllowedPrecisions {"precision.allowed", 0, static_cast<double>(engine::Format::Count)}; // formats in the list
// inference
constexpr FieldRange kContextTokens     {"inference.context_tokens", 0, 1e8};
constexpr FieldRange kInputTokens       {"inference.input_tokens", 0, 1e8};
constexpr FieldRange kOutputTokens      {"inference.output_tokens", 0, 1e8};
constexpr FieldRange kConcurrency       {"inference.concurrency", 1, 1e7};
constexpr FieldRange kTensorParallel    {"tensor_parallel", 1, 65536};
constexpr FieldRange kPipelineParallel  {"pipeline_parallel", 1, 1000};
constexpr FieldRange kTtftSlaS          {"inference.ttft_sla_s", 0, 1e6};
constexpr FieldRange kMinTokensPerUser  {"inference.min_tokens_per_s_per_user", 0, 1e6};
constexpr FieldRange kTargetUsers       {"inference.target_users", 0, 1e9};
constexpr FieldRange kBatchRequests     {"inference.batch_requests", 0, 1e12};
// training
constexpr FieldRange kTrainingTokens    {"training.tokens", 1, 1e16};
constexpr FieldRange kSeqLen            {"training.seq_len", 1, 1e8};
constexpr FieldRange kMicroBatch        {"training.micro_batch", 1, 1e6};
constexpr FieldRange kContextParallel   {"training.context_parallel", 1, 65536};
constexpr FieldRange kLoraRank          {"training.lora_rank", 1, 65536};
constexpr FieldRange kLossChunks        {"training.loss_chunks", 1, 1024};
// cost
constexpr FieldRange kPricePerGpuHour   {"cost.price_per_gpu_hour", 0, 1e6};
constexpr FieldRange kPurchasePerGpu    {"cost.purchase_price_per_gpu", 0, 1e9};
constexpr FieldRange kElectricityPerKwh {"cost.electricity_per_kwh", 0, 1e4};
constexpr FieldRange kPue               {"cost.pue", 0, 5};
constexpr FieldRange kUtilization       {"cost.utilization", 0, 1};
} // namespace limits

} // namespace scenario
