"""Bucket ages into groups, count per group and compute group means with np.add.at."""

import numpy as np

rng = np.random.default_rng(107)
ages = rng.integers(0, 95, size=80)
income = np.round(rng.gamma(2.0, 15000.0, size=80), -2)
bins = np.array([0, 18, 30, 45, 65, 120])
labels = ["0-17", "18-29", "30-44", "45-64", "65+"]
group = np.digitize(ages, bins) - 1
print("group counts:", np.bincount(group, minlength=5))

sums = np.zeros(5)
np.add.at(sums, group, income)
counts = np.zeros(5, dtype=int)
np.add.at(counts, group, 1)
means = sums / np.maximum(counts, 1)
for lab, c, m in zip(labels, counts, means):
    print(f"{lab:>6}: {c:3d} people, mean income {m:10.2f}")

hist, edges = np.histogram(ages, bins=bins)
print("histogram agrees:", np.array_equal(hist, counts))
print("edges:", edges)

# median per group through sorting by group
for g, lab in enumerate(labels):
    print(f"{lab:>6}: median {np.median(income[group == g]):9.1f}")
print("oldest per group:", [int(ages[group == g].max()) for g in range(5)])
