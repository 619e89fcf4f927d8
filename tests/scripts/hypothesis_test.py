"""Two-sample t statistic and a permutation test."""

import numpy as np

rng = np.random.default_rng(29)
control = rng.normal(10.0, 2.0, size=25)
treated = rng.normal(11.2, 2.0, size=25)
diff = treated.mean() - control.mean()
s2 = (control.var(ddof=1) + treated.var(ddof=1)) / 2
t = diff / np.sqrt(2 * s2 / 25)
print(f"diff {diff:.5f} t {t:.5f}")
pooled = np.concatenate([control, treated])
n_perm = 2000
perm_diffs = np.empty(n_perm)
for i in range(n_perm):
    p = rng.permutation(pooled)
    perm_diffs[i] = p[25:].mean() - p[:25].mean()
p_value = np.mean(np.abs(perm_diffs) >= abs(diff))
print(f"permutation p-value {p_value:.4f}")
print(f"null sd {perm_diffs.std():.5f}")
effect = diff / np.sqrt(s2)
print(f"cohen d {effect:.5f}")
