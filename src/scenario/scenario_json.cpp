// gpuplan scenario: JSON / URL codecs.
//
// Index
// [SECTION] Reading
// [SECTION] Writing
// [SECTION] URL hash
// [SECTION] Result JSON
#include "scenario/scenario_json.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include <nlohmann/json.hpp>

#include "catalog/json_reader.h"
#include "input/json_input.h"
#include "scenario/field_limits.h"
#include "engine/engine.h"
#include "scenario/hf_config.h"

namespace scenario {

using catalog::Issue;
using catalog::ObjectReader;
using nlohmann::json;
namespace L = scenario::limits;

namespace {

constexpr const char* kFile = "scenario";
// A scenario nests three levels (model.hf_config may add a few); anything deeper is not a scenario.
constexpr int kScenarioMaxDepth = 32;
constexpr double kMinEfficiencyShare = 0.001;
// A link whose fields are dropped one round at a time (a dropped block can reveal a field error inside another).
constexpr int kMaxLinkRepairs = 8;

} // namespace

engine::Scenario DefaultScenario(const catalog::Catalog& catalog) {
    engine::Scenario s;
    if (const catalog::ModelEntry* model = catalog.FindModel(kDefaultModelId)) s.Model = model->Arch;
    else if (!catalog.Models.empty()) s.Model = catalog.Models.front().Arch;
    // The default GPU, or the first the catalog can evaluate (an operator's catalog may lack it or its figures).
    const catalog::GpuEntry* gpu = catalog.FindGpu(kDefaultGpuId);
    if (gpu == nullptr || !gpu->UnknownPerformance.empty()) {
        gpu = nullptr;
        for (const catalog::GpuEntry& entry : catalog.Gpus)
            if (entry.UnknownPerformance.empty()) { gpu = &entry; break; }
    }
    if (gpu != nullptr) s.Gpu = gpu->Spec;
    return s;
}

//-----------------------------------------------------------------------------
// [SECTION] Reading
//-----------------------------------------------------------------------------

namespace {

template <typename Enum>
void ReadEnum(ObjectReader* r, const char* field, bool (*parse)(const std::string&, Enum*), const char* choices, Enum* out) {
    if (!r->Has(field)) {
        r->Skip(field);
        return;
    }
    const std::string name = r->String(field, false);
    if (!parse(name, out)) r->Error(field, std::string("expected one of ") + choices + ", got \"" + name + "\"");
}

void ReadFormat(ObjectReader* r, const char* field, engine::Format* out) {
    if (!r->Has(field)) {
        r->Skip(field);
        return;
    }
    const std::string name = r->String(field, false);
    if (!engine::ParseFormat(name, out)) r->Error(field, "unknown format \"" + name + "\"; expected one of " + engine::FormatNameList());
}

// precision.layer_weights: {"attention": "bf16", "lm_head": "nf4", ...}, a storage format per parameter group
// (engine::WeightGroup) for mixed-precision checkpoints.
void ReadLayerWeights(ObjectReader* r, engine::PrecisionSet* out) {
    const json* groups = r->Child("layer_weights");
    if (groups == nullptr) return;
    if (!groups->is_object()) {
        r->Error("layer_weights", "expected an object {group: format}");
        return;
    }
    for (auto it = groups->begin(); it != groups->end(); ++it) {
        engine::WeightGroup group;
        engine::Format format;
        if (!engine::ParseWeightGroup(it.key(), &group)) {
            r->Error("layer_weights." + it.key(), "unknown group; expected embedding, lm_head, attention, mlp or experts");
        } else if (!it.value().is_string() || !engine::ParseFormat(it.value().get<std::string>(), &format) || format == engine::Format::Tf32) {
            r->Error("layer_weights." + it.key(), "expected a weight format name, one of " + engine::FormatNameList() + " (not tf32)");
        } else {
            out->LayerWeights[static_cast<int>(group)] = format;
        }
    }
}

// precision.allowed: weight formats `gpuplan plan` may choose (engine/plan.h PlanPrecisions); duplicates are dropped.
void ReadAllowedFormats(ObjectReader* r, std::vector<engine::Format>* out) {
    if (!r->Has("allowed")) {
        r->Skip("allowed");
        return;
    }
    const std::vector<std::string> names = r->Strings("allowed", {});
    if (names.size() > static_cast<size_t>(limits::kAllowedPrecisions.Max)) {
        r->Error("allowed", "at most " + std::to_string(static_cast<int>(limits::kAllowedPrecisions.Max)) + " formats, got " + std::to_string(names.size()));
        return;
    }
    std::vector<engine::Format> formats;
    for (const std::string& name : names) {
        engine::Format f;
        if (!engine::ParseFormat(name, &f) || f == engine::Format::Tf32) {
            r->Error("allowed", "unknown weight format \"" + name + "\"; expected names from " + engine::FormatNameList() + " (not tf32)");
            return;
        }
        if (std::find(formats.begin(), formats.end(), f) == formats.end()) formats.push_back(f);
    }
    *out = formats;
}

void ReadModel(ObjectReader* top, const catalog::Catalog& catalog, engine::Scenario* s, std::vector<Issue>* issues) {
    const json* model = top->Child("model");
    if (model == nullptr) return; // default stays
    if (model->is_string()) {
        const std::string id = model->get<std::string>();
        const catalog::ModelEntry* entry = catalog.FindModel(id);
        if (entry == nullptr) top->Error("model", "unknown model id \"" + id + "\"; the catalog lists the known models");
        else s->Model = entry->Arch;
        return;
    }
    if (!model->is_object()) {
        top->Error("model", "expected a catalog id or an architecture object");
        return;
    }
    if (model->contains("hf_config")) { // a Hugging Face config.json (hf_config.h)
        engine::ModelArch arch;
        if (!ModelFromHfConfig((*model)["hf_config"], "model.hf_config", &arch, issues)) top->Error("model", "hf_config: not a usable config.json (see above)");
        else s->Model = arch;
        if (model->contains("name") && (*model)["name"].is_string()) s->Model.Name = (*model)["name"].get<std::string>();
        return;
    }
    ObjectReader r(*model, kFile, "", issues, "model.");
    engine::ModelArch arch;
    arch.Name = r.String("name", false, "custom model");
    arch.Id = "";
    catalog::ReadModelArchFields(&r, &arch);
    r.ReportUnknownFields();
    if (!r.Ok()) top->Error("model", "invalid inline architecture (see the fields above)");
    s->Model = arch;
}

void ReadHardware(ObjectReader* top, const catalog::Catalog& catalog, engine::Scenario* s, std::vector<Issue>* issues) {
    const json* hardware = top->Child("hardware");
    if (hardware == nullptr) return;
    if (!hardware->is_object()) {
        top->Error("hardware", "expected an object {gpu, count}");
        return;
    }
    ObjectReader r(*hardware, kFile, "", issues, "hardware.");
    const json* gpu = r.Child("gpu");
    if (gpu != nullptr && gpu->is_string()) {
        const std::string id = gpu->get<std::string>();
        const catalog::GpuEntry* entry = catalog.FindGpu(id);
        if (entry == nullptr) r.Error("gpu", "unknown GPU id \"" + id + "\"; the catalog lists the known GPUs");
        else if (!entry->UnknownPerformance.empty())
            r.Error("gpu", "\"" + id + "\" has no published " + entry->UnknownPerformance.front() +
                               " in the catalog; pick another GPU or give an inline spec with that figure");
        else s->Gpu = entry->Spec;
    } else if (gpu != nullptr && gpu->is_object()) {
        ObjectReader g(*gpu, kFile, "", issues, "hardware.gpu.");
        engine::GpuSpec spec;
        spec.Name = g.String("name", false, "custom GPU");
        spec.Vendor = g.String("vendor", false, "");
        catalog::ReadGpuSpecFields(&g, &spec, nullptr);
        g.ReportUnknownFields();
        if (!g.Ok()) r.Error("gpu", "invalid inline GPU spec (see the fields above)");
        s->Gpu = spec;
    } else if (gpu != nullptr) {
        r.Error("gpu", "expected a catalog id or a GPU spec object");
    }
    s->GpuCount = r.Integer("count", L::kGpuCount, false, s->GpuCount);
    s->Cluster.GpusPerNode = r.Integer("gpus_per_node", L::kGpusPerNode, false, s->Cluster.GpusPerNode);
    s->Cluster.NetworkBytesPerSPerGpu = r.Number("network_gb_s_per_gpu", L::kNetworkGbSPerGpu, false, s->Cluster.NetworkBytesPerSPerGpu / 1e9) * 1e9;
    r.ReportUnknownFields();
    if (!r.Ok()) top->Error("hardware", "invalid (see the fields above)");
}

// Planner inputs (issue 9): the traffic profile, queue-inclusive TTFT targets, scale-to-zero, the batch deadline.
void ReadServing(ObjectReader* r, engine::InferenceParams* in, std::vector<Issue>* issues) {
    in->TtftP95SlaS = r->Number("ttft_p95_sla_s", 0, 1e6, false, in->TtftP95SlaS);
    in->TtftP99SlaS = r->Number("ttft_p99_sla_s", 0, 1e6, false, in->TtftP99SlaS);
    in->ScaleToZero = r->Boolean("scale_to_zero", in->ScaleToZero);
    in->WeightsLoadBytesPerS = r->Number("weights_load_gb_s", 0, 1e4, false, in->WeightsLoadBytesPerS / 1e9) * 1e9;
    in->DeadlineS = r->Number("deadline_s", 0, 1e9, false, in->DeadlineS);
    const json* block = r->Child("traffic");
    if (block == nullptr) return;
    if (!block->is_object()) return r->Error("traffic", "expected an object");
    ObjectReader t(*block, kFile, "", issues, "inference.traffic.");
    engine::TrafficProfile& p = in->Traffic;
    p.RequestsPerS = t.Number("requests_per_s", 0, 1e7, false, p.RequestsPerS);
    p.RequestsPerDay = t.Number("requests_per_day", 0, 1e12, false, p.RequestsPerDay);
    p.PeakToAverage = t.Number("peak_to_average", 1, 1000, false, p.PeakToAverage);
    p.HoursPerDay = t.Number("hours_per_day", 0.01, 24, false, p.HoursPerDay);
    t.ReportUnknownFields();
    if (!t.Ok()) r->Error("traffic", "invalid (see the fields above)");
}

void ReadInference(ObjectReader* top, engine::InferenceParams* in, std::vector<Issue>* issues) {
    const json* block = top->Child("inference");
    if (block == nullptr) return;
    if (!block->is_object()) return top->Error("inference", "expected an object");
    ObjectReader r(*block, kFile, "", issues, "inference.");
    ReadEnum(&r, "mode", engine::ParseServingMode, "online, batch", &in->Mode);
    in->ContextTokens = r.Number("context_tokens", L::kContextTokens, false, in->ContextTokens);
    in->InputTokens = r.Number("input_tokens", L::kInputTokens, false, in->InputTokens);
    in->OutputTokens = r.Number("output_tokens", L::kOutputTokens, false, in->OutputTokens);
    in->Concurrency = r.Integer("concurrency", L::kConcurrency, false, in->Concurrency);
    in->TensorParallel = r.Integer("tensor_parallel", L::kTensorParallel, false, in->TensorParallel);
    in->PipelineParallel = r.Integer("pipeline_parallel", L::kPipelineParallel, false, in->PipelineParallel);
    in->TtftSlaS = r.Number("ttft_sla_s", L::kTtftSlaS, false, in->TtftSlaS);
    in->MinTokensPerSPerUser = r.Number("min_tokens_per_s_per_user", L::kMinTokensPerUser, false, in->MinTokensPerSPerUser);
    in->TargetUsers = r.Number("target_users", L::kTargetUsers, false, in->TargetUsers);
    in->BatchRequests = r.Number("batch_requests", L::kBatchRequests, false, in->BatchRequests);
    in->PrefillChunkTokens = r.Number("prefill_chunk_tokens", 1, L::kContextTokens.Max, false, in->PrefillChunkTokens);
    in->KvBlockTokens = r.Number("kv_block_tokens", 1, 65536, false, in->KvBlockTokens);
    in->Engine = r.String("engine", false, in->Engine);
    if (!in->Engine.empty() && in->Engine != "vllm" && in->Engine != "sglang" && in->Engine != "trtllm" && in->Engine != "llama.cpp" &&
        in->Engine != "ollama" && in->Engine != "pytorch-eager")
        r.Error("engine", "unknown serving engine \"" + in->Engine + "\"; expected vllm, sglang, trtllm, llama.cpp, ollama or pytorch-eager");
    in->ExpertParallel = r.Integer("expert_parallel", 1, 65536, false, in->ExpertParallel);
    in->RequestRatePerS = r.Number("request_rate_per_s", 0, 1e9, false, in->RequestRatePerS);
    ReadServing(&r, in, issues);
    r.ReportUnknownFields();
    if (!r.Ok()) top->Error("inference", "invalid (see the fields above)");
}

// Planner inputs (issue 9): spot interruptions and checkpoints.
void ReadSpot(ObjectReader* top, engine::SpotParams* spot, std::vector<Issue>* issues) {
    const json* block = top->Child("spot");
    if (block == nullptr) return;
    if (!block->is_object()) return top->Error("spot", "expected an object");
    ObjectReader r(*block, kFile, "", issues, "spot.");
    spot->InterruptionsPerInstanceHour = r.Number("interruptions_per_instance_hour", 0, 100, false, spot->InterruptionsPerInstanceHour);
    spot->PreemptionOverhead = r.Number("preemption_overhead", -1, 10, false, spot->PreemptionOverhead);
    spot->CheckpointIntervalS = r.Number("checkpoint_interval_s", 0, 1e7, false, spot->CheckpointIntervalS);
    spot->RestartS = r.Number("restart_s", 0, 1e6, false, spot->RestartS);
    r.ReportUnknownFields();
    if (!r.Ok()) top->Error("spot", "invalid (see the fields above)");
}

void ReadTraining(ObjectReader* top, engine::TrainingParams* t, std::vector<Issue>* issues) {
    const json* block = top->Child("training");
    if (block == nullptr) return;
    if (!block->is_object()) return top->Error("training", "expected an object");
    ObjectReader r(*block, kFile, "", issues, "training.");
    t->Tokens = r.Number("tokens", L::kTrainingTokens, false, t->Tokens);
    t->SeqLen = r.Number("seq_len", L::kSeqLen, false, t->SeqLen);
    t->MicroBatch = r.Integer("micro_batch", L::kMicroBatch, false, t->MicroBatch);
    t->GlobalBatchTokens = r.Number("global_batch_tokens", 0, 1e12, false, t->GlobalBatchTokens);
    t->TensorParallel = r.Integer("tensor_parallel", L::kTensorParallel, false, t->TensorParallel);
    t->PipelineParallel = r.Integer("pipeline_parallel", L::kPipelineParallel, false, t->PipelineParallel);
    t->ContextParallel = r.Integer("context_parallel", L::kContextParallel, false, t->ContextParallel);
    t->SequenceParallel = r.Boolean("sequence_parallel", t->SequenceParallel);
    t->MoeA2aOverlap = r.Boolean("moe_a2a_overlap", t->MoeA2aOverlap);
    t->MoeFlexDispatcher = r.Boolean("moe_flex_dispatcher", t->MoeFlexDispatcher);
    t->Dropout = r.Boolean("dropout", t->Dropout);
    ReadEnum(&r, "fp8_scaling", engine::ParseFp8Scaling, "current, delayed, mxfp8", &t->Fp8Scaling);
    t->ZeroStage = r.Integer("zero_stage", 0, 3, false, t->ZeroStage);
    t->ShardGroupGpus = r.Integer("shard_group_gpus", 0, 1000000, false, t->ShardGroupGpus);
    t->OffloadOptimizer = r.Boolean("offload_optimizer", t->OffloadOptimizer);
    ReadEnum(&r, "recompute", engine::ParseRecompute, "none, selective, full", &t->Recompute);
    t->FlashAttention = r.Boolean("flash_attention", t->FlashAttention);
    ReadEnum(&r, "optimizer", engine::ParseOptimizer, "adamw, adamw_8bit, adafactor, sgd", &t->Optimizer);
    t->MasterWeightsFp32 = r.Boolean("master_weights_fp32", t->MasterWeightsFp32);
    t->LoraRank = r.Integer("lora_rank", L::kLoraRank, false, t->LoraRank);
    t->LoraTargets = r.Strings("lora_targets", t->LoraTargets);
    for (const std::string& target : t->LoraTargets)
        if (target != "q" && target != "k" && target != "v" && target != "o" && target != "gate" && target != "up" && target != "down")
            r.Error("lora_targets", "unknown target \"" + target + "\"; expected q, k, v, o, gate, up, down");
    t->PagedOptimizer = r.Boolean("paged_optimizer", t->PagedOptimizer);
    t->OptimizerInBackward = r.Boolean("optimizer_in_backward", t->OptimizerInBackward);
    t->LossChunks = r.Integer("loss_chunks", L::kLossChunks, false, t->LossChunks);
    t->OffloadActivations = r.Boolean("offload_activations", t->OffloadActivations);
    t->StatesInWeightDtype = r.Boolean("states_in_weight_dtype", t->StatesInWeightDtype);
    t->GradsSetToNone = r.Boolean("grads_set_to_none", t->GradsSetToNone);
    t->CompiledLoss = r.Boolean("compiled_loss", t->CompiledLoss);
    t->ExpertParallel = r.Integer("expert_parallel", 1, 65536, false, t->ExpertParallel);
    t->VirtualPipelineStages = r.Integer("virtual_pipeline_stages", 1, 1000, false, t->VirtualPipelineStages);
    r.ReportUnknownFields();
    if (!r.Ok()) top->Error("training", "invalid (see the fields above)");
}

void ReadEfficiency(ObjectReader* top, engine::EfficiencyOverrides* e, std::vector<Issue>* issues) {
    const json* block = top->Child("efficiency");
    if (block == nullptr) return;
    if (!block->is_object()) return top->Error("efficiency", "expected an object");
    ObjectReader r(*block, kFile, "", issues, "efficiency.");
    // 0 = the documented default; otherwise a share of the peak. Below 0.1 % no real system runs, and such a
    // share only turns times into numbers past any meaning (1e-300 made a run last 1e304 hours).
    auto share = [&](const char* field, double fallback) {
        const double value = r.Number(field, 0, 1, false, fallback);
        if (value > 0 && value < kMinEfficiencyShare) {
            r.Error(field, "expected 0 (the default) or a share between 0.001 and 1, got " + input::DescribeJson(value));
            return fallback;
        }
        return value;
    };
    e->Mfu = share("mfu", e->Mfu);
    e->BandwidthEfficiency = share("bandwidth_efficiency", e->BandwidthEfficiency);
    e->ComputeEfficiency = share("compute_efficiency", e->ComputeEfficiency);
    e->InterconnectEfficiency = share("interconnect_efficiency", e->InterconnectEfficiency);
    const double overhead_gb = r.Number("runtime_overhead_gb", 0, 1000, false, -1);
    if (overhead_gb >= 0) e->RuntimeOverheadBytes = overhead_gb * 1e9;
    e->GpuMemoryUtilization = r.Number("gpu_memory_utilization", 0, 1, false, e->GpuMemoryUtilization);
    const double step_ms = r.Number("step_overhead_ms", 0, 1000, false, -1);
    if (step_ms >= 0) e->StepOverheadS = step_ms * 1e-3;
    const double sequence_us = r.Number("sequence_overhead_us", 0, 100000, false, -1);
    if (sequence_us >= 0) e->SequenceOverheadS = sequence_us * 1e-6;
    const double host_layer_us = r.Number("host_layer_us", 0, 1e6, false, -1);
    if (host_layer_us >= 0) e->HostLayerS = host_layer_us * 1e-6;
    e->MoeExpertComputeShare = share("moe_expert_compute_share", e->MoeExpertComputeShare);
    const double expert_launch_us = r.Number("moe_expert_launch_us", 0, 100000, false, -1);
    if (expert_launch_us >= 0) e->MoeExpertLaunchS = expert_launch_us * 1e-6;
    const double kernel_launch_us = r.Number("moe_kernel_launch_us", 0, 100000, false, -1);
    if (kernel_launch_us >= 0) e->MoeKernelLaunchS = kernel_launch_us * 1e-6;
    e->NonGemmTrafficPerActivationByte = r.Number("non_gemm_traffic_per_activation_byte", 0, 1000, false, e->NonGemmTrafficPerActivationByte);
    r.ReportUnknownFields();
    if (!r.Ok()) top->Error("efficiency", "invalid (see the fields above)");
}

} // namespace

namespace {

// cost.data_residency and cost.tco (owning in full, docs/SCENARIO.md "Owning"): negative = the catalog default.
void ReadOwnership(ObjectReader* r, const catalog::Catalog& catalog, engine::CostParams* c, std::vector<Issue>* issues) {
    c->DataResidency = r->String("data_residency", false, c->DataResidency);
    if (!c->DataResidency.empty() && catalog::ResidencyCountries(c->DataResidency).empty())
        r->Error("data_residency", "expected \"RU\", \"EU\" or \"\", got \"" + c->DataResidency + "\"");
    const json* block = r->Child("tco");
    if (block == nullptr) return;
    if (!block->is_object()) return r->Error("tco", "expected an object");
    ObjectReader t(*block, kFile, "", issues, "cost.tco.");
    engine::TcoParams& p = c->Tco;
    p.ServerId = t.String("server", false, p.ServerId);
    bool known_server = p.ServerId.empty();
    for (const engine::ServerSpec& server : catalog.Servers) known_server = known_server || server.Id == p.ServerId;
    if (!known_server) t.Error("server", "unknown server id \"" + p.ServerId + "\" (catalogs/servers.json)");
    p.NodePrice = t.Number("node_price", 0, 1e12, false, p.NodePrice);
    p.ColocationPerKwMonth = t.Number("colocation_per_kw_month", 0, 1e7, false, p.ColocationPerKwMonth);
    p.MaintenanceSharePerYear = t.Number("maintenance_share_per_year", 0, 1, false, p.MaintenanceSharePerYear);
    p.DepreciationYears = t.Number("depreciation_years", 1, 20, false, p.DepreciationYears);
    p.ResidualShare = t.Number("residual_share", 0, 1, false, p.ResidualShare);
    p.StaffFtePerNode = t.Number("staff_fte_per_node", 0, 10, false, p.StaffFtePerNode);
    p.AdminPerYear = t.Number("admin_per_year", 0, 1e10, false, p.AdminPerYear);
    p.FabricPerGpu = t.Number("fabric_per_gpu", 0, 1e8, false, p.FabricPerGpu);
    p.ImportMarkup = t.Number("import_markup", 0, 10, false, p.ImportMarkup);
    p.TrainingRunsPerYear = t.Number("training_runs_per_year", 0, 10000, false, p.TrainingRunsPerYear);
    t.ReportUnknownFields();
    if (!t.Ok()) r->Error("tco", "invalid (see the fields above)");
}

void ReadCost(ObjectReader* top, const catalog::Catalog& catalog, engine::CostParams* c, std::vector<Issue>* issues) {
    const json* block = top->Child("cost");
    if (block == nullptr) return;
    if (!block->is_object()) return top->Error("cost", "expected an object");
    ObjectReader r(*block, kFile, "", issues, "cost.");
    c->Currency = r.String("currency", false, c->Currency);
    if (!catalog.Fx.PerUsd.count(c->Currency)) {
        std::string known;
        for (const auto& [code, rate] : catalog.Fx.PerUsd) known += (known.empty() ? "" : ", ") + code;
        r.Error("currency", "no exchange rate for \"" + c->Currency + "\"; expected one of " + known);
    }
    c->PricePerGpuHour = r.Number("price_per_gpu_hour", L::kPricePerGpuHour, false, c->PricePerGpuHour);
    c->Provider = r.String("provider", false, c->Provider);
    if (!c->Provider.empty() && catalog.FindProvider(c->Provider) == nullptr) r.Error("provider", "unknown provider id \"" + c->Provider + "\"");
    c->PurchasePricePerGpu = r.Number("purchase_price_per_gpu", L::kPurchasePerGpu, false, c->PurchasePricePerGpu);
    c->ElectricityPerKwh = r.Number("electricity_per_kwh", L::kElectricityPerKwh, false, c->ElectricityPerKwh);
    c->Pue = r.Number("pue", L::kPue, false, c->Pue);
    if (c->Pue > 0 && c->Pue < 1) r.Error("pue", "expected 0 (default) or a number between 1 and 5");
    c->Utilization = r.Number("utilization", L::kUtilization, false, c->Utilization);
    c->PricesIncludeVat = r.Boolean("prices_include_vat", c->PricesIncludeVat);
    c->AllowStalePrices = r.Boolean("allow_stale_prices", c->AllowStalePrices);
    ReadOwnership(&r, catalog, c, issues);
    c->StoragePerGbMonth = r.Number("storage_per_gb_month", 0, 1e4, false, c->StoragePerGbMonth);
    c->HostedApiPerMillionInput = r.Number("hosted_api_per_million_input", 0, 1e6, false, c->HostedApiPerMillionInput);
    c->HostedApiPerMillionOutput = r.Number("hosted_api_per_million_output", 0, 1e6, false, c->HostedApiPerMillionOutput);
    r.ReportUnknownFields();
    if (!r.Ok()) top->Error("cost", "invalid (see the fields above)");
}

} // namespace

bool ScenarioFromJson(const std::string& text, const catalog::Catalog& catalog, engine::Scenario* out, std::vector<Issue>* issues) {
    json doc;
    std::string error;
    if (!input::ParseJson(text, input::JsonLimits{input::kScenarioMaxBytes, kScenarioMaxDepth}, &doc, &error)) {
        issues->push_back(Issue{kFile, "", "", "malformed JSON: " + error, true});
        return false;
    }
    return ScenarioFromJsonValue(doc, catalog, out, issues);
}

bool ScenarioFromJsonValue(const json& doc, const catalog::Catalog& catalog, engine::Scenario* out, std::vector<Issue>* issues) {
    const size_t first_issue = issues->size();
    if (!doc.is_object()) {
        issues->push_back(Issue{kFile, "", "", "expected a JSON object", true});
        return false;
    }
    engine::Scenario s = DefaultScenario(catalog);
    ObjectReader top(doc, kFile, "", issues);
    const std::string schema = top.String("schema", false, kScenarioSchema);
    if (schema.rfind("gpuplan.scenario/", 0) != 0) top.Error("schema", std::string("expected \"") + kScenarioSchema + "\", got \"" + schema + "\"");
    else if (schema != kScenarioSchema) issues->push_back(Issue{kFile, "", "schema", "newer version \"" + schema + "\"; reading what this build knows", false});
    ReadEnum(&top, "workload", engine::ParseWorkload, "inference, pretrain, full_finetune, lora, qlora", &s.Workload);
    ReadModel(&top, catalog, &s, issues);
    ReadHardware(&top, catalog, &s, issues);
    const json* precision = top.Child("precision");
    if (precision != nullptr && precision->is_object()) {
        ObjectReader r(*precision, kFile, "", issues, "precision.");
        ReadFormat(&r, "weights", &s.Precision.Weights);
        ReadFormat(&r, "kv_cache", &s.Precision.KvCache);
        ReadFormat(&r, "compute", &s.Precision.Compute);
        ReadAllowedFormats(&r, &s.AllowedWeights);
        ReadLayerWeights(&r, &s.Precision);
        r.ReportUnknownFields();
        if (!r.Ok()) top.Error("precision", "invalid (see the fields above)");
    } else if (precision != nullptr) {
        top.Error("precision", "expected an object {weights, kv_cache, compute}");
    }
    ReadInference(&top, &s.Inference, issues);
    ReadTraining(&top, &s.Training, issues);
    ReadEfficiency(&top, &s.Efficiency, issues);
    ReadCost(&top, catalog, &s.Cost, issues);
    s.Stack = top.String("stack", false, s.Stack);
    bool known_stack = s.Stack.empty();
    for (const engine::StackSpec& stack : catalog.Stacks) known_stack = known_stack || stack.Id == s.Stack;
    if (!known_stack) top.Error("stack", "unknown stack \"" + s.Stack + "\" (catalogs/software.json)");
    ReadSpot(&top, &s.Spot, issues);
    top.ReportUnknownFields();
    // Drop the summary lines ("invalid (see the fields above)") when a field-level error says it already.
    bool field_error = false;
    for (size_t i = first_issue; i < issues->size(); ++i)
        if ((*issues)[i].IsError && (*issues)[i].Message.rfind("invalid", 0) != 0) field_error = true;
    if (field_error) {
        std::vector<Issue> kept(issues->begin(), issues->begin() + first_issue);
        for (size_t i = first_issue; i < issues->size(); ++i)
            if (!((*issues)[i].IsError && (*issues)[i].Message.rfind("invalid", 0) == 0)) kept.push_back((*issues)[i]);
        *issues = kept;
    }
    if (!top.Ok() || catalog::HasErrors(std::vector<Issue>(issues->begin() + first_issue, issues->end()))) return false;
    const std::string engine_error = engine::ValidateScenario(s);
    if (!engine_error.empty()) {
        issues->push_back(Issue{kFile, "", "", engine_error, true});
        return false;
    }
    *out = s;
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Writing
//-----------------------------------------------------------------------------

namespace {

template <typename T>
void Put(json* object, const char* key, const T& value, const T& fallback, bool only_changed) {
    if (!only_changed || !(value == fallback)) (*object)[key] = value;
}

json ModelToJson(const engine::ModelArch& m) {
    if (!m.Id.empty()) return m.Id;
    json j;
    j["name"] = m.Name;
    if (m.Params > 0) j["params"] = m.Params;
    if (m.ActiveParams > 0) j["active_params"] = m.ActiveParams;
    j["layers"] = m.Layers;
    j["hidden"] = m.Hidden;
    j["heads"] = m.Heads;
    j["kv_heads"] = m.KvHeads;
    j["head_dim"] = m.HeadDim;
    j["ffn"] = m.Ffn;
    j["vocab"] = m.Vocab;
    j["gated_mlp"] = m.GatedMlp;
    j["tied_embeddings"] = m.TiedEmbeddings;
    const std::pair<const char*, int> optional[] = {
        {"experts", m.Experts}, {"experts_active", m.ExpertsActive}, {"expert_ffn", m.ExpertFfn},
        {"shared_experts", m.SharedExperts}, {"dense_layers", m.DenseLayers}, {"kv_lora_rank", m.KvLoraRank},
        {"qk_rope_head_dim", m.QkRopeHeadDim}, {"q_lora_rank", m.QLoraRank}, {"qk_nope_head_dim", m.QkNopeHeadDim},
        {"v_head_dim", m.VHeadDim}, {"sliding_window", m.SlidingWindow}, {"sliding_window_pattern", m.SlidingWindowPattern},
        {"max_context", m.MaxContext}};
    for (const auto& [key, value] : optional)
        if (value != 0) j[key] = value;
    return j;
}

json GpuToJson(const engine::GpuSpec& g) {
    if (!g.Id.empty()) return g.Id;
    using engine::ComputeClass;
    auto tflops = [&](ComputeClass c) { return g.PeakFlops[static_cast<int>(c)] / 1e12; };
    json j;
    j["name"] = g.Name;
    j["memory_gb"] = g.MemoryBytes / 1e9;
    j["bandwidth_tb_s"] = g.BandwidthBytesPerS / 1e12;
    j["bf16_dense_tflops"] = tflops(ComputeClass::Bf16);
    const std::pair<const char*, ComputeClass> optional[] = {
        {"fp8_dense_tflops", ComputeClass::Fp8}, {"fp4_dense_tflops", ComputeClass::Fp4}, {"int8_dense_tops", ComputeClass::Int8},
        {"fp32_tflops", ComputeClass::Fp32}, {"tf32_dense_tflops", ComputeClass::Tf32}};
    for (const auto& [key, compute] : optional)
        if (tflops(compute) > 0) j[key] = tflops(compute);
    if (g.InterconnectBytesPerS > 0) j["interconnect_gb_s"] = g.InterconnectBytesPerS / 1e9;
    j["interconnect_kind"] = g.NvlinkLike ? "nvlink" : "pcie";
    if (g.TdpW > 0) j["tdp_w"] = g.TdpW;
    if (!g.Architecture.empty()) j["architecture"] = g.Architecture;
    return j;
}

} // namespace

std::string ScenarioToJson(const engine::Scenario& s, bool only_changed, int indent) {
    const engine::Scenario d; // field defaults
    const bool oc = only_changed;
    json j;
    j["schema"] = kScenarioSchema;
    j["workload"] = engine::WorkloadName(s.Workload);
    j["model"] = ModelToJson(s.Model);
    json hw;
    hw["gpu"] = GpuToJson(s.Gpu);
    hw["count"] = s.GpuCount;
    Put(&hw, "gpus_per_node", s.Cluster.GpusPerNode, d.Cluster.GpusPerNode, oc);
    Put(&hw, "network_gb_s_per_gpu", s.Cluster.NetworkBytesPerSPerGpu / 1e9, d.Cluster.NetworkBytesPerSPerGpu / 1e9, oc);
    j["hardware"] = hw;
    json p = json::object();
    Put<std::string>(&p, "weights", engine::FormatName(s.Precision.Weights), engine::FormatName(d.Precision.Weights), oc);
    Put<std::string>(&p, "kv_cache", engine::FormatName(s.Precision.KvCache), engine::FormatName(d.Precision.KvCache), oc);
    Put<std::string>(&p, "compute", engine::FormatName(s.Precision.Compute), engine::FormatName(d.Precision.Compute), oc);
    if (!s.AllowedWeights.empty()) {
        json allowed = json::array();
        for (engine::Format f : s.AllowedWeights) allowed.push_back(engine::FormatName(f));
        p["allowed"] = allowed;
    }
    json layer_weights = json::object();
    for (int g = 0; g < static_cast<int>(engine::WeightGroup::Count); ++g)
        if (s.Precision.LayerWeights[g] != engine::Format::Count)
            layer_weights[engine::WeightGroupName(static_cast<engine::WeightGroup>(g))] = engine::FormatName(s.Precision.LayerWeights[g]);
    if (!layer_weights.empty()) p["layer_weights"] = layer_weights;
    if (!p.empty()) j["precision"] = p;

    const engine::InferenceParams& in = s.Inference;
    const engine::InferenceParams& din = d.Inference;
    json ij = json::object();
    Put<std::string>(&ij, "mode", engine::ServingModeName(in.Mode), engine::ServingModeName(din.Mode), oc);
    Put(&ij, "context_tokens", in.ContextTokens, din.ContextTokens, oc);
    Put(&ij, "input_tokens", in.InputTokens, din.InputTokens, oc);
    Put(&ij, "output_tokens", in.OutputTokens, din.OutputTokens, oc);
    Put(&ij, "concurrency", in.Concurrency, din.Concurrency, oc);
    Put(&ij, "tensor_parallel", in.TensorParallel, din.TensorParallel, oc);
    Put(&ij, "pipeline_parallel", in.PipelineParallel, din.PipelineParallel, oc);
    Put(&ij, "ttft_sla_s", in.TtftSlaS, din.TtftSlaS, oc);
    Put(&ij, "min_tokens_per_s_per_user", in.MinTokensPerSPerUser, din.MinTokensPerSPerUser, oc);
    Put(&ij, "target_users", in.TargetUsers, din.TargetUsers, oc);
    Put(&ij, "batch_requests", in.BatchRequests, din.BatchRequests, oc);
    Put(&ij, "prefill_chunk_tokens", in.PrefillChunkTokens, din.PrefillChunkTokens, oc);
    Put(&ij, "kv_block_tokens", in.KvBlockTokens, din.KvBlockTokens, oc);
    Put(&ij, "engine", in.Engine, din.Engine, oc);
    Put(&ij, "expert_parallel", in.ExpertParallel, din.ExpertParallel, oc);
    Put(&ij, "request_rate_per_s", in.RequestRatePerS, din.RequestRatePerS, oc);
    Put(&ij, "ttft_p95_sla_s", in.TtftP95SlaS, din.TtftP95SlaS, oc);
    Put(&ij, "ttft_p99_sla_s", in.TtftP99SlaS, din.TtftP99SlaS, oc);
    Put(&ij, "scale_to_zero", in.ScaleToZero, din.ScaleToZero, oc);
    Put(&ij, "weights_load_gb_s", in.WeightsLoadBytesPerS / 1e9, din.WeightsLoadBytesPerS / 1e9, oc);
    Put(&ij, "deadline_s", in.DeadlineS, din.DeadlineS, oc);
    json traffic = json::object();
    Put(&traffic, "requests_per_s", in.Traffic.RequestsPerS, din.Traffic.RequestsPerS, oc);
    Put(&traffic, "requests_per_day", in.Traffic.RequestsPerDay, din.Traffic.RequestsPerDay, oc);
    Put(&traffic, "peak_to_average", in.Traffic.PeakToAverage, din.Traffic.PeakToAverage, oc);
    Put(&traffic, "hours_per_day", in.Traffic.HoursPerDay, din.Traffic.HoursPerDay, oc);
    if (!traffic.empty()) ij["traffic"] = traffic;
    if (!ij.empty()) j["inference"] = ij;

    const engine::TrainingParams& t = s.Training;
    const engine::TrainingParams& dt = d.Training;
    json tj = json::object();
    Put(&tj, "tokens", t.Tokens, dt.Tokens, oc);
    Put(&tj, "seq_len", t.SeqLen, dt.SeqLen, oc);
    Put(&tj, "micro_batch", t.MicroBatch, dt.MicroBatch, oc);
    Put(&tj, "global_batch_tokens", t.GlobalBatchTokens, dt.GlobalBatchTokens, oc);
    Put(&tj, "tensor_parallel", t.TensorParallel, dt.TensorParallel, oc);
    Put(&tj, "pipeline_parallel", t.PipelineParallel, dt.PipelineParallel, oc);
    Put(&tj, "context_parallel", t.ContextParallel, dt.ContextParallel, oc);
    Put(&tj, "sequence_parallel", t.SequenceParallel, dt.SequenceParallel, oc);
    Put(&tj, "moe_a2a_overlap", t.MoeA2aOverlap, dt.MoeA2aOverlap, oc);
    Put(&tj, "moe_flex_dispatcher", t.MoeFlexDispatcher, dt.MoeFlexDispatcher, oc);
    Put(&tj, "dropout", t.Dropout, dt.Dropout, oc);
    Put(&tj, "zero_stage", t.ZeroStage, dt.ZeroStage, oc);
    Put(&tj, "shard_group_gpus", t.ShardGroupGpus, dt.ShardGroupGpus, oc);
    Put(&tj, "offload_optimizer", t.OffloadOptimizer, dt.OffloadOptimizer, oc);
    Put<std::string>(&tj, "recompute", engine::RecomputeName(t.Recompute), engine::RecomputeName(dt.Recompute), oc);
    Put<std::string>(&tj, "fp8_scaling", engine::Fp8ScalingName(t.Fp8Scaling), engine::Fp8ScalingName(dt.Fp8Scaling), oc);
    Put(&tj, "flash_attention", t.FlashAttention, dt.FlashAttention, oc);
    Put<std::string>(&tj, "optimizer", engine::OptimizerName(t.Optimizer), engine::OptimizerName(dt.Optimizer), oc);
    Put(&tj, "master_weights_fp32", t.MasterWeightsFp32, dt.MasterWeightsFp32, oc);
    Put(&tj, "lora_rank", t.LoraRank, dt.LoraRank, oc);
    Put(&tj, "lora_targets", t.LoraTargets, dt.LoraTargets, oc);
    Put(&tj, "paged_optimizer", t.PagedOptimizer, dt.PagedOptimizer, oc);
    Put(&tj, "optimizer_in_backward", t.OptimizerInBackward, dt.OptimizerInBackward, oc);
    Put(&tj, "loss_chunks", t.LossChunks, dt.LossChunks, oc);
    Put(&tj, "offload_activations", t.OffloadActivations, dt.OffloadActivations, oc);
    Put(&tj, "states_in_weight_dtype", t.StatesInWeightDtype, dt.StatesInWeightDtype, oc);
    Put(&tj, "grads_set_to_none", t.GradsSetToNone, dt.GradsSetToNone, oc);
    Put(&tj, "compiled_loss", t.CompiledLoss, dt.CompiledLoss, oc);
    Put(&tj, "expert_parallel", t.ExpertParallel, dt.ExpertParallel, oc);
    Put(&tj, "virtual_pipeline_stages", t.VirtualPipelineStages, dt.VirtualPipelineStages, oc);
    if (!tj.empty()) j["training"] = tj;

    const engine::EfficiencyOverrides& e = s.Efficiency;
    json ej = json::object();
    Put(&ej, "mfu", e.Mfu, 0.0, true);
    Put(&ej, "bandwidth_efficiency", e.BandwidthEfficiency, 0.0, true);
    Put(&ej, "compute_efficiency", e.ComputeEfficiency, 0.0, true);
    Put(&ej, "interconnect_efficiency", e.InterconnectEfficiency, 0.0, true);
    if (e.RuntimeOverheadBytes >= 0) ej["runtime_overhead_gb"] = e.RuntimeOverheadBytes / 1e9;
    Put(&ej, "gpu_memory_utilization", e.GpuMemoryUtilization, 0.0, true);
    if (e.StepOverheadS >= 0) ej["step_overhead_ms"] = e.StepOverheadS * 1e3;
    if (e.SequenceOverheadS >= 0) ej["sequence_overhead_us"] = e.SequenceOverheadS * 1e6;
    if (e.HostLayerS >= 0) ej["host_layer_us"] = e.HostLayerS * 1e6;
    Put(&ej, "moe_expert_compute_share", e.MoeExpertComputeShare, 0.0, true);
    if (e.MoeExpertLaunchS >= 0) ej["moe_expert_launch_us"] = e.MoeExpertLaunchS * 1e6;
    if (e.MoeKernelLaunchS >= 0) ej["moe_kernel_launch_us"] = e.MoeKernelLaunchS * 1e6;
    if (e.NonGemmTrafficPerActivationByte >= 0) ej["non_gemm_traffic_per_activation_byte"] = e.NonGemmTrafficPerActivationByte;
    if (!ej.empty()) j["efficiency"] = ej;

    const engine::CostParams& c = s.Cost;
    const engine::CostParams& dc = d.Cost;
    json cj = json::object();
    Put(&cj, "currency", c.Currency, dc.Currency, oc);
    Put(&cj, "price_per_gpu_hour", c.PricePerGpuHour, dc.PricePerGpuHour, oc);
    Put(&cj, "provider", c.Provider, dc.Provider, oc);
    Put(&cj, "purchase_price_per_gpu", c.PurchasePricePerGpu, dc.PurchasePricePerGpu, oc);
    Put(&cj, "electricity_per_kwh", c.ElectricityPerKwh, dc.ElectricityPerKwh, oc);
    Put(&cj, "pue", c.Pue, dc.Pue, oc);
    Put(&cj, "utilization", c.Utilization, dc.Utilization, oc);
    Put(&cj, "prices_include_vat", c.PricesIncludeVat, dc.PricesIncludeVat, oc);
    Put(&cj, "allow_stale_prices", c.AllowStalePrices, dc.AllowStalePrices, oc);
    Put(&cj, "data_residency", c.DataResidency, dc.DataResidency, oc);
    json tj2 = json::object();
    const engine::TcoParams& tp = c.Tco;
    const engine::TcoParams& dtp = dc.Tco;
    Put(&tj2, "server", tp.ServerId, dtp.ServerId, true);
    Put(&tj2, "node_price", tp.NodePrice, dtp.NodePrice, true);
    Put(&tj2, "colocation_per_kw_month", tp.ColocationPerKwMonth, dtp.ColocationPerKwMonth, true);
    Put(&tj2, "maintenance_share_per_year", tp.MaintenanceSharePerYear, dtp.MaintenanceSharePerYear, true);
    Put(&tj2, "depreciation_years", tp.DepreciationYears, dtp.DepreciationYears, true);
    Put(&tj2, "residual_share", tp.ResidualShare, dtp.ResidualShare, true);
    Put(&tj2, "staff_fte_per_node", tp.StaffFtePerNode, dtp.StaffFtePerNode, true);
    Put(&tj2, "admin_per_year", tp.AdminPerYear, dtp.AdminPerYear, true);
    Put(&tj2, "fabric_per_gpu", tp.FabricPerGpu, dtp.FabricPerGpu, true);
    Put(&tj2, "import_markup", tp.ImportMarkup, dtp.ImportMarkup, true);
    Put(&tj2, "training_runs_per_year", tp.TrainingRunsPerYear, dtp.TrainingRunsPerYear, true);
    if (!tj2.empty()) cj["tco"] = tj2;
    Put(&cj, "storage_per_gb_month", c.StoragePerGbMonth, dc.StoragePerGbMonth, oc);
    Put(&cj, "hosted_api_per_million_input", c.HostedApiPerMillionInput, dc.HostedApiPerMillionInput, oc);
    Put(&cj, "hosted_api_per_million_output", c.HostedApiPerMillionOutput, dc.HostedApiPerMillionOutput, oc);
    if (!cj.empty()) j["cost"] = cj;
    Put(&j, "stack", s.Stack, d.Stack, true);
    const engine::SpotParams& sp = s.Spot;
    const engine::SpotParams& dsp = d.Spot;
    json spj = json::object();
    Put(&spj, "interruptions_per_instance_hour", sp.InterruptionsPerInstanceHour, dsp.InterruptionsPerInstanceHour, oc);
    Put(&spj, "preemption_overhead", sp.PreemptionOverhead, dsp.PreemptionOverhead, oc);
    Put(&spj, "checkpoint_interval_s", sp.CheckpointIntervalS, dsp.CheckpointIntervalS, oc);
    Put(&spj, "restart_s", sp.RestartS, dsp.RestartS, oc);
    if (!spj.empty()) j["spot"] = spj;
    return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

//-----------------------------------------------------------------------------
// [SECTION] URL hash
//-----------------------------------------------------------------------------

namespace {

bool Unreserved(unsigned char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' ||
           c == '~' || c == ':' || c == ',';
}

std::string PercentEncode(const std::string& text) {
    static const char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : text) {
        if (Unreserved(c)) out += static_cast<char>(c);
        else {
            out += '%';
            out += kHex[c >> 4];
            out += kHex[c & 15];
        }
    }
    return out;
}

int HexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool PercentDecode(const std::string& text, std::string* out) {
    out->clear();
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%') {
            if (i + 2 >= text.size()) return false;
            const int hi = HexValue(text[i + 1]), lo = HexValue(text[i + 2]);
            if (hi < 0 || lo < 0) return false;
            *out += static_cast<char>(hi * 16 + lo);
            i += 2;
        } else {
            *out += text[i];
        }
    }
    return true;
}

} // namespace

std::string ScenarioToUrlHash(const engine::Scenario& s) {
    return "#s=" + PercentEncode(ScenarioToJson(s, true, -1));
}

bool ScenarioFromUrlHash(const std::string& hash, const catalog::Catalog& catalog, engine::Scenario* out, std::vector<Issue>* issues) {
    std::string body = hash;
    if (!body.empty() && body[0] == '#') body.erase(0, 1);
    if (body.rfind("s=", 0) != 0) {
        issues->push_back(Issue{"link", "", "", "expected a link of the form #s=<scenario>", true});
        return false;
    }
    std::string text;
    if (!PercentDecode(body.substr(2), &text)) {
        issues->push_back(Issue{"link", "", "", "the link is damaged (bad %-escape); showing the default scenario", true});
        return false;
    }
    return ScenarioFromJson(text, catalog, out, issues);
}

namespace {

// "hardware.count" from an issue, or from an engine message that starts with a field path ("model.kv_heads: ...").
std::string IssuePath(const Issue& issue) {
    if (!issue.Field.empty()) return issue.Field;
    const size_t colon = issue.Message.find(": ");
    if (colon == std::string::npos || colon == 0) return "";
    const std::string head = issue.Message.substr(0, colon);
    for (char c : head)
        if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_' || c == '.')) return "";
    return head;
}

// Removes "a.b.c" from an object tree; false when the path is not there.
bool ErasePath(json* doc, const std::string& path) {
    json* at = doc;
    size_t start = 0;
    while (true) {
        const size_t dot = path.find('.', start);
        const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (!at->is_object() || !at->contains(key)) return false;
        if (dot == std::string::npos) return at->erase(key) > 0;
        at = &(*at)[key];
        start = dot + 1;
    }
}

} // namespace

LinkReading ReadLinkScenario(const std::string& hash, const catalog::Catalog& catalog, engine::Scenario* out, std::vector<Issue>* issues) {
    std::string body = hash;
    if (!body.empty() && body[0] == '#') body.erase(0, 1);
    std::string text;
    if (body.rfind("s=", 0) != 0) {
        issues->push_back(Issue{"link", "", "", "expected a link of the form #s=<scenario>", true});
        return LinkReading::Unreadable;
    }
    if (!PercentDecode(body.substr(2), &text)) {
        issues->push_back(Issue{"link", "", "", "bad %-escape", true});
        return LinkReading::Unreadable;
    }
    json doc;
    std::string error;
    if (!input::ParseJson(text, input::JsonLimits{input::kScenarioMaxBytes, kScenarioMaxDepth}, &doc, &error)) {
        issues->push_back(Issue{kFile, "", "", "malformed JSON: " + error, true});
        return LinkReading::Unreadable;
    }
    // Each field that cannot be read is dropped alone (its default is used) and named; the rest of the link stays.
    std::vector<Issue> dropped;
    for (int attempt = 0; attempt < kMaxLinkRepairs; ++attempt) {
        std::vector<Issue> found;
        if (ScenarioFromJsonValue(doc, catalog, out, &found)) {
            issues->insert(issues->end(), dropped.begin(), dropped.end());
            for (const Issue& issue : found)
                if (!issue.IsError) issues->push_back(issue);
            return dropped.empty() ? LinkReading::Exact : LinkReading::Repaired;
        }
        bool erased = false;
        for (const Issue& issue : found) {
            if (!issue.IsError) continue;
            const std::string path = IssuePath(issue);
            if (path.empty() || !ErasePath(&doc, path)) continue;
            Issue named = issue;
            named.Message += " (the default is used)";
            dropped.push_back(named);
            erased = true;
        }
        if (!erased) {
            for (const Issue& issue : found)
                if (issue.IsError) issues->push_back(issue);
            return LinkReading::Unreadable;
        }
    }
    issues->insert(issues->end(), dropped.begin(), dropped.end());
    return LinkReading::Unreadable;
}

//-----------------------------------------------------------------------------
// [SECTION] Result JSON
//-----------------------------------------------------------------------------

namespace {

// JSON has no NaN/Inf; the engine never produces them, but a writer must not emit invalid JSON either.
// A non-finite figure is written as null, never as 0 (engine::Evaluate turns one into an error naming it).
json Finite(double value) { return std::isfinite(value) ? json(value) : json(nullptr); }

} // namespace

// Result.cost.serving / batch / training (issue 9): the workload's own cost, only where computed.
void AddEconomicsJson(const engine::CostResult& c, json* cost) {
    const engine::ServingEconomics& s = c.Serving;
    if (s.Computed)
        (*cost)["serving"] = {{"average_requests_per_s", Finite(s.AverageRequestsPerS)}, {"peak_requests_per_s", Finite(s.PeakRequestsPerS)},
                              {"capacity_requests_per_s", Finite(s.CapacityRequestsPerS)}, {"service_s", Finite(s.ServiceS)},
                              {"utilization", Finite(s.Utilization)}, {"ttft_at_load_s", Finite(s.TtftAtLoadS)}, {"ttft_p95_s", Finite(s.TtftP95S)},
                              {"ttft_p99_s", Finite(s.TtftP99S)}, {"queue_unstable", s.QueueUnstable}, {"cold_start_s", Finite(s.ColdStartS)},
                              {"billed_hours_per_month", Finite(s.BilledHoursPerMonth)}, {"requests_per_month", Finite(s.RequestsPerMonth)},
                              {"gpu_per_month", Finite(s.GpuPerMonth)}, {"storage_per_month", Finite(s.StoragePerMonth)},
                              {"egress_per_month", Finite(s.EgressPerMonth)}, {"egress_known", s.EgressKnown}, {"total_per_month", Finite(s.TotalPerMonth)},
                              {"per_thousand_requests", Finite(s.PerThousandRequests)}, {"per_million_input_tokens", Finite(s.PerMillionInputTokens)},
                              {"per_million_output_tokens", Finite(s.PerMillionOutputTokens)}, {"prefill_share", Finite(s.PrefillShare)},
                              {"hosted_api_per_month", Finite(s.HostedApiPerMonth)}};
    const engine::BatchEconomics& b = c.Batch;
    if (b.Computed)
        (*cost)["batch"] = {{"job_time_s", Finite(b.JobTimeS)}, {"on_demand_cost", Finite(b.OnDemandCost)}, {"spot_time_s", Finite(b.SpotTimeS)},
                            {"spot_cost", Finite(b.SpotCost)}, {"spot_overhead", Finite(b.SpotOverhead)}, {"spot_cheaper", b.SpotCheaper},
                            {"meets_deadline", b.MeetsDeadline}, {"spot_meets_deadline", b.SpotMeetsDeadline}};
    const engine::TrainingEconomics& t = c.Train;
    if (t.Computed)
        (*cost)["training"] = {{"interruptions_per_hour", Finite(t.InterruptionsPerHour)}, {"checkpoint_interval_s", Finite(t.CheckpointIntervalS)},
                               {"spot_overhead", Finite(t.SpotOverhead)}, {"spot_time_s", Finite(t.SpotTimeS)}, {"spot_cost", Finite(t.SpotCost)},
                               {"spot_cheaper", t.SpotCheaper}, {"weights_only_bytes", Finite(t.WeightsOnlyBytes)},
                               {"full_state_bytes", Finite(t.FullStateBytes)}, {"storage_cost", Finite(t.StorageCost)},
                               {"on_demand_total", Finite(t.OnDemandTotal)}};
}

std::string ResultToJson(const engine::Result& r, int indent) {
    json j;
    j["schema"] = kResultSchema;
    j["ok"] = r.Ok;
    if (!r.Ok) j["error"] = r.Error;
    const engine::MemoryBreakdown& m = r.MemoryPerGpu;
    j["memory_per_gpu_bytes"] = {{"weights", Finite(m.Weights)}, {"kv_cache", Finite(m.KvCache)}, {"activations", Finite(m.Activations)},
                                 {"gradients", Finite(m.Gradients)}, {"optimizer", Finite(m.Optimizer)}, {"overhead", Finite(m.Overhead)},
                                 {"total", Finite(m.Total)}};
    j["gpu_memory_bytes"] = Finite(r.GpuMemoryBytes);
    j["fits"] = r.Fits;
    j["gpus_needed"] = r.GpusNeeded;
    const engine::InferenceResult& in = r.Inference;
    j["inference"] = {{"ttft_s", Finite(in.TtftS)}, {"tpot_s", Finite(in.TpotS)}, {"throughput_tokens_per_s", Finite(in.ThroughputTokensPerS)},
                      {"tokens_per_s_per_user", Finite(in.TokensPerSPerUser)}, {"max_concurrency", Finite(in.MaxConcurrency)},
                      {"requests_per_s", Finite(in.RequestsPerS)}, {"replicas", in.Replicas},
                      {"gpus_per_replica", in.GpusPerReplica}, {"gpus_used", in.GpusUsed},
                      {"kv_bytes_per_token", Finite(in.KvBytesPerToken)}, {"kv_pool_bytes_per_gpu", Finite(in.KvPoolBytesPerGpu)},
                      {"kv_pool_tokens_per_replica", Finite(in.KvPoolTokensPerReplica)}, {"decode_compute_bound", in.DecodeComputeBound},
                      {"sla_max_users", Finite(in.SlaMaxUsers)}, {"gpus_for_target_users", Finite(in.GpusForTargetUsers)},
                      {"optimal_batch", Finite(in.OptimalBatch)}, {"batch_job_time_s", Finite(in.BatchJobTimeS)},
                      {"request_rate_per_s", Finite(in.RequestRatePerS)}, {"slot_utilisation", Finite(in.SlotUtilisation)},
                      {"ttft_p50_s", Finite(in.TtftP50S)}, {"ttft_p95_s", Finite(in.TtftP95S)}, {"ttft_p99_s", Finite(in.TtftP99S)},
                      {"step_overhead_s", Finite(in.StepOverheadS)}};
    json curve = json::array();
    for (const engine::ThroughputPoint& p : in.Curve)
        curve.push_back({{"concurrency", Finite(p.Concurrency)}, {"tokens_per_s", Finite(p.TokensPerS)},
                         {"tokens_per_s_per_user", Finite(p.TokensPerSPerUser)}, {"tpot_s", Finite(p.TpotS)}, {"ttft_s", Finite(p.TtftS)}});
    j["inference"]["curve"] = curve;
    const engine::TrainingResult& t = r.Training;
    j["training"] = {{"flops", Finite(t.Flops)}, {"time_s", Finite(t.TimeS)}, {"gpu_hours", Finite(t.GpuHours)}, {"mfu", Finite(t.Mfu)},
                     {"tokens_per_s_per_gpu", Finite(t.TokensPerSPerGpu)}, {"model_flops", Finite(t.ModelFlops)},
                     {"trainable_params", Finite(t.TrainableParams)}, {"data_parallel", t.DataParallel},
                     {"tokens_per_step", Finite(t.TokensPerStep)}, {"step_time_s", Finite(t.StepTimeS)},
                     {"bubble_share", Finite(t.BubbleShare)}, {"exposed_comm_s_per_step", Finite(t.ExposedCommSPerStep)},
                     {"host_memory_bytes", Finite(t.HostMemoryBytes)}, {"checkpoint_bytes", Finite(t.CheckpointBytes)},
                     {"checkpoint_write_s", Finite(t.CheckpointWriteS)}};
    if (t.SuggestedTimeS > 0 || !t.SuggestionReason.empty())
        j["training"]["suggested"] = {{"found", t.SuggestedFound}, {"tensor_parallel", t.SuggestedTensorParallel},
                                      {"pipeline_parallel", t.SuggestedPipelineParallel}, {"data_parallel", t.SuggestedDataParallel},
                                      {"zero_stage", t.SuggestedZeroStage}, {"expert_parallel", t.SuggestedExpertParallel},
                                      {"recompute", t.SuggestedRecompute},
                                      {"time_s", Finite(t.SuggestedTimeS)}, {"memory_per_gpu_bytes", Finite(t.SuggestedMemoryPerGpuBytes)},
                                      {"reason", t.SuggestionReason}};
    const engine::CostResult& c = r.Cost;
    json offers = json::array();
    for (const engine::OfferCost& o : c.Offers)
        offers.push_back({{"offer", o.OfferId}, {"provider", o.Provider}, {"kind", o.Kind}, {"region", o.Region}, {"as_of", o.AsOf},
                          {"estimate", o.Estimate}, {"instances", o.Instances}, {"per_hour", Finite(o.PerHour)}, {"job_cost", Finite(o.JobCost)},
                          {"per_million_tokens", Finite(o.PerMillionTokens)}, {"stale", o.Stale}, {"age_days", o.AgeDays},
                          {"dearer_than_on_demand", o.DearerThanOnDemand}, {"can_host", o.CanHost}});
    j["cost"] = {{"priced", c.Priced}, {"currency", c.Currency}, {"per_hour", Finite(c.PerHour)}, {"spot_per_hour", Finite(c.SpotPerHour)},
                 {"per_million_tokens", Finite(c.PerMillionTokens)}, {"spot_per_million_tokens", Finite(c.SpotPerMillionTokens)},
                 {"job_cost", Finite(c.JobCost)}, {"spot_job_cost", Finite(c.SpotJobCost)}, {"cheapest_offer", c.CheapestOfferId},
                 {"prices_include_vat", c.PricesIncludeVat}, {"spot_dearer_than_on_demand", c.SpotDearerThanOnDemand},
                 {"stale_offers_skipped", c.StaleOffersSkipped},
                 {"purchase_cost", Finite(c.PurchaseCost)}, {"own_per_month", Finite(c.OwnPerMonth)}, {"rent_per_month", Finite(c.RentPerMonth)},
                 {"payback_months", Finite(c.PaybackMonths)}, {"offers", offers}};
    AddEconomicsJson(c, &j["cost"]);
    json warnings = json::array();
    for (const engine::Warning& w : r.Warnings) warnings.push_back({{"code", w.Code}, {"message", w.Message}});
    j["warnings"] = warnings;
    json derivation = json::array();
    for (const engine::DerivationStep& step : r.Derivation)
        derivation.push_back({{"key", step.Key}, {"label", step.Label}, {"formula", step.Formula}, {"value", Finite(step.Value)}, {"unit", step.Unit}});
    j["derivation"] = derivation;
    return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

std::string PlanToJson(const engine::Scenario& scenario, const std::vector<engine::PlanRow>& rows, int indent) {
    json list = json::array();
    json excluded = json::array();
    for (const engine::PlanRow& row : rows) {
        if (!row.Feasible) {
            excluded.push_back({{"gpu", row.GpuId}, {"name", row.GpuName}, {"precision", row.Precision}, {"why", engine::PlanExclusionName(row.Excluded)}, {"reason", row.Reason},
                                {"gpu_count", row.GpuCount}});
            continue;
        }
        list.push_back({{"gpu", row.GpuId}, {"name", row.GpuName}, {"precision", row.Precision}, {"kv_cache", engine::FormatName(row.Chosen.Precision.KvCache)},
                        {"compute", engine::FormatName(row.Chosen.Precision.Compute)}, {"feasible", row.Feasible}, {"reason", row.Reason},
                        {"gpu_count", row.GpuCount}, {"tensor_parallel", row.TensorParallel}, {"replicas", row.Replicas},
                        {"concurrency", row.Concurrency}, {"fabric", row.Fabric},
                        {"memory_per_gpu_bytes", Finite(row.MemoryPerGpuBytes)}, {"memory_use", Finite(row.MemoryUse)},
                        {"ttft_s", Finite(row.TtftS)}, {"ttft_p95_s", Finite(row.TtftP95S)}, {"ttft_p99_s", Finite(row.TtftP99S)},
                        {"tokens_per_s_per_user", Finite(row.TokensPerSPerUser)},
                        {"throughput_tokens_per_s", Finite(row.ThroughputTokensPerS)}, {"time_s", Finite(row.TimeS)},
                        {"per_hour", Finite(row.PerHour)}, {"monthly_cost", Finite(row.MonthlyCost)},
                        {"per_thousand_requests", Finite(row.PerThousandRequests)}, {"per_million_input_tokens", Finite(row.PerMillionInputTokens)},
                        {"per_million_output_tokens", Finite(row.PerMillionOutputTokens)}, {"per_million_tokens", Finite(row.PerMillionTokens)},
                        {"job_cost", Finite(row.JobCost)}, {"spot_job_cost", Finite(row.SpotJobCost)}, {"spot_overhead", Finite(row.SpotOverhead)}, {"metric", Finite(row.Metric)},
                        {"metric_kind", row.MetricKind}, {"cheapest_offer", row.CheapestOffer}});
    }
    const engine::PlanSummary summary = engine::SummarizePlan(scenario, rows);
    json front = json::array();
    for (const engine::PlanPoint& p : summary.Front)
        front.push_back({{"gpu", p.GpuId}, {"name", p.GpuName}, {"gpu_count", p.GpuCount}, {"cost", Finite(p.Cost)}, {"latency_s", Finite(p.LatencyS)}});
    json j = {{"schema", "gpuplan.plan/1"}, {"workload", engine::WorkloadName(scenario.Workload)}, {"currency", scenario.Cost.Currency},
              {"metric", summary.Metric}, {"latency", summary.LatencyName}, {"winner_margin", Finite(summary.WinnerMargin)},
              {"rows", list}, {"excluded", excluded}, {"pareto_front", front}};
    return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

} // namespace scenario
