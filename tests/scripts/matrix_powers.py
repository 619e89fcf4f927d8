"""Fibonacci numbers and Markov chains with matrix powers."""

import numpy as np

F = np.array([[1, 1], [1, 0]], dtype=np.int64)
for n in (1, 5, 10, 30, 50):
    print(n, np.linalg.matrix_power(F, n)[0, 1])

P = np.array([[0.9, 0.075, 0.025], [0.15, 0.8, 0.05], [0.25, 0.25, 0.5]])
state = np.array([1.0, 0.0, 0.0])
for _ in range(3):
    state = state @ P
print(np.round(state, 6))
P50 = np.linalg.matrix_power(P, 50)
print(np.round(P50[0], 6))
w, v = np.linalg.eig(P.T)
stationary = np.real(v[:, np.argmin(np.abs(w - 1))])
stationary = stationary / stationary.sum()
print(np.round(stationary, 6))
R = np.array([[0.0, -1.0], [1.0, 0.0]])
print(np.linalg.matrix_power(R, 4))
print(np.linalg.matrix_power(R, -1))
