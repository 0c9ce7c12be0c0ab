// gpuplan engine: inference memory, speed and capacity.
//
// Index
// [SECTION] Setup: resolved inputs (efficiencies, math path, link bandwidth)
// [SECTION] Memory per GPU
// [SECTION] Step times (roofline: bytes / bandwidth vs FLOPs / compute, plus tensor-parallel all-reduces)
// [SECTION] Capacity and SLA search
// [SECTION] EvaluateInference
#include "engine/inference.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/derivation.h"
#include "engine/efficiency.h"
#include "engine/engine.h"
#include "engine/hardware_support.h"
#include "engine/model_math.h"
#include "engine/queueing.h"

namespace engine {

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Setup: resolved inputs
//-----------------------------------------------------------------------------

struct Setup {
    const Scenario*     S = nullptr;
    InferenceEfficiency Eff;
    MathPath            Math;
    WeightStorage       Weights;             // whole model, bytes
    int                 Tp = 1;
    int                 Pp = 1;
    bool                AttentionDp = false; // MoE with expert_parallel = TP: attention data-parallel, experts split by EP
    double              ContextTokens = 0;   // KV reserved per sequence
    double              DecodeContext = 0;   // average context while decoding: input + output / 2
    double              BandwidthBytesPerS = 0; // achievable per GPU
    double              FlopsPerS = 0;          // achievable per GPU on the math path
    double              LinkBytesPerS = 0;      // achievable per direction, per GPU, for tensor-parallel collectives
    double              KvShare = 1;            // KvShareOfRank at Tp: the share of a sequence's KV heads one rank keeps
    double              StageShare = 1;         // StageLayerFraction at Pp: the share of the layers the fullest stage holds
    double              ActiveLinearParams = 0; // parameters in matmuls per token (active params minus the embedding lookup)
    // What every step and memory figure of the scenario reads and no TP degree or concurrency changes (whole model,
    // not split by rank): computed once per setup instead of once per step.
    double              ContextKvBytes = 0;        // KV cache of one sequence at ContextTokens, in KV blocks
    double              DecodeKvBytes = 0;         // KV cache of one sequence at DecodeContext
    double              DecodeAttentionFlops = 0;  // attention FLOPs of one decode token at DecodeContext
    double              PromptAttentionFlops = 0;  // attention FLOPs of the whole prompt (InputTokens, no past)
};

double ContextTokensOf(const InferenceParams& in) {
    return in.ContextTokens > 0 ? in.ContextTokens : in.InputTokens + in.OutputTokens;
}

// Fraction of the layers the fullest pipeline stage holds.
double StageLayerFraction(int layers, int pipeline_parallel) {
    const double per_stage = std::ceil(static_cast<double>(layers) / pipeline_parallel);
    return per_stage / layers;
}

// Share of a sequence's KV cache one tensor-parallel rank holds: KV heads split across ranks, replicated when
// there are fewer KV heads than ranks (vLLM: each rank keeps at least one KV head); MLA's latent is not
// split by heads and every rank keeps the whole latent (vLLM MLA backends).
double KvShareOfRank(const ModelArch& m, int tensor_parallel, bool attention_dp = false) {
    // Attention data-parallel: a GPU keeps whole KV heads of 1/TP of the sequences — on average 1/TP of each.
    if (attention_dp) return 1.0 / tensor_parallel;
    if (IsMla(m)) return 1.0;
    const double kv_heads = KvHeadsOf(m);
    return std::max(1.0, kv_heads / tensor_parallel) / kv_heads;
}

// The fields of a Setup that depend on the tensor-parallel degree. The GPUs-needed search sets them on one copy of
// the setup for each degree it tries, instead of resolving efficiencies, math path and weight storage again.
void SetTensorParallel(Setup* setup, int tensor_parallel) {
    Setup& u = *setup;
    const Scenario& s = *u.S;
    // Expert parallelism as TensorRT-LLM (--ep with enable_attention_dp) and SGLang (DP attention) run it: each GPU of
    // the replica serves its own share of the sequences with a full copy of the attention and dense weights, and holds
    // 1/EP of the routed experts; tokens reach their experts by all-to-all. Modelled for EP = TP (the value is
    // clamped to that and EvaluateInference warns otherwise).
    u.AttentionDp = IsMoe(s.Model) && s.Inference.ExpertParallel > 1 && tensor_parallel > 1;
    u.Tp = tensor_parallel;
    u.KvShare = KvShareOfRank(s.Model, tensor_parallel, u.AttentionDp);
    // Datasheets quote GPU-to-GPU bandwidth bidirectional; a ring all-reduce uses each direction at once.
    double link_bidirectional = s.Gpu.InterconnectBytesPerS > 0 ? s.Gpu.InterconnectBytesPerS : kFallbackInterconnectBytesPerS;
    double link_per_direction = link_bidirectional / 2.0;
    // Tensor parallelism wider than a node rides the inter-node network (quoted per direction per GPU).
    if (tensor_parallel > s.Cluster.GpusPerNode) link_per_direction = std::min(link_per_direction, s.Cluster.NetworkBytesPerSPerGpu);
    u.LinkBytesPerS = link_per_direction * u.Eff.InterconnectEfficiency;
}

Setup MakeSetup(const Scenario& s, int tensor_parallel, int pipeline_parallel) {
    Setup u;
    u.S = &s;
    u.Math = ResolveMathPath(s.Gpu, s.Precision.Compute);
    u.Eff = ResolveInferenceEfficiency(s, u.Math.Compute);
    const ParamGroups groups = ParamGroupsOf(s.Model);
    u.Weights = WeightStorageOf(s.Model, groups, s.Precision);
    u.Pp = pipeline_parallel;
    u.StageShare = StageLayerFraction(s.Model.Layers, pipeline_parallel);
    u.ContextTokens = ContextTokensOf(s.Inference);
    u.DecodeContext = s.Inference.InputTokens + s.Inference.OutputTokens / 2.0;
    u.BandwidthBytesPerS = s.Gpu.BandwidthBytesPerS * u.Eff.BandwidthEfficiency;
    u.FlopsPerS = u.Math.PeakFlops * u.Eff.ComputeEfficiency;
    u.ActiveLinearParams = std::max(0.0, ActiveParams(s.Model) - (s.Model.TiedEmbeddings ? 0.0 : groups.Embedding));
    u.ContextKvBytes = KvCacheBytesPerSequence(s.Model, s.Precision.KvCache, u.ContextTokens, s.Inference.KvBlockTokens);
    u.DecodeKvBytes = KvCacheBytesPerSequence(s.Model, s.Precision.KvCache, u.DecodeContext);
    u.DecodeAttentionFlops = AttentionFlops(s.Model, u.DecodeContext, 1.0);
    u.PromptAttentionFlops = AttentionFlops(s.Model, 0.0, s.Inference.InputTokens);
    SetTensorParallel(&u, tensor_parallel);
    return u;
}

//-----------------------------------------------------------------------------
// [SECTION] Memory per GPU
//-----------------------------------------------------------------------------

struct InferenceMemory {
    double WeightsBytes     = 0; // fullest GPU
    double KvBytes          = 0; // fullest GPU, at the scenario's concurrency
    double ActivationBytes  = 0; // prefill-chunk workspace + logits + QuantTransientBytes
    double QuantTransientBytes = 0; // weight-only format's (de)quantisation copy of its largest matrix (QuantisationTransientBytes)
    double OverheadBytes    = 0;
    double Total() const { return WeightsBytes + KvBytes + ActivationBytes + OverheadBytes; }
};

// Weights on the fullest GPU: decoder layers split by TP and PP; embedding and lm_head split by vocabulary
// across TP ranks (vLLM VocabParallelEmbedding / ParallelLMHead) and placed on the first / last stage; norms
// replicated on every TP rank.
double WeightsPerGpu(const Setup& u) {
    const double stage = u.StageShare;
    const WeightStorage& w = u.Weights;
    const double layers = (u.AttentionDp ? w.DenseBytes + w.ExpertBytes / u.Tp : (w.DenseBytes + w.ExpertBytes) / u.Tp) * stage;
    const double ends = u.Pp == 1 ? (w.EmbeddingBytes + w.LmHeadBytes) / u.Tp : std::max(w.EmbeddingBytes, w.LmHeadBytes) / u.Tp;
    return layers + ends + w.NormBytes * stage;
}

// The KV bytes on the fullest GPU of a sequence whose whole-model KV cache is `whole_model_bytes`: the rank's share
// of the KV heads, the stage's share of the layers.
double KvBytesOnGpu(const Setup& u, double whole_model_bytes) { return whole_model_bytes * u.KvShare * u.StageShare; }

// Widest per-token MLP activation a layer produces on one rank (MoE: every chosen and shared expert).
double MlpWidthPerRank(const ModelArch& m, int tensor_parallel) {
    double width = m.Ffn;
    if (IsMoe(m)) {
        const double expert_ffn = m.ExpertFfn > 0 ? m.ExpertFfn : m.Ffn;
        width = std::max<double>(m.DenseLayers > 0 ? m.Ffn : 0.0, (m.ExpertsActive + m.SharedExperts) * expert_ffn);
    }
    return width / tensor_parallel;
}

// Transient memory of one forward pass over a prefill chunk: the residual stream and its normalised copy
// (2 × hidden), q/k/v projections (split by TP) and the MLP's gate, up and activated outputs (3 × MLP width,
// split by TP), all in bf16 — the buffers alive at once at a layer's peak; plus the fp32 logits of the
// sequences sampled in one step (vocab × concurrency × 4 B).
double ActivationBytesPerGpu(const Setup& u) {
    const ModelArch& m = u.S->Model;
    const double chunk = u.S->Inference.PrefillChunkTokens;
    const double qkv = (static_cast<double>(m.Heads) + 2.0 * KvHeadsOf(m)) * HeadDimOf(m) / u.Tp;
    const double per_token = 2.0 * m.Hidden + qkv + 3.0 * MlpWidthPerRank(m, u.Tp);
    const double workspace = chunk * per_token * kActivationBytesPerValue;
    const double logits = static_cast<double>(m.Vocab) * u.S->Inference.Concurrency * kLogitBytes;
    return workspace + logits;
}

InferenceMemory MemoryPerGpu(const Setup& u) {
    InferenceMemory mem;
    mem.WeightsBytes = WeightsPerGpu(u);
    mem.KvBytes = KvBytesOnGpu(u, u.ContextKvBytes) * u.S->Inference.Concurrency;
    mem.QuantTransientBytes = QuantisationTransientBytes(u.S->Model, u.S->Precision, u.Tp);
    mem.ActivationBytes = ActivationBytesPerGpu(u) + mem.QuantTransientBytes;
    mem.OverheadBytes = u.Eff.RuntimeOverheadBytes;
    return mem;
}

//-----------------------------------------------------------------------------
// [SECTION] Step times
//-----------------------------------------------------------------------------

// A step runs its kernels one after another, and each kernel is bound by its own resource: the linear layers
// (weight GEMMs) become compute-bound as the batch grows while decode attention stays bound by its KV-cache reads.
// So the roofline is taken per phase and the phases add: max(weight bytes, linear FLOPs) + max(KV bytes, attention
// FLOPs). source: Zhu et al. 2024, "NanoFlow: Towards Optimal Large Language Model Serving Throughput" §3
// (operations inside a device run sequentially, so compute-, memory- and network-bound kernels do not overlap);
// Patel et al. 2024, "Splitwise" §3 (decode attention stays memory-bound at any batch). Where both phases are bound
// by the same resource (batch-1 decode, prefill) this equals the single max(bytes, FLOPs) of a whole step.
struct StepTime {
    double MemoryS  = 0; // bytes read / achievable bandwidth (both phases)
    double ComputeS = 0; // FLOPs / achievable FLOP/s (both phases)
    double LinearMemoryS = 0, LinearComputeS = 0;       // weight reads / linear-layer FLOPs
    double AttentionMemoryS = 0, AttentionComputeS = 0; // KV-cache reads / attention FLOPs
    double CommS    = 0; // tensor-parallel all-reduces and pipeline hand-offs
    double OverheadS = 0; // fixed cost per forward step × steps (launches, synchronisation, host loop)
    double HostS    = 0; // eager engines: host dispatch time of the steps; the GPU runs behind it asynchronously
    double BoundS() const { return std::max(LinearMemoryS, LinearComputeS) + std::max(AttentionMemoryS, AttentionComputeS); }
    double TotalS() const { return std::max(BoundS() + CommS, HostS) + OverheadS; }
    bool   ComputeBound() const { return ComputeS > MemoryS; }
};

// Weight bytes one TP rank reads in a forward pass over all layers (all pipeline stages in turn) for a step
// of `tokens` tokens: every dense weight and lm_head, and the routed experts the tokens touch. The embedding is
// a row lookup and reads next to nothing.
double WeightBytesReadPerRank(const Setup& u, double tokens) {
    const ModelArch& m = u.S->Model;
    const WeightStorage& w = u.Weights;
    double experts = 0;
    if (IsMoe(m) && w.ExpertBytes > 0) experts = w.ExpertBytes * ExpectedExpertsTouched(m, tokens) / m.Experts;
    const double dense = u.AttentionDp ? w.DenseBytes : w.DenseBytes / u.Tp; // attention DP: every GPU reads all dense weights
    return dense + (experts + w.LmHeadBytes + (m.TiedEmbeddings ? w.EmbeddingBytes : 0.0)) / u.Tp + w.NormBytes;
}

// Ring all-reduce of `bytes` across n ranks: 2(n−1)/n × bytes over the per-direction link, plus a latency term.
double AllReduceS(const Setup& u, double bytes) {
    if (u.Tp <= 1) return 0.0;
    const double n = u.Tp;
    return 2.0 * (n - 1.0) / n * bytes / u.LinkBytesPerS + kAllReduceLatencyS;
}

// Communication of one forward pass carrying `tokens` tokens: two all-reduces per layer (after attention and
// after the MLP, Megatron-style TP) of tokens × hidden bf16 values, and PP − 1 stage hand-offs.
double CommS(const Setup& u, double tokens, double steps) {
    const ModelArch& m = u.S->Model;
    const double activation_bytes = tokens * m.Hidden * kActivationBytesPerValue;
    double time = 0;
    if (u.Tp > 1 && !u.AttentionDp) time += 2.0 * m.Layers * (AllReduceS(u, activation_bytes / steps) * steps);
    if (u.AttentionDp) {
        // Each MoE layer: dispatch and combine all-to-all of every local token's top-k copies; a GPU keeps 1/EP
        // (Megatron-Core / TensorRT-LLM all-to-all token dispatchers). Dense layers need no collective.
        const double n = u.Tp;
        const double moe_layers = m.Layers - m.DenseLayers;
        const double bytes = activation_bytes / n * m.ExpertsActive * (n - 1.0) / n;
        time += moe_layers * 2.0 * (bytes / u.LinkBytesPerS + steps * kAllReduceLatencyS);
    }
    if (u.Pp > 1) time += (u.Pp - 1.0) * (activation_bytes / u.LinkBytesPerS + steps * kAllReduceLatencyS);
    return time;
}

// One scheduler step (or `steps` equal steps) mixing prefill of `prefill_tokens` new tokens (of one sequence,
// after `prefill_past` cached tokens) with one decode token for each of `decode_batch` sequences.
StepTime MixedSteps(const Setup& u, double prefill_tokens, double decode_batch, double steps) {
    const ModelArch& m = u.S->Model;
    StepTime t;
    const double tokens_per_step = prefill_tokens / steps + decode_batch;
    const double kv_read = decode_batch * u.DecodeKvBytes * u.KvShare;
    t.LinearMemoryS = steps * WeightBytesReadPerRank(u, tokens_per_step) / u.BandwidthBytesPerS;
    t.AttentionMemoryS = steps * kv_read / u.BandwidthBytesPerS;
    const double linear_flops = 2.0 * u.ActiveLinearParams * (prefill_tokens + steps * decode_batch);
    // The prompt's attention: none in a decode-only step, the setup's for the whole prompt, else this chunk's.
    const double prefill_attention = prefill_tokens == 0.0                         ? 0.0
                                     : prefill_tokens == u.S->Inference.InputTokens ? u.PromptAttentionFlops
                                                                                     : AttentionFlops(m, 0.0, prefill_tokens);
    const double attention_flops = prefill_attention + steps * decode_batch * u.DecodeAttentionFlops;
    t.LinearComputeS = linear_flops / u.Tp / u.FlopsPerS;
    t.AttentionComputeS = attention_flops / u.Tp / u.FlopsPerS;
    t.MemoryS = t.LinearMemoryS + t.AttentionMemoryS;
    t.ComputeS = t.LinearComputeS + t.AttentionComputeS;
    t.CommS = CommS(u, prefill_tokens + steps * decode_batch, steps);
    // Eager loops (efficiency.cpp kEagerHostLayerS): the host issues each layer's ops while the GPU works through the
    // earlier ones, so the step takes the longer of the two (PyTorch gpt-fast blog: the eager baseline is host-bound).
    t.HostS = steps * m.Layers * u.Eff.HostLayerS;
    t.OverheadS = steps * (u.Eff.StepOverheadS + (decode_batch + (prefill_tokens > 0 ? 1.0 : 0.0)) * u.Eff.SequenceOverheadS);
    return t;
}

double PrefillChunks(const Setup& u, double input_tokens) {
    return std::max(1.0, std::ceil(input_tokens / u.S->Inference.PrefillChunkTokens));
}

// Time to first token of a request arriving while `decode_batch` other sequences decode (chunked prefill
// shares every step with them). An empty prompt still needs one forward pass.
StepTime Ttft(const Setup& u, double decode_batch) {
    const double input = u.S->Inference.InputTokens;
    if (input <= 0) return MixedSteps(u, 0.0, decode_batch + 1.0, 1.0);
    return MixedSteps(u, input, decode_batch, PrefillChunks(u, input));
}

StepTime DecodeStep(const Setup& u, double batch) {
    return MixedSteps(u, 0.0, batch, 1.0);
}

//-----------------------------------------------------------------------------
// [SECTION] Capacity and SLA search
//-----------------------------------------------------------------------------

struct LoadPoint {
    double TtftS = 0;
    double TpotS = 0;
    double TokensPerSPerReplica = 0;
};

// Prefill time of the requests sharing a replica, spread over their output tokens: in steady state each of
// `batch` slots starts a new request every OutputTokens decode steps, and its prefill takes GPU time the
// decodes wait for (chunked prefill mixes it into their steps). Adds batch × prefill / output to each step.
// `alone_ttft_s` is Ttft(u, 0).TotalS(), the same at every concurrency: EvaluateInference computes it once.
double AmortisedPrefillS(const Setup& u, double batch, double alone_ttft_s) {
    const double output = u.S->Inference.OutputTokens;
    if (output <= 0 || u.S->Inference.InputTokens <= 0) return 0.0;
    return batch * alone_ttft_s / output;
}

LoadPoint AtConcurrency(const Setup& u, double batch, double alone_ttft_s) {
    LoadPoint p;
    p.TtftS = Ttft(u, std::max(0.0, batch - 1.0)).TotalS();
    p.TpotS = DecodeStep(u, batch).TotalS() + AmortisedPrefillS(u, batch, alone_ttft_s);
    p.TokensPerSPerReplica = p.TpotS > 0 ? batch / p.TpotS : 0.0;
    return p;
}

bool MeetsSla(const InferenceParams& in, const LoadPoint& p) {
    if (in.TtftSlaS > 0 && p.TtftS > in.TtftSlaS) return false;
    if (in.MinTokensPerSPerUser > 0 && (p.TpotS <= 0 || 1.0 / p.TpotS < in.MinTokensPerSPerUser)) return false;
    return true;
}

// Largest concurrency per replica in [1, max_batch] meeting the SLA; TTFT and TPOT both grow with load, so
// the feasible set is a prefix and a bisection finds its end. 0 when even one user misses it.
double SlaMaxBatch(const Setup& u, double max_batch, double alone_ttft_s) {
    const InferenceParams& in = u.S->Inference;
    if (max_batch < 1) return 0;
    if (in.TtftSlaS <= 0 && in.MinTokensPerSPerUser <= 0) return max_batch; // no SLA: every concurrency meets it
    if (!MeetsSla(in, AtConcurrency(u, 1.0, alone_ttft_s))) return 0;
    double lo = 1, hi = max_batch;
    if (MeetsSla(in, AtConcurrency(u, hi, alone_ttft_s))) return hi;
    while (hi - lo > 1) {
        const double mid = std::floor((lo + hi) / 2.0);
        if (MeetsSla(in, AtConcurrency(u, mid, alone_ttft_s))) lo = mid;
        else hi = mid;
    }
    return lo;
}

[[gnu::cold]] std::string Str(int value) { return std::to_string(value); }

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] EvaluateInference
//-----------------------------------------------------------------------------

void EvaluateInference(const Scenario& s, Result* r) {
    const FormatInfo& kv = GetFormatInfo(s.Precision.KvCache);
    if (kv.BytesPerKvValue <= 0) {
        r->Ok = false;
        r->Error = std::string("precision.kv_cache: expected a KV cache format (fp32, bf16, fp16, fp8, int8), got ") + kv.Name;
        return;
    }
    const ModelArch& m = s.Model;
    const InferenceParams& in = s.Inference;
    const int tp = in.TensorParallel;
    const int pp = in.PipelineParallel;
    const Setup u = MakeSetup(s, tp, pp);
    const InferenceMemory mem = MemoryPerGpu(u);
    const FormatInfo& weights = GetFormatInfo(s.Precision.Weights);

    // --- memory --------------------------------------------------------------------------------------------
    r->MemoryPerGpu.Weights     = mem.WeightsBytes;
    r->MemoryPerGpu.KvCache     = mem.KvBytes;
    r->MemoryPerGpu.Activations = mem.ActivationBytes;
    r->MemoryPerGpu.Overhead    = mem.OverheadBytes;
    r->MemoryPerGpu.OutsideAllocator = mem.OverheadBytes; // CUDA context, library workspaces (vLLM's "non-torch memory")
    r->MemoryPerGpu.Total       = mem.Total();
    r->GpuMemoryBytes = s.Gpu.MemoryBytes;
    const double usable = s.Gpu.MemoryBytes * u.Eff.GpuMemoryUtilization;
    r->Fits = r->MemoryPerGpu.Total <= usable;

    const ParamGroups groups = Explaining() ? ParamGroupsOf(m) : ParamGroups{}; // for the words of the steps below
    const double params = Explaining() ? TotalParams(m) : 0.0;
    const WeightStorage& w = u.Weights;
    AddStep(r, "params", "Parameters", m.Params > 0 ? "from the model card" : "from the architecture", params, "params");
    AddStep(r, "weights_model_bytes", "Weights, whole model",
            "linear " + Num(groups.Dense + groups.Experts) + " × " + Num(weights.BitsPerWeight) + " bits" +
                (weights.ExpertsOnlyOnMoe && IsMoe(m) ? " (experts only; the rest 16 bits)" : "") + " + embedding " + Num(groups.Embedding) +
                " × " + Num(weights.EmbeddingBits) + " bits + lm_head " + Num(groups.LmHead) + " × " + Num(weights.LmHeadBits) +
                " bits + norms " + Num(groups.Norms) + " × " + Num(weights.NormBits) + " bits, / 8",
            w.Total(), "B");
    AddStep(r, "weights_bytes", "Weights per GPU",
            std::string(u.AttentionDp ? "attention and dense layers whole on every GPU, routed experts / EP " + Str(tp) + ", all / PP " + Str(pp)
                                      : "layers / (TP " + Str(tp) + " × PP " + Str(pp) + ")") +
                ", embedding and lm_head split by vocabulary over TP" +
                (pp > 1 ? " on the first / last stage" : "") + ", norms replicated",
            mem.WeightsBytes, "B");
    const double kv_per_token = KvCacheBytesPerSequence(m, s.Precision.KvCache, 1.0);
    const int global_layers = GlobalAttentionLayers(m);
    std::string kv_formula;
    if (Explaining()) // figures-only evaluations (the planner) format no text
        kv_formula = IsMla(m) ? "(kv_lora_rank " + Str(m.KvLoraRank) + " + qk_rope_head_dim " + Str(m.QkRopeHeadDim) + ") × " +
                                    Str(m.Layers) + " layers × " + Num(kv.BytesPerKvValue) + " B"
                              : "2 × " + Str(KvHeadsOf(m)) + " KV heads × " + Str(HeadDimOf(m)) + " head dim × " +
                                    Str(m.Layers) + " layers × " + Num(kv.BytesPerKvValue) + " B";
    if (Explaining() && global_layers < m.Layers)
        kv_formula += "; " + Str(m.Layers - global_layers) + " sliding-window layers keep at most " + Str(m.SlidingWindow) + " tokens";
    AddStep(r, "kv_bytes_per_token", "KV cache per token (whole model)", kv_formula, kv_per_token, "B");
    const double kv_seq_gpu = KvBytesOnGpu(u, u.ContextKvBytes); // at ContextTokens in KV blocks
    AddStep(r, "kv_bytes_per_sequence_per_gpu", "KV cache per sequence per GPU",
            Num(u.ContextTokens) + " tokens in blocks of " + Num(in.KvBlockTokens) + " × KV share of a TP rank " +
                Num(u.KvShare) + " × stage share " + Num(u.StageShare),
            kv_seq_gpu, "B");
    AddStep(r, "kv_cache_bytes", "KV cache per GPU", "KV per sequence per GPU × " + Str(in.Concurrency) + " sequences", mem.KvBytes, "B");
    AddStep(r, "activation_bytes", "Activations per GPU",
            "prefill chunk " + Num(in.PrefillChunkTokens) + " tokens × (2 × hidden + q/k/v/TP + 3 × MLP width/TP) × 2 B + logits " +
                Str(m.Vocab) + " × " + Str(in.Concurrency) + " × 4 B" +
                (mem.QuantTransientBytes > 0 ? " + (de)quantisation copy of the largest quantised matrix" : ""),
            mem.ActivationBytes, "B");
    if (mem.QuantTransientBytes > 0)
        AddStep(r, "quant_transient_bytes", "Quantisation working copy",
                "largest quantised matrix per GPU × bytes its library holds at once (bitsandbytes: fp16 staging / dequantised copy)",
                mem.QuantTransientBytes, "B");
    AddStep(r, "overhead_bytes", "Runtime overhead", "CUDA context, library workspaces, allocator (efficiency.runtime_overhead_gb)", mem.OverheadBytes, "B");
    AddStep(r, "total_bytes", "Total per GPU", "weights + KV cache + activations + overhead", r->MemoryPerGpu.Total, "B");
    AddStep(r, "usable_bytes", "Usable GPU memory", Gb(s.Gpu.MemoryBytes) + " × gpu_memory_utilization " + Num(u.Eff.GpuMemoryUtilization), usable, "B");

    // --- GPUs: replicas, GPUs needed ------------------------------------------------------------------------
    r->Inference.GpusPerReplica = tp * pp;
    r->Inference.Replicas = std::max(1, s.GpuCount / (tp * pp));
    r->Inference.GpusUsed = r->Inference.Replicas * tp * pp;
    AddStep(r, "replicas", "Data-parallel replicas", "hardware.count " + Str(s.GpuCount) + " / (TP " + Str(tp) + " × PP " + Str(pp) + ")",
            r->Inference.Replicas, "replicas");
    if (r->Inference.GpusUsed < s.GpuCount)
        AddWarning(r, "gpus_idle", Str(s.GpuCount - r->Inference.GpusUsed) + " of " + Str(s.GpuCount) +
                                       " GPUs hold no replica: hardware.count is not a multiple of tensor_parallel × pipeline_parallel.");
    r->GpusNeeded = 0;
    Setup trial = u;
    for (int candidate = 1; candidate <= 1024; candidate *= 2) {
        bool fits = r->Fits; // the scenario's own degree: sized above
        if (candidate != tp) {
            SetTensorParallel(&trial, candidate);
            fits = MemoryPerGpu(trial).Total() <= usable;
        }
        if (fits) {
            r->GpusNeeded = candidate * pp;
            break;
        }
    }
    AddStep(r, "gpus_needed", "GPUs needed for one replica", "smallest power-of-two TP that fits × PP", r->GpusNeeded, "GPUs");
    if (!r->Fits && Explaining()) {
        std::string message = "Needs " + Gb(r->MemoryPerGpu.Total) + " per GPU; " + s.Gpu.Name + " offers " + Gb(usable) + " usable.";
        if (r->GpusNeeded > 0)
            message += " Use " + Str(r->GpusNeeded) + " GPUs (tensor parallel), a smaller weight format, or fewer sequences.";
        else
            message += " It does not fit even at TP 1024: use a smaller weight format or shorter context.";
        AddWarning(r, "does_not_fit", message);
    }
    if (!CurrentEvaluateOptions().Speed) return; // a fit probe (EvaluateOptions::Speed): it reads no more than this


    // --- hardware support and warnings ----------------------------------------------------------------------
    if (u.Math.Fallback) AddWarning(r, "compute_not_native", u.Math.Note);
    if (!weights.WeightOnly && WeightFormatSupport(s.Gpu, s.Precision.Weights) == FormatSupport::WeightOnly)
        AddWarning(r, "weights_not_native", s.Gpu.Name + " has no " + ComputeClassName(weights.Compute) + " tensor path: " + weights.Name +
                                                " weights are stored compactly and dequantised to bf16 for math (no speed-up from the format).");
    if (IsMoe(m) && in.ExpertParallel > 1 && in.ExpertParallel != tp)
        AddWarning(r, "expert_parallel_is_tp", "expert_parallel " + Str(in.ExpertParallel) + " is modelled as equal to tensor_parallel " + Str(tp) +
                                                   (tp > 1 ? " (attention data-parallel, experts over the TP GPUs)." : ": with TP 1 there is nothing to spread."));
    if (!IsMoe(m) && in.ExpertParallel > 1)
        AddWarning(r, "expert_parallel_dense", "expert_parallel applies to MoE models only; ignored.");
    if (!IsMla(m) && tp > KvHeadsOf(m) && !u.AttentionDp)
        AddWarning(r, "kv_heads_replicated", "tensor_parallel " + Str(tp) + " exceeds the model's " + Str(KvHeadsOf(m)) +
                                                 " KV heads: each rank keeps a full KV head, so KV memory per GPU stops shrinking.");
    if (m.MaxContext > 0 && u.ContextTokens > m.MaxContext)
        AddWarning(r, "context_exceeds_model", "Context " + Num(u.ContextTokens) + " tokens exceeds the model's maximum of " + Str(m.MaxContext) + ".");
    if (tp > s.Cluster.GpusPerNode)
        AddWarning(r, "tp_across_nodes", "tensor_parallel " + Str(tp) + " spans nodes of " + Str(s.Cluster.GpusPerNode) +
                                             " GPUs: all-reduces run over the inter-node network.");
    if (tp * pp > 1 && s.Gpu.InterconnectBytesPerS <= 0)
        AddWarning(r, "interconnect_unknown", s.Gpu.Name + " has no interconnect figure: PCIe 4.0 x16 (64 GB/s) is assumed.");

    // --- speed ----------------------------------------------------------------------------------------------
    AddStep(r, "math_path", "Math path peak per GPU",
            std::string(ComputeClassName(u.Math.Compute)) + " dense peak" + (u.Math.Fallback ? " (requested path missing: bf16)" : ""),
            u.Math.PeakFlops, "FLOP/s");
    AddStep(r, "bandwidth_efficiency", "Bandwidth efficiency (decode)", InferenceEfficiencyBasis(u.S->Gpu.Architecture, u.S->Inference.Engine), u.Eff.BandwidthEfficiency, "");
    AddStep(r, "compute_efficiency", "Compute efficiency (prefill)", InferenceEfficiencyBasis(u.S->Gpu.Architecture, u.S->Inference.Engine), u.Eff.ComputeEfficiency, "");
    const double input = in.InputTokens;
    const double prefill_flops = 2.0 * u.ActiveLinearParams * input + u.PromptAttentionFlops; // AttentionFlops(m, 0, input)
    AddStep(r, "prefill_flops", "Prefill FLOPs per request",
            "2 × " + Num(u.ActiveLinearParams) + " active params × " + Num(input) + " tokens + attention " + Num(AttentionFlops(m, 0.0, input)),
            prefill_flops, "FLOP");
    const StepTime ttft = Ttft(u, 0.0);
    r->Inference.TtftS = ttft.TotalS();
    AddStep(r, "ttft_s", "Time to first token",
            "max(FLOPs / TP / (" + Num(u.Math.PeakFlops) + " × " + Num(u.Eff.ComputeEfficiency) + ") = " + Num(ttft.ComputeS) + " s, " +
                Num(PrefillChunks(u, input)) + " chunk(s) × weight read = " + Num(ttft.MemoryS) + " s) + communication " + Num(ttft.CommS) + " s",
            r->Inference.TtftS, "s");

    const double batch = in.Concurrency;
    const StepTime decode = DecodeStep(u, batch);
    const double decode_bytes = WeightBytesReadPerRank(u, batch) +
                                batch * u.DecodeKvBytes * u.KvShare;
    AddStep(r, "decode_bytes_per_step", "Bytes read per decode step per GPU",
            "weights" + std::string(IsMoe(m) ? " (experts touched " + Num(ExpectedExpertsTouched(m, batch)) + " of " + Str(m.Experts) + ")" : "") +
                " + KV of " + Num(batch) + " sequences at " + Num(u.DecodeContext) + " tokens",
            decode_bytes, "B");
    if (tp * pp > 1) AddStep(r, "decode_comm_s", "Communication per decode step", "2 all-reduces per layer (ring) + pipeline hand-offs", decode.CommS, "s");
    const double alone_ttft_s = ttft.TotalS(); // Ttft(u, 0), the same at every concurrency below
    const double amortised_prefill = AmortisedPrefillS(u, batch, alone_ttft_s);
    r->Inference.TpotS = decode.TotalS() + amortised_prefill;
    r->Inference.DecodeComputeBound = decode.ComputeBound();
    AddStep(r, "tpot_s", "Time per output token",
            "max(weight bytes / (" + Num(s.Gpu.BandwidthBytesPerS) + " × " + Num(u.Eff.BandwidthEfficiency) + ") = " + Num(decode.LinearMemoryS) +
                " s, linear FLOPs = " + Num(decode.LinearComputeS) + " s) + max(KV bytes = " + Num(decode.AttentionMemoryS) +
                " s, attention FLOPs = " + Num(decode.AttentionComputeS) + " s) + communication " + Num(decode.CommS) + " s" +
                (decode.ComputeBound() ? " (compute-bound)" : " (bandwidth-bound)") + " + " + Num(batch) +
                " sequences' prefills amortised over " + Num(in.OutputTokens) + " output tokens " + Num(amortised_prefill) + " s",
            r->Inference.TpotS, "s");
    const double replicas = r->Inference.Replicas;
    r->Inference.TokensPerSPerUser = r->Inference.TpotS > 0 ? 1.0 / r->Inference.TpotS : 0.0;
    r->Inference.ThroughputTokensPerS = replicas * batch * r->Inference.TokensPerSPerUser;
    AddStep(r, "throughput_tokens_per_s", "Generated tokens/s (deployment)",
            Num(replicas) + " replicas × " + Num(batch) + " sequences / TPOT", r->Inference.ThroughputTokensPerS, "tokens/s");
    // Steady state: every generated token belongs to a request of OutputTokens tokens (an empty output still
    // costs the prefill, which then bounds the rate).
    const double ttft_alone = r->Inference.TtftS;
    r->Inference.RequestsPerS = in.OutputTokens > 0 ? r->Inference.ThroughputTokensPerS / in.OutputTokens
                                                    : (ttft_alone > 0 ? replicas * batch / (batch * ttft_alone) : 0.0);
    AddStep(r, "requests_per_s", "Requests/s (deployment)",
            in.OutputTokens > 0 ? "generated tokens/s / " + Num(in.OutputTokens) + " output tokens per request"
                                : "replicas / prefill time (no output tokens)",
            r->Inference.RequestsPerS, "requests/s");

    // --- latency under load (queueing) ------------------------------------------------------------------------
    {
        const double slots = batch * replicas;
        const double latency = r->Inference.TtftS + in.OutputTokens * r->Inference.TpotS; // a request holds its slot this long
        const double sustained = latency > 0 ? slots / latency : 0.0;
        // The traffic profile's peak rate when one is stated (what the deployment is sized and billed for: the
        // serving bill and the planner use the same), else inference.request_rate_per_s, else a share of capacity.
        const double traffic_rate = TrafficPeakRequestsPerS(in.Traffic);
        const double rate = traffic_rate > 0 ? traffic_rate : in.RequestRatePerS > 0 ? in.RequestRatePerS : kDefaultLoadShare * sustained;
        r->Inference.RequestRatePerS = rate;
        r->Inference.SlotUtilisation = sustained > 0 ? rate / sustained : 0.0;
        const double loaded_batch = std::max(1.0, std::ceil(r->Inference.SlotUtilisation * batch));
        const double ttft_loaded = Ttft(u, loaded_batch - 1.0).TotalS(); // AtConcurrency(u, loaded_batch).TtftS
        // One queueing model for every p95/p99 the page shows (queueing.h: M/D/c, Allen–Cunneen).
        const QueueWaits queue = QueueWaitsOf(slots, latency, rate);
        const bool stable = queue.Stable;
        const double w50 = stable ? queue.P50S : 0.0;
        const double w95 = stable ? queue.P95S : 0.0;
        const double w99 = stable ? queue.P99S : 0.0;
        r->Inference.TtftP50S = stable ? ttft_loaded + w50 : 0.0;
        r->Inference.TtftP95S = stable ? ttft_loaded + w95 : 0.0;
        r->Inference.TtftP99S = stable ? ttft_loaded + w99 : 0.0;
        AddStep(r, "request_rate", "Arriving requests/s (for latency percentiles)",
                traffic_rate > 0            ? std::string("inference.traffic: peak arrival rate")
                : in.RequestRatePerS > 0 ? std::string("inference.request_rate_per_s")
                                       : Num(kDefaultLoadShare) + " × sustained " + Num(slots) + " slots / " + Num(latency) + " s per request",
                rate, "requests/s");
        AddStep(r, "ttft_p95_s", "TTFT p95 under load",
                "M/D/c queue (c = " + Num(slots) + " slots, service " + Num(latency) + " s, utilisation " + Num(r->Inference.SlotUtilisation) +
                    "): Allen–Cunneen wait quantile " + Num(w95) + " s + TTFT at that load " + Num(ttft_loaded) + " s",
                r->Inference.TtftP95S, "s");
        if (!stable)
            AddWarning(r, "queue_unstable", "Requests arrive at " + Num(rate) + "/s but the deployment completes at most " + Num(sustained) +
                                                "/s at concurrency " + Num(slots) + ": the queue grows without bound (TTFT percentiles reported as 0).");
    }
    r->Inference.StepOverheadS = u.Eff.StepOverheadS;
    if (u.Eff.StepOverheadS > 0)
        AddStep(r, "step_overhead_s", "Fixed cost per step", InferenceEfficiencyBasis(u.S->Gpu.Architecture, u.S->Inference.Engine), u.Eff.StepOverheadS, "s");
    if (u.Eff.HostLayerS > 0)
        AddStep(r, "host_dispatch_s", "Host dispatch per step (eager loop)",
                Str(m.Layers) + " layers × " + Num(u.Eff.HostLayerS * 1e3) + " ms; a step takes max(GPU time, host time)", m.Layers * u.Eff.HostLayerS, "s");
    if (!u.Eff.KnownArchitecture)
        AddWarning(r, "efficiency_unknown_gpu", s.Gpu.Name + " (architecture \"" + s.Gpu.Architecture +
                                                    "\") has no fitted efficiency: the lowest fitted figures are used (bandwidth " + Num(u.Eff.BandwidthEfficiency) +
                                                    ", compute " + Num(u.Eff.ComputeEfficiency) + "). Set efficiency.bandwidth_efficiency / compute_efficiency if you know better.");

    // --- capacity -------------------------------------------------------------------------------------------
    const double pool = std::max(0.0, usable - mem.WeightsBytes - mem.ActivationBytes - mem.OverheadBytes);
    r->Inference.KvPoolBytesPerGpu = pool;
    r->Inference.KvBytesPerToken = kv_per_token;
    AddStep(r, "kv_pool_bytes", "Memory for KV cache per GPU", "usable − weights − activations − overhead", pool, "B");
    const double kv_token_gpu = KvBytesOnGpu(u, kv_per_token);
    r->Inference.KvPoolTokensPerReplica = kv_token_gpu > 0 ? std::floor(pool / kv_token_gpu) : 0.0;
    AddStep(r, "kv_pool_tokens", "KV cache tokens per replica", "pool / KV per token per GPU (full-attention layers)", r->Inference.KvPoolTokensPerReplica, "tokens");
    const double max_batch = kv_seq_gpu > 0 ? std::floor(pool / kv_seq_gpu) : 0.0;
    r->Inference.MaxConcurrency = max_batch * replicas;
    AddStep(r, "max_concurrency", "Max concurrent sequences (deployment)",
            "floor(" + Gb(pool) + " / " + Gb(kv_seq_gpu) + " per sequence) × " + Num(replicas) + " replicas", r->Inference.MaxConcurrency, "sequences");

    // --- curve: throughput vs concurrency (figures-only callers such as the planner skip it) -------------------
    const bool curve = CurrentEvaluateOptions().Curve;
    if (curve && max_batch >= 1) r->Inference.Curve.reserve(static_cast<size_t>(std::ilogb(max_batch)) + 2); // powers of two ≤ max_batch, and max_batch
    for (double b = 1; curve && b <= max_batch; b *= 2) {
        const LoadPoint p = AtConcurrency(u, b, alone_ttft_s);
        r->Inference.Curve.push_back(ThroughputPoint{b * replicas, p.TokensPerSPerReplica * replicas, p.TpotS > 0 ? 1.0 / p.TpotS : 0.0, p.TpotS, p.TtftS});
    }
    if (curve && max_batch >= 1 && (r->Inference.Curve.empty() || r->Inference.Curve.back().Concurrency < max_batch * replicas)) {
        const LoadPoint p = AtConcurrency(u, max_batch, alone_ttft_s);
        r->Inference.Curve.push_back(ThroughputPoint{max_batch * replicas, p.TokensPerSPerReplica * replicas, p.TpotS > 0 ? 1.0 / p.TpotS : 0.0, p.TpotS, p.TtftS});
    }

    // --- online: SLA ----------------------------------------------------------------------------------------
    const double sla_batch = SlaMaxBatch(u, max_batch, alone_ttft_s);
    r->Inference.SlaMaxUsers = sla_batch * replicas;
    AddStep(r, "sla_max_users", "Users the deployment sustains",
            "largest concurrency per replica with TTFT ≤ " + Num(in.TtftSlaS) + " s and ≥ " + Num(in.MinTokensPerSPerUser) +
                " tokens/s per user (0 = no limit), KV-bounded at " + Num(max_batch) + ", × " + Num(replicas) + " replicas",
            r->Inference.SlaMaxUsers, "users");
    if (in.TargetUsers > 0) {
        if (sla_batch >= 1) {
            r->Inference.GpusForTargetUsers = std::ceil(in.TargetUsers / sla_batch) * tp * pp;
            AddStep(r, "gpus_for_target_users", "GPUs for the target users",
                    "ceil(" + Num(in.TargetUsers) + " users / " + Num(sla_batch) + " per replica) × " + Str(tp * pp) + " GPUs per replica",
                    r->Inference.GpusForTargetUsers, "GPUs");
        } else {
            AddWarning(r, "sla_unreachable", "No concurrency meets the SLA (or the KV cache holds no sequence) on this configuration: "
                                             "use faster GPUs, more tensor parallelism, a smaller format or a looser SLA.");
        }
    }

    // --- batch: throughput-optimal concurrency, job time ------------------------------------------------------
    double best_rate = 0;
    for (const ThroughputPoint& p : r->Inference.Curve) {
        if (p.TokensPerS > best_rate * 1.01) { // smallest concurrency within 1% of the best
            best_rate = p.TokensPerS;
            r->Inference.OptimalBatch = p.Concurrency / replicas;
        }
    }
    AddStep(r, "optimal_batch", "Throughput-optimal sequences per replica", "smallest point of the curve within 1% of its maximum",
            r->Inference.OptimalBatch, "sequences");
    if (in.BatchRequests > 0 && best_rate > 0) {
        const double prefill_s = in.BatchRequests * prefill_flops / tp / u.FlopsPerS / replicas;
        const double decode_s = in.BatchRequests * in.OutputTokens / best_rate;
        r->Inference.BatchJobTimeS = prefill_s + decode_s;
        AddStep(r, "batch_job_time_s", "Batch job time",
                Num(in.BatchRequests) + " requests × prefill FLOPs / achievable FLOP/s / replicas (" + Num(prefill_s) + " s) + " +
                    Num(in.BatchRequests) + " × " + Num(in.OutputTokens) + " tokens / " + Num(best_rate) + " tokens/s",
                r->Inference.BatchJobTimeS, "s");
    }
}

} // namespace engine
