"""Outer products and broadcasting tables."""

import numpy as np

a = np.arange(1, 6)
b = np.arange(1, 4)
table = np.outer(a, b)
print(table)
print(np.array_equal(table, a[:, None] * b[None, :]))
mult = np.arange(1, 10)[:, np.newaxis] * np.arange(1, 10)
print(mult[8])
x = np.linspace(0, 1, 5)
y = np.linspace(0, 2, 3)
grid = x[None, :] ** 2 + y[:, None]
print(np.round(grid, 4))
X, Y = np.meshgrid(x, y)
print(np.allclose(X**2 + Y, grid), X.shape)
u = np.array([1.0, 2.0, 3.0])
v = np.array([4.0, 5.0, 6.0])
print(np.cross(u, v), np.dot(u, v), np.inner(u, v))
print(np.einsum("i,j->ij", u, v).sum())
print(np.kron(np.eye(2, dtype=int), np.array([[1, 2], [3, 4]])))
