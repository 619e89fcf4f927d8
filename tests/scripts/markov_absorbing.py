"""Absorbing Markov chain: gambler's ruin with the fundamental matrix and a stationary chain."""

import numpy as np

# gambler's ruin with fortunes 0..5, p = 0.45 of winning each bet
p, N = 0.45, 5
P = np.zeros((N + 1, N + 1))
P[0, 0] = P[N, N] = 1.0
for i in range(1, N):
    P[i, i + 1] = p
    P[i, i - 1] = 1 - p
transient = np.arange(1, N)
absorbing = np.array([0, N])
Q = P[np.ix_(transient, transient)]
R = P[np.ix_(transient, absorbing)]
Nf = np.linalg.inv(np.eye(len(transient)) - Q)
np.set_printoptions(precision=5, suppress=True)
print("fundamental matrix:")
print(Nf)
print("expected bets until ruin or goal:", Nf.sum(axis=1))
B = Nf @ R
print("P(ruin), P(goal) from each start:")
print(B)
r = (1 - p) / p
exact = (r**transient - r**N) / (1 - r**N)
print("exact ruin probabilities:", exact)

# stationary distribution of an ergodic chain: solve pi (P - I) = 0 with sum(pi) = 1
T = np.array([[0.5, 0.3, 0.2], [0.1, 0.8, 0.1], [0.25, 0.25, 0.5]])
Aeq = np.vstack([(T - np.eye(3)).T, np.ones(3)])
b = np.array([0.0, 0.0, 0.0, 1.0])
pi, *_ = np.linalg.lstsq(Aeq, b, rcond=None)
print("stationary:", pi)
print("check pi T = pi:", np.allclose(pi @ T, pi))


def stationary_eig(T):
    w, V = np.linalg.eig(T.T)
    v = np.real(V[:, np.argmin(np.abs(w - 1))])
    return v / v.sum()


print("eigenvector method:", stationary_eig(T))
print("mean return times:", 1 / pi)
np.set_printoptions(precision=8, suppress=False)
