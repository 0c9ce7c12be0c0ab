// gpuplan engine: Erlang C and the M/M/c waiting-time tail (see queueing.h for the method and its source).
#include "engine/queueing.h"

#include <cmath>
#include <limits>

namespace engine {

double ErlangC(double servers, double a) {
    if (!(a > 0)) return 0.0;
    if (!(servers > a)) return 1.0;
    // Erlang B by its stable recursion B(k) = a·B(k−1) / (k + a·B(k−1)), then C = c·B / (c − a·(1 − B)).
    // source: Kleinrock (1975), eq. 3.46 and the B→C relation; the recursion avoids a^c / c! overflowing.
    const long long c = static_cast<long long>(std::floor(servers));
    double b = 1.0;
    for (long long k = 1; k <= c; ++k) b = a * b / (static_cast<double>(k) + a * b);
    const double cd = static_cast<double>(c);
    if (!(cd > a)) return 1.0;
    return cd * b / (cd - a * (1.0 - b));
}

double QueueWaitQuantileS(double servers, double service_s, double arrivals_per_s, double quantile) {
    if (!(arrivals_per_s > 0) || !(service_s > 0)) return 0.0;
    const double c = std::floor(servers);
    const double a = arrivals_per_s * service_s;
    if (!(c > a)) return std::numeric_limits<double>::infinity();
    const double wait_chance = ErlangC(c, a);
    const double tail = 1.0 - quantile;
    if (wait_chance <= tail) return 0.0;
    const double drain_per_s = c / service_s - arrivals_per_s; // c·μ − λ
    return std::log(wait_chance / tail) / drain_per_s;
}

} // namespace engine
