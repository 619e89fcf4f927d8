"""Sort a structured table of race results by several fields."""

import numpy as np

results = np.array(
    [
        ("Ana", "F", 34, 41.52, 3),
        ("Ben", "M", 29, 38.10, 1),
        ("Cleo", "F", 29, 39.75, 2),
        ("Dev", "M", 41, 41.52, 3),
        ("Eli", "M", 29, 38.10, 2),
        ("Fay", "F", 41, 44.02, 1),
        ("Gus", "M", 34, 40.00, 1),
        ("Hana", "F", 34, 39.75, 3),
    ],
    dtype=[("name", "U8"), ("sex", "U1"), ("age", "i4"), ("time", "f8"), ("heat", "i2")],
)
print(results.dtype)
print(results.dtype.names, results.shape, results.itemsize)
print(results[:2])

by_time = np.sort(results, order="time")
print("by time:", by_time["name"])
by_time_name = np.sort(results, order=["time", "name"])
print("by time then name:", by_time_name["name"], by_time_name["time"])
by_sex = np.sort(results, order=["sex", "age", "time"])
for row in by_sex:
    print(f"  {row['sex']} {row['age']:3d} {row['time']:6.2f} {row['name']}")

idx = np.argsort(results, order=["heat", "time"])
print("argsort heat,time:", idx)
print(results[idx][["heat", "name"]])

keys = np.lexsort((results["time"], -results["age"]))
print("lexsort oldest first, then fastest:", results["name"][keys])

results.sort(order="name")
print("in place by name:", results["name"])
winners = results[results["heat"] == 1]
print("heat 1:", np.sort(winners, order="time")["name"])

for sex in np.unique(results["sex"]):
    grp = results[results["sex"] == sex]
    best = grp[np.argmin(grp["time"])]
    print(f"{sex}: n={grp.size} best={best['name']} ({best['time']}) mean={grp['time'].mean():.3f}")

ages, pos = np.unique(results["age"], return_inverse=True)
print(
    "mean time by age:",
    dict(
        zip(
            ages.tolist(),
            np.round(np.bincount(pos, results["time"]) / np.bincount(pos), 3).tolist(),
        )
    ),
)
ranked = np.sort(results, order=["time", "age"])
rank = np.empty(results.size, dtype=np.int64)
rank[np.argsort(results, order=["time", "age"])] = np.arange(1, results.size + 1)
print("rank by name:", dict(zip(results["name"].tolist(), rank.tolist())))
print("fastest three:", ranked[:3]["name"].tolist(), ranked["time"][:3])
print("searchsorted 40.0:", np.searchsorted(ranked["time"], 40.0))
print(np.sort(results[["age", "time"]], order="age")[::-1])
