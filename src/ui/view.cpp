// gpuplan ui: number formatting with units, bar geometry, catalog summaries.
//
// Index
// [SECTION] Numbers with units
// [SECTION] Catalog descriptions
// [SECTION] Memory bar
// [SECTION] Dates and price summary
#include "ui/view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "engine/derivation.h"

namespace {

constexpr double kBytesPerGb = 1e9;      // decimal GB, as datasheets and the CLI print
constexpr double kSecondsPerMinute = 60;
constexpr double kSecondsPerHour = 3600;
constexpr double kSecondsPerDay = 86400;
constexpr double kBarHeadroom = 1.04;    // the bar's scale is 4 % wider than its largest mark

bool Known(double value) { return std::isfinite(value) && value > 0; }

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Russian writes a decimal comma: "22,26 ГБ". Only a point between two digits is a decimal point.
std::string LocalizeDigits(std::string text) {
    if (CurrentLanguage() != Language::Russian) return text;
    for (size_t i = 1; i + 1 < text.size(); ++i)
        if (text[i] == '.' && IsDigit(text[i - 1]) && IsDigit(text[i + 1])) text[i] = ',';
    return text;
}

std::string Printf(const char* format, double value, const char* unit) {
    char buffer[96];
    std::snprintf(buffer, sizeof(buffer), format, value, unit);
    return LocalizeDigits(buffer);
}

// "1,234" / "12.5" / "0.123": digits enough to read, thousands grouped ("1 234" in Russian, with U+00A0).
std::string Grouped(double value) {
    char buffer[64];
    if (std::fabs(value) >= 1000) {
        const char* separator = CurrentLanguage() == Language::Russian ? "\xc2\xa0" : ",";
        std::snprintf(buffer, sizeof(buffer), "%.0f", value);
        std::string digits = buffer, out;
        const size_t sign = digits[0] == '-' ? 1 : 0;
        for (size_t i = 0; i < digits.size(); ++i) {
            if (i > sign && (digits.size() - i) % 3 == 0) out += separator;
            out += digits[i];
        }
        return out;
    }
    if (std::fabs(value) >= 100) std::snprintf(buffer, sizeof(buffer), "%.0f", value);
    else if (std::fabs(value) >= 10) std::snprintf(buffer, sizeof(buffer), "%.1f", value);
    else std::snprintf(buffer, sizeof(buffer), "%.3g", value);
    return LocalizeDigits(buffer);
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Numbers with units
//-----------------------------------------------------------------------------

std::string FormatGb(double bytes) {
    if (!std::isfinite(bytes)) return Tr(Str::NotAvailable);
    return Printf("%.2f %s", bytes / kBytesPerGb, Tr(Str::UnitGb));
}

std::string FormatBytes(double bytes) {
    if (!std::isfinite(bytes)) return Tr(Str::NotAvailable);
    const double magnitude = std::fabs(bytes);
    if (magnitude >= 1e9 || magnitude == 0) return FormatGb(bytes);
    if (magnitude >= 1e6) return Printf("%.1f %s", bytes / 1e6, Tr(Str::UnitMb));
    if (magnitude >= 1e3) return Printf("%.1f %s", bytes / 1e3, Tr(Str::UnitKb));
    return Printf("%.0f %s", bytes, Tr(Str::UnitB));
}

double PrintedGb(double bytes) {
    if (!std::isfinite(bytes)) return 0;
    char buffer[64];
    std::snprintf(buffer, sizeof(buffer), "%.2f", bytes / kBytesPerGb);
    return std::strtod(buffer, nullptr);
}

std::string FormatDuration(double seconds) {
    if (!Known(seconds)) return Tr(Str::NotAvailable);
    if (seconds < 1) return Printf("%.1f %s", seconds * 1e3, Tr(Str::UnitMs));
    if (seconds < 2 * kSecondsPerMinute) return Printf("%.2f %s", seconds, Tr(Str::UnitS));
    if (seconds < 2 * kSecondsPerHour) return Printf("%.1f %s", seconds / kSecondsPerMinute, Tr(Str::UnitMin));
    if (seconds < 3 * kSecondsPerDay) return Printf("%.1f %s", seconds / kSecondsPerHour, Tr(Str::UnitH));
    return Printf("%.1f %s", seconds / kSecondsPerDay, Tr(Str::UnitDays));
}

std::string FormatRate(double per_s, Str unit) {
    if (!Known(per_s)) return Tr(Str::NotAvailable);
    return Grouped(per_s) + " " + Tr(unit);
}

std::string FormatCount(double count, Str unit) {
    if (!Known(count)) return Tr(Str::NotAvailable);
    return Grouped(std::floor(count)) + " " + Tr(unit);
}

std::string FormatPercent(double fraction) {
    if (!Known(fraction)) return Tr(Str::NotAvailable);
    return Printf("%.1f%s", fraction * 100, " %");
}

std::string FormatGpuHours(double hours) {
    if (!Known(hours)) return Tr(Str::NotAvailable);
    return Grouped(hours) + " " + Tr(Str::UnitGpuHours);
}

std::string FormatFlops(double flops) {
    if (!Known(flops)) return Tr(Str::NotAvailable);
    std::string text = Printf("%.3g %s", flops, "FLOP");
    const size_t plus = text.find("e+");
    if (plus != std::string::npos) text.erase(plus + 1, 1); // "5.2e21 FLOP"
    return text;
}

std::string FormatParams(double params) {
    if (!Known(params)) return Tr(Str::NotAvailable);
    if (params >= 1e12) return Printf("%.2f %s", params / 1e12, Tr(Str::SuffixTrillion));
    if (params >= 1e11) return Printf("%.0f %s", params / 1e9, Tr(Str::SuffixBillion));
    if (params >= 1e9) return Printf("%.2f %s", params / 1e9, Tr(Str::SuffixBillion));
    return Printf("%.0f %s", params / 1e6, Tr(Str::SuffixMillion));
}

std::string FormatStepValue(double value, const std::string& unit) {
    if (!std::isfinite(value)) return Tr(Str::NotAvailable);
    if (unit == "B") return FormatBytes(value);
    if (unit == "s") return value > 0 ? FormatDuration(value) : Printf("%.0f %s", 0.0, Tr(Str::UnitS));
    if (unit == "params") return FormatParams(value) + " " + Tr(Str::UnitParams);
    if (unit == "GPUs") return value > 0 ? Grouped(value) + " " + Tr(Str::UnitGpus) : Tr(Str::NotAvailable);
    if (unit == "tokens/s") return Grouped(value) + " " + Tr(Str::UnitTokensPerS);
    if (unit == "FLOP") return FormatFlops(value);
    if (unit == "FLOP/s") return Printf("%.0f %s", value / 1e12, Tr(Str::UnitTflops));
    if (unit == "h") return Grouped(value) + " " + Tr(Str::UnitH);
    if (unit == "GPU·h") return FormatGpuHours(value);
    if (unit == "tokens") return Grouped(value) + " " + Tr(Str::UnitTokens);
    if (unit == "%" || unit == "fraction") return Printf("%.1f%s", unit == "%" ? value : value * 100, " %");
    char buffer[96];
    if (std::fabs(value) >= 1e6 || (value != 0 && std::fabs(value) < 1e-3)) std::snprintf(buffer, sizeof(buffer), "%.3g", value);
    else return Grouped(value) + (unit.empty() ? "" : " " + unit);
    return std::string(buffer) + (unit.empty() ? "" : " " + unit);
}

//-----------------------------------------------------------------------------
// [SECTION] Catalog descriptions
//-----------------------------------------------------------------------------

std::string DescribeGpu(const catalog::GpuEntry& gpu) {
    const engine::GpuSpec& s = gpu.Spec;
    std::string text = Printf("%.0f %s", s.MemoryBytes / kBytesPerGb, Tr(Str::UnitGb));
    if (!gpu.MemoryType.empty()) text += " " + gpu.MemoryType;
    if (Known(s.BandwidthBytesPerS)) text += Printf(" · %.2f %s", s.BandwidthBytesPerS / 1e12, Tr(Str::UnitTbPerS));
    const double bf16 = s.PeakFlops[static_cast<int>(engine::ComputeClass::Bf16)];
    if (Known(bf16)) text += Printf(" · %.0f %s BF16", bf16 / 1e12, Tr(Str::UnitTflops));
    const double fp8 = s.PeakFlops[static_cast<int>(engine::ComputeClass::Fp8)];
    if (Known(fp8)) text += Printf(" · %.0f FP8", fp8 / 1e12, "");
    if (Known(s.InterconnectBytesPerS))
        text += " · " + (gpu.InterconnectName.empty() ? gpu.InterconnectKind : gpu.InterconnectName) +
                Printf(" %.0f %s", s.InterconnectBytesPerS / 1e9, Tr(Str::UnitGbPerS));
    return text;
}

std::string DescribeModel(const engine::ModelArch& m) {
    std::string text;
    if (Known(m.Params)) text = FormatParams(m.Params) + " " + Tr(Str::UnitParams);
    if (Known(m.ActiveParams) && m.ActiveParams < m.Params) text += " (" + FormatParams(m.ActiveParams) + " " + Tr(Str::WordActive) + ")";
    if (m.Layers > 0) text += (text.empty() ? "" : " · ") + std::to_string(m.Layers) + " " + Tr(Str::WordLayers);
    if (m.Experts > 0) text += " · MoE " + std::to_string(m.ExpertsActive) + "/" + std::to_string(m.Experts);
    if (m.KvLoraRank > 0) text += " · MLA";
    else if (m.KvHeads > 0 && m.KvHeads < m.Heads) text += " · GQA " + std::to_string(m.KvHeads) + " KV";
    if (m.MaxContext > 0) text += " · " + std::string(Tr(Str::WordContext)) + " " + Grouped(m.MaxContext / 1024.0) + "k";
    return text;
}

std::string GpuComboLabel(const engine::GpuSpec& gpu) {
    return gpu.Name + Printf(" · %.0f %s", gpu.MemoryBytes / kBytesPerGb, Tr(Str::UnitGb));
}

//-----------------------------------------------------------------------------
// [SECTION] Memory bar
//-----------------------------------------------------------------------------

Str MemoryPartLabel(MemoryPart part) {
    switch (part) {
    case MemoryPart::Weights: return Str::PartWeights;
    case MemoryPart::KvCache: return Str::PartKvCache;
    case MemoryPart::Activations: return Str::PartActivations;
    case MemoryPart::Gradients: return Str::PartGradients;
    case MemoryPart::Optimizer: return Str::PartOptimizer;
    case MemoryPart::Overhead: return Str::PartOverhead;
    case MemoryPart::Count: break;
    }
    return Str::NotAvailable;
}

MemoryBarView BuildMemoryBar(const engine::Result& r) {
    MemoryBarView view;
    const engine::MemoryBreakdown& m = r.MemoryPerGpu;
    const double parts[] = {m.Weights, m.KvCache, m.Activations, m.Gradients, m.Optimizer, m.Overhead};
    double sum = 0;
    for (double part : parts) sum += std::isfinite(part) && part > 0 ? part : 0;
    const engine::DerivationStep* usable = engine::FindStep(r, "usable_bytes");
    view.HasUsable = usable != nullptr && Known(usable->Value);
    view.UsableBytes = view.HasUsable ? usable->Value : 0;
    const double capacity = Known(r.GpuMemoryBytes) ? r.GpuMemoryBytes : 0;
    const double scale = std::max({sum, capacity, view.UsableBytes, 1.0}) * kBarHeadroom;
    float start = 0;
    for (int i = 0; i < static_cast<int>(MemoryPart::Count); ++i) {
        const double bytes = std::isfinite(parts[i]) && parts[i] > 0 ? parts[i] : 0;
        MemorySegment& segment = view.Segments[i];
        segment.Part = static_cast<MemoryPart>(i);
        segment.Bytes = bytes;
        segment.Start = start;
        segment.Width = static_cast<float>(bytes / scale);
        start += segment.Width;
    }
    view.CapacityAt = static_cast<float>(capacity / scale);
    view.UsableAt = static_cast<float>(view.UsableBytes / scale);
    return view;
}

//-----------------------------------------------------------------------------
// [SECTION] Dates and price summary
//-----------------------------------------------------------------------------

namespace {

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil); false when not a date.
bool DaysFromCivil(const std::string& iso, long* out) {
    int y = 0, m = 0, d = 0;
    if (std::sscanf(iso.c_str(), "%4d-%2d-%2d", &y, &m, &d) != 3) {
        if (std::sscanf(iso.c_str(), "%4d-%2d", &y, &m) != 2) return false;
        d = 1; // month-dated sources count from the first
    }
    if (m < 1 || m > 12 || d < 1 || d > 31) return false;
    y -= m <= 2 ? 1 : 0;
    const long era = (y >= 0 ? y : y - 399) / 400;
    const long yoe = y - era * 400;
    const long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    *out = era * 146097 + doe - 719468;
    return true;
}

} // namespace

int DaysBetween(const std::string& from_iso, const std::string& to_iso) {
    long from = 0, to = 0;
    if (!DaysFromCivil(from_iso, &from) || !DaysFromCivil(to_iso, &to)) return -1;
    return static_cast<int>(std::max(0L, to - from));
}

PriceSummary SummarizePrices(const catalog::Catalog& catalog) {
    PriceSummary summary;
    std::set<std::string> providers;
    for (const catalog::Offer& offer : catalog.Offers) {
        ++summary.Offers;
        providers.insert(offer.ProviderId);
        if (offer.AsOf.empty()) continue;
        if (summary.OldestAsOf.empty() || offer.AsOf < summary.OldestAsOf) summary.OldestAsOf = offer.AsOf;
        if (summary.NewestAsOf.empty() || offer.AsOf > summary.NewestAsOf) summary.NewestAsOf = offer.AsOf;
    }
    summary.Providers = static_cast<int>(providers.size());
    return summary;
}

double ToBillions(double count) { return count / 1e9; }
double FromBillions(double billions) { return billions * 1e9; }
