// gpuplan ui: the text mirror (text_mirror.h).
#include "ui/text_mirror.h"

#include <cstdio>

#include <nlohmann/json.hpp>

#include "ui/i18n.h"
#include "ui/page_features.h"
#include "ui/view.h"

namespace {

using nlohmann::json;

constexpr size_t kMaxCompareRows = 60; // the whole catalog fits; a bound for imported catalogs
const char* const kDash = "\xe2\x80\x94";

std::string Printf(const char* format, const std::string& a, const std::string& b) {
    char buffer[256];
    std::snprintf(buffer, sizeof(buffer), format, a.c_str(), b.c_str());
    return buffer;
}

json Section(const char* id, const char* heading) { return {{"id", id}, {"heading", heading}}; }

void AddRow(json* section, const std::string& label, const std::string& value) {
    (*section)["rows"].push_back(json::array({label, value}));
}

std::string Verdict(const engine::Result& r) {
    std::string verdict = Tr(r.Fits ? Str::Fits : Str::DoesNotFit);
    if (!r.Fits && r.GpusNeeded > 0) {
        char needs[96];
        std::snprintf(needs, sizeof(needs), Tr(Str::NeedsGpus), r.GpusNeeded);
        verdict += std::string(" ") + kDash + " " + needs;
    }
    return verdict;
}

json ResultSection(const AppState& state) {
    const engine::Result& r = state.result;
    const engine::Scenario& s = state.scenario;
    json section = Section("result", Tr(Str::SectionResults));
    section["lines"] = json::array();
    if (!r.Ok) {
        section["lines"].push_back(Tr(Str::CannotEvaluate));
        section["lines"].push_back(r.Error);
        return section;
    }
    section["lines"].push_back(Verdict(r));
    section["lines"].push_back(Printf(Tr(Str::OfCapacity), FormatGb(r.MemoryPerGpu.Total), FormatGb(r.GpuMemoryBytes)));
    section["lines"].push_back(s.Model.Name + " \xc2\xb7 " + std::to_string(s.GpuCount) + " \xc3\x97 " + s.Gpu.Name);
    section["rows"] = json::array();
    if (s.Workload == engine::WorkloadKind::Inference) {
        const engine::InferenceResult& in = r.Inference;
        AddRow(&section, Tr(Str::Ttft), FormatDuration(in.TtftS));
        AddRow(&section, Tr(Str::Tpot), FormatDuration(in.TpotS));
        AddRow(&section, Tr(Str::TokensPerUser), FormatRate(in.TokensPerSPerUser, Str::UnitTokensPerS));
        AddRow(&section, Tr(Str::Throughput), FormatRate(in.ThroughputTokensPerS, Str::UnitTokensPerS));
        AddRow(&section, Tr(Str::MaxConcurrency), FormatCount(in.MaxConcurrency, Str::UnitSequences));
        AddRow(&section, Tr(Str::RequestsPerS), FormatRate(in.RequestsPerS, Str::UnitReqPerS));
    } else {
        const engine::TrainingResult& t = r.Training;
        AddRow(&section, Tr(Str::TrainTime), FormatDuration(t.TimeS));
        AddRow(&section, Tr(Str::GpuHours), FormatGpuHours(t.GpuHours));
        AddRow(&section, Tr(Str::Mfu), FormatPercent(t.Mfu));
        AddRow(&section, Tr(Str::TokensPerGpu), FormatRate(t.TokensPerSPerGpu, Str::UnitTokensPerS));
        AddRow(&section, Tr(Str::TrainFlops), FormatFlops(t.Flops));
    }
    const engine::CostResult& c = r.Cost;
    AddRow(&section, Tr(s.Cost.PricePerGpuHour > 0 ? Str::YourRatePerHour : Str::OnDemandPerHour), FormatMoneyPerHour(c.PerHour, c.Currency));
    if (s.Workload == engine::WorkloadKind::Inference) AddRow(&section, Tr(Str::PerMillionTokens), FormatMoney(c.PerMillionTokens, c.Currency));
    else AddRow(&section, Tr(Str::JobCost), FormatMoney(c.JobCost, c.Currency));
    AddRow(&section, Tr(Str::SpotPerHour), FormatMoneyPerHour(c.SpotPerHour, c.Currency));
    return section;
}

json MemorySection(const engine::Result& r) {
    json section = Section("memory", Tr(Str::SectionMemory));
    section["rows"] = json::array();
    const MemoryBarView bar = BuildMemoryBar(r);
    for (const MemorySegment& segment : bar.Segments)
        if (segment.Bytes > 0) AddRow(&section, Tr(MemoryPartLabel(segment.Part)), FormatGb(segment.Bytes));
    AddRow(&section, Tr(Str::Total), FormatGb(r.MemoryPerGpu.Total));
    AddRow(&section, Tr(Str::Capacity), FormatGb(r.GpuMemoryBytes));
    if (bar.HasUsable) AddRow(&section, Tr(Str::Usable), FormatGb(bar.UsableBytes));
    section["lines"] = json::array({Tr(Str::CapacityUnitNote)});
    return section;
}

json CompareSection(const AppState& state) {
    const engine::Scenario& s = state.scenario;
    const bool inference = s.Workload == engine::WorkloadKind::Inference;
    const std::string& currency = s.Cost.Currency;
    json section = Section("compare", Tr(Str::SectionCompare));
    json head = inference ? json::array({Tr(Str::ColGpu), Tr(Str::ColGpuCount), Tr(Str::ColMemoryUse), Tr(Str::ColTtft),
                                         Tr(Str::ColTokensPerUser), Tr(Str::ColPerHour), Tr(Str::ColPerMtok), Tr(Str::ColConfiguration)})
                          : json::array({Tr(Str::ColGpu), Tr(Str::ColGpuCount), Tr(Str::ColMemoryUse), Tr(Str::ColTrainTime),
                                         Tr(Str::ColPerHour), Tr(Str::ColRunCost), Tr(Str::ColConfiguration)});
    json rows = json::array();
    for (size_t i = 0; i < state.plan.size() && i < kMaxCompareRows; ++i) {
        const engine::PlanRow& row = state.plan[i];
        const bool precisions = engine::PlanPrecisions(s).size() > 1; // the row's weights format, as the Compare table shows it
        json cells = json::array({precisions ? row.GpuName + " \xc2\xb7 " + row.Precision : row.GpuName, row.Feasible ? std::to_string(row.GpuCount) : kDash,
                                  row.Feasible ? FormatPercent(row.MemoryUse) : kDash});
        if (inference) {
            cells.push_back(row.Feasible ? FormatDuration(row.TtftS) : kDash);
            cells.push_back(row.Feasible ? FormatNumber(row.TokensPerSPerUser) : kDash);
        } else {
            cells.push_back(row.Feasible ? FormatDuration(row.TimeS) : kDash);
        }
        cells.push_back(FormatMoneyPerHour(row.PerHour, currency));
        cells.push_back(FormatMoney(inference ? row.PerMillionTokens : row.JobCost, currency));
        cells.push_back(DescribePlanRow(row, s));
        rows.push_back(cells);
    }
    section["table"] = {{"head", head}, {"rows", rows}};
    return section;
}

json PinnedSection(const AppState& state) {
    json section = Section("pinned", Tr(Str::SectionPinned));
    json rows = json::array();
    for (const PinnedRow& row : BuildPinnedRows(state)) rows.push_back({row.Metric, row.Pinned, row.Current, row.Change});
    section["table"] = {{"head", json::array({Tr(Str::ColMetric), Tr(Str::ColPinned), Tr(Str::ColCurrent), Tr(Str::ColChange)})}, {"rows", rows}};
    return section;
}

json WarningsSection(const AppState& state) {
    json section = Section("warnings", Tr(Str::SectionWarnings));
    section["items"] = json::array();
    for (const engine::Warning& w : state.result.Warnings) section["items"].push_back(TrWarning(w, state.scenario, state.result));
    if (state.result.Warnings.empty()) section["items"].push_back(Tr(Str::NoWarnings));
    return section;
}

json DerivationSection(const engine::Result& r) {
    json section = Section("derivation", Tr(Str::SectionDerivation));
    json rows = json::array();
    for (const engine::DerivationStep& step : r.Derivation) rows.push_back({TrStepLabel(step), step.Formula, FormatStepValue(step.Value, step.Unit)});
    section["table"] = {{"head", json::array({Tr(Str::Step), Tr(Str::Formula), Tr(Str::Value)})}, {"rows", rows}};
    return section;
}

} // namespace

std::string BuildTextMirrorJson(const AppState& state) {
    json mirror = {{"schema", "gpuplan.mirror/1"}, {"lang", state.ui.Lang == Language::Russian ? "ru" : "en"},
                   {"title", Tr(Str::MirrorHeading)}, {"sections", json::array()}};
    json& sections = mirror["sections"];
    sections.push_back(ResultSection(state));
    if (state.result.Ok) {
        sections.push_back(MemorySection(state.result));
        if (!state.plan.empty()) sections.push_back(CompareSection(state));
        if (state.ui.HasPinned) sections.push_back(PinnedSection(state));
        sections.push_back(WarningsSection(state));
        sections.push_back(DerivationSection(state.result));
    }
    return mirror.dump(-1, ' ', false, json::error_handler_t::replace);
}

void UpdateTextMirror(AppState* state) {
    std::string mirror = BuildTextMirrorJson(*state);
    if (mirror == state->outbox.MirrorJson) return;
    state->outbox.MirrorJson = std::move(mirror);
    state->outbox.MirrorChanged = true;
}
