"""Rolling mean, std, min/max and z-score over a series with sliding_window_view."""

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

rng = np.random.default_rng(116)
n, k = 60, 7
series = 20 + np.cumsum(rng.normal(0, 1, size=n))
windows = sliding_window_view(series, k)
print("windows shape:", windows.shape)

roll_mean = windows.mean(axis=1)
roll_std = windows.std(axis=1, ddof=1)
roll_min = windows.min(axis=1)
roll_max = windows.max(axis=1)
roll_med = np.median(windows, axis=1)
print("rolling mean (first 5):", np.round(roll_mean[:5], 4))
print("rolling std  (first 5):", np.round(roll_std[:5], 4))
print("rolling range (last 5):", np.round((roll_max - roll_min)[-5:], 4))
print("rolling median (last 5):", np.round(roll_med[-5:], 4))

# the same mean from a cumulative sum
c = np.cumsum(np.insert(series, 0, 0.0))
print("cumsum mean agrees:", np.allclose((c[k:] - c[:-k]) / k, roll_mean))
print(
    "convolve mean agrees:",
    np.allclose(np.convolve(series, np.ones(k) / k, mode="valid"), roll_mean),
)

# z-score of each point against the preceding window
z = (series[k:] - roll_mean[:-1]) / roll_std[:-1]
print("largest |z|:", np.round(np.abs(z).max(), 4), "at", np.abs(z).argmax() + k)
print("signals:", np.flatnonzero(np.abs(z) > 2) + k)

# exponentially weighted mean with a loop and the closed form weights
alpha = 0.3
ewm = np.empty(n)
ewm[0] = series[0]
for t in range(1, n):
    ewm[t] = alpha * series[t] + (1 - alpha) * ewm[t - 1]
print("ewm tail:", np.round(ewm[-3:], 4))
