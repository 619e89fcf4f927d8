"""Ranks with ties averaged, Spearman and Kendall correlation by hand."""

import numpy as np


def rankdata(a):
    order = np.argsort(a)
    ranks = np.empty(len(a))
    ranks[order] = np.arange(1, len(a) + 1)
    # average the ranks of tied values
    vals, inverse, counts = np.unique(a, return_inverse=True, return_counts=True)
    sums = np.bincount(inverse, weights=ranks)
    return (sums / counts)[inverse]


judge_a = np.array([7, 4, 9, 4, 6, 8, 2, 7, 5, 9])
judge_b = np.array([6, 5, 9, 3, 7, 8, 1, 6, 4, 8])
ra, rb = rankdata(judge_a), rankdata(judge_b)
print("ranks A:", ra)
print("ranks B:", rb)
rho = np.corrcoef(ra, rb)[0, 1]
print(f"Spearman rho {rho:.6f}")
d = ra - rb
n = len(d)
print(f"formula (no-tie) rho {1 - 6 * np.sum(d**2) / (n * (n**2 - 1)):.6f}")

# Kendall tau-a from pair signs
i, j = np.triu_indices(n, k=1)
s = np.sign(judge_a[i] - judge_a[j]) * np.sign(judge_b[i] - judge_b[j])
print("concordant", np.sum(s > 0), "discordant", np.sum(s < 0), "ties", np.sum(s == 0))
print(f"Kendall tau-a {s.sum() / len(s):.6f}")

# percentile ranks of a score within a class
scores = np.array([55, 67, 67, 72, 80, 80, 80, 91, 94, 99])
pct = 100 * (np.searchsorted(np.sort(scores), scores, side="right")) / len(scores)
print("percentile ranks:", pct)
print("rank of 80:", rankdata(scores)[scores == 80])
