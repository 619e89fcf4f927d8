"""Unbuffered ufunc.at, reduceat segments, outer tables and accumulate."""

import numpy as np

# histogram-like counting with repeated indices
counts = np.zeros(6, dtype=np.int64)
idx = np.array([0, 1, 1, 3, 3, 3, 5, 0])
counts[idx] += 1
print("fancy += (buffered):", counts)
counts[:] = 0
np.add.at(counts, idx, 1)
print("np.add.at (unbuffered):", counts)
print("matches bincount:", np.array_equal(counts, np.bincount(idx, minlength=6)))

# weighted scatter and other ufuncs with .at
totals = np.zeros(4)
np.add.at(totals, [0, 2, 2, 3, 0], [1.5, 2.0, 0.25, 4.0, 1.0])
print("scatter-add totals:", totals)
best = np.full(4, -np.inf)
np.maximum.at(best, [1, 1, 2, 3, 3], [5.0, 7.0, -1.0, 2.0, 9.0])
print("scatter-max:", best)
prod = np.ones(3, dtype=int)
np.multiply.at(prod, [0, 0, 2], [2, 3, 5])
print("scatter-multiply:", prod)
grid = np.zeros((3, 3), dtype=int)
np.add.at(grid, (np.array([0, 0, 2]), np.array([1, 1, 2])), 10)
print("2-D add.at:")
print(grid)
neg = np.arange(5)
np.negative.at(neg, [1, 3])
print("negative.at:", neg)

# reduceat over segments
sales = np.array([3, 1, 4, 1, 5, 9, 2, 6, 5, 3])
starts = np.array([0, 3, 7])
print("segment sums:", np.add.reduceat(sales, starts))
print("segment max:", np.maximum.reduceat(sales, starts))
print("segment min:", np.minimum.reduceat(sales, starts))
print("reduceat with non-increasing index:", np.add.reduceat(sales, [0, 4, 2, 8]))
m = np.arange(12).reshape(3, 4)
print("reduceat along axis 1:")
print(np.add.reduceat(m, [0, 2], axis=1))

# outer tables
print("multiply.outer:")
print(np.multiply.outer(np.arange(1, 4), np.arange(1, 5)))
print("subtract.outer shape:", np.subtract.outer(np.zeros((2, 3)), np.zeros(4)).shape)
print("greater.outer:")
print(np.greater.outer([1, 5, 3], [2, 4]))

# accumulate and reduce variants
x = np.array([2, 7, 1, 8, 2, 8, 1, 8])
print("add.accumulate:", np.add.accumulate(x))
print("maximum.accumulate:", np.maximum.accumulate(x))
print("multiply.accumulate float:", np.multiply.accumulate(x, dtype=float))
print("accumulate axis 0:")
print(np.add.accumulate(m, axis=0))
print("add.reduce axis None:", np.add.reduce(m, axis=None))
print("logical_and.reduce:", np.logical_and.reduce([True, True, False]))
print("bitwise_or.reduce:", np.bitwise_or.reduce(np.array([1, 4, 16], dtype=np.uint8)))
print("reduce keepdims shape:", np.add.reduce(m, axis=1, keepdims=True).shape)
print("reduce with initial:", np.maximum.reduce(np.array([], dtype=float), initial=-1.0))
print("ufunc attrs:", np.add.nin, np.add.nout, np.add.identity, np.multiply.identity)
