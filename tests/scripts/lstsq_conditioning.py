"""Least squares with np.linalg.lstsq (rcond=None), residuals, rank and condition numbers."""

import numpy as np

np.set_printoptions(precision=6, suppress=True)
rng = np.random.default_rng(11)
t = np.linspace(0, 1, 25)
y = 1.5 - 2.0 * t + 0.75 * t**2 + rng.normal(0, 0.02, t.size)

A = np.vander(t, 3, increasing=True)
coef, res, rank, sv = np.linalg.lstsq(A, y, rcond=None)
print("coefficients:", coef)
print("residual sum of squares:", res)
print("rank:", rank, "singular values:", sv)
print("same as normal equations:", np.allclose(coef, np.linalg.solve(A.T @ A, A.T @ y)))
print(f"RSS check: {np.sum((A @ coef - y) ** 2):.10f}")
sigma2 = res[0] / (t.size - rank)
cov = sigma2 * np.linalg.inv(A.T @ A)
print("standard errors:", np.sqrt(np.diag(cov)))

# multiple right-hand sides at once
Y = np.column_stack([y, 2 * y, y - t])
C, res2, _, _ = np.linalg.lstsq(A, Y, rcond=None)
print("coef shape:", C.shape, "residuals shape:", res2.shape)
print(C.T)

# rank-deficient design: duplicated column -> empty residuals, minimum-norm solution
B = np.column_stack([A, A[:, 1]])
cb, rb, rankb, svb = np.linalg.lstsq(B, y, rcond=None)
print("rank-deficient rank:", rankb, "residuals:", rb, rb.shape)
print("minimum-norm coef:", cb)
print("smallest singular value below 1e-10:", svb[-1] < 1e-10)

# condition numbers grow quickly with polynomial degree
print(f"{'deg':>3} {'cond 2':>12} {'cond fro':>12} {'cond inf':>12}")
for deg in (2, 4, 6, 8, 10):
    V = np.vander(t, deg + 1)
    Vs = V[: deg + 1]
    c2, cf, ci = np.linalg.cond(V), np.linalg.cond(Vs, "fro"), np.linalg.cond(Vs, np.inf)
    print(f"{deg:3d} {c2:12.4e} {cf:12.4e} {ci:12.4e}")

H = 1.0 / (np.arange(1, 6)[:, None] + np.arange(5))
print(f"Hilbert(5) cond: {np.linalg.cond(H):.6e}")
x_true = np.ones(5)
x_hat = np.linalg.solve(H, H @ x_true)
print(f"Hilbert solve error: {np.abs(x_hat - x_true).max():.2e}")
print("cond of identity:", np.linalg.cond(np.eye(3)))
