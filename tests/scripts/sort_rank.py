"""Sorting, ranking and top-k selection."""

import numpy as np

rng = np.random.default_rng(3)
values = rng.normal(size=15)
order = np.argsort(values)
ranks = np.empty_like(order)
ranks[order] = np.arange(values.size)
print("ranks:", ranks)

top3 = np.sort(values)[-3:][::-1]
print("top 3:", np.round(top3, 4))
idx = np.argpartition(values, 3)[:3]
print("3 smallest:", np.round(np.sort(values[idx]), 4))

table = rng.integers(0, 5, size=(8, 2))
print(table[np.lexsort((table[:, 1], table[:, 0]))])
print("median:", np.median(values))
sorted_desc = -np.sort(-values)
pos = np.searchsorted(np.sort(values), 0.0)
print("values below zero:", pos)
