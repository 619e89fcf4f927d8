"""Reductions that skip NaNs."""

import numpy as np

rng = np.random.default_rng(25)
x = rng.normal(50, 10, size=(5, 6))
x[x < 42] = np.nan
print("nan count per row:", np.isnan(x).sum(axis=1))
print(np.round(np.nanmean(x, axis=1), 4))
print(np.round(np.nanstd(x, axis=0), 4))
print(np.round(np.nanmax(x, axis=1), 4), np.nanargmin(x, axis=1))
print(np.round(np.nanmedian(x, axis=0), 4))
print(np.round(np.nanpercentile(x, 90, axis=1), 4))
print(f"{np.nansum(x):.4f} {np.sum(x)}")
print(np.round(np.nancumsum(x[0]), 4))
y = np.nan_to_num(x, nan=-1.0)
print(np.round(y[0], 4))
valid = x[~np.isnan(x)]
print(valid.size, f"{valid.mean():.6f}")
print(np.isfinite(x).all(), np.isnan(np.nan), np.nanprod(np.array([np.nan, 2.0, 3.0])))
