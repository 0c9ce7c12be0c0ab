// gpuplan: command-line entry point. All logic is in cli.cpp so tests can run it in-process.
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "cli/cli.h"

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string stdin_text;
    for (const std::string& arg : args) {
        if (arg == "-" || arg == "--scenario=-") {
            stdin_text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
            break;
        }
    }
    return cli::Run(args, stdin_text, std::cout, std::cerr);
}
