// gpuplan CLI: the command-line tool as a library function, so tests run it in-process.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include "catalog/catalog.h"

namespace cli {

// Exit codes: 0 success, 1 the check/validation found problems, 2 bad input or usage.
constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;
constexpr int kExitBadInput = 2;

// Runs `gpuplan args...`; `stdin_text` stands for standard input ("-" file arguments).
int Run(const std::vector<std::string>& args, const std::string& stdin_text, std::ostream& out, std::ostream& err);

// Reads every catalog file under `dir` (gpus.json, models.json, fx.json, prices/*.json) into a FileSet.
// False with a message when the folder cannot be read.
bool ReadCatalogDir(const std::string& dir, catalog::FileSet* files, std::string* error);
bool ReadTextFile(const std::string& path, std::string* text);

} // namespace cli
