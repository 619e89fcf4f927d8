"""Select and modify values with boolean masks."""

import numpy as np

rng = np.random.default_rng(1)
scores = rng.integers(0, 101, size=20)
print(scores)

passed = scores >= 50
print("passed:", passed.sum(), "of", scores.size)
print("passing scores:", scores[passed])
print("mean of failing:", scores[~passed].mean())

grades = np.full(scores.shape, 0)
grades[scores >= 60] = 1
grades[scores >= 70] = 2
grades[scores >= 80] = 3
grades[scores >= 90] = 4
print(grades)

bumped = scores.copy()
bumped[(scores > 45) & (scores < 50)] = 50
print("bumped:", np.count_nonzero(bumped != scores))
evens_or_top = scores[(scores % 2 == 0) | (scores > 90)]
print(evens_or_top)
n_top = np.sum(scores > 90)
