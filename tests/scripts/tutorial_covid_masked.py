"""Masked arrays for missing case counts (after the NumPy "masked arrays" COVID tutorial)."""

import numpy as np

rng = np.random.default_rng(19)
dates = np.arange("2020-01-22", "2020-02-05", dtype="datetime64[D]")
locations = np.array(["Hubei", "Guangdong", "Zhejiang", "Henan", "Hunan"])
base = np.array([444.0, 26.0, 10.0, 5.0, 4.0])
growth = np.array([1.22, 1.25, 1.28, 1.30, 1.27])
days = np.arange(dates.size)
cumulative = np.round(base[:, None] * growth[:, None] ** days * rng.uniform(0.9, 1.1, (5, 14)))
nbcases = np.diff(cumulative, axis=1, prepend=0)
nbcases[1, 3] = np.nan
nbcases[3, 7:9] = np.nan
nbcases[4, 5] = -12.0
print("dates:", dates[0], "to", dates[-1], f"({dates.size} days)")
print("raw new cases, first location:", nbcases[0, :6])

china_masked = np.ma.masked_invalid(nbcases)
print("invalid entries masked:", china_masked.mask.sum())
china_masked = np.ma.masked_where(china_masked < 0, china_masked)
print("after masking negative counts:", np.ma.count_masked(china_masked))
print("row for Henan:")
print(china_masked[3])
print("Henan filled with 0:", china_masked[3].filled(0))

china_total = china_masked.sum(axis=0)
print("daily totals:", china_total)
print("mean per location:", np.round(china_masked.mean(axis=1), 2))
print("valid days per location:", china_masked.count(axis=1))
for name, cum in zip(locations, china_masked.cumsum(axis=1)[:, -1]):
    print(f"  {name:<10} {cum:>10.0f}")

invalid = china_total[china_total < 0]
print("negative totals:", invalid)
print("compressed Hunan:", china_masked[4].compressed().astype(int))

t = np.arange(len(china_total))
params = np.ma.polyfit(t, np.log(china_total), 1)
print(f"log-linear fit slope {params[0]:.4f} intercept {params[1]:.4f}")
cubic = np.ma.polyfit(t, china_total, deg=3)
print("cubic coefficients:", np.round(cubic, 3))
t_future = np.arange(len(china_total) + 3)
projection = np.polyval(cubic, t_future)
print("projection, last three days:", np.round(projection[-3:], 1))

series = china_masked[1].copy()
series[series.mask] = np.ma.masked
good = ~np.ma.getmaskarray(series)
slope, intercept = np.polyfit(t[good], series.compressed(), 1)
print(f"Guangdong linear trend {slope:.3f} cases/day from {intercept:.2f}")
filled = np.where(good, series.filled(0), np.round(slope * t + intercept))
print("Guangdong gap-filled:", filled)
