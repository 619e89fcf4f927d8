"""np.apply_along_axis, np.vectorize and np.frompyfunc on everyday helper functions."""

import math

import numpy as np

rng = np.random.default_rng(136)
m = rng.integers(0, 20, size=(4, 6))
print("matrix:")
print(m)


def spread(row):
    return row.max() - row.min()


def top2(row):
    return np.sort(row)[-2:]


print("spread per row:", np.apply_along_axis(spread, 1, m))
print("spread per column:", np.apply_along_axis(spread, 0, m))
print("top two per row:")
print(np.apply_along_axis(top2, 1, m))
print("normalised rows sum:", np.apply_along_axis(lambda r: r / r.sum(), 1, m).sum(axis=1))


def collatz_steps(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


vsteps = np.vectorize(collatz_steps)
n = np.arange(1, 16)
print("collatz steps:", vsteps(n))
print("vectorize otypes:", np.vectorize(math.gamma, otypes=[float])(np.array([1.0, 2.5, 5.0])))


def clamp(x, lo, hi):
    return lo if x < lo else hi if x > hi else x


print(
    "vectorized clamp with broadcasting:",
    np.vectorize(clamp)(np.arange(-3, 4), -1, np.array([[1], [2]])),
)
uadd = np.frompyfunc(lambda a, b: a * 10 + b, 2, 1)
print("frompyfunc outer:", uadd.outer(np.arange(3), np.arange(3)).astype(int))
comb = np.vectorize(math.comb)
print("pascal row 6:", comb(6, np.arange(7)))
print("excluded arg:", np.vectorize(lambda x, p: x**p, excluded={"p"})(np.arange(4), p=3))
