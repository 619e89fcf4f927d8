"""Vectorised Newton iterations: square roots, cube roots and a Newton fractal basin count."""

import numpy as np

a = np.array([2.0, 10.0, 0.25, 1e6, 123.456])
x = np.maximum(a, 1.0)
for it in range(60):
    x_new = 0.5 * (x + a / x)
    if np.allclose(x_new, x, rtol=0, atol=1e-15):
        break
    x = x_new
print("iterations:", it)
print("sqrt:", x_new)
print("matches np.sqrt:", np.allclose(x_new, np.sqrt(a)))

c = np.array([27.0, -8.0, 2.0, 1000.0])
y = np.ones_like(c)
for _ in range(100):
    y = y - (y**3 - c) / (3 * y**2)
print("cube roots:", y, "cbrt:", np.cbrt(c))

# Newton fractal for z^3 - 1: which root does each start converge to?
re = np.linspace(-1.5, 1.5, 61)
im = np.linspace(-1.5, 1.5, 61)
Z = re[None, :] + 1j * im[:, None]
roots = np.exp(2j * np.pi * np.arange(3) / 3)
with np.errstate(divide="ignore", invalid="ignore"):
    for _ in range(40):
        Z = Z - (Z**3 - 1) / (3 * Z**2)
dist = np.abs(Z[..., None] - roots)
basin = np.where(
    np.nanmin(dist, axis=-1) < 1e-6,
    np.nanargmin(np.where(np.isnan(dist), np.inf, dist), axis=-1),
    -1,
)
print("basin sizes:", [int(np.sum(basin == k)) for k in (-1, 0, 1, 2)])
print("roots:", np.round(roots, 6))
print("symmetric counts:", np.sum(basin == 1) == np.sum(basin == 2))
print("a row of basins:", basin[30, ::6])
