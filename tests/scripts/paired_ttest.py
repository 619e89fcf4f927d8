"""Paired and Welch t statistics by hand, with a sign-flip permutation p-value."""

import math

import numpy as np

rng = np.random.default_rng(119)
before = rng.normal(120, 12, size=25)
after = before - rng.normal(4, 6, size=25)
diff = before - after
n = diff.size
t_paired = diff.mean() / (diff.std(ddof=1) / np.sqrt(n))
print(f"mean difference {diff.mean():.4f}")
print(f"paired t = {t_paired:.4f} with {n - 1} df")

# Welch's t for two independent groups of unequal size and variance
a = rng.normal(10.0, 2.0, size=30)
b = rng.normal(11.2, 3.5, size=18)
va, vb = a.var(ddof=1) / a.size, b.var(ddof=1) / b.size
t_welch = (a.mean() - b.mean()) / np.sqrt(va + vb)
df = (va + vb) ** 2 / (va**2 / (a.size - 1) + vb**2 / (b.size - 1))
print(f"Welch t = {t_welch:.4f}, df = {df:.3f}")

# normal approximation of the two-sided p-value via erf
p_norm = 1 - math.erf(abs(t_paired) / math.sqrt(2))
print(f"normal-approx p (paired) {p_norm:.6f}")

# sign-flip permutation test for the paired design
flips = rng.choice(np.array([-1.0, 1.0]), size=(5000, n))
perm_means = (flips * diff).mean(axis=1)
p_perm = np.mean(np.abs(perm_means) >= abs(diff.mean()))
print(f"permutation p {p_perm:.4f}")

# a 95% confidence interval using 2.064 (t, 24 df)
half = 2.064 * diff.std(ddof=1) / np.sqrt(n)
print(f"95% CI [{diff.mean() - half:.4f}, {diff.mean() + half:.4f}]")
print("effect size d:", np.round(diff.mean() / diff.std(ddof=1), 4))
