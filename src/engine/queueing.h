// gpuplan engine: waiting in line for a serving slot — the queueing part of a p95/p99 time to first token.
// Method: the deployment is an M/M/c queue (Poisson arrivals, c = replicas × concurrency slots, each slot serving
// one request for the request's whole service time). Erlang's C formula gives the chance a request waits and the
// tail of the wait: P(W > t) = C(c, a) · exp(−(c·μ − λ)·t). source: L. Kleinrock, "Queueing Systems, Vol. 1"
// (1975), §3.5 (M/M/m); the tail follows from the exponential wait given queueing. Exponential service times make
// this conservative for LLM serving, whose service times vary less (an M/D/c queue waits about half as long at the
// same load: Kingman's approximation). The physics helper may replace this with a batch-aware model.
#pragma once

namespace engine {

// Erlang C: probability an arrival waits, for `servers` servers and an offered load of `offered_erlangs` = λ/μ.
// 1 when the load reaches the servers (the queue grows without bound); 0 for no load.
double ErlangC(double servers, double offered_erlangs);

// The `quantile` (0.95, 0.99) of the wait before service starts, s. `service_s` is one request's service time
// (1/μ). Returns +infinity when arrivals reach or exceed capacity (λ ≥ c·μ), 0 when fewer than 1 − quantile of
// requests wait at all.
double QueueWaitQuantileS(double servers, double service_s, double arrivals_per_s, double quantile);

// The p95 and p99 waits together, from one Erlang C evaluation (the planner's search calls this many times).
struct QueueWaits {
    bool   Stable = false; // arrivals below capacity
    double P95S = 0;
    double P99S = 0;
};
QueueWaits QueueWaitsOf(double servers, double service_s, double arrivals_per_s);

} // namespace engine
