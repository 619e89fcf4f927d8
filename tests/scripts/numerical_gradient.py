"""Numerical derivatives with np.gradient: spacing, edge_order and 2-D fields."""

import numpy as np

x = np.linspace(0, 2 * np.pi, 41)
y = np.sin(x)
dx = x[1] - x[0]

g1 = np.gradient(y, dx)
g2 = np.gradient(y, dx, edge_order=2)
gx = np.gradient(y, x)
exact = np.cos(x)
print(f"interior max error: {np.max(np.abs(g1[1:-1] - exact[1:-1])):.3e}")
print(f"edge error, edge_order=1: {abs(g1[0] - exact[0]):.3e} {abs(g1[-1] - exact[-1]):.3e}")
print(f"edge error, edge_order=2: {abs(g2[0] - exact[0]):.3e} {abs(g2[-1] - exact[-1]):.3e}")
print("spacing vs coordinates same:", np.allclose(g1, gx))

# non-uniform grid
xn = np.sort(np.concatenate([np.linspace(0, 1, 6), [0.05, 0.12, 0.33, 0.71]]))
f = xn**3
dn = np.gradient(f, xn, edge_order=2)
print("non-uniform x:", np.round(xn, 2))
print("d/dx x^3     :", np.round(dn, 4))
print("exact 3x^2   :", np.round(3 * xn**2, 4))

# integer input gives float output
print(
    "int gradient:",
    np.gradient(np.array([1, 4, 9, 16, 25])),
    np.gradient(np.array([1, 4, 9, 16, 25])).dtype,
)

# 2-D: gradient of a Gaussian bump on a rectangular grid
xs = np.linspace(-2, 2, 21)
ys = np.linspace(-1, 1, 11)
X, Y = np.meshgrid(xs, ys)
Z = np.exp(-(X**2 + 2 * Y**2))
dZdy, dZdx = np.gradient(Z, ys, xs)
print("grid shape:", Z.shape, "gradient shapes:", dZdy.shape, dZdx.shape)
ex_dx = -2 * X * Z
ex_dy = -4 * Y * Z
print(f"max |error| d/dx: {np.abs(dZdx - ex_dx).max():.4f}, d/dy: {np.abs(dZdy - ex_dy).max():.4f}")
mag = np.hypot(dZdx, dZdy)
i, j = np.unravel_index(np.argmax(mag), mag.shape)
print(f"steepest point at x={xs[j]:.1f}, y={ys[i]:.1f}, |grad|={mag[i, j]:.4f}")
only_x = np.gradient(Z, xs, axis=1)
print("axis=1 only matches:", np.array_equal(only_x, dZdx))
lap = np.gradient(dZdx, xs, axis=1) + np.gradient(dZdy, ys, axis=0)
print(f"laplacian at centre: {lap[5, 10]:.4f} (exact -6)")
print(np.round(Z[4:7, 8:13], 3))
