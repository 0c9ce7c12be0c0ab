// gpuplan engine: Erlang C and the M/D/c waiting-time tail (see queueing.h for the method and its sources).
#include "engine/queueing.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace engine {

namespace {

// Far below the load the servers are all busy and B(k) ≈ 1 − k/a (the fluid limit); the recursion forgets its
// starting error by a factor of about k/a a step, so starting kStartSigmas standard deviations (√a) below the load
// loses nothing visible while the work drops from O(c) to O(√a). Far above the load (kNoWaitSigmas √a) the chance
// to wait is below 1e-15 (Halfin–Whitt: C ≈ φ(β) / (β Φ(β)) for c = a + β√a) and is taken as 0.
constexpr double kStartSigmas = 12.0;
constexpr double kNoWaitSigmas = 10.0;

} // namespace

double ErlangC(double servers, double a) {
    if (!(a > 0)) return 0.0;
    if (!(servers > a)) return 1.0;
    const double sigma = std::sqrt(a);
    if (std::floor(servers) > a + kNoWaitSigmas * sigma + kNoWaitSigmas) return 0.0;
    // Erlang B by its stable recursion B(k) = a·B(k−1) / (k + a·B(k−1)), then C = c·B / (c − a·(1 − B)).
    // source: Kleinrock (1975), eq. 3.46 and the B→C relation; the recursion avoids a^c / c! overflowing.
    const long long c = static_cast<long long>(std::floor(servers));
    const long long start = static_cast<long long>(std::max(0.0, std::floor(a - kStartSigmas * sigma)));
    double b = start > 0 ? 1.0 - static_cast<double>(start) / a : 1.0;
    for (long long k = start + 1; k <= c; ++k) b = a * b / (static_cast<double>(k) + a * b);
    const double cd = static_cast<double>(c);
    if (!(cd > a)) return 1.0;
    return cd * b / (cd - a * (1.0 - b));
}

namespace {

// The `quantile` of the wait when a share `wait_chance` of arrivals waits and the queue drains at c·μ − λ: the
// M/M/c tail's decay rate divided by the Allen–Cunneen factor (queueing.h).
double WaitQuantileS(double wait_chance, double drain_per_s, double quantile) {
    const double tail = 1.0 - quantile;
    return wait_chance <= tail ? 0.0 : std::log(wait_chance / tail) * kWaitScale / drain_per_s;
}

} // namespace

double QueueWaitQuantileS(double servers, double service_s, double arrivals_per_s, double quantile) {
    if (!(arrivals_per_s > 0) || !(service_s > 0)) return 0.0;
    const double c = std::floor(servers);
    const double a = arrivals_per_s * service_s;
    if (!(c > a)) return std::numeric_limits<double>::infinity();
    return WaitQuantileS(ErlangC(c, a), c / service_s - arrivals_per_s, quantile);
}

QueueWaits QueueWaitsOf(double servers, double service_s, double arrivals_per_s) {
    QueueWaits w;
    if (!(arrivals_per_s > 0) || !(service_s > 0)) {
        w.Stable = true;
        return w;
    }
    const double c = std::floor(servers);
    const double a = arrivals_per_s * service_s;
    if (!(c > a)) {
        w.P50S = w.P95S = w.P99S = std::numeric_limits<double>::infinity();
        return w;
    }
    const double chance = ErlangC(c, a);
    const double drain = c / service_s - arrivals_per_s;
    w.Stable = true;
    w.P50S = WaitQuantileS(chance, drain, 0.50);
    w.P95S = WaitQuantileS(chance, drain, 0.95);
    w.P99S = WaitQuantileS(chance, drain, 0.99);
    return w;
}

double TrafficPeakRequestsPerS(const TrafficProfile& t) {
    double average = t.RequestsPerS;
    if (!(average > 0) && t.RequestsPerDay > 0 && t.HoursPerDay > 0) average = t.RequestsPerDay / (std::min(24.0, t.HoursPerDay) * 3600.0);
    return average > 0 ? average * std::max(1.0, t.PeakToAverage) : 0.0;
}

} // namespace engine
