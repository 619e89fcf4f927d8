"""Pivot a flat sales log into a region x product table with bincount and unique."""

import numpy as np

rng = np.random.default_rng(101)
n = 200
region = rng.integers(0, 4, size=n)
product = rng.integers(0, 5, size=n)
units = rng.integers(1, 20, size=n)
price = np.array([2.5, 4.0, 9.99, 1.25, 15.0])
revenue = units * price[product]

# pivot: one flat index per (region, product) cell
cell = region * 5 + product
table = np.bincount(cell, weights=revenue, minlength=20).reshape(4, 5)
counts = np.bincount(cell, minlength=20).reshape(4, 5)
np.set_printoptions(precision=2, suppress=True)
print("revenue by region x product:")
print(table)
print("orders per cell:")
print(counts)
print("row totals:", table.sum(axis=1))
print("column totals:", table.sum(axis=0))
print(f"grand total: {table.sum():.2f}")

# best product per region, and share of each region
best = table.argmax(axis=1)
share = table.sum(axis=1) / table.sum()
for r in range(4):
    print(f"region {r}: best product {best[r]}, share {share[r]:.1%}")

# unique (region, product) pairs actually seen
pairs, pair_counts = np.unique(np.stack([region, product], axis=1), axis=0, return_counts=True)
print("distinct pairs:", len(pairs))
top = np.argsort(pair_counts)[::-1][:3]
print("most frequent pairs:", pairs[top].tolist(), pair_counts[top])
np.set_printoptions(precision=8, suppress=False)
