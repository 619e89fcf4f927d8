"""Choose a polynomial degree by validation error, with weights and covariance."""

import numpy as np

rng = np.random.default_rng(133)
x = np.sort(rng.uniform(-1, 1, size=60))
truth = 0.5 - 1.2 * x + 2.0 * x**3
y = truth + rng.normal(0, 0.15, size=x.size)
train = np.arange(x.size) % 3 != 0
test = ~train

print(f"{'deg':>3} {'train rmse':>11} {'test rmse':>10}")
errors = []
for deg in range(0, 9):
    c = np.polyfit(x[train], y[train], deg)
    tr = np.sqrt(np.mean((np.polyval(c, x[train]) - y[train]) ** 2))
    te = np.sqrt(np.mean((np.polyval(c, x[test]) - y[test]) ** 2))
    errors.append(te)
    print(f"{deg:3d} {tr:11.5f} {te:10.5f}")
best = int(np.argmin(errors))
print("best degree:", best)

coef, cov = np.polyfit(x, y, 3, cov=True)
print("cubic coefficients:", np.round(coef, 5))
print("standard errors:", np.round(np.sqrt(np.diag(cov)), 5))
coef_w = np.polyfit(x, y, 3, w=1 / (0.1 + np.abs(x)))
print("weighted fit:", np.round(coef_w, 5))
full = np.polyfit(x, y, 3, full=True)
print("residual:", np.round(full[1], 6), "rank:", full[2], "sv:", np.round(full[3], 5))
# extrapolation is risky
print("predict at 1.5:", np.round(np.polyval(coef, 1.5), 4), "truth:", 0.5 - 1.2 * 1.5 + 2 * 1.5**3)
print("turning points:", np.round(np.sort(np.poly1d(coef).deriv().roots), 5))
