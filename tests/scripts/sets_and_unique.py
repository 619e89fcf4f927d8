"""Set operations on integer id lists."""

import numpy as np

rng = np.random.default_rng(24)
a = rng.integers(0, 30, size=20)
b = rng.integers(10, 40, size=20)
print(np.unique(a))
vals, idx, inv, counts = np.unique(a, return_index=True, return_inverse=True, return_counts=True)
print(vals.size, idx[:5], counts.max(), np.array_equal(vals[inv], a))
print(np.intersect1d(a, b))
print(np.union1d(a, b).size)
print(np.setdiff1d(a, b))
print(np.setxor1d(a, b)[:8])
print(np.isin(a, b).sum(), np.isin(a, b, invert=True).sum())
dup = vals[counts > 1]
print("duplicates:", dup)
common, ia, ib = np.intersect1d(a, b, return_indices=True)
print(np.array_equal(a[ia], b[ib]))
