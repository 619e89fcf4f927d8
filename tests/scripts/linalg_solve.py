"""Solve a small linear system several ways and check the residuals."""

import numpy as np

A = np.array([[4.0, -2.0, 1.0], [-2.0, 4.0, -2.0], [1.0, -2.0, 4.0]])
b = np.array([11.0, -16.0, 17.0])
x = np.linalg.solve(A, b)
print("x =", x)
print("residual:", np.linalg.norm(A @ x - b) < 1e-12)

Ainv = np.linalg.inv(A)
x2 = Ainv @ b
print(np.allclose(x, x2))
print(np.round(Ainv, 6))
d = np.linalg.det(A)
print(f"det = {d:.6f}")
B = np.column_stack([b, 2 * b, b - 1])
X = np.linalg.solve(A, B)
print(X.shape)
print(np.round(X, 6))
cond = np.linalg.cond(A)
print(f"cond = {cond:.6f}")
rank = np.linalg.matrix_rank(A)
print("rank", rank)
