// gpuplan unit tests: doctest runner. Suites mirror src/: engine, catalog, scenario, cli, validation.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
