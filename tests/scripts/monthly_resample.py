"""Resample irregular meter readings to monthly totals, counts and averages."""

import numpy as np

rng = np.random.default_rng(2024)
n = 400
offsets = np.sort(rng.integers(0, 366 * 24 * 60, size=n))
stamps = np.datetime64("2023-07-01T00:00") + offsets.astype("timedelta64[m]")
kwh = np.round(rng.gamma(2.0, 1.5, size=n), 2)
print("readings:", stamps.size, stamps.dtype, "first:", stamps[0], "last:", stamps[-1])

months = stamps.astype("datetime64[M]")
labels, idx = np.unique(months, return_inverse=True)
print("months:", labels.size, labels[:4], labels.dtype)
print("inverse shape:", idx.shape, idx.dtype, idx[:10])

totals = np.bincount(idx, weights=kwh)
counts = np.bincount(idx)
means = totals / counts
for m, t, c, a in zip(labels, totals, counts, means):
    print(f"{m}  total={t:8.2f}  n={c:3d}  mean={a:.3f}")

quarters = labels.astype(int) // 3
q_labels, q_idx = np.unique(quarters, return_inverse=True)
q_totals = np.bincount(q_idx, weights=totals)
for q, t in zip(q_labels, q_totals):
    year, qtr = divmod(int(q), 4)
    print(f"{1970 + year}Q{qtr + 1}: {t:.1f}")

daily = stamps.astype("datetime64[D]")
d_labels, d_idx, d_counts = np.unique(daily, return_inverse=True, return_counts=True)
print("days with readings:", d_labels.size, "max per day:", d_counts.max())
print("busiest day:", d_labels[np.argmax(d_counts)])
all_days = np.arange(d_labels[0], d_labels[-1] + 1)
missing = np.setdiff1d(all_days, d_labels)
print("days without readings:", missing.size, missing[:5])

daily_kwh = np.zeros(all_days.size)
np.add.at(daily_kwh, (d_labels - all_days[0]).astype(int)[d_idx], kwh)
print("daily kwh head:", daily_kwh[:7])
week = (all_days - np.datetime64("2023-07-03")).astype(int) // 7
week_tot = np.bincount(week - week.min(), weights=daily_kwh)
print("weeks:", week_tot.size, "peak week total:", round(week_tot.max(), 2))
hour = (stamps - stamps.astype("datetime64[D]")).astype("timedelta64[h]").astype(int)
by_hour = np.bincount(hour, weights=kwh, minlength=24)
print("kwh by hour:", np.round(by_hour, 1))
print("peak hour:", by_hour.argmax(), "share:", f"{by_hour.max() / kwh.sum():.2%}")
