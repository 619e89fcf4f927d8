"""Estimate pi by throwing darts at the unit square."""

import numpy as np

rng = np.random.default_rng(6)
for n in (100, 1000, 10000, 100000):
    xy = rng.random((n, 2))
    inside = np.sum(xy[:, 0] ** 2 + xy[:, 1] ** 2 <= 1.0)
    estimate = 4 * inside / n
    print(f"n={n:6d} pi~{estimate:.5f} error={abs(estimate - np.pi):.5f}")

points = rng.uniform(-1, 1, size=(50000, 2))
r = np.hypot(points[:, 0], points[:, 1])
pi_estimate = 4 * np.mean(r <= 1)
print(f"{pi_estimate:.6f}")
stderr = 4 * np.sqrt(np.mean(r <= 1) * (1 - np.mean(r <= 1)) / r.size)
print(f"stderr {stderr:.6f}")
