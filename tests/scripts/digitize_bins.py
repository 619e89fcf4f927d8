"""Bucket delivery times with digitize, per-bin stats, and lookups with searchsorted(sorter=)."""

import numpy as np

rng = np.random.default_rng(5)
minutes = np.round(rng.lognormal(3.2, 0.5, size=300), 1)
tips = np.round(np.clip(8 - minutes / 10 + rng.normal(0, 1.5, size=300), 0, None), 2)
edges = np.array([10, 20, 30, 45, 60])
print("range:", minutes.min(), minutes.max(), "n:", minutes.size)

left = np.digitize(minutes, edges)
right = np.digitize(minutes, edges, right=True)
print("left bins:", np.bincount(left, minlength=edges.size + 1))
print("right bins:", np.bincount(right, minlength=edges.size + 1))
exact = np.array([10.0, 20.0, 30.0, 45.0, 60.0, 61.0])
print("on the edges:", np.digitize(exact, edges), np.digitize(exact, edges, right=True))
print(
    "decreasing edges:",
    np.digitize(exact, edges[::-1]),
    np.digitize(exact, edges[::-1], right=True),
)

labels = ["<=10", "10-20", "20-30", "30-45", "45-60", ">60"]
count = np.bincount(right, minlength=6)
total = np.bincount(right, weights=tips, minlength=6)
mean = np.divide(total, count, out=np.full(6, np.nan), where=count > 0)
for k in range(6):
    sel = tips[right == k]
    spread = f"{sel.std():.3f}" if sel.size > 1 else "n/a"
    print(f"{labels[k]:>6} n={count[k]:3d} mean tip={mean[k]:.3f} std={spread}")
print("cumulative share:", np.round(np.cumsum(count) / count.sum(), 3))
print(
    "searchsorted matches digitize:",
    np.array_equal(np.searchsorted(edges, minutes, side="left"), right),
    np.array_equal(np.searchsorted(edges, minutes, side="right"), left),
)

drivers = np.array(["kim", "ali", "zoe", "bob", "eve"])
ratings = np.array([4.7, 4.1, 4.9, 3.8, 4.4])
order = np.argsort(drivers)
print("sorted names:", drivers[order])
wanted = np.array(["bob", "zoe", "kim", "ali"])
pos = np.searchsorted(drivers, wanted, sorter=order)
print("positions:", pos, "indices:", order[pos], "ratings:", ratings[order[pos]])
r_order = np.argsort(ratings)
print("rank of 4.5:", np.searchsorted(ratings, 4.5, sorter=r_order))
print(
    "insert left/right:",
    np.searchsorted(ratings, [4.4, 4.9], side="left", sorter=r_order),
    np.searchsorted(ratings, [4.4, 4.9], side="right", sorter=r_order),
)
unknown = np.array(["amy", "eve", "zed"])
p = np.searchsorted(drivers, unknown, sorter=order)
found = (p < drivers.size) & (drivers[order[np.minimum(p, drivers.size - 1)]] == unknown)
print("found:", found, "p:", p)
quant = np.quantile(minutes, [0.25, 0.5, 0.75])
qbin = np.digitize(minutes, quant)
print("quartiles:", quant, "counts:", np.bincount(qbin))
print(
    "max tip per bin:",
    [float(tips[right == k].max()) if (right == k).any() else None for k in range(6)],
)
