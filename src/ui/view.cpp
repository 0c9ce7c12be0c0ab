// gpuplan ui: number formatting with units, bar geometry, catalog summaries.
//
// Index
// [SECTION] Numbers with units
// [SECTION] Catalog descriptions
// [SECTION] Memory bar
// [SECTION] Dates and price summary
// [SECTION] Money and price data
// [SECTION] Accuracy, curve, training details
// [SECTION] Compare GPUs
#include "ui/view.h"

#include "engine/training.h"

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

const char* CurrencySymbol(const std::string& currency) {
    if (currency == "USD") return "$";
    if (currency == "EUR") return "\xe2\x82\xac";
    if (currency == "RUB") return "\xe2\x82\xbd";
    return nullptr;
}

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

std::string FormatNumber(double value) {
    if (!Known(value)) return Tr(Str::NotAvailable);
    return Grouped(value);
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
    if (unit == "months") return FormatMonths(value);
    if (unit == "users") return FormatCount(value, Str::UnitUsers);
    if (unit == "sequences") return FormatCount(value, Str::UnitSequences);
    // Money: "USD", "USD/h", "USD/Mtok" (cost.cpp writes the scenario's currency code into the unit)
    const std::string currency = unit.substr(0, unit.find('/'));
    if (currency.size() == 3 && CurrencySymbol(currency) != nullptr) {
        const std::string per = unit.size() > 3 ? unit.substr(3) : "";
        if (per.empty()) return FormatMoney(value, currency);
        if (per == "/h") return FormatMoneyPerHour(value, currency);
        if (per == "/Mtok") return FormatMoney(value, currency) + " " + Tr(Str::PerMillionTokensShort);
    }
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
    // The card as sold ("80 GB HBM3"), then the capacity the engine counts with where it differs (85.5 GB: the
    // vendor's GB is GiB, catalog.cpp), so the hardware line and the Result's "of 85.52 GB" agree.
    const double capacity_gb = s.MemoryBytes / kBytesPerGb;
    std::string text = Printf("%.0f %s", gpu.MarketedMemoryGb > 0 ? gpu.MarketedMemoryGb : capacity_gb, Tr(Str::UnitGb));
    if (!gpu.MemoryType.empty()) text += " " + gpu.MemoryType;
    if (gpu.MarketedMemoryGb > 0 && std::fabs(capacity_gb - gpu.MarketedMemoryGb) >= 0.05) {
        std::string reported = Tr(Str::CapacityReported); // "%s as reported"
        const size_t slot = reported.find("%s");
        if (slot != std::string::npos) reported.replace(slot, 2, FormatGb(s.MemoryBytes));
        text += " (" + reported + ")";
    }
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
    view.ScaleBytes = scale;
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

//-----------------------------------------------------------------------------
// [SECTION] Money and price data
//-----------------------------------------------------------------------------

namespace {

// "1,234.56" / "1 234,56": two decimals, thousands grouped (a non-breaking space in Russian).
std::string GroupedFixed(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof(buffer), "%.*f", decimals, std::fabs(value));
    std::string digits = buffer;
    const size_t point = digits.find('.');
    std::string whole = digits.substr(0, point), fraction = point == std::string::npos ? "" : digits.substr(point + 1);
    const bool russian = CurrentLanguage() == Language::Russian;
    const char* separator = russian ? "\xc2\xa0" : ",";
    std::string out = value < 0 ? "\xe2\x88\x92" : ""; // U+2212 minus
    for (size_t i = 0; i < whole.size(); ++i) {
        if (i > 0 && (whole.size() - i) % 3 == 0) out += separator;
        out += whole[i];
    }
    if (!fraction.empty()) out += (russian ? "," : ".") + fraction;
    return out;
}

// Decimals for money: cents below 100 000, whole units above (big RUB sums read better without kopecks).
int MoneyDecimals(double amount) { return std::fabs(amount) >= 100000 ? 0 : 2; }

} // namespace

std::string FormatMoney(double amount, const std::string& currency) {
    if (!Known(amount)) return Tr(Str::NotAvailable);
    const std::string number = GroupedFixed(amount, MoneyDecimals(amount));
    const char* symbol = CurrencySymbol(currency);
    if (symbol == nullptr) return number + " " + currency;
    if (CurrentLanguage() == Language::Russian) return number + "\xc2\xa0" + symbol;
    return symbol + number;
}

std::string FormatMoneyPerHour(double amount, const std::string& currency) {
    if (!Known(amount)) return Tr(Str::NotAvailable);
    return FormatMoney(amount, currency) + Tr(Str::UnitPerHour);
}

std::string SpotPerHourText(const engine::CostResult& cost) {
    std::string text = FormatMoneyPerHour(cost.SpotPerHour, cost.Currency);
    if (cost.SpotDearerThanOnDemand) text += std::string(" \xc2\xb7 ") + Tr(Str::MarkNoSaving);
    return text;
}

double PrintedMoney(double amount) {
    if (!Known(amount)) return 0;
    char buffer[64];
    std::snprintf(buffer, sizeof(buffer), "%.*f", MoneyDecimals(amount), amount);
    return std::strtod(buffer, nullptr);
}

std::string FormatMonths(double months) {
    if (!Known(months)) return Tr(Str::NotAvailable);
    return Printf("%.1f %s", months, Tr(Str::UnitMonths));
}

std::string OfferKindLabel(const std::string& kind) {
    if (kind == "on_demand") return Tr(Str::KindOnDemand);
    if (kind == "spot") return Tr(Str::KindSpot);
    if (kind == "reserved_1y") return Tr(Str::KindReserved1y);
    if (kind == "reserved_3y") return Tr(Str::KindReserved3y);
    return kind;
}

std::string FxRateText(const catalog::Catalog& catalog, const std::string& currency) {
    (void)currency; // every rate is shown: the visitor compares them
    std::string text = "1 USD";
    for (const auto& [code, per_usd] : catalog.Fx.PerUsd)
        if (code != "USD") text += " = " + Printf("%.4g %s", per_usd, code.c_str());
    if (text == "1 USD") return Tr(Str::NotAvailable);
    if (!catalog.Fx.AsOf.empty()) text += " (" + std::string(Tr(Str::AsOf)) + " " + catalog.Fx.AsOf + ")";
    return text;
}

std::vector<ProviderChoice> ProvidersWithOffers(const catalog::Catalog& catalog, const std::string& gpu_id) {
    std::vector<ProviderChoice> out;
    std::set<std::string> seen;
    for (const catalog::Offer& offer : catalog.Offers) {
        if (offer.GpuId != gpu_id || !seen.insert(offer.ProviderId).second) continue;
        const catalog::Provider* provider = catalog.FindProvider(offer.ProviderId);
        out.push_back(ProviderChoice{offer.ProviderId, provider != nullptr ? provider->Name : offer.ProviderId});
    }
    std::sort(out.begin(), out.end(), [](const ProviderChoice& a, const ProviderChoice& b) { return a.Name < b.Name; });
    return out;
}

std::vector<OfferInfo> DescribeOffers(const catalog::Catalog& catalog, const engine::Result& result, const std::set<std::string>& edited) {
    std::vector<OfferInfo> out;
    out.reserve(result.Cost.Offers.size());
    for (const engine::OfferCost& cost : result.Cost.Offers) {
        OfferInfo info;
        for (const catalog::Offer& offer : catalog.Offers) {
            if (offer.Id != cost.OfferId) continue;
            info.GpusPerInstance = std::max(1, offer.GpusPerInstance);
            info.Imported = offer.Imported;
            info.Source = offer.Source;
            break;
        }
        const double gpus = static_cast<double>(cost.Instances) * info.GpusPerInstance;
        info.PricePerGpuHour = gpus > 0 ? cost.PerHour / gpus : 0;
        info.Edited = edited.count(cost.OfferId) > 0;
        out.push_back(info);
    }
    return out;
}

PriceProvenance BuildPriceProvenance(const catalog::Catalog& catalog, const engine::Result& result) {
    PriceProvenance p;
    for (const engine::OfferCost& cost : result.Cost.Offers) {
        ++p.OffersShown;
        if (cost.AsOf.empty()) continue;
        if (p.OldestAsOf.empty() || cost.AsOf < p.OldestAsOf) p.OldestAsOf = cost.AsOf;
        if (p.NewestAsOf.empty() || cost.AsOf > p.NewestAsOf) p.NewestAsOf = cost.AsOf;
    }
    for (const engine::OfferCost& cost : result.Cost.Offers) {
        if (cost.OfferId.empty() || cost.OfferId != result.Cost.CheapestOfferId) continue;
        p.CheapestProvider = cost.Provider;
        p.CheapestAsOf = cost.AsOf;
        for (const catalog::Offer& offer : catalog.Offers)
            if (offer.Id == cost.OfferId) { p.CheapestSource = offer.Source; break; }
        break;
    }
    return p;
}

//-----------------------------------------------------------------------------
// [SECTION] Accuracy, curve, training details
//-----------------------------------------------------------------------------

std::string AccuracyBandText(const AccuracyReport& report, AccuracyCategory category) {
    if (!report.Loaded || category == AccuracyCategory::Count) return "";
    const AccuracySummary& s = report.Summary[static_cast<int>(category)];
    if (s.Cases <= 0) return "";
    char buffer[128];
    std::snprintf(buffer, sizeof(buffer), Tr(Str::AccuracyBand), std::lround(s.MedianAbsError * 100), s.Cases);
    return buffer;
}

const char* AccuracyCategoryName(AccuracyCategory category) {
    switch (category) {
    case AccuracyCategory::Memory: return Tr(Str::CategoryMemory);
    case AccuracyCategory::Inference: return Tr(Str::CategoryInference);
    case AccuracyCategory::Training: return Tr(Str::CategoryTraining);
    case AccuracyCategory::Count: break;
    }
    return "";
}

std::string FormatSignedPercent(double fraction) {
    if (!std::isfinite(fraction)) return Tr(Str::NotAvailable);
    char buffer[64];
    std::snprintf(buffer, sizeof(buffer), "%s%.1f %%", fraction < 0 ? "\xe2\x88\x92" : "+", std::fabs(fraction) * 100);
    return LocalizeDigits(buffer);
}

std::string FormatMetricValue(const std::string& metric, double value) {
    if (metric.find("bytes") != std::string::npos) return FormatGb(value);
    if (metric.find("tokens_per_s") != std::string::npos) return FormatRate(value, Str::UnitTokensPerS);
    if (metric == "training.gpu_hours") return FormatGpuHours(value);
    if (metric == "training.mfu") return FormatPercent(value);
    if (metric.size() > 2 && metric.compare(metric.size() - 2, 2, "_s") == 0) return FormatDuration(value);
    return Grouped(value);
}

CurveView BuildCurveView(const engine::InferenceResult& in, double scenario_concurrency) {
    CurveView view;
    if (in.Curve.size() < 2) return view;
    double max_total = 0, max_user = 0;
    for (const engine::ThroughputPoint& p : in.Curve) {
        max_total = std::max(max_total, p.TokensPerS);
        max_user = std::max(max_user, p.TokensPerSPerUser);
    }
    const double lo = std::log2(std::max(1.0, in.Curve.front().Concurrency));
    const double hi = std::log2(std::max(1.0, in.Curve.back().Concurrency));
    const double span = hi > lo ? hi - lo : 1;
    const double top_total = max_total > 0 ? max_total * kBarHeadroom : 1;
    const double top_user = max_user > 0 ? max_user * kBarHeadroom : 1;
    for (const engine::ThroughputPoint& p : in.Curve) {
        CurvePoint point;
        point.X = static_cast<float>((std::log2(std::max(1.0, p.Concurrency)) - lo) / span);
        point.Total = static_cast<float>(p.TokensPerS / top_total);
        point.PerUser = static_cast<float>(p.TokensPerSPerUser / top_user);
        view.Points.push_back(point);
    }
    if (scenario_concurrency >= in.Curve.front().Concurrency && scenario_concurrency <= in.Curve.back().Concurrency)
        view.MarkerX = static_cast<float>((std::log2(scenario_concurrency) - lo) / span);
    view.TotalMax = FormatRate(top_total, Str::UnitTokensPerS);
    view.PerUserMax = FormatRate(top_user, Str::UnitTokensPerS);
    view.ConcurrencyMin = Grouped(in.Curve.front().Concurrency);
    view.ConcurrencyMax = Grouped(in.Curve.back().Concurrency);
    view.TotalTop = top_total;
    view.PerUserTop = top_user;
    view.ConcurrencyLo = std::max(1.0, in.Curve.front().Concurrency);
    view.ConcurrencyHi = std::max(1.0, in.Curve.back().Concurrency);
    return view;
}

double ExposedCommShare(const engine::TrainingResult& t) {
    return t.StepTimeS > 0 && std::isfinite(t.ExposedCommSPerStep) ? std::clamp(t.ExposedCommSPerStep / t.StepTimeS, 0.0, 1.0) : 0.0;
}

std::string DescribeSuggestedLayout(const engine::TrainingResult& t) {
    if (!t.SuggestedFound) return Tr(Str::NotAvailable);
    std::string text = "TP " + std::to_string(t.SuggestedTensorParallel) + " \xc2\xb7 PP " + std::to_string(t.SuggestedPipelineParallel) +
                       " \xc2\xb7 DP " + std::to_string(t.SuggestedDataParallel) + " \xc2\xb7 ZeRO " + std::to_string(t.SuggestedZeroStage);
    if (!t.SuggestedRecompute.empty() && t.SuggestedRecompute != "none")
        text += " \xc2\xb7 " + std::string(Tr(Str::Recompute)) + " " +
                Tr(t.SuggestedRecompute == "full" ? Str::RecomputeFull : Str::RecomputeSelective);
    return text;
}

//-----------------------------------------------------------------------------
// [SECTION] Compare GPUs
//-----------------------------------------------------------------------------

std::string DescribePlanRow(const engine::PlanRow& row, const engine::Scenario& s) {
    if (CurrentLanguage() == Language::English) return row.Reason;
    if (!row.Feasible || row.GpuCount <= 0) return Tr(Str::PlanInfeasible);
    char buffer[160];
    if (s.Workload != engine::WorkloadKind::Inference) {
        std::snprintf(buffer, sizeof(buffer), Tr(Str::PlanTrainingLayout), row.GpuCount, row.TensorParallel);
        return buffer;
    }
    const int replica = std::max(1, row.TensorParallel * std::max(1, s.Inference.PipelineParallel));
    const int replicas = std::max(1, row.GpuCount / replica);
    if (replicas == 1) std::snprintf(buffer, sizeof(buffer), Tr(Str::PlanOneReplica), replica, row.TensorParallel);
    else std::snprintf(buffer, sizeof(buffer), Tr(Str::PlanReplicas), replicas, replica, row.TensorParallel);
    return buffer;
}

bool PlanRowSelectsGpu(const engine::PlanRow& row, const engine::Scenario& s) {
    // The GPU at the scenario's weights format (a row per allowed precision: engine::PlanPrecisions).
    // row.Precision is set on excluded rows too (their Chosen is empty).
    return row.GpuId == s.Gpu.Id && row.Precision == engine::FormatName(s.Precision.Weights);
}

bool PlanRowIsCurrent(const engine::PlanRow& row, const engine::Scenario& s) {
    // "Current" only when the row's whole configuration is the scenario's: its figures are then the Result's.
    const engine::Scenario& c = row.Chosen;
    if (!PlanRowSelectsGpu(row, s) || row.GpuCount != s.GpuCount || c.GpuCount != s.GpuCount) return false;
    if (c.Precision.KvCache != s.Precision.KvCache || c.Precision.Compute != s.Precision.Compute) return false;
    if (c.Cluster.GpusPerNode != s.Cluster.GpusPerNode || c.Cluster.NetworkBytesPerSPerGpu != s.Cluster.NetworkBytesPerSPerGpu) return false;
    if (s.Workload == engine::WorkloadKind::Inference)
        return c.Inference.TensorParallel == s.Inference.TensorParallel && c.Inference.PipelineParallel == s.Inference.PipelineParallel &&
               c.Inference.Concurrency == s.Inference.Concurrency && c.Inference.ExpertParallel == s.Inference.ExpertParallel;
    return c.Training.TensorParallel == s.Training.TensorParallel && c.Training.PipelineParallel == s.Training.PipelineParallel &&
           c.Training.ExpertParallel == s.Training.ExpertParallel && c.Training.ZeroStage == s.Training.ZeroStage &&
           c.Training.Recompute == s.Training.Recompute && c.Training.MicroBatch == s.Training.MicroBatch;
}

std::string ConfigurationLine(const engine::Scenario& s, const engine::Result& r) {
    std::string line = std::to_string(s.GpuCount) + " \xc3\x97 " + s.Gpu.Name;
    if (s.Workload == engine::WorkloadKind::Inference) {
        line += " \xc2\xb7 TP " + std::to_string(s.Inference.TensorParallel);
        if (s.Inference.PipelineParallel > 1) line += " \xc2\xb7 PP " + std::to_string(s.Inference.PipelineParallel);
        if (r.Inference.Replicas > 1) line += " \xc2\xb7 \xc3\x97" + std::to_string(r.Inference.Replicas);
    } else {
        const engine::TrainingLayout l = engine::LayoutOf(s);
        const Str recompute = l.Recompute == engine::RecomputePolicy::Full        ? Str::RecomputeFull
                              : l.Recompute == engine::RecomputePolicy::Selective ? Str::RecomputeSelective
                                                                                  : Str::RecomputeNone;
        line += " \xc2\xb7 TP " + std::to_string(l.TensorParallel) + " \xc3\x97 PP " + std::to_string(l.PipelineParallel) + " \xc3\x97 DP " +
                std::to_string(l.DataParallel) + (l.ExpertParallel > 1 ? " \xc2\xb7 EP " + std::to_string(l.ExpertParallel) : std::string()) +
                " \xc2\xb7 ZeRO " + std::to_string(l.ZeroStage) + " \xc2\xb7 " + Tr(Str::Recompute) + ": " + Tr(recompute);
    }
    return line;
}

std::string HeadlineCost(const engine::Scenario& s, const engine::Result& r, const char** label) {
    const engine::CostResult& c = r.Cost;
    if (s.Workload != engine::WorkloadKind::Inference) {
        *label = Tr(Str::JobCost);
        return FormatMoney(c.JobCost, c.Currency);
    }
    if (s.Inference.Mode == engine::ServingMode::Batch && c.Batch.Computed) {
        *label = Tr(Str::JobCost);
        return FormatMoney(c.Batch.OnDemandCost, c.Currency);
    }
    if (c.Serving.Computed) {
        *label = Tr(Str::MonthlyAtLoad);
        return FormatMoney(c.Serving.TotalPerMonth, c.Currency);
    }
    *label = Tr(Str::OnDemandPerHour);
    return FormatMoneyPerHour(c.PerHour, c.Currency);
}

std::string HeadlineCostSuffix(const engine::Scenario& s, const engine::Result& r) {
    if (s.Workload != engine::WorkloadKind::Inference) return Tr(Str::SuffixPerRun);
    if (s.Inference.Mode == engine::ServingMode::Batch && r.Cost.Batch.Computed) return Tr(Str::SuffixPerJob);
    if (r.Cost.Serving.Computed) return Tr(Str::SuffixPerMonth);
    return ""; // FormatMoneyPerHour already says "/h"
}

const engine::PlanRow* PlanRowFor(const std::vector<engine::PlanRow>& plan, const engine::Scenario& s) {
    // The scenario's GPU at the scenario's own precision (other allowed precisions have rows of their own).
    for (const engine::PlanRow& row : plan)
        if (PlanRowSelectsGpu(row, s)) return &row;
    return nullptr;
}
