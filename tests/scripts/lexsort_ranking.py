"""Rank athletes by several keys with np.lexsort and break ties."""

import numpy as np

rng = np.random.default_rng(103)
n = 12
gold = rng.integers(0, 4, size=n)
silver = rng.integers(0, 4, size=n)
bronze = rng.integers(0, 4, size=n)
ids = np.arange(100, 100 + n)

# lexsort sorts by the last key first; negate to get descending medal counts
order = np.lexsort((ids, -bronze, -silver, -gold))
print(" id  G S B")
for i in order:
    print(f"{ids[i]:3d}  {gold[i]} {silver[i]} {bronze[i]}")

# points system and a stable argsort for comparison
points = 3 * gold + 2 * silver + bronze
by_points = np.argsort(-points, kind="stable")
print("by points:", ids[by_points])
print("points   :", points[by_points])

# dense rank of points (ties share a rank)
uniq_points = np.unique(points)[::-1]
dense = np.searchsorted(-uniq_points, -points) + 1
print("dense rank:", dense)

# competition rank: 1 + number of strictly better scores
comp = 1 + (points[None, :] > points[:, None]).sum(axis=1)
print("competition rank:", comp)
print("top three ids:", ids[np.argsort(comp, kind="stable")[:3]])
