// gpuplan CLI: reading catalog folders and files from disk.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/cli.h"

namespace cli {

bool ReadTextFile(const std::string& path, std::string* text) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return false;
    std::ostringstream buffer;
    buffer << file.rdbuf();
    *text = buffer.str();
    return true;
}

bool ReadCatalogDir(const std::string& dir, catalog::FileSet* files, std::string* error) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        *error = dir + ": not a folder";
        return false;
    }
    std::vector<std::string> paths;
    for (const char* name : {"gpus.json", "models.json", "fx.json", "taxes.json"})
        if (fs::exists(fs::path(dir) / name, ec)) paths.push_back(name);
    const fs::path prices = fs::path(dir) / "prices";
    if (fs::is_directory(prices, ec)) {
        for (const auto& item : fs::directory_iterator(prices, ec))
            if (item.path().extension() == ".json") paths.push_back("prices/" + item.path().filename().string());
    }
    std::sort(paths.begin(), paths.end());
    if (paths.empty()) {
        *error = dir + ": no catalog files (gpus.json, models.json, fx.json, prices/*.json)";
        return false;
    }
    for (const std::string& rel : paths) {
        std::string text;
        if (!ReadTextFile((fs::path(dir) / rel).string(), &text)) {
            *error = dir + "/" + rel + ": cannot be read";
            return false;
        }
        files->Files.emplace_back(rel, text);
    }
    return true;
}

} // namespace cli
