"""Air quality before and after a lockdown, with a paired t test (after the NumPy tutorial)."""

import io

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

rng = np.random.default_rng(2021)
hours = 24 * 12
pollutants = ["PM2.5", "PM10", "NO2", "NH3", "SO2", "CO", "O3"]
level = np.array([60.0, 110.0, 35.0, 25.0, 12.0, 1.1, 40.0])
daily = 1 + 0.3 * np.sin(np.arange(hours) * 2 * np.pi / 24)
drop = np.where(np.arange(hours) < hours // 2, 1.0, 0.6)
values = level * (daily * drop)[:, None] * rng.lognormal(0, 0.15, (hours, 7))
buf = io.StringIO()
buf.write("datetime," + ",".join(pollutants) + "\n")
for h, row in enumerate(values):
    buf.write(
        f"2020-03-{1 + h // 24:02d} {h % 24:02d}:00," + ",".join(f"{v:.2f}" for v in row) + "\n"
    )
buf.seek(0)
pollutant_data = np.loadtxt(buf, dtype=float, delimiter=",", skiprows=1, usecols=range(1, 8))
print("data:", pollutant_data.shape, pollutant_data.dtype)
buf.seek(0)
stamps = np.loadtxt(buf, dtype=str, delimiter=",", skiprows=1, usecols=0)
print("first/last stamp:", stamps[0], "|", stamps[-1])
np.set_printoptions(precision=2, suppress=True)
print("first rows:")
print(pollutant_data[:3])

window = 24
weights = np.ones(window) / window
pm25_ma = np.convolve(pollutant_data[:, 0], weights, mode="valid")
print("24h moving average PM2.5:", pm25_ma.shape, pm25_ma[:4])
windows = sliding_window_view(pollutant_data, window, axis=0)
print("sliding windows:", windows.shape)
moving = windows.mean(axis=-1)
print("agree with convolve:", np.allclose(moving[:, 0], pm25_ma))
eight_hour = sliding_window_view(pollutant_data[:, 5:], 8, axis=0).mean(axis=-1).max(axis=0)
print("max 8h CO and O3:", eight_hour)

breakpoints = np.array([0, 30, 60, 90, 120, 250, 500])
index_lo = np.array([0, 51, 101, 201, 301, 401])
sub = np.digitize(moving[:, 0], breakpoints) - 1
print("PM2.5 AQI bands used:", np.unique(sub), "counts", np.bincount(sub))
aqi_band = index_lo[sub]
print("AQI band lower bounds (every 24h):", aqi_band[::24])

before = moving[: hours // 2 - window + 1].max(axis=1)
after = moving[hours // 2 :].max(axis=1)
n = min(before.size, after.size)
print(f"mean max-subindex before {before.mean():.3f}, after {after.mean():.3f}")
print("percentiles before [25, 50, 75]:", np.percentile(before, [25, 50, 75]))
print("percentiles after  [25, 50, 75]:", np.percentile(after, [25, 50, 75]))

diff = before[:n] - after[:n]
t_stat = diff.mean() / (diff.std(ddof=1) / np.sqrt(n))
print(f"paired t = {t_stat:.4f}, df = {n - 1}")
print(f"mean difference {diff.mean():.4f} +/- {diff.std(ddof=1):.4f}")
reduction = 1 - pollutant_data[hours // 2 :].mean(axis=0) / pollutant_data[: hours // 2].mean(
    axis=0
)
for name, r in zip(pollutants, reduction):
    print(f"  {name:>5}: {r:6.1%}")
np.set_printoptions(precision=8, suppress=False)
