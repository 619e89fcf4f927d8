"""Apply 3x3 image kernels through sliding_window_view and einsum; median filter noise."""

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

rng = np.random.default_rng(142)
img = np.zeros((10, 10))
img[2:8, 3:7] = 100.0
noisy = img + rng.normal(0, 5, size=img.shape)
salt = rng.random(img.shape) < 0.05
noisy[salt] = 255.0

kernels = {
    "box": np.full((3, 3), 1 / 9),
    "gauss": np.outer([1, 2, 1], [1, 2, 1]) / 16,
    "sharpen": np.array([[0, -1, 0], [-1, 5, -1], [0, -1, 0]], dtype=float),
    "laplace": np.array([[0, 1, 0], [1, -4, 1], [0, 1, 0]], dtype=float),
    "sobel_x": np.array([[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]], dtype=float),
}
padded = np.pad(noisy, 1, mode="reflect")
win = sliding_window_view(padded, (3, 3))
print("windows:", win.shape)
for name, k in kernels.items():
    out = np.einsum("ijkl,kl->ij", win, k)
    print(f"{name:>8}: mean {out.mean():9.4f}  min {out.min():9.4f}  max {out.max():9.4f}")

med = np.median(win, axis=(2, 3))
print("salt pixels:", salt.sum())
print(f"error before {np.abs(noisy - img).mean():.4f}, after median {np.abs(med - img).mean():.4f}")
print("median row 5:", np.round(med[5], 2))
# separable Gaussian: two 1-D passes equal one 2-D pass
g1 = np.array([1, 2, 1]) / 4
rows = np.apply_along_axis(lambda r: np.convolve(r, g1, mode="valid"), 1, padded)
both = np.apply_along_axis(lambda c: np.convolve(c, g1, mode="valid"), 0, rows)
print("separable equals 2-D:", np.allclose(both, np.einsum("ijkl,kl->ij", win, kernels["gauss"])))
