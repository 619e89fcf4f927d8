"""Set operations on integer id arrays: course enrolments."""

from functools import reduce

import numpy as np

rng = np.random.default_rng(134)
math_ids = np.unique(rng.integers(1000, 1060, size=35))
physics_ids = np.unique(rng.integers(1000, 1060, size=30))
art_ids = np.unique(rng.integers(1040, 1080, size=20))
print("math:", math_ids.size, "physics:", physics_ids.size, "art:", art_ids.size)

both = np.intersect1d(math_ids, physics_ids)
either = np.union1d(math_ids, physics_ids)
only_math = np.setdiff1d(math_ids, physics_ids)
exactly_one = np.setxor1d(math_ids, physics_ids)
print("both:", both)
print("either count:", either.size)
print("only math:", only_math)
print("exactly one:", exactly_one.size, "=", either.size - both.size)

common, i_m, i_p = np.intersect1d(math_ids, physics_ids, return_indices=True)
print("positions in math list:", i_m)
print("indices check:", np.array_equal(math_ids[i_m], physics_ids[i_p]))

in_art = np.isin(math_ids, art_ids)
print("math students also in art:", math_ids[in_art])
print("not in art:", np.isin(math_ids, art_ids, invert=True).sum())
all_three = np.intersect1d(np.intersect1d(math_ids, physics_ids), art_ids)
print("all three:", all_three)
print("union of all:", reduce(np.union1d, (math_ids, physics_ids, art_ids)).size)
# unique values with counts across all rosters
roster = np.concatenate([math_ids, physics_ids, art_ids])
vals, counts = np.unique(roster, return_counts=True)
print("students in 3 courses:", vals[counts == 3])
print("course count histogram:", np.bincount(counts))
print("unique_values of 2-D:", np.unique(np.array([[3, 1], [1, 2]])))
