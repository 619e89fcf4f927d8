"""Eigen-decomposition of a symmetric matrix and the spectral theorem."""

import numpy as np

rng = np.random.default_rng(16)
M = rng.normal(size=(5, 5))
S = (M + M.T) / 2
w, V = np.linalg.eigh(S)
print("eigenvalues:", np.round(w, 6))
print("orthonormal:", np.allclose(V.T @ V, np.eye(5)))
rebuilt = V @ np.diag(w) @ V.T
print("rebuilt:", np.allclose(rebuilt, S))
w_only = np.linalg.eigvalsh(S)
print(np.allclose(w_only, w))
print(f"trace {np.trace(S):.6f} sum eig {w.sum():.6f}")
print(f"det {np.linalg.det(S):.6f} prod eig {np.prod(w):.6f}")
P = rng.normal(size=(6, 3))
G = P.T @ P
print("positive definite:", bool(np.all(np.linalg.eigvalsh(G) > 0)))
L = np.linalg.cholesky(G)
print(np.allclose(L @ L.T, G), np.allclose(L, np.tril(L)))
largest = w[-1]
