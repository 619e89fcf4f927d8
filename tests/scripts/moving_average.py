"""Smoothing a noisy series: convolution, exponential smoothing, median filter."""

import numpy as np

rng = np.random.default_rng(22)
t = np.arange(60)
series = np.sin(t / 6) * 10 + rng.normal(0, 2, size=t.size)
kernel = np.ones(5) / 5
sma = np.convolve(series, kernel, mode="valid")
print(sma.shape, np.round(sma[:4], 4))
same = np.convolve(series, kernel, mode="same")
print(same.shape)
alpha = 0.3
ema = np.empty_like(series)
ema[0] = series[0]
for i in range(1, series.size):
    ema[i] = alpha * series[i] + (1 - alpha) * ema[i - 1]
print(np.round(ema[-3:], 4))
windows = np.lib.stride_tricks.sliding_window_view(series, 5)
med = np.median(windows, axis=1)
print(windows.shape, np.round(med[:4], 4))
print(
    f"roughness raw {np.abs(np.diff(series)).mean():.4f} smoothed {np.abs(np.diff(sma)).mean():.4f}"
)
