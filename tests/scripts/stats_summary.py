"""Descriptive statistics of a small data set."""

import numpy as np

rng = np.random.default_rng(11)
heights = rng.normal(170, 8, size=100)
weights = 0.9 * heights - 85 + rng.normal(0, 6, size=100)
print(f"mean height {heights.mean():.3f} cm, std {heights.std(ddof=1):.3f}")
print(f"median {np.median(heights):.3f}, IQR {np.subtract(*np.percentile(heights, [75, 25])):.3f}")
q = np.percentile(weights, [0, 25, 50, 75, 100])
print(np.round(q, 3))
print("quantiles:", np.round(np.quantile(heights, [0.1, 0.9]), 4))
var = np.var(weights)
print(f"var {var:.4f}")
r = np.corrcoef(heights, weights)[0, 1]
print(f"r = {r:.5f}")
cov = np.cov(heights, weights)
print(np.round(cov, 4))
data = np.column_stack([heights, weights])
print(data.shape, np.round(data.min(axis=0), 3), np.round(data.max(axis=0), 3))
print(np.ptp(data, axis=0).round(3))
