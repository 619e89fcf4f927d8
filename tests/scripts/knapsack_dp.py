"""0/1 knapsack and coin change by dynamic programming with vectorised row updates."""

import numpy as np

values = np.array([60, 100, 120, 80, 30, 70])
weights = np.array([10, 20, 30, 15, 5, 12])
cap = 50
best = np.zeros(cap + 1, dtype=np.int64)
keep = np.zeros((len(values), cap + 1), dtype=bool)
for i, (v, w) in enumerate(zip(values, weights)):
    candidate = np.full(cap + 1, -1, dtype=np.int64)
    candidate[w:] = best[: cap + 1 - w] + v
    keep[i] = candidate > best
    best = np.maximum(best, candidate)
print("best value:", best[cap])
print("value by capacity (every 10):", best[::10])
c = cap
chosen = []
for i in range(len(values) - 1, -1, -1):
    if keep[i, c]:
        chosen.append(i)
        c -= weights[i]
chosen = np.array(chosen[::-1])
print("items:", chosen, "weight:", weights[chosen].sum(), "value:", values[chosen].sum())

# number of ways to make change, and the fewest coins
coins = np.array([1, 5, 10, 25])
amount = 100
ways = np.zeros(amount + 1, dtype=np.int64)
ways[0] = 1
for coin in coins:
    for a in range(coin, amount + 1):
        ways[a] += ways[a - coin]
print("ways to make 100:", ways[amount])
INF = np.iinfo(np.int64).max // 2
fewest = np.full(amount + 1, INF)
fewest[0] = 0
for a in range(1, amount + 1):
    prev = a - coins[coins <= a]
    fewest[a] = fewest[prev].min() + 1
print("fewest coins for 0..10:", fewest[:11])
print("fewest coins for 99:", fewest[99])
# longest increasing subsequence length in O(n^2)
seq = np.array([3, 10, 2, 1, 20, 4, 6, 7, 30, 5])
L = np.ones(len(seq), dtype=int)
for i in range(1, len(seq)):
    prior = L[:i][seq[:i] < seq[i]]
    if prior.size:
        L[i] = prior.max() + 1
print("LIS lengths:", L, "longest:", L.max())
