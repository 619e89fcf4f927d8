"""Group-by with np.unique(return_inverse=True) and np.bincount."""

import numpy as np

rng = np.random.default_rng(2)
stores = np.array(["north", "south", "east", "west"])
store = stores[rng.integers(0, 4, size=30)]
sales = np.round(rng.uniform(10, 200, size=30), 2)

names, inverse = np.unique(store, return_inverse=True)
totals = np.bincount(inverse, weights=sales)
counts = np.bincount(inverse)
means = totals / counts
for name, total, count, mean in zip(names, totals, counts, means):
    print(f"{name:>6}: n={count:2d} total={total:8.2f} mean={mean:7.2f}")

best = names[np.argmax(totals)]
print("best store:", best)
order = np.argsort(-totals)
print("ranking:", names[order])
