"""Synthetic RGB image: grayscale conversion, channel statistics, tinting and clipping."""

import numpy as np

h, w = 6, 8
yy, xx = np.mgrid[0:h, 0:w]
rgb = np.zeros((h, w, 3), dtype=np.uint8)
rgb[..., 0] = (xx * 255 // (w - 1)).astype(np.uint8)
rgb[..., 1] = (yy * 255 // (h - 1)).astype(np.uint8)
rgb[..., 2] = 128
print("shape, dtype:", rgb.shape, rgb.dtype)

weights = np.array([0.299, 0.587, 0.114])
gray = rgb @ weights
gray8 = np.round(gray).astype(np.uint8)
print("gray (uint8):")
print(gray8)
print("channel means:", rgb.mean(axis=(0, 1)))
print("channel max:", rgb.max(axis=(0, 1)), "min:", rgb.min(axis=(0, 1)))

# brighten by 60 without wrapping around
naive = rgb + np.uint8(60)
safe = np.clip(rgb.astype(np.int16) + 60, 0, 255).astype(np.uint8)
print("wrapped pixels with naive add:", np.sum(naive < rgb))
print("safe red row 0:", safe[0, :, 0])

# a sepia tint as a 3x3 colour matrix
sepia = np.array([[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]])
tinted = np.clip(np.einsum("hwc,kc->hwk", rgb.astype(float), sepia), 0, 255).astype(np.uint8)
print("sepia corner pixels:", tinted[0, 0], tinted[-1, -1])

# per-channel histogram of 4 bins
for c, name in enumerate("RGB"):
    hist, _ = np.histogram(rgb[..., c], bins=4, range=(0, 256))
    print(f"{name} histogram: {hist}")
print("gray via dot equals einsum:", np.allclose(gray, np.einsum("hwc,c->hw", rgb, weights)))
