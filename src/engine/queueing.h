// gpuplan engine: waiting in line for a serving slot — the one queueing model behind every p95/p99 time to first
// token (the Result's inference.ttft_p95_s, the serving bill's, and the planner's sizing, docs/PLANNING.md).
//
// Model: M/D/c. Requests arrive at random (Poisson); the deployment has c = replicas × concurrency slots; a request
// holds its slot for its service time S = TTFT + output tokens × TPOT. The scenario states fixed input and output
// lengths, and prefill and decode time are deterministic functions of them at a given batch, so S is (near) constant:
// deterministic service, squared coefficient of variation Cs² = 0. An exponential service time (M/M/c, Cs² = 1)
// would claim that one request in twenty takes three times the mean to prefill and decode the same tokens.
// The M/D/c wait is taken by the Allen–Cunneen approximation: the M/M/c wait scaled by (Ca² + Cs²) / 2 = 1/2
// (Poisson arrivals, Ca² = 1). source: W. Whitt, "Approximations for the GI/G/m queue", Production and Operations
// Management 2(2), 1993, eq. 2.24–2.25; A. O. Allen, "Probability, Statistics, and Queueing Theory", 2nd ed., 1990,
// §6.4. The chance to wait is Erlang C and the tail given a wait is exponential, P(W > t) = C(c, a) · e^(−(cμ − λ)t / f)
// with f = (1 + Cs²) / 2 (Kleinrock, "Queueing Systems, Vol. 1", 1975, §3.5, for the M/M/c form).
#pragma once

#include "engine/scenario.h"

namespace engine {

// Squared coefficient of variation of one request's service time: 0 = deterministic (the scenario's fixed input and
// output lengths). Named so that a workload with variable lengths can state its own.
constexpr double kServiceTimeScv = 0.0;
// Allen–Cunneen factor on the M/M/c wait for Poisson arrivals: (Ca² + Cs²) / 2 with Ca² = 1.
constexpr double kWaitScale = (1.0 + kServiceTimeScv) / 2.0;

// Erlang C: probability an arrival waits, for `servers` servers and an offered load of `offered_erlangs` = λ/μ.
// 1 when the load reaches the servers (the queue grows without bound); 0 for no load.
double ErlangC(double servers, double offered_erlangs);

// The `quantile` (0.5, 0.95, 0.99) of the wait before service starts (M/D/c, Allen–Cunneen), s. `service_s` is one
// request's service time (1/μ). +infinity when arrivals reach or exceed capacity (λ ≥ c·μ), 0 when fewer than
// 1 − quantile of requests wait at all.
double QueueWaitQuantileS(double servers, double service_s, double arrivals_per_s, double quantile);

// The median, p95 and p99 waits together, from one Erlang C evaluation (the planner's search calls this many times).
struct QueueWaits {
    bool   Stable = false; // arrivals below capacity
    double P50S = 0;
    double P95S = 0;
    double P99S = 0;
};
QueueWaits QueueWaitsOf(double servers, double service_s, double arrivals_per_s);

// The traffic profile's arrival rate at the peak, requests/s: requests_per_s (else requests_per_day spread over
// hours_per_day) × peak_to_average. 0 when the profile states no rate.
double TrafficPeakRequestsPerS(const TrafficProfile& traffic);

} // namespace engine
