// gpuplan catalog: loading and validating gpus.json, models.json, prices/*.json and fx.json.
//
// Index
// [SECTION] Helpers
// [SECTION] GPUs
// [SECTION] Models
// [SECTION] Prices and exchange rates
// [SECTION] Taxes and price ages
// [SECTION] Cross-file checks and file sets
#include "catalog/catalog.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>
#include <string_view>

#include "catalog/json_reader.h"
#include "engine/model_math.h"
#include "scenario/field_limits.h"

namespace catalog {

using nlohmann::json;
namespace L = scenario::limits;

//-----------------------------------------------------------------------------
// [SECTION] Helpers
//-----------------------------------------------------------------------------

namespace {

const char* const kOfferKindNames[] = {"on_demand", "spot", "reserved_1y", "reserved_3y"};
static_assert(sizeof(kOfferKindNames) / sizeof(kOfferKindNames[0]) == static_cast<size_t>(OfferKind::Count), "names");

// YYYY-MM-DD, or YYYY-MM where a source dates itself by month only (datasheet revisions): digits and dashes at
// their places, nothing else (no sign, no space). A month-only date reads as its first day. Hand-read, not sscanf:
// the planner ages every offer on each call (catalog::AgeDays), and sscanf was 15 % of an inference plan.
bool SplitDate(const std::string& text, int* year, int* month, int* day) {
    if (text.size() != 7 && text.size() != 10) return false;
    const auto digits = [&](size_t at, size_t count, int* out) {
        int value = 0;
        for (size_t i = at; i < at + count; ++i) {
            if (text[i] < '0' || text[i] > '9') return false;
            value = value * 10 + (text[i] - '0');
        }
        *out = value;
        return true;
    };
    *day = 1;
    if (!digits(0, 4, year) || text[4] != '-' || !digits(5, 2, month)) return false;
    if (text.size() == 10 && (text[7] != '-' || !digits(8, 2, day))) return false;
    return *year >= 2000 && *year <= 2100 && *month >= 1 && *month <= 12 && *day >= 1 && *day <= 31;
}

bool IsDate(const std::string& text) {
    int year = 0, month = 0, day = 0;
    return SplitDate(text, &year, &month, &day);
}

// source and as_of: required on every entry (an entry may inherit as_of from its file).
void ReadProvenance(ObjectReader* reader, const std::string& file_as_of, std::string* source, std::string* as_of) {
    *source = reader->String("source", true);
    *as_of = reader->String("as_of", file_as_of.empty(), file_as_of);
    if (!as_of->empty() && !IsDate(*as_of)) reader->Error("as_of", "expected a date YYYY-MM-DD or YYYY-MM, got \"" + *as_of + "\"");
}

bool ReadTopLevel(const std::string& file, const std::string& text, const char* schema, const char* list_key,
                  json* doc, std::vector<Issue>* issues) {
    if (!ParseJsonText(file, text, doc, issues)) return false;
    if (!doc->is_object()) {
        issues->push_back(Issue{file, "", "", "expected a JSON object at the top level", true});
        return false;
    }
    auto schema_it = doc->find("schema");
    if (schema_it == doc->end() || !schema_it->is_string() || schema_it->get<std::string>() != schema) {
        issues->push_back(Issue{file, "", "schema", std::string("expected \"") + schema + "\"", true});
        return false;
    }
    if (list_key != nullptr) {
        auto list_it = doc->find(list_key);
        if (list_it == doc->end() || !list_it->is_array()) {
            issues->push_back(Issue{file, "", list_key, "expected an array of entries", true});
            return false;
        }
    }
    return true;
}

std::string EntryId(const json& entry, size_t index) {
    auto it = entry.find("id");
    if (it != entry.end() && it->is_string() && !it->get<std::string>().empty()) return it->get<std::string>();
    return "#" + std::to_string(index + 1);
}

bool IsId(const std::string& id) {
    if (id.empty() || id.size() > 80) return false;
    for (char c : id)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.')) return false;
    return true;
}

// Walks the entries of a catalog list: each must be an object with a well-formed id, unique in the list and not
// among `taken` (sorted ids of earlier files, or null). Calls read(reader, id) for each; the reader reports the
// entry's issues under that id.
template <typename ReadEntry>
void ForEachEntry(const json& list, const std::string& file, const std::vector<std::string_view>* taken, std::vector<Issue>* issues,
                  ReadEntry read) {
    std::set<std::string> seen;
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string entry = EntryId(list[i], i);
        if (!list[i].is_object()) {
            issues->push_back(Issue{file, entry, "", "expected an object", true});
            continue;
        }
        ObjectReader r(list[i], file, entry, issues);
        const std::string id = r.String("id", true);
        if (!id.empty() && !IsId(id)) r.Error("id", "expected lower-case letters, digits, '-', '_' or '.'");
        const bool earlier = taken != nullptr && std::binary_search(taken->begin(), taken->end(), std::string_view(id));
        if (!id.empty() && (earlier || !seen.insert(id).second)) r.Error("id", "duplicate id");
        read(r, id);
    }
}

// The ids of the entries earlier files gave, sorted, for ForEachEntry's duplicate check. They are views into
// `entries`: callers reserve room for the file's own entries first, so that none moves while the file is read.
template <typename Entry, typename IdOf>
std::vector<std::string_view> SortedIds(const std::vector<Entry>& entries, IdOf id_of) {
    std::vector<std::string_view> ids;
    ids.reserve(entries.size());
    for (const Entry& e : entries) ids.push_back(id_of(e));
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::string FileAsOf(const json& doc) {
    auto it = doc.find("as_of");
    return it != doc.end() && it->is_string() ? it->get<std::string>() : "";
}

} // namespace

const char* OfferKindName(OfferKind kind) { return kOfferKindNames[static_cast<int>(kind)]; }

const GpuEntry* Catalog::FindGpu(const std::string& id) const {
    for (const GpuEntry& gpu : Gpus)
        if (gpu.Spec.Id == id) return &gpu;
    return nullptr;
}

const ModelEntry* Catalog::FindModel(const std::string& id) const {
    for (const ModelEntry& model : Models)
        if (model.Arch.Id == id) return &model;
    return nullptr;
}

const Provider* Catalog::FindProvider(const std::string& id) const {
    for (const Provider& provider : Providers)
        if (provider.Id == id) return &provider;
    return nullptr;
}

const TaxRate* Catalog::FindTax(const std::string& country) const {
    for (const TaxRate& tax : Taxes)
        if (tax.Country == country) return &tax;
    return nullptr;
}

//-----------------------------------------------------------------------------
// [SECTION] GPUs
//-----------------------------------------------------------------------------

// Plausible ranges: wide enough for every accelerator sold, narrow enough to catch unit mistakes
// (MB for GB, GB/s for TB/s, sparse for dense is caught by the ordering rule instead).
constexpr double kMinGpuMemoryGb = 4, kMaxGpuMemoryGb = 400;
constexpr double kMinBandwidthTbS = 0.1, kMaxBandwidthTbS = 20;
constexpr double kMaxTflops = 40000;
constexpr double kMinTdpW = 30, kMaxTdpW = 2000;
// Unified-memory machines: the largest sold (Mac Studio M3 Ultra, 512 GB) with room; the GPU's share of it is at
// least a tenth (macOS gives the GPU about two thirds to three quarters by default, recommendedMaxWorkingSetSize).
constexpr double kMaxUnifiedMemoryGb = 2048, kMinGpuMemoryShare = 0.1;

void ReadGpuSpecFields(ObjectReader* r, engine::GpuSpec* spec, std::vector<std::string>* unknown_performance) {
    using engine::ComputeClass;
    const bool catalog_entry = unknown_performance != nullptr;
    // Capacity is the memory the device reports (nvidia-smi / rocm-smi memory.total, what CUDA's cudaMemGetInfo
    // and so vLLM's gpu_memory_utilization budget start from), not the marketed figure: vendors' "80GB" is binary
    // (an H100 80GB reports 81559 MiB = 85.5e9 B). memory_reported_mib gives the logged figure where one is
    // published; otherwise a catalog entry's memory_gb is read as GiB, the unit HBM/GDDR parts are marketed in
    // (docs/catalogs/gpus.md). A scenario's inline spec keeps memory_gb as plain GB (1e9 B): it is written back
    // as MemoryBytes / 1e9, so the round trip is exact.
    constexpr double kGiB = 1073741824.0, kMiB = 1048576.0;
    const double reported_mib = r->Number("memory_reported_mib", 1024, 1e6, false, 0);
    // Unified memory (Apple silicon, AMD Strix Halo): the GPU shares the system's memory and the OS lets it use
    // only part of it, so the capacity is derived as unified_memory_gb (GiB, as sold) x gpu_memory_share.
    if (r->Has("unified_memory_gb")) {
        const double unified_gb = r->Number("unified_memory_gb", kMinGpuMemoryGb, kMaxUnifiedMemoryGb, true, 0);
        const double share = r->Number("gpu_memory_share", kMinGpuMemoryShare, 1.0, true, 0);
        if (r->Has("memory_gb")) r->Error("memory_gb", "give either memory_gb or unified_memory_gb with gpu_memory_share, not both");
        spec->MemoryBytes = unified_gb * share * (catalog_entry ? kGiB : 1e9);
    } else {
        const double marketed_gb = r->Number("memory_gb", kMinGpuMemoryGb, kMaxGpuMemoryGb, true, 0);
        spec->MemoryBytes = marketed_gb * (catalog_entry ? kGiB : 1e9);
        if (reported_mib > 0) {
            // The reported total sits a little under the marketed GiB (ECC and driver reservations): T4 16 GiB
            // reports 15360 MiB (94 %), H100 80 GiB 81559 MiB (99.6 %). Outside 90-100 % it is a unit mistake.
            if (reported_mib * kMiB < 0.9 * marketed_gb * kGiB || reported_mib * kMiB > marketed_gb * kGiB * 1.0001)
                r->Error("memory_reported_mib", "expected 90-100 % of memory_gb read as GiB (" + std::to_string(static_cast<long>(marketed_gb * 1024)) + " MiB)");
            spec->MemoryBytes = reported_mib * kMiB;
        }
    }
    if (reported_mib > 0 && r->Has("unified_memory_gb")) r->Error("memory_reported_mib", "applies to discrete GPUs; unified memory uses gpu_memory_share");
    // A catalog entry may leave a performance figure null when no source publishes it (unknown is null, never
    // a guess); such a GPU lists and prices, but cannot be evaluated. Inline specs must give them.
    spec->BandwidthBytesPerS = r->Number("bandwidth_tb_s", kMinBandwidthTbS, kMaxBandwidthTbS, !catalog_entry, 0) * 1e12;
    if (catalog_entry && spec->BandwidthBytesPerS <= 0 && !r->Has("bandwidth_tb_s")) unknown_performance->push_back("bandwidth_tb_s");
    spec->PeakFlops[static_cast<int>(ComputeClass::Fp32)] = r->Number("fp32_tflops", 0.1, kMaxTflops, false, 0) * 1e12;
    spec->PeakFlops[static_cast<int>(ComputeClass::Tf32)] = r->Number("tf32_dense_tflops", 0.1, kMaxTflops, false, 0) * 1e12;
    // The 16-bit tensor path: BF16 where the hardware has it, else FP16 (Volta, Turing have no BF16).
    const double bf16_tflops = r->Number("bf16_dense_tflops", 0.1, kMaxTflops, false, 0);
    const double fp16_tflops = r->Number("fp16_dense_tflops", 0.1, kMaxTflops, false, 0);
    if (bf16_tflops <= 0 && fp16_tflops <= 0 && r->Ok()) {
        if (catalog_entry && !r->Has("bf16_dense_tflops") && !r->Has("fp16_dense_tflops")) unknown_performance->push_back("bf16_dense_tflops");
        else r->Error("bf16_dense_tflops", "missing; give bf16_dense_tflops (or fp16_dense_tflops for GPUs without BF16)");
    }
    spec->PeakFlops[static_cast<int>(ComputeClass::Bf16)] = (bf16_tflops > 0 ? bf16_tflops : fp16_tflops) * 1e12;
    spec->PeakFlops[static_cast<int>(ComputeClass::Fp8)] = r->Number("fp8_dense_tflops", 0.1, kMaxTflops, false, 0) * 1e12;
    spec->PeakFlops[static_cast<int>(ComputeClass::Int8)] = r->Number("int8_dense_tops", 0.1, kMaxTflops, false, 0) * 1e12;
    spec->PeakFlops[static_cast<int>(ComputeClass::Fp4)] = r->Number("fp4_dense_tflops", 0.1, kMaxTflops, false, 0) * 1e12;
    spec->InterconnectBytesPerS = r->Number("interconnect_gb_s", 1, 10000, false, 0) * 1e9;
    const std::string kind = r->String("interconnect_kind", false, "pcie");
    static const std::set<std::string> kKinds = {"nvlink", "pcie", "infinity_fabric", "hccs", "ethernet"};
    if (!kKinds.count(kind)) r->Error("interconnect_kind", "expected nvlink, pcie, infinity_fabric, hccs or ethernet, got \"" + kind + "\"");
    spec->NvlinkLike = kind != "pcie";
    spec->TdpW = r->Number("tdp_w", kMinTdpW, kMaxTdpW, false, 0);
    spec->Architecture = r->String("architecture", false, "");

    const double bf16 = spec->PeakFlops[static_cast<int>(ComputeClass::Bf16)];
    const double fp8 = spec->PeakFlops[static_cast<int>(ComputeClass::Fp8)];
    const double fp4 = spec->PeakFlops[static_cast<int>(ComputeClass::Fp4)];
    if (fp8 > 0 && bf16 > fp8) r->Error("bf16_dense_tflops", "is greater than fp8_dense_tflops (dense FP8 is at least BF16)");
    if (fp4 > 0 && fp8 > 0 && fp8 > fp4) r->Error("fp8_dense_tflops", "is greater than fp4_dense_tflops (dense FP4 is at least FP8)");
}

void LoadGpusJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues) {
    json doc;
    if (!ReadTopLevel(file, text, "gpuplan.gpus/1", "gpus", &doc, issues)) return;
    const std::string file_as_of = FileAsOf(doc);
    out->Gpus.reserve(out->Gpus.size() + doc["gpus"].size());
    const std::vector<std::string_view> taken = SortedIds(out->Gpus, [](const GpuEntry& existing) -> std::string_view { return existing.Spec.Id; });
    ForEachEntry(doc["gpus"], file, &taken, issues, [&](ObjectReader& r, const std::string& id) {
        GpuEntry gpu;
        gpu.Spec.Id = id;
        gpu.Spec.Name = r.String("name", true);
        gpu.Spec.Vendor = r.String("vendor", true);
        ReadGpuSpecFields(&r, &gpu.Spec, &gpu.UnknownPerformance);
        if (!gpu.UnknownPerformance.empty()) {
            std::string fields;
            for (const std::string& field : gpu.UnknownPerformance) fields += (fields.empty() ? "" : ", ") + field;
            issues->push_back(Issue{file, gpu.Spec.Id, fields, "not published (null): listed and priced, but cannot be evaluated", false});
        }
        gpu.MemoryType = r.String("memory_type", false);
        gpu.MarketedMemoryGb = r.Number("memory_gb", kMinGpuMemoryGb, kMaxGpuMemoryGb, false, 0);
        gpu.FormFactor = r.String("form_factor", false);
        gpu.InterconnectKind = r.String("interconnect_kind", false, "pcie");
        gpu.InterconnectName = r.String("interconnect_name", false);
        r.Integer("pcie_generation", 1, 7, false, 0);
        gpu.Software = r.String("software", false);
        gpu.Availability = r.String("availability", false);
        gpu.UnifiedMemoryGb = r.Number("unified_memory_gb", kMinGpuMemoryGb, kMaxUnifiedMemoryGb, false, 0);
        gpu.GpuMemoryShare = r.Number("gpu_memory_share", kMinGpuMemoryShare, 1.0, false, 0);
        gpu.PurchasePriceUsd = r.Number("purchase_price_usd", 100, 1e7, false, -1);
        // A purchase price is a street price that moves: it must say where and when it was seen.
        gpu.PurchasePriceSource = r.String("purchase_price_source", gpu.PurchasePriceUsd > 0);
        gpu.PurchasePriceAsOf = r.String("purchase_price_as_of", gpu.PurchasePriceUsd > 0);
        if (!gpu.PurchasePriceAsOf.empty() && !IsDate(gpu.PurchasePriceAsOf))
            r.Error("purchase_price_as_of", "expected a date YYYY-MM-DD or YYYY-MM, got \"" + gpu.PurchasePriceAsOf + "\"");
        r.Skip("field_sources");
        ReadProvenance(&r, file_as_of, &gpu.Source, &gpu.AsOf);
        r.ReportUnknownFields();
        if (r.Ok()) out->Gpus.push_back(std::move(gpu));
    });
}

//-----------------------------------------------------------------------------
// [SECTION] Models
//-----------------------------------------------------------------------------

// How far a published parameter count may sit from the count its architecture implies before we flag it
// (catches a wrong width or layer count; real configs land within a few percent).
constexpr double kParamsTolerance = 0.15;

bool ReadModelArchFields(ObjectReader* r, engine::ModelArch* m) {
    constexpr int kBig = 1 << 30;
    m->Params = r->Number("params", L::kParams, false, 0);
    m->ActiveParams = r->Number("active_params", L::kParams, false, 0);
    m->Layers = r->Integer("layers", L::kLayers, true, 0);
    m->Hidden = r->Integer("hidden", L::kHidden, true, 0);
    m->Heads = r->Integer("heads", L::kHeads, true, 0);
    m->KvHeads = r->Integer("kv_heads", L::kKvHeads, false, 0);
    m->HeadDim = r->Integer("head_dim", L::kHeadDim, false, 0);
    m->Ffn = r->Integer("ffn", L::kFfn, false, 0);
    m->Vocab = r->Integer("vocab", L::kVocab, true, 0);
    m->GatedMlp = r->Boolean("gated_mlp", true);
    m->TiedEmbeddings = r->Boolean("tied_embeddings", false);
    m->Experts = r->Integer("experts", 0, 100000, false, 0);
    m->ExpertsActive = r->Integer("experts_active", 0, 100000, false, 0);
    m->ExpertFfn = r->Integer("expert_ffn", 0, kBig, false, 0);
    m->SharedExperts = r->Integer("shared_experts", 0, 1000, false, 0);
    m->DenseLayers = r->Integer("dense_layers", 0, 1000, false, 0);
    m->KvLoraRank = r->Integer("kv_lora_rank", 0, 1 << 20, false, 0);
    m->QkRopeHeadDim = r->Integer("qk_rope_head_dim", 0, 4096, false, 0);
    m->QLoraRank = r->Integer("q_lora_rank", 0, 1 << 20, false, 0);
    m->QkNopeHeadDim = r->Integer("qk_nope_head_dim", 0, 4096, false, 0);
    m->VHeadDim = r->Integer("v_head_dim", 0, 4096, false, 0);
    m->SlidingWindow = r->Integer("sliding_window", 0, kBig, false, 0);
    m->SlidingWindowPattern = r->Integer("sliding_window_pattern", 0, 1000, false, 0);
    m->MaxContext = r->Integer("max_context", 0, kBig, false, 0);
    if (m->Heads > 0 && m->KvHeads > 0 && m->Heads % m->KvHeads != 0) r->Error("kv_heads", "must divide heads");
    if (m->ExpertsActive > m->Experts) r->Error("experts_active", "must not exceed experts");
    if ((m->Experts > 0) != (m->ExpertsActive > 0)) r->Error("experts_active", "experts and experts_active go together");
    if (m->DenseLayers > m->Layers) r->Error("dense_layers", "must not exceed layers");
    if (m->ActiveParams > 0 && m->Params > 0 && m->ActiveParams > m->Params) r->Error("active_params", "must not exceed params");
    if (!engine::IsMoe(*m) && m->Ffn <= 0 && m->Layers > 0) r->Error("ffn", "missing; a dense model needs its MLP width");
    return r->Ok();
}

void LoadModelsJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues) {
    json doc;
    if (!ReadTopLevel(file, text, "gpuplan.models/1", "models", &doc, issues)) return;
    const std::string file_as_of = FileAsOf(doc);
    out->Models.reserve(out->Models.size() + doc["models"].size());
    const std::vector<std::string_view> taken = SortedIds(out->Models, [](const ModelEntry& existing) -> std::string_view { return existing.Arch.Id; });
    ForEachEntry(doc["models"], file, &taken, issues, [&](ObjectReader& r, const std::string& id) {
        ModelEntry model;
        model.Arch.Id = id;
        model.Arch.Name = r.String("name", true);
        model.Family = r.String("family", false);
        model.Developer = r.String("developer", false);
        model.License = r.String("license", false);
        r.Skip("params_source");
        const bool arch_ok = ReadModelArchFields(&r, &model.Arch);
        if (arch_ok && model.Arch.Params > 0) {
            const double implied = engine::ParamsFromArchitecture(model.Arch);
            const double deviation = std::fabs(implied - model.Arch.Params) / model.Arch.Params;
            if (deviation > kParamsTolerance) {
                char buffer[160];
                std::snprintf(buffer, sizeof(buffer), "the architecture implies %.3g parameters, %.0f%% away from params %.3g",
                              implied, deviation * 100.0, model.Arch.Params);
                r.Error("params", buffer);
            }
        }
        ReadProvenance(&r, file_as_of, &model.Source, &model.AsOf);
        r.ReportUnknownFields();
        if (r.Ok()) out->Models.push_back(std::move(model));
    });
}

//-----------------------------------------------------------------------------
// [SECTION] Prices and exchange rates
//-----------------------------------------------------------------------------

// Per-GPU-hour prices outside this range are a unit or typing mistake in any currency we carry
// (RUB prices of an H100 are in the hundreds; USD prices of a T4 are cents).
constexpr double kMinPricePerGpuHour = 0.01, kMaxPricePerGpuHour = 100000;
// per-GPU price must equal per-instance / GPUs within this relative tolerance (providers round to cents).
constexpr double kPerGpuPriceTolerance = 0.01;

void LoadPricesJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues) {
    json doc;
    if (!ReadTopLevel(file, text, "gpuplan.prices/1", "offers", &doc, issues)) return;
    auto provider_it = doc.find("provider");
    if (provider_it == doc.end() || !provider_it->is_object()) {
        issues->push_back(Issue{file, "", "provider", "expected an object describing the provider", true});
        return;
    }
    ObjectReader pr(*provider_it, file, "provider", issues);
    Provider provider;
    provider.Id = pr.String("id", true);
    if (!provider.Id.empty() && !IsId(provider.Id)) pr.Error("id", "expected lower-case letters, digits, '-', '_' or '.'");
    if (out->FindProvider(provider.Id) != nullptr) pr.Error("id", "duplicate provider id");
    provider.Name = pr.String("name", true);
    provider.Kind = pr.String("kind", false);
    provider.Country = pr.String("country", false);
    provider.Url = pr.String("url", false);
    provider.Currency = pr.String("currency", true);
    provider.VatStated = pr.Has("vat_included");
    provider.VatIncluded = pr.Boolean("vat_included", false);
    provider.Notes = pr.String("notes", false);
    const double default_granularity = pr.Number("billing_granularity_s", 1, 31 * 86400.0, false, 0);
    const double default_minimum = pr.Number("billing_minimum_s", 0, 366 * 86400.0, false, 0);
    const double default_egress = pr.Number("egress_per_gb", 0, 1000, false, -1);
    pr.ReportUnknownFields();
    if (!pr.Ok()) return;
    out->Providers.push_back(provider); // a copy: its offers below read provider.Id

    const std::string file_as_of = FileAsOf(doc);
    out->Offers.reserve(out->Offers.size() + doc["offers"].size());
    const std::vector<std::string_view> taken = SortedIds(out->Offers, [](const Offer& existing) -> std::string_view { return existing.Id; });
    ForEachEntry(doc["offers"], file, &taken, issues, [&](ObjectReader& r, const std::string& id) {
        Offer offer;
        offer.ProviderId = provider.Id;
        offer.File = file;
        offer.Id = id;
        offer.Instance = r.String("instance", false);
        offer.GpuId = r.String("gpu", true);
        offer.GpusPerInstance = r.Integer("gpus_per_instance", 1, 1024, true, 1);
        const bool has_instance_price = r.Has("price_per_instance_hour");
        const bool has_gpu_price = r.Has("price_per_gpu_hour");
        offer.PricePerInstanceHour = r.Number("price_per_instance_hour", kMinPricePerGpuHour, kMaxPricePerGpuHour * 1024, false, 0);
        offer.PricePerGpuHour = r.Number("price_per_gpu_hour", kMinPricePerGpuHour, kMaxPricePerGpuHour, false, 0);
        if (!has_instance_price && !has_gpu_price) r.Error("price_per_gpu_hour", "missing; give price_per_gpu_hour or price_per_instance_hour");
        if (offer.PricePerGpuHour <= 0 && offer.PricePerInstanceHour > 0) offer.PricePerGpuHour = offer.PricePerInstanceHour / offer.GpusPerInstance;
        if (offer.PricePerInstanceHour <= 0 && offer.PricePerGpuHour > 0) offer.PricePerInstanceHour = offer.PricePerGpuHour * offer.GpusPerInstance;
        if (has_instance_price && has_gpu_price && offer.PricePerGpuHour > 0) {
            const double implied = offer.PricePerInstanceHour / offer.GpusPerInstance;
            if (std::fabs(implied - offer.PricePerGpuHour) > kPerGpuPriceTolerance * offer.PricePerGpuHour) {
                char buffer[160];
                std::snprintf(buffer, sizeof(buffer), "%.4g does not equal price_per_instance_hour / gpus_per_instance = %.4g",
                              offer.PricePerGpuHour, implied);
                r.Error("price_per_gpu_hour", buffer);
            }
        }
        offer.Currency = r.String("currency", false, provider.Currency);
        const std::string kind = r.String("kind", true);
        bool kind_ok = false;
        for (int k = 0; k < static_cast<int>(OfferKind::Count); ++k)
            if (kind == kOfferKindNames[k]) { offer.Kind = static_cast<OfferKind>(k); kind_ok = true; }
        if (!kind.empty() && !kind_ok) r.Error("kind", "expected on_demand, spot, reserved_1y or reserved_3y, got \"" + kind + "\"");
        offer.Region = r.String("region", false, "any");
        offer.BillingGranularityS = r.Number("billing_granularity_s", 1, 31 * 86400.0, false, default_granularity);
        offer.BillingMinimumS = r.Number("billing_minimum_s", 0, 366 * 86400.0, false, default_minimum);
        offer.EgressPerGb = r.Number("egress_per_gb", 0, 1000, false, default_egress);
        offer.Estimate = r.Boolean("estimate", false);
        offer.VatIncluded = r.Boolean("vat_included", provider.VatIncluded);
        // The fabric the provider's page states (planner, issue 9): unknown stays "" and is planned as Ethernet-class.
        offer.FabricIntra = r.String("fabric_intra", false);
        if (!offer.FabricIntra.empty() && offer.FabricIntra != "nvlink" && offer.FabricIntra != "pcie")
            r.Error("fabric_intra", "expected nvlink or pcie, got \"" + offer.FabricIntra + "\"");
        offer.FabricInter = r.String("fabric_inter", false);
        if (!offer.FabricInter.empty() && offer.FabricInter != "infiniband" && offer.FabricInter != "roce" && offer.FabricInter != "efa" &&
            offer.FabricInter != "ethernet")
            r.Error("fabric_inter", "expected infiniband, roce, efa or ethernet, got \"" + offer.FabricInter + "\"");
        offer.NetworkGbSPerGpu = r.Number("network_gb_s_per_gpu", 0.1, 1000, false, 0);
        offer.GpusPerNode = r.Integer("gpus_per_node", 1, 1024, false, 0);
        offer.Notes = r.String("notes", false);
        ReadProvenance(&r, file_as_of, &offer.Source, &offer.AsOf);
        r.ReportUnknownFields();
        if (r.Ok()) out->Offers.push_back(std::move(offer));
    });
}

void LoadFxJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues) {
    json doc;
    if (!ReadTopLevel(file, text, "gpuplan.fx/1", nullptr, &doc, issues)) return;
    ObjectReader r(doc, file, "", issues);
    r.Skip("schema");
    const std::string base = r.String("base", true);
    if (!base.empty() && base != "USD") r.Error("base", "expected \"USD\"");
    const json* rates = r.Child("rates");
    FxRates fx;
    if (rates == nullptr || !rates->is_object()) {
        r.Error("rates", "expected an object of currency → units per USD");
    } else {
        ObjectReader rr(*rates, file, "", issues, "rates.");
        for (auto it = rates->begin(); it != rates->end(); ++it) {
            const double rate = rr.Number(it.key().c_str(), 1e-6, 1e6, true, 0);
            if (rate > 0) fx.PerUsd[it.key()] = rate;
        }
        if (fx.PerUsd.count("USD") && std::fabs(fx.PerUsd["USD"] - 1.0) > 1e-9) rr.Error("USD", "expected 1 (the base)");
    }
    ReadProvenance(&r, "", &fx.Source, &fx.AsOf);
    r.ReportUnknownFields();
    if (r.Ok()) out->Fx = fx;
}

//-----------------------------------------------------------------------------
// [SECTION] Taxes and price ages
//-----------------------------------------------------------------------------

// A tax rate above this is a percent typed as a fraction's place (22 for 0.22); no country's VAT reaches 30 %
// (the highest standard rate in the EU is Hungary's 27 %).
constexpr double kMaxVatRate = 0.30;

void LoadTaxesJson(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues) {
    json doc;
    if (!ReadTopLevel(file, text, "gpuplan.taxes/1", "countries", &doc, issues)) return;
    const std::string file_as_of = FileAsOf(doc);
    std::set<std::string> seen;
    for (const TaxRate& existing : out->Taxes) seen.insert(existing.Country);
    const json& list = doc["countries"];
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string entry = list[i].is_object() && list[i].contains("country") && list[i]["country"].is_string()
                                      ? list[i]["country"].get<std::string>() : "#" + std::to_string(i + 1);
        if (!list[i].is_object()) {
            issues->push_back(Issue{file, entry, "", "expected an object", true});
            continue;
        }
        ObjectReader r(list[i], file, entry, issues);
        TaxRate tax;
        tax.Country = r.String("country", true);
        const bool upper2 = tax.Country.size() == 2 && std::isupper(static_cast<unsigned char>(tax.Country[0])) &&
                            std::isupper(static_cast<unsigned char>(tax.Country[1]));
        if (!tax.Country.empty() && !upper2) r.Error("country", "expected an ISO 3166-1 alpha-2 code such as \"RU\"");
        if (!tax.Country.empty() && !seen.insert(tax.Country).second) r.Error("country", "duplicate country");
        tax.Name = r.String("name", true);
        tax.Rate = r.Number("vat_rate", 0, kMaxVatRate, true, 0);
        tax.Notes = r.String("notes", false);
        ReadProvenance(&r, file_as_of, &tax.Source, &tax.AsOf);
        r.ReportUnknownFields();
        if (r.Ok()) out->Taxes.push_back(std::move(tax));
    }
}

namespace {

// Days since 1970-01-01 of a proleptic Gregorian date: eras of 400 years (146097 days), the year counted
// from March so that the leap day falls last (H. Hinnant, "chrono-Compatible Low-Level Date Algorithms",
// days_from_civil).
long DaysFromCivil(int year, int month, int day) {
    year -= month <= 2;
    const long era = (year >= 0 ? year : year - 399) / 400;
    const long year_of_era = year - era * 400;
    const long day_of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    const long day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return era * 146097 + day_of_era - 719468;
}

bool ParseDate(const std::string& text, long* days) {
    int year = 0, month = 0, day = 0;
    if (!SplitDate(text, &year, &month, &day)) return false;
    *days = DaysFromCivil(year, month, day);
    return true;
}

} // namespace

int AgeDays(const std::string& as_of, const std::string& today) {
    long then = 0, now = 0;
    if (!ParseDate(as_of, &then) || !ParseDate(today, &now)) return -1;
    return static_cast<int>(now - then);
}

bool IsStale(const std::string& as_of, const std::string& today) { return AgeDays(as_of, today) > kStaleAfterDays; }

double OfferVatRate(const Catalog& catalog, const Offer& offer) {
    const Provider* provider = catalog.FindProvider(offer.ProviderId);
    const TaxRate* tax = provider != nullptr ? catalog.FindTax(provider->Country) : nullptr;
    return tax != nullptr ? tax->Rate : 0.0;
}

double PricePerGpuHourTaxed(const Catalog& catalog, const Offer& offer, bool include_vat) {
    if (offer.VatIncluded == include_vat) return offer.PricePerGpuHour;
    const double factor = 1.0 + OfferVatRate(catalog, offer);
    return include_vat ? offer.PricePerGpuHour * factor : offer.PricePerGpuHour / factor;
}

//-----------------------------------------------------------------------------
// [SECTION] Cross-file checks and file sets
//-----------------------------------------------------------------------------

void CheckCatalog(const Catalog& catalog, std::vector<Issue>* issues) {
    for (const Offer& offer : catalog.Offers) {
        const std::string& file = offer.File;
        if (catalog.FindGpu(offer.GpuId) == nullptr)
            issues->push_back(Issue{file, offer.Id, "gpu", "unknown GPU id \"" + offer.GpuId + "\" (not in gpus.json)", true});
        if (!catalog.Fx.PerUsd.count(offer.Currency))
            issues->push_back(Issue{file, offer.Id, "currency", "no exchange rate for \"" + offer.Currency + "\" in fx.json", true});
    }
}

void CheckPriceLists(const Catalog& catalog, std::vector<Issue>* issues) {
    // A catalog price list must say whether its prices include VAT, and its country needs a rate, so that
    // prices compare like with like. (A visitor's imported table may leave it out: taken as without VAT.)
    for (const Provider& provider : catalog.Providers) {
        const std::string file = "prices/" + provider.Id + ".json";
        if (!provider.VatStated)
            issues->push_back(Issue{file, "provider", "vat_included", "missing; say whether the published prices include VAT (true or false)", true});
        if (!catalog.Taxes.empty() && catalog.FindTax(provider.Country) == nullptr)
            issues->push_back(Issue{file, "provider", "country",
                                    "no VAT rate for \"" + provider.Country + "\" in taxes.json (prices could not be compared with or without VAT)", true});
    }
    for (const Offer& offer : catalog.Offers) {
        const int age = AgeDays(offer.AsOf);
        if (age > kExpiredAfterDays)
            issues->push_back(Issue{offer.File, offer.Id, "as_of", offer.AsOf + " is " + std::to_string(age) + " days before the catalog's release date " +
                                                                 kCatalogReleaseDate + ": refresh or remove it (docs/catalogs/REFRESH.md)", false});
    }
}

static bool EndsWith(const std::string& text, const std::string& suffix) {
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

Catalog LoadFileSet(const FileSet& files, std::vector<Issue>* issues) {
    Catalog catalog;
    // GPUs first: prices refer to them.
    for (const auto& [path, text] : files.Files)
        if (EndsWith(path, "gpus.json")) LoadGpusJson(path, text, &catalog, issues);
    for (const auto& [path, text] : files.Files) {
        if (EndsWith(path, "models.json")) LoadModelsJson(path, text, &catalog, issues);
        else if (EndsWith(path, "fx.json")) LoadFxJson(path, text, &catalog, issues);
        else if (EndsWith(path, "taxes.json")) LoadTaxesJson(path, text, &catalog, issues);
    }
    for (const auto& [path, text] : files.Files)
        if (path.find("prices/") != std::string::npos && !EndsWith(path, "index.json")) LoadPricesJson(path, text, &catalog, issues);
    LoadOwnershipFiles(files, &catalog, issues); // servers, tiers, software, tco (tco_catalog.cpp)
    CheckCatalog(catalog, issues);
    CheckPriceLists(catalog, issues);
    return catalog;
}

} // namespace catalog
