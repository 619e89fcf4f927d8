"""A three-state weather Markov chain: simulate, count transitions, long-run frequencies."""

import numpy as np

states = ["sunny", "cloudy", "rainy"]
P = np.array([[0.7, 0.2, 0.1], [0.3, 0.4, 0.3], [0.2, 0.3, 0.5]])
print("rows sum to one:", np.allclose(P.sum(axis=1), 1))

rng = np.random.default_rng(110)
n = 5000
chain = np.empty(n, dtype=int)
chain[0] = 0
for t in range(1, n):
    chain[t] = rng.choice(3, p=P[chain[t - 1]])
print("first 20 days:", chain[:20])

freq = np.bincount(chain, minlength=3) / n
counts = np.zeros((3, 3), dtype=int)
np.add.at(counts, (chain[:-1], chain[1:]), 1)
P_hat = counts / counts.sum(axis=1, keepdims=True)
np.set_printoptions(precision=3)
print("transition counts:")
print(counts)
print("estimated P:")
print(P_hat)

# long-run distribution by repeated multiplication
pi = np.array([1.0, 0.0, 0.0])
for _ in range(100):
    pi = pi @ P
print("stationary:", pi)
print("empirical: ", freq)
for name, p in zip(states, pi):
    print(f"{name:>7}: {p:.4f}")
print("P^50 rows equal:", np.allclose(np.linalg.matrix_power(P, 50), pi))
# expected length of a rainy spell: geometric with p = 1 - P[2, 2]
print(f"mean rainy spell: {1 / (1 - P[2, 2]):.2f} days")
np.set_printoptions(precision=8)
