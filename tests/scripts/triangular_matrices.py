"""Triangular parts, diagonals and index helpers."""

import numpy as np

A = np.arange(1, 17).reshape(4, 4)
print(np.triu(A))
print(np.tril(A, -1))
print(np.diag(A), np.diag(A, k=1), np.trace(A))
print(np.diag(np.array([1, 2, 3])))
iu = np.triu_indices(4, k=1)
print(iu[0], iu[1], A[iu])
print(np.eye(3, k=1, dtype=int))
print(np.identity(2))
sym = np.triu(A) + np.triu(A, 1).T
print(np.array_equal(sym, sym.T))
print(np.tri(3, dtype=int))
B = A.astype(float)
np.fill_diagonal(B, 0)
print(B.sum())
print(np.flip(A, axis=1).diagonal())
