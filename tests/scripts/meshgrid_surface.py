"""Evaluate surfaces on grids with meshgrid, mgrid and ogrid; find maxima and integrate."""

import numpy as np

x = np.linspace(-2, 2, 41)
y = np.linspace(-1, 3, 41)
X, Y = np.meshgrid(x, y)
print("meshgrid shapes:", X.shape, Y.shape)
Z = (1 - X) ** 2 + 100 * (Y - X**2) ** 2  # Rosenbrock
iy, ix = np.unravel_index(np.argmin(Z), Z.shape)
print(f"grid minimum at x={x[ix]:.2f}, y={y[iy]:.2f}, value {Z[iy, ix]:.4f}")

Xi, Yi = np.meshgrid(x, y, indexing="ij")
print("ij indexing is the transpose:", np.array_equal(Xi, X.T))
Xs, Ys = np.meshgrid(x, y, sparse=True)
print("sparse shapes:", Xs.shape, Ys.shape)

gy, gx = np.mgrid[0:5, 0:4]
print("mgrid rows:")
print(gy)
print("mgrid with complex step:", np.mgrid[0:1:5j])
oy, ox = np.ogrid[0:5, 0:4]
print("ogrid shapes:", oy.shape, ox.shape)
print("multiplication table:")
print((oy + 1) * (ox + 1))

# integrate a Gaussian bump over the square with the trapezoid rule
u = np.linspace(-3, 3, 121)
U, V = np.meshgrid(u, u)
G = np.exp(-(U**2 + V**2) / 2)
integral = np.trapezoid(np.trapezoid(G, u, axis=1), u)
print(f"integral {integral:.6f} vs 2*pi {2 * np.pi:.6f}")
r = np.hypot(U, V)
print("points within radius 1:", np.count_nonzero(r <= 1))
print("indices grid:", np.indices((2, 3)).shape)
print("polar angles of 4 corners:", np.degrees(np.arctan2(V, U)[[0, 0, -1, -1], [0, -1, 0, -1]]))
