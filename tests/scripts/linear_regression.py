"""Ordinary least squares with lstsq, polyfit and the normal equations."""

import numpy as np

rng = np.random.default_rng(13)
x = np.linspace(0, 10, 40)
y = 3.0 * x - 2.0 + rng.normal(0, 1.5, size=x.size)

A = np.vstack([x, np.ones_like(x)]).T
coef, residuals, rank, sv = np.linalg.lstsq(A, y, rcond=None)
print(f"lstsq slope {coef[0]:.6f} intercept {coef[1]:.6f} rank {rank}")
print(f"residual ss {residuals[0]:.6f}")

slope, intercept = np.polyfit(x, y, 1)
print(f"polyfit slope {slope:.6f} intercept {intercept:.6f}")
beta = np.linalg.solve(A.T @ A, A.T @ y)
print(np.allclose(beta, coef))

pred = A @ coef
ss_res = np.sum((y - pred) ** 2)
ss_tot = np.sum((y - y.mean()) ** 2)
r2 = 1 - ss_res / ss_tot
print(f"R^2 = {r2:.6f}")
quad = np.polyfit(x, y, 2)
print(np.round(quad, 5))
print(np.round(np.polyval(quad, [0.0, 5.0, 10.0]), 4))
