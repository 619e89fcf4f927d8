"""A chi-square test of independence on a contingency table built with np.add.at."""

import numpy as np

rng = np.random.default_rng(120)
n = 400
group = rng.integers(0, 3, size=n)  # three treatment groups
p_improve = np.array([0.35, 0.5, 0.6])[group]
outcome = (rng.random(n) < p_improve).astype(int) + (rng.random(n) < 0.1)
outcome = np.minimum(outcome, 2)  # 0 worse, 1 better, 2 much better

table = np.zeros((3, 3), dtype=int)
np.add.at(table, (group, outcome), 1)
print("observed:")
print(table)
row = table.sum(axis=1)
col = table.sum(axis=0)
expected = np.outer(row, col) / table.sum()
np.set_printoptions(precision=2)
print("expected:")
print(expected)
chi2 = ((table - expected) ** 2 / expected).sum()
dof = (table.shape[0] - 1) * (table.shape[1] - 1)
print(f"chi2 = {chi2:.4f} with {dof} dof")
print(f"Cramer's V = {np.sqrt(chi2 / (table.sum() * (min(table.shape) - 1))):.4f}")

# the same table from a combined code and bincount
codes = group * 3 + outcome
print("bincount agrees:", np.array_equal(np.bincount(codes, minlength=9).reshape(3, 3), table))
print("row proportions:")
print(table / row[:, None])
r, c = np.unravel_index(np.argmax((table - expected) ** 2 / expected), table.shape)
print(f"largest contribution at group {r}, outcome {c}")
np.set_printoptions(precision=8)
