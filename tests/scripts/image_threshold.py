"""Threshold an image: global mean, Otsu from the histogram, connected row runs."""

import numpy as np

yy, xx = np.indices((32, 32))
img = np.where((xx - 10) ** 2 + (yy - 12) ** 2 < 36, 200, 40).astype(np.uint8)
img[20:28, 18:30] = 180
rng = np.random.default_rng(9)
noisy = np.clip(img.astype(np.int16) + rng.integers(-20, 21, img.shape), 0, 255).astype(np.uint8)

binary = noisy > noisy.mean()
print("foreground pixels:", binary.sum())

hist = np.bincount(noisy.ravel(), minlength=256)
p = hist / hist.sum()
omega = np.cumsum(p)
mu = np.cumsum(p * np.arange(256))
mu_t = mu[-1]
with np.errstate(divide="ignore", invalid="ignore"):
    sigma_b = (mu_t * omega - mu) ** 2 / (omega * (1 - omega))
sigma_b = np.nan_to_num(sigma_b)
otsu = int(np.argmax(sigma_b))
print("otsu threshold:", otsu)
mask = noisy > otsu
print("otsu foreground:", mask.sum())
rows_with_fg = np.flatnonzero(mask.any(axis=1))
print("rows", rows_with_fg.min(), "to", rows_with_fg.max())
