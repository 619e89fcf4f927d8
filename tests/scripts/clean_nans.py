"""Clean a sensor series: replace NaNs by the column mean, clip outliers."""

import numpy as np

rng = np.random.default_rng(0)
data = rng.normal(20.0, 5.0, size=(12, 4))
data[rng.integers(0, 12, 6), rng.integers(0, 4, 6)] = np.nan
print("missing per column:", np.isnan(data).sum(axis=0))

col_mean = np.nanmean(data, axis=0)
rows, cols = np.where(np.isnan(data))
filled = data.copy()
filled[rows, cols] = col_mean[cols]
print("any NaN left:", np.isnan(filled).any())

lo, hi = np.percentile(filled, [5, 95])
clipped = np.clip(filled, lo, hi)
print(f"clip range: {lo:.3f} .. {hi:.3f}")
print("clipped cells:", int((clipped != filled).sum()))
print(np.round(clipped.mean(axis=0), 3))
total = clipped.sum()
print(f"total = {total:.4f}")
