// gpuplan catalog: importing a visitor's price table — CSV (one offer per row) or a gpuplan.prices/1 JSON file.
// Imported rows are validated by the same rules as the shipped catalogs; each rejected row becomes an Issue
// naming the row and the field.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstdio>
#include <map>
#include <set>
#include <string_view>

#include <nlohmann/json.hpp>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"
#include "input/json_input.h"
#include "input/number_text.h"

namespace catalog {

namespace {

// A visitor's own quote may carry no date. The validator requires one, so an undated row is validated with this
// stand-in and stored with an empty as_of (shown as "n/a").
constexpr const char* kUndatedStandIn = "2000-01-01";
// One import: rows and distinct providers. A visitor's table has tens of rows; the caps keep a hostile paste from
// making every later evaluation slow, and each says what it left out.
constexpr int    kMaxImportRows      = 5000;
constexpr int    kMaxImportProviders = 100;
constexpr size_t kMaxSlugBytes       = 40;

// Splits one CSV line (RFC 4180 quoting: "a, b" and "" for a quote).
std::vector<std::string> SplitCsvLine(const std::string& line, char separator) {
    std::vector<std::string> cells(1);
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') { cells.back() += '"'; ++i; }
            else if (c == '"') quoted = false;
            else cells.back() += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == separator) {
            cells.emplace_back();
        } else if (c != '\r') {
            cells.back() += c;
        }
    }
    for (std::string& cell : cells) {
        while (!cell.empty() && std::isspace(static_cast<unsigned char>(cell.back()))) cell.pop_back();
        while (!cell.empty() && std::isspace(static_cast<unsigned char>(cell.front()))) cell.erase(0, 1);
    }
    return cells;
}

bool Blank(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

std::string Slug(const std::string& text) {
    std::string out;
    for (char c : text) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (std::isalnum(u)) out += static_cast<char>(std::tolower(u));
        else if (!out.empty() && out.back() != '-') out += '-';
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    if (out.size() > kMaxSlugBytes) out.resize(kMaxSlugBytes);
    return out.empty() ? "imported" : out;
}

// Walks the text one line at a time without copying it whole (a pasted table can be megabytes).
class LineCursor {
public:
    explicit LineCursor(std::string_view text) : text_(text) {}
    bool Next(std::string_view* line) {
        if (done_) return false;
        const size_t end = text_.find('\n', at_);
        *line = text_.substr(at_, end == std::string_view::npos ? std::string_view::npos : end - at_);
        if (end == std::string_view::npos) done_ = true;
        else at_ = end + 1;
        ++number_;
        return true;
    }
    int Number() const { return number_; } // 1-based number of the line last returned
    size_t LinesLeft() const {
        if (done_) return 0;
        size_t lines = 1;
        for (size_t i = at_; i < text_.size(); ++i) lines += text_[i] == '\n' ? 1 : 0;
        return lines;
    }

private:
    std::string_view text_;
    size_t           at_ = 0;
    int              number_ = 0;
    bool             done_ = false;
};

// One provider's rows, gathered into a gpuplan.prices/1 document so that they are checked by the same validator as
// the shipped files, in one pass per provider.
struct ProviderRows {
    std::string                Name;
    std::string                Currency;
    nlohmann::json             Offers = nlohmann::json::array();
    std::map<std::string, int> RowOfOffer; // offer id → line number, to name rejected rows
};

std::set<std::string> OfferIds(const Catalog& catalog) {
    std::set<std::string> ids;
    for (const Offer& offer : catalog.Offers) ids.insert(offer.Id);
    return ids;
}

} // namespace

// Columns (header names, any order): provider, gpu, price_per_gpu_hour | price_per_instance_hour, currency;
// optional: gpus_per_instance (1), kind (on_demand), instance, region, source ("imported by the visitor"), as_of.
// The separator is ',' or ';' (whichever the header uses). Linear in rows; at most kMaxImportRows rows and
// kMaxImportProviders providers, and what was left out is named.
void LoadPricesCsv(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* all_issues) {
    // Issues come from two passes (cells, then each provider's validation); they are listed in row order at the end.
    std::vector<Issue> row_issues;
    std::vector<Issue>* issues = &row_issues;
    struct ReportInRowOrder {
        std::vector<Issue>* From;
        std::vector<Issue>* To;
        ~ReportInRowOrder() {
            auto row_of = [](const Issue& issue) { return issue.Entry.rfind("row ", 0) == 0 ? std::atoi(issue.Entry.c_str() + 4) : 0; };
            std::stable_sort(From->begin(), From->end(), [&](const Issue& a, const Issue& b) { return row_of(a) < row_of(b); });
            To->insert(To->end(), From->begin(), From->end());
        }
    } report{&row_issues, all_issues};
    LineCursor lines(text);
    std::string_view header_line;
    while (lines.Next(&header_line) && Blank(header_line)) {}
    if (Blank(header_line)) {
        issues->push_back(Issue{file, "", "", "empty file; expected a header row (provider, gpu, price_per_gpu_hour, currency, ...)", true});
        return;
    }
    const char separator = header_line.find(';') != std::string_view::npos && header_line.find(',') == std::string_view::npos ? ';' : ',';
    const std::vector<std::string> header = SplitCsvLine(std::string(header_line), separator);
    static const std::set<std::string> kColumns = {"provider", "gpu", "gpus_per_instance", "price_per_gpu_hour", "price_per_instance_hour",
                                                   "currency", "kind", "instance", "region", "source", "as_of"};
    for (const std::string& column : header)
        if (!kColumns.count(column)) issues->push_back(Issue{file, "header", column, "unknown column (ignored)", false});
    for (const char* required : {"provider", "gpu", "currency"}) {
        bool found = false;
        for (const std::string& column : header) found |= column == required;
        if (!found) {
            issues->push_back(Issue{file, "header", required, "missing column", true});
            return;
        }
    }
    input::NumberSyntax number_syntax;
    number_syntax.AllowGrouping = false; // a cell is one number; "1 000" in a price column is a typing slip
    std::set<std::string> taken_ids = OfferIds(*out); // an earlier import may have used the same row numbers
    std::map<std::string, ProviderRows> providers;    // by provider id
    int rows = 0;
    std::string_view line;
    while (lines.Next(&line)) {
        const int row = lines.Number();
        if (Blank(line)) continue;
        if (++rows > kMaxImportRows) {
            issues->push_back(Issue{file, "row " + std::to_string(row), "",
                                    "the import stops at " + std::to_string(kMaxImportRows) + " rows; this line and the " +
                                        std::to_string(lines.LinesLeft()) + " after it were not imported (split the table)",
                                    true});
            break;
        }
        const std::vector<std::string> cells = SplitCsvLine(std::string(line), separator);
        const std::string entry = "row " + std::to_string(row);
        nlohmann::json offer = nlohmann::json::object();
        std::string provider_name, currency;
        bool row_ok = true;
        for (size_t c = 0; c < header.size() && c < cells.size(); ++c) {
            const std::string& column = header[c];
            const std::string& cell = cells[c];
            if (cell.empty() || !kColumns.count(column)) continue;
            if (column == "provider") provider_name = input::ValidUtf8(cell);
            else if (column == "currency") currency = input::ValidUtf8(cell);
            else if (column == "gpus_per_instance" || column == "price_per_gpu_hour" || column == "price_per_instance_hour") {
                double value = 0;
                std::string reason;
                if (!input::ParseNumberText(cell, number_syntax, &value, &reason)) {
                    issues->push_back(Issue{file, entry, column, reason + ", got \"" + input::TruncateUtf8(cell, 40) + "\"", true});
                    row_ok = false;
                } else {
                    offer[column] = value;
                }
            } else {
                offer[column] = input::ValidUtf8(cell);
            }
        }
        if (cells.size() > header.size()) issues->push_back(Issue{file, entry, "", "more cells than header columns (extra ignored)", false});
        if (!row_ok) continue;
        if (provider_name.empty()) {
            issues->push_back(Issue{file, entry, "provider", "missing", true});
            continue;
        }
        const std::string provider_id = "imported-" + Slug(provider_name);
        auto group_it = providers.find(provider_id);
        if (group_it == providers.end()) {
            if (static_cast<int>(providers.size()) >= kMaxImportProviders) {
                issues->push_back(Issue{file, entry, "provider",
                                        "more than " + std::to_string(kMaxImportProviders) + " providers in one import; this row was not imported", true});
                continue;
            }
            ProviderRows group;
            group.Name = provider_name;
            group.Currency = currency.empty() ? "USD" : currency;
            group_it = providers.emplace(provider_id, std::move(group)).first;
        }
        ProviderRows& group = group_it->second;
        if (!offer.contains("gpus_per_instance")) offer["gpus_per_instance"] = 1;
        if (!offer.contains("kind")) offer["kind"] = "on_demand";
        if (!offer.contains("source")) offer["source"] = "imported by the visitor (" + input::ValidUtf8(file) + ")";
        if (!offer.contains("as_of")) offer["as_of"] = kUndatedStandIn;
        offer["currency"] = currency.empty() ? group.Currency : currency;
        std::string id = provider_id + "-" + std::to_string(row);
        for (int n = 2; taken_ids.count(id); ++n) id = provider_id + "-" + std::to_string(row) + "-" + std::to_string(n);
        taken_ids.insert(id);
        offer["id"] = id;
        group.RowOfOffer[id] = row;
        group.Offers.push_back(std::move(offer));
    }

    // Validate each provider's rows in one pass, against the catalog's GPUs and exchange rates.
    Catalog staging;
    staging.Gpus = out->Gpus;
    staging.Fx = out->Fx;
    for (auto& [provider_id, group] : providers) {
        const size_t first_offer = staging.Offers.size();
        const nlohmann::json doc = {{"schema", "gpuplan.prices/1"},
                                    {"as_of", kUndatedStandIn},
                                    {"provider", {{"id", provider_id}, {"name", group.Name}, {"currency", group.Currency}}},
                                    {"offers", std::move(group.Offers)}};
        std::vector<Issue> group_issues;
        LoadPricesJson(file, doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), &staging, &group_issues);
        for (size_t i = first_offer; i < staging.Offers.size(); ++i) {
            const Offer& offer = staging.Offers[i];
            if (staging.FindGpu(offer.GpuId) == nullptr)
                group_issues.push_back(Issue{file, offer.Id, "gpu", "unknown GPU id \"" + offer.GpuId + "\" (not in gpus.json)", true});
            if (!staging.Fx.PerUsd.count(offer.Currency))
                group_issues.push_back(Issue{file, offer.Id, "currency", "no exchange rate for \"" + offer.Currency + "\"", true});
        }
        std::set<std::string> rejected;
        for (Issue& issue : group_issues) {
            const auto row_it = group.RowOfOffer.find(issue.Entry);
            if (row_it != group.RowOfOffer.end()) {
                if (issue.IsError) rejected.insert(issue.Entry);
                issue.Entry = "row " + std::to_string(row_it->second);
            } else if (issue.IsError && issue.Entry == "provider") {
                for (const auto& offer_row : group.RowOfOffer) rejected.insert(offer_row.first);
            }
            issues->push_back(issue);
        }
        bool any = false;
        for (size_t i = first_offer; i < staging.Offers.size(); ++i) {
            Offer imported = staging.Offers[i];
            if (rejected.count(imported.Id)) continue;
            imported.Imported = true;
            if (imported.AsOf == kUndatedStandIn) imported.AsOf = "";
            out->Offers.push_back(std::move(imported));
            any = true;
        }
        if (any && out->FindProvider(provider_id) == nullptr)
            for (const Provider& provider : staging.Providers)
                if (provider.Id == provider_id) out->Providers.push_back(provider);
    }
}

void ImportPrices(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues) {
    if (text.size() > input::kImportMaxBytes) {
        char size[80];
        std::snprintf(size, sizeof(size), "is %.1f MB; the limit is %.1f MB", text.size() / 1e6, input::kImportMaxBytes / 1e6);
        issues->push_back(Issue{file, "", "", std::string(size) + " (nothing was imported; split the table into several files)", true});
        return;
    }
    const size_t first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    if (first == std::string::npos) {
        issues->push_back(Issue{file, "", "", "empty; expected a CSV table with a header row or a gpuplan.prices/1 JSON file", true});
        return;
    }
    if (text[first] != '{') {
        LoadPricesCsv(file, text, out, issues);
        return;
    }
    Catalog staging;
    staging.Gpus = out->Gpus;
    staging.Fx = out->Fx;
    std::vector<Issue> file_issues;
    LoadPricesJson(file, text, &staging, &file_issues);
    if (staging.Offers.size() > static_cast<size_t>(kMaxImportRows)) {
        issues->push_back(Issue{file, "", "offers",
                                "has " + std::to_string(staging.Offers.size()) + " offers; one import takes at most " +
                                    std::to_string(kMaxImportRows) + " (nothing was imported; split the file)",
                                true});
        return;
    }
    CheckCatalog(staging, &file_issues);
    std::set<std::string> rejected;
    for (const Issue& issue : file_issues)
        if (issue.IsError) rejected.insert(issue.Entry);
    const std::set<std::string> taken_ids = OfferIds(*out);
    for (Offer offer : staging.Offers) {
        if (rejected.count(offer.Id)) continue;
        if (taken_ids.count(offer.Id)) {
            file_issues.push_back(Issue{file, offer.Id, "id", "already in the catalog (imported before?); not imported again", true});
            continue;
        }
        offer.Imported = true;
        out->Offers.push_back(offer);
    }
    for (const Provider& provider : staging.Providers)
        if (out->FindProvider(provider.Id) == nullptr) out->Providers.push_back(provider);
    issues->insert(issues->end(), file_issues.begin(), file_issues.end());
}

} // namespace catalog
