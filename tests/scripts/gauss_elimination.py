"""Gaussian elimination with partial pivoting and an LU factorisation, checked with solve."""

import numpy as np


def lu_partial(A):
    A = A.astype(float).copy()
    n = len(A)
    perm = np.arange(n)
    L = np.eye(n)
    for k in range(n - 1):
        p = k + np.argmax(np.abs(A[k:, k]))
        if p != k:
            A[[k, p]] = A[[p, k]]
            L[[k, p], :k] = L[[p, k], :k]
            perm[[k, p]] = perm[[p, k]]
        factors = A[k + 1 :, k] / A[k, k]
        L[k + 1 :, k] = factors
        A[k + 1 :] -= np.outer(factors, A[k])
    return perm, L, np.triu(A)


def lu_solve(perm, L, U, b):
    y = np.zeros_like(b, dtype=float)
    for i in range(len(b)):
        y[i] = b[perm][i] - L[i, :i] @ y[:i]
    x = np.zeros_like(y)
    for i in range(len(b) - 1, -1, -1):
        x[i] = (y[i] - U[i, i + 1 :] @ x[i + 1 :]) / U[i, i]
    return x


A = np.array(
    [[2.0, 1.0, -1.0, 3.0], [-3.0, -1.0, 2.0, 1.0], [-2.0, 1.0, 2.0, -2.0], [1.0, 4.0, -3.0, 2.0]]
)
b = np.array([8.0, -11.0, -3.0, 5.0])
perm, L, U = lu_partial(A)
np.set_printoptions(precision=5, suppress=True)
print("permutation:", perm)
print("L:")
print(L)
print("U:")
print(U)
print("PA = LU:", np.allclose(A[perm], L @ U))
x = lu_solve(perm, L, U, b)
print("x:", x)
print("np.linalg.solve:", np.linalg.solve(A, b))
sign = np.linalg.det(np.eye(4)[perm])
print(f"det from U: {sign * np.prod(np.diag(U)):.6f}  np.linalg.det: {np.linalg.det(A):.6f}")
B = np.column_stack([b, 2 * b, np.ones(4)])
X = np.column_stack([lu_solve(perm, L, U, col) for col in B.T])
print("multiple right-hand sides agree:", np.allclose(X, np.linalg.solve(A, B)))
np.set_printoptions(precision=8, suppress=False)
