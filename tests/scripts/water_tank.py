"""Water levels: trapped rain water with prefix maxima."""

import numpy as np

heights = np.array([0, 1, 0, 2, 1, 0, 1, 3, 2, 1, 2, 1])
left = np.maximum.accumulate(heights)
right = np.maximum.accumulate(heights[::-1])[::-1]
water = np.minimum(left, right) - heights
print(water, water.sum())
rng = np.random.default_rng(32)
terrain = rng.integers(0, 10, size=(5, 30))
lmax = np.maximum.accumulate(terrain, axis=1)
rmax = np.flip(np.maximum.accumulate(np.flip(terrain, axis=1), axis=1), axis=1)
trapped = (np.minimum(lmax, rmax) - terrain).sum(axis=1)
print(trapped)
print(trapped.argmax(), trapped.max())
print(np.count_nonzero(np.minimum(lmax, rmax) - terrain, axis=1))
