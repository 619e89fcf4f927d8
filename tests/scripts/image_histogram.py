"""Histogram, cumulative distribution and histogram equalisation of an image."""

import numpy as np

rng = np.random.default_rng(10)
img = rng.normal(100, 15, size=(40, 40)).clip(0, 255).astype(np.uint8)
hist, edges = np.histogram(img, bins=16, range=(0, 256))
print(hist)
print(edges[:4])

cdf = np.cumsum(np.bincount(img.ravel(), minlength=256))
cdf_min = cdf[cdf > 0].min()
lut = np.round((cdf - cdf_min) / (cdf[-1] - cdf_min) * 255).clip(0, 255).astype(np.uint8)
equalised = lut[img]
print("before:", img.min(), img.max(), "after:", equalised.min(), equalised.max())
h2, _ = np.histogram(equalised, bins=8, range=(0, 256))
print(h2)
print(f"mean before {img.mean():.3f}, after {equalised.mean():.3f}")
counts = np.histogram(img, bins=[0, 80, 100, 120, 256])[0]
print(counts, counts.sum())
