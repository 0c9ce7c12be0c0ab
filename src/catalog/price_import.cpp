// gpuplan catalog: importing a visitor's price table — CSV (one offer per row) or a gpuplan.prices/1 JSON file.
// Imported rows are validated by the same rules as the shipped catalogs; each rejected row becomes an Issue
// naming the row and the field.
#include <cctype>
#include <set>

#include <nlohmann/json.hpp>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"

namespace catalog {

namespace {

// A visitor's own quote may carry no date. The validator requires one, so an undated row is validated with this
// stand-in and stored with an empty as_of (shown as "n/a").
constexpr const char* kUndatedStandIn = "2000-01-01";

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

// The file's lines without their line breaks (iostreams would pull the locale machinery into the page).
std::vector<std::string> SplitLines(const std::string& text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t end = text.find('\n', start);
        lines.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return lines;
}

bool Blank(const std::string& line) { return line.find_first_not_of(" \t\r") == std::string::npos; }

std::string Slug(const std::string& text) {
    std::string out;
    for (char c : text) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (std::isalnum(u)) out += static_cast<char>(std::tolower(u));
        else if (!out.empty() && out.back() != '-') out += '-';
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out.empty() ? "imported" : out;
}

bool ParseNumberCell(const std::string& cell, double* value) {
    if (cell.empty()) return false;
    std::string text = cell;
    for (char& c : text) if (c == ',') c = '.'; // "2,99" as written in a Russian locale
    char* end = nullptr;
    *value = std::strtod(text.c_str(), &end);
    return end != nullptr && *end == '\0';
}

} // namespace

// Columns (header names, any order): provider, gpu, price_per_gpu_hour | price_per_instance_hour, currency;
// optional: gpus_per_instance (1), kind (on_demand), instance, region, source ("imported by the visitor"), as_of.
// The separator is ',' or ';' (whichever the header uses).
void LoadPricesCsv(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues) {
    const std::vector<std::string> lines = SplitLines(text);
    size_t next = 0;
    while (next < lines.size() && Blank(lines[next])) ++next;
    const std::string header_line = next < lines.size() ? lines[next++] : "";
    if (Blank(header_line)) {
        issues->push_back(Issue{file, "", "", "empty file; expected a header row (provider, gpu, price_per_gpu_hour, currency, ...)", true});
        return;
    }
    const char separator = header_line.find(';') != std::string::npos && header_line.find(',') == std::string::npos ? ';' : ',';
    const std::vector<std::string> header = SplitCsvLine(header_line, separator);
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
    // Each row becomes a one-offer gpuplan.prices/1 document, loaded by the same validator as shipped files.
    for (; next < lines.size(); ++next) {
        const std::string& line = lines[next];
        const int row = static_cast<int>(next) + 1; // 1-based line number in the file
        if (Blank(line)) continue;
        const std::vector<std::string> cells = SplitCsvLine(line, separator);
        const std::string entry = "row " + std::to_string(row);
        nlohmann::json offer = nlohmann::json::object();
        std::string provider_name, currency;
        bool row_ok = true;
        for (size_t c = 0; c < header.size() && c < cells.size(); ++c) {
            const std::string& column = header[c];
            const std::string& cell = cells[c];
            if (cell.empty() || !kColumns.count(column)) continue;
            if (column == "provider") provider_name = cell;
            else if (column == "currency") currency = cell;
            else if (column == "gpus_per_instance" || column == "price_per_gpu_hour" || column == "price_per_instance_hour") {
                double value = 0;
                if (!ParseNumberCell(cell, &value)) {
                    issues->push_back(Issue{file, entry, column, "expected a number, got \"" + cell + "\"", true});
                    row_ok = false;
                } else {
                    offer[column] = value;
                }
            } else {
                offer[column] = cell;
            }
        }
        if (cells.size() > header.size()) issues->push_back(Issue{file, entry, "", "more cells than header columns (extra ignored)", false});
        if (!row_ok) continue;
        if (provider_name.empty()) {
            issues->push_back(Issue{file, entry, "provider", "missing", true});
            continue;
        }
        if (!offer.contains("gpus_per_instance")) offer["gpus_per_instance"] = 1;
        if (!offer.contains("kind")) offer["kind"] = "on_demand";
        if (!offer.contains("source")) offer["source"] = "imported by the visitor (" + file + ")";
        const std::string provider_id = "imported-" + Slug(provider_name);
        offer["id"] = provider_id + "-" + std::to_string(row);
        // Reuse the provider if an earlier row created it.
        const size_t providers_before = out->Providers.size();
        Catalog staging;
        staging.Gpus = out->Gpus;
        staging.Fx = out->Fx;
        nlohmann::json doc = {{"schema", "gpuplan.prices/1"},
                              {"as_of", kUndatedStandIn},
                              {"provider", {{"id", provider_id}, {"name", provider_name}, {"currency", currency.empty() ? "USD" : currency}}},
                              {"offers", nlohmann::json::array({offer})}};
        if (!currency.empty()) doc["offers"][0]["currency"] = currency;
        if (!offer.contains("as_of")) doc["offers"][0]["as_of"] = kUndatedStandIn;
        std::vector<Issue> row_issues;
        LoadPricesJson(file, doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), &staging, &row_issues);
        CheckCatalog(staging, &row_issues);
        bool rejected = false;
        for (Issue& issue : row_issues) {
            issue.Entry = entry;
            rejected |= issue.IsError;
            issues->push_back(issue);
        }
        if (rejected || staging.Offers.empty()) continue;
        Offer imported = staging.Offers.front();
        imported.Imported = true;
        if (!offer.contains("as_of")) imported.AsOf = "";
        if (out->FindProvider(provider_id) == nullptr && providers_before == out->Providers.size()) {
            Provider provider = staging.Providers.front();
            out->Providers.push_back(provider);
        }
        out->Offers.push_back(imported);
    }
}

void ImportPrices(const std::string& file, const std::string& text, Catalog* out, std::vector<Issue>* issues) {
    const size_t first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    if (first != std::string::npos && text[first] == '{') {
        Catalog staging;
        staging.Gpus = out->Gpus;
        staging.Fx = out->Fx;
        // Imported files may reuse a shipped provider id; give them their own namespace.
        std::vector<Issue> file_issues;
        LoadPricesJson(file, text, &staging, &file_issues);
        CheckCatalog(staging, &file_issues);
        issues->insert(issues->end(), file_issues.begin(), file_issues.end());
        std::set<std::string> rejected;
        for (const Issue& issue : file_issues)
            if (issue.IsError) rejected.insert(issue.Entry);
        for (const Provider& provider : staging.Providers)
            if (out->FindProvider(provider.Id) == nullptr) out->Providers.push_back(provider);
        for (Offer offer : staging.Offers) {
            if (rejected.count(offer.Id)) continue;
            offer.Imported = true;
            out->Offers.push_back(offer);
        }
        return;
    }
    LoadPricesCsv(file, text, out, issues);
}

} // namespace catalog
