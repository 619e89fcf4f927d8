"""An M/M/1 queue simulated with the Lindley recursion, checked against theory."""

import numpy as np

rng = np.random.default_rng(111)
lam, mu = 0.8, 1.0
n = 20000
inter = rng.exponential(1 / lam, size=n)
service = rng.exponential(1 / mu, size=n)
arrival = np.cumsum(inter)

wait = np.zeros(n)
for k in range(1, n):
    wait[k] = max(0.0, wait[k - 1] + service[k - 1] - inter[k])
depart = arrival + wait + service
rho = lam / mu
print(f"utilisation rho = {rho:.2f}")
print(f"mean wait in queue: sim {wait.mean():.3f}  theory {rho / (mu - lam):.3f}")
print(f"mean time in system: sim {(wait + service).mean():.3f}  theory {1 / (mu - lam):.3f}")
print(f"P(no wait): sim {np.mean(wait == 0):.3f}  theory {1 - rho:.3f}")
print("wait percentiles (50, 90, 99):", np.round(np.percentile(wait, [50, 90, 99]), 3))

# number in system at a few time points: arrivals so far minus departures so far
times = np.array([100.0, 1000.0, 5000.0, 10000.0])
in_system = np.searchsorted(arrival, times) - np.searchsorted(np.sort(depart), times)
print("in system at", times, "->", in_system)
busy = service.sum() / depart.max()
print(f"server busy fraction {busy:.3f}")
