"""Joint distributions of taxi trips: histogram2d and histogramdd."""

import numpy as np

rng = np.random.default_rng(11)
n = 1000
distance = rng.gamma(2.0, 2.5, size=n)
duration = 4 + 3.0 * distance + rng.normal(0, 4, size=n)
hour = rng.integers(0, 24, size=n)
fare = 3.0 + 1.8 * distance + 0.2 * duration

H, xedges, yedges = np.histogram2d(distance, duration, bins=[5, 4])
print("H shape:", H.shape, H.dtype, "total:", H.sum())
print("x edges:", np.round(xedges, 2))
print("y edges:", np.round(yedges, 2))
print(H.astype(int))

H2, xe, ye = np.histogram2d(distance, duration, bins=[[0, 2, 5, 10, 40], [0, 10, 20, 40, 120]])
print(H2.astype(int))
print("row totals:", H2.sum(axis=1), "col totals:", H2.sum(axis=0))
print("outside range:", n - int(H2.sum()))
share = H2 / H2.sum(axis=1, keepdims=True)
print(np.round(share, 3))

D, _, _ = np.histogram2d(distance, duration, bins=4, range=[[0, 20], [0, 60]], density=True)
area = np.diff(np.linspace(0, 20, 5))[:, None] * np.diff(np.linspace(0, 60, 5))[None, :]
print("density integrates to:", round(float((D * area).sum()), 6))

W, _, _ = np.histogram2d(distance, duration, bins=[xe, ye], weights=fare)
mean_fare = np.divide(W, H2, out=np.zeros_like(W), where=H2 > 0)
print("mean fare per cell:")
print(np.round(mean_fare, 2))

sample = np.column_stack([distance, duration, hour])
Hd, edges = np.histogramdd(sample, bins=(3, 3, [0, 6, 12, 18, 24]))
print("dd shape:", Hd.shape, "edges:", [e.size for e in edges], "total:", Hd.sum())
print("by time of day:", Hd.sum(axis=(0, 1)))
print("hour edges:", edges[2])
print("short trips by time:", Hd[0].sum(axis=0))
Hn, _ = np.histogramdd((distance, hour), bins=[4, 6], range=[(0, 20), (0, 24)])
print(Hn.astype(np.int64))
i, j = np.unravel_index(np.argmax(H), H.shape)
print(
    f"busiest cell: distance {xedges[i]:.2f}-{xedges[i + 1]:.2f}, "
    f"duration {yedges[j]:.2f}-{yedges[j + 1]:.2f}, trips {int(H[i, j])}"
)
hist1, e1 = np.histogram(distance, bins=xedges)
print("marginal matches:", np.array_equal(hist1, H.sum(axis=1)), hist1)
