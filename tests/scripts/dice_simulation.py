"""Dice: distribution of sums, probabilities, expected values."""

import numpy as np

rng = np.random.default_rng(20)
rolls = rng.integers(1, 7, size=(10000, 2))
sums = rolls.sum(axis=1)
counts = np.bincount(sums, minlength=13)[2:]
freq = counts / counts.sum()
print(counts)
exact = np.array([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]) / 36
print("max abs error:", np.round(np.max(np.abs(freq - exact)), 5))
print(f"mean {sums.mean():.4f} var {sums.var():.4f}")
doubles = np.mean(rolls[:, 0] == rolls[:, 1])
print(f"doubles {doubles:.4f}")
yahtzee = rng.integers(1, 7, size=(20000, 5))
is_yahtzee = np.all(yahtzee == yahtzee[:, :1], axis=1)
print("yahtzees:", is_yahtzee.sum())
sorted_hands = np.sort(yahtzee, axis=1)
straights = np.all(np.diff(sorted_hands, axis=1) == 1, axis=1)
print("straights:", straights.sum())
