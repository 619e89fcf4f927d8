"""Correlated normal samples through a Cholesky factor; solving with the factor."""

import numpy as np

cov = np.array([[4.0, 1.2, -0.8], [1.2, 2.0, 0.5], [-0.8, 0.5, 1.5]])
L = np.linalg.cholesky(cov)
print("L:")
print(np.round(L, 6))
print("lower triangular:", np.allclose(L, np.tril(L)))
print("L L^T = cov:", np.allclose(L @ L.T, cov))
print("upper=True gives L^T:", np.allclose(np.linalg.cholesky(cov, upper=True), L.T))

rng = np.random.default_rng(124)
z = rng.standard_normal((20000, 3))
samples = z @ L.T + np.array([1.0, -2.0, 0.5])
print("sample mean:", np.round(samples.mean(axis=0), 3))
print("sample cov:")
print(np.round(np.cov(samples, rowvar=False), 2))

# solve cov x = b with two triangular solves
b = np.array([1.0, 2.0, 3.0])
y = np.linalg.solve(L, b)
x = np.linalg.solve(L.T, y)
print("x:", np.round(x, 8), "check:", np.allclose(cov @ x, b))
logdet = 2 * np.sum(np.log(np.diag(L)))
sign, logdet2 = np.linalg.slogdet(cov)
print(f"log det {logdet:.10f} slogdet {logdet2:.10f} sign {sign}")

# Mahalanobis distance of a few points
pts = np.array([[1.0, -2.0, 0.5], [3.0, -1.0, 0.0], [-1.0, -4.0, 2.0]]) - np.array([1.0, -2.0, 0.5])
sol = np.linalg.solve(L, pts.T)
print("Mahalanobis:", np.round(np.sqrt((sol**2).sum(axis=0)), 6))
try:
    np.linalg.cholesky(np.array([[1.0, 2.0], [2.0, 1.0]]))
except np.linalg.LinAlgError as err:
    print("not positive definite:", type(err).__name__)
