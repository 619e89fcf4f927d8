"""Progressive income tax with searchsorted and digitize."""

import numpy as np

edges = np.array([0, 11000, 44725, 95375, 182100, 231250, 578125])
rates = np.array([0.10, 0.12, 0.22, 0.24, 0.32, 0.35, 0.37])
incomes = np.array([8500, 30000, 44725, 60000, 120000, 250000, 1_000_000], dtype=float)

# tax owed at the start of each bracket
widths = np.diff(edges)
base = np.concatenate(([0.0], np.cumsum(widths * rates[:-1])))
idx = np.searchsorted(edges, incomes, side="right") - 1
tax = base[idx] + (incomes - edges[idx]) * rates[idx]
effective = tax / incomes
for inc, b, t, e in zip(incomes, idx, tax, effective):
    print(
        f"income {inc:>10,.0f}  bracket {b}  marginal {rates[b]:.0%}  tax {t:>10,.2f}  eff {e:.2%}"
    )

# the same brackets with digitize
bins = np.digitize(incomes, edges) - 1
print("digitize agrees:", np.array_equal(bins, idx))
print("people per bracket:", np.bincount(bins, minlength=len(rates)))

# raising every income by 5% and the tax change
raised = incomes * 1.05
idx2 = np.searchsorted(edges, raised, side="right") - 1
tax2 = base[idx2] + (raised - edges[idx2]) * rates[idx2]
print("extra tax:", np.round(tax2 - tax, 2))
print("bracket changed:", np.flatnonzero(idx2 != idx))
