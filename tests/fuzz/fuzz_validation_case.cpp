// Fuzz target: a validation case file (gpuplan validate DIR), run through the engine as the suite runs it.
#include "cli/validate.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    (void)cli::RunCaseText("fuzz", fuzz::Text(data, size), fuzz::BuiltInCatalog());
    return 0;
}
