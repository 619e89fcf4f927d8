"""Logistic growth: discrete map and Euler integration."""

import numpy as np

r_values = np.array([2.5, 3.2, 3.5, 3.9])
x = np.full(r_values.shape, 0.2)
history = np.empty((60, r_values.size))
for i in range(60):
    x = r_values * x * (1 - x)
    history[i] = x
print(np.round(history[-4:], 5))
print("distinct tail values:", [np.unique(np.round(history[-16:, j], 4)).size for j in range(4)])

K, r, dt = 1000.0, 0.4, 0.1
t = np.arange(0, 30, dt)
N = np.empty_like(t)
N[0] = 10.0
for i in range(1, t.size):
    N[i] = N[i - 1] + dt * r * N[i - 1] * (1 - N[i - 1] / K)
analytic = K / (1 + (K / 10.0 - 1) * np.exp(-r * t))
print(f"final {N[-1]:.4f} analytic {analytic[-1]:.4f}")
print(f"max error {np.abs(N - analytic).max():.4f}")
half = t[np.searchsorted(N, K / 2)]
print(f"half capacity at t={half:.1f}")
