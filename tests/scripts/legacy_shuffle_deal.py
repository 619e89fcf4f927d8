"""Shuffle and deal a deck of cards with the legacy np.random API."""

import numpy as np

np.random.seed(126)
deck = np.arange(52)
np.random.shuffle(deck)
print("top of the deck:", deck[:8])
suits = deck // 13
ranks = deck % 13 + 2
hands = deck[:20].reshape(4, 5)
print("hands:")
print(hands)
hand_suits = hands // 13
flush = np.all(hand_suits == hand_suits[:, :1], axis=1)
print("flushes:", flush)
for i, hand in enumerate(hands):
    r = np.sort(hand % 13 + 2)
    vals, counts = np.unique(r, return_counts=True)
    print(f"player {i}: ranks {r}, pairs {np.sum(counts == 2)}, max same {counts.max()}")

# estimate P(at least one pair in 5 cards) with many shuffled hands
trials = 4000
draws = np.array([np.random.permutation(52)[:5] for _ in range(trials)])
r = draws % 13
has_pair = np.array([np.unique(h).size < 5 for h in r])
print(f"P(pair or better) ~ {has_pair.mean():.4f} (exact 0.4929)")

print("randint:", np.random.randint(1, 7, size=10))
print("rand:", np.round(np.random.rand(3), 6))
print("randn:", np.round(np.random.randn(2, 2), 6))
print("choice without replacement:", np.random.choice(10, size=5, replace=False))
print("weighted choice:", np.random.choice([1, 2, 3], size=8, p=[0.7, 0.2, 0.1]))
print("uniform:", np.round(np.random.uniform(-1, 1, size=4), 6))
