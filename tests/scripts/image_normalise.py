"""Normalise an 8-bit image to [0, 1], gamma-correct and convert back."""

import numpy as np

rng = np.random.default_rng(8)
img = rng.integers(30, 220, size=(16, 16), dtype=np.uint8)
f = img.astype(np.float64) / 255.0
print(f"mean {f.mean():.6f} std {f.std():.6f}")

stretched = (f - f.min()) / (f.max() - f.min())
print(stretched.min(), stretched.max())
gamma = stretched ** (1 / 2.2)
back = np.round(gamma * 255).astype(np.uint8)
print(back.dtype, back[0, :8])

standardised = (f - f.mean()) / f.std()
print(f"{standardised.mean():.3e} {standardised.std():.6f}")
rgb = np.stack([img, img // 2, 255 - img], axis=-1)
gray = (rgb @ np.array([0.299, 0.587, 0.114])).round().astype(np.uint8)
print(rgb.shape, gray.shape, gray[0, :6])
