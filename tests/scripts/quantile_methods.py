"""Medians, quantiles and percentiles with NumPy's interpolation methods."""

import numpy as np

data = np.array([3.1, 7.4, 1.2, 9.9, 4.4, 6.0, 2.8, 8.3, 5.5])
print("sorted:", np.sort(data))
print("median:", np.median(data))
qs = np.array([0.1, 0.25, 0.5, 0.75, 0.9])
for method in (
    "linear",
    "lower",
    "higher",
    "nearest",
    "midpoint",
    "inverted_cdf",
    "averaged_inverted_cdf",
    "closest_observation",
    "interpolated_inverted_cdf",
    "hazen",
    "weibull",
    "median_unbiased",
    "normal_unbiased",
):
    print(f"{method:>26}: {np.quantile(data, qs, method=method)}")

print("percentile 90:", np.percentile(data, 90))
even = np.arange(1, 11)
print("median of 1..10:", np.median(even))
print("percentiles of ints:", np.percentile(even, [10, 50, 90]))
print("lower percentile keeps dtype:", np.percentile(even, 50, method="lower").dtype)

# quantiles along an axis and with NaNs
m = np.arange(24, dtype=float).reshape(4, 6)
m[1, 2] = np.nan
print("column medians:", np.nanmedian(m, axis=0))
print("row 75th percentiles:", np.nanpercentile(m, 75, axis=1))
print(
    "quantile keepdims shape:",
    np.quantile(np.arange(24.0).reshape(4, 6), 0.5, axis=1, keepdims=True).shape,
)
print("IQR per row:", np.subtract(*np.nanpercentile(m, [75, 25], axis=1)))
