"""Conditional writes: copyto where=, place, put, putmask, and finding positions with nonzero."""

import numpy as np

rng = np.random.default_rng(31)
temps = rng.normal(20, 6, size=(4, 6)).round(1)
temps[1, 2] = np.nan
temps[3, 0] = np.nan
print("readings:")
print(temps)

# positions
bad = np.isnan(temps)
print("nonzero:", np.nonzero(bad))
print("argwhere:", np.argwhere(bad).tolist())
print("flatnonzero:", np.flatnonzero(bad))
hot = temps > 25
print("hot count per row:", np.count_nonzero(hot, axis=1))
print("hot positions:", [tuple(int(i) for i in p) for p in np.argwhere(hot)])
print("a.nonzero on 1-D:", np.array([0, 3, 0, 4]).nonzero())

# copyto with where= fills missing values from column means
col_mean = np.nanmean(temps, axis=0)
filled = temps.copy()
np.copyto(filled, np.broadcast_to(col_mean, filled.shape), where=bad)
print("filled:", filled[1, 2].round(3), filled[3, 0].round(3), "nan left:", np.isnan(filled).any())
ints = np.zeros(5, dtype=np.int32)
np.copyto(ints, [1.0, 2.0, 3.0, 4.0, 5.0], casting="unsafe")
print("copyto unsafe cast:", ints, ints.dtype)
try:
    np.copyto(ints, np.array([1.5, 2.5, 3.5, 4.5, 5.5]))
except TypeError as e:
    print("copyto same_kind refused:", type(e).__name__)

# place cycles through values for True positions
p = np.arange(10)
np.place(p, p % 3 == 0, [-1, -2, -3])
print("place:", p)

# putmask repeats values by position, not by count of True
q = np.arange(10)
np.putmask(q, q % 3 == 0, [-1, -2, -3])
print("putmask:", q)
r = np.arange(6, dtype=float)
np.putmask(r, r > 2, r**2)
print("putmask with array values:", r)

# put writes at flat indices, with index modes
s = np.zeros(6, dtype=int)
np.put(s, [0, 2, 4], [7, 8, 9])
print("put:", s)
np.put(s, [7, -8], [1, 2], mode="clip")
print("put clip:", s)
np.put(s, [7, 13], [5, 6], mode="wrap")
print("put wrap:", s)
try:
    np.put(s, [10], [1])
except IndexError as e:
    print("put raise:", type(e).__name__)
g = np.zeros((2, 3), dtype=int)
g.put([1, 5], [10, 50])
print("method put on 2-D:")
print(g)
print("where 3-arg:", np.where(temps > 20, "warm", "cool")[0])
print("clip instead of masks:", np.clip(np.nan_to_num(temps, nan=0.0), 10, 30).min())
