"""Birthday paradox: simulate and compare with the exact formula."""

import numpy as np

rng = np.random.default_rng(21)
sizes = np.array([10, 23, 30, 50])
trials = 2000
for k in sizes:
    bdays = rng.integers(0, 365, size=(trials, k))
    s = np.sort(bdays, axis=1)
    shared = (np.diff(s, axis=1) == 0).any(axis=1)
    exact = 1 - np.prod((365 - np.arange(k)) / 365)
    print(f"k={k:2d} simulated {shared.mean():.4f} exact {exact:.4f}")
k = np.arange(1, 80)
p = 1 - np.cumprod((365 - np.arange(79)) / 365)
print("first k with p>0.5:", k[np.argmax(p > 0.5)])
print(np.round(p[[9, 22, 49]], 6))
