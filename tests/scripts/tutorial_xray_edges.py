"""Edge detection on a synthetic X-ray (after the NumPy "X-ray image processing" tutorial)."""

import numpy as np

rng = np.random.default_rng(1024)
n = 64
yy, xx = np.mgrid[0:n, 0:n]
xray = 40 + 10 * rng.random((n, n))
ribs = ((yy // 6) % 2 == 0) & (np.abs(xx - 32) > 6) & (np.abs(xx - 32) < 26)
xray[ribs] += 120
lungs = ((xx - 20) ** 2 / 100 + (yy - 32) ** 2 / 400 < 1) | (
    (xx - 44) ** 2 / 100 + (yy - 32) ** 2 / 400 < 1
)
xray[lungs] -= 25
xray = np.clip(xray, 0, 255).astype(np.uint8)
print("image:", xray.shape, xray.dtype, "min", xray.min(), "max", xray.max())
print(f"mean intensity {xray.mean():.3f}, std {xray.std():.3f}")

hist, bin_edges = np.histogram(xray, bins=8, range=(0, 256))
print("histogram:", hist)
print("bin edges:", bin_edges)
print("histogram sums to pixels:", hist.sum() == xray.size)

gy, gx = np.gradient(xray.astype(float))
magnitude = np.hypot(gx, gy)
print("gradient shapes:", gx.shape, gy.shape)
print(f"gradient magnitude max {magnitude.max():.3f}, mean {magnitude.mean():.4f}")
print("gradient row 6, cols 4..10:", np.round(gy[6, 4:11], 2))

kx = np.array([[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]])
ky = kx.T
f = xray.astype(np.int32)
sobel_x = np.zeros((n - 2, n - 2), dtype=np.int32)
sobel_y = np.zeros_like(sobel_x)
for i in range(3):
    for j in range(3):
        window = f[i : n - 2 + i, j : n - 2 + j]
        sobel_x += kx[i, j] * window
        sobel_y += ky[i, j] * window
sobel = np.sqrt(sobel_x**2 + sobel_y**2)
sobel *= 255.0 / sobel.max()
print("sobel:", sobel.shape, sobel.dtype, f"mean {sobel.mean():.4f}")

p50, p90, p99 = np.percentile(sobel, [50, 90, 99])
print(f"percentiles 50/90/99: {p50:.3f} {p90:.3f} {p99:.3f}")
edges = np.where(sobel > p90, 255, 0).astype(np.uint8)
print("edge pixels:", np.count_nonzero(edges), f"({np.mean(edges > 0):.2%})")
print("edge rows with most pixels:", np.argsort((edges > 0).sum(axis=1), kind="stable")[-3:])

laplace = f[:-2, 1:-1] + f[2:, 1:-1] + f[1:-1, :-2] + f[1:-1, 2:] - 4 * f[1:-1, 1:-1]
print("laplacian range:", laplace.min(), laplace.max(), laplace.dtype)

blurred = np.zeros_like(xray, dtype=float)
padded = np.pad(xray.astype(float), 1, mode="edge")
for i in range(3):
    for j in range(3):
        blurred += padded[i : i + n, j : j + n] / 9
print(f"blurred mean {blurred.mean():.4f}, max {blurred.max():.3f}")

threshold = np.percentile(xray, 75)
mask = xray > threshold
print("threshold:", threshold, "foreground fraction:", round(mask.mean(), 4))
print("lung pixel mean:", round(xray[lungs].mean(), 3), "rib pixel mean:", xray[ribs].mean())
print("edge crop:")
print(edges[4:10, 4:14] // 255)
