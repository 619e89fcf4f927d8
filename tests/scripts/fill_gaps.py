"""Fill gaps in a time series: forward fill, linear interpolation, mean of neighbours."""

import numpy as np

rng = np.random.default_rng(104)
t = np.arange(20, dtype=float)
y = np.round(10 + np.cumsum(rng.normal(0, 1, size=20)), 3)
y[[2, 3, 7, 12, 13, 14, 19]] = np.nan
print("raw:", y)
missing = np.isnan(y)
print(f"missing {missing.sum()} of {y.size}")

# forward fill with maximum.accumulate over the last valid index
idx = np.where(~missing, np.arange(y.size), 0)
np.maximum.accumulate(idx, out=idx)
ffill = y[idx]
print("ffill:", ffill)

# linear interpolation over the gaps (the last value is extrapolated flat)
interp = y.copy()
interp[missing] = np.interp(t[missing], t[~missing], y[~missing])
print("interp:", np.round(interp, 3))

# fill with the column mean
mean_fill = np.where(missing, np.nanmean(y), y)
print(f"nanmean {np.nanmean(y):.4f}")
print("mean fill:", np.round(mean_fill, 3))

# lengths of the runs of missing values
edges = np.diff(missing.astype(int), prepend=0, append=0)
starts = np.flatnonzero(edges == 1)
ends = np.flatnonzero(edges == -1)
print("gap starts:", starts, "lengths:", ends - starts)
