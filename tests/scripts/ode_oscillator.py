"""Damped harmonic oscillator with RK4."""

import numpy as np


def deriv(state, k=4.0, c=0.3):
    x, v = state
    return np.array([v, -k * x - c * v])


dt, steps = 0.01, 1000
state = np.array([1.0, 0.0])
traj = np.empty((steps + 1, 2))
traj[0] = state
for i in range(steps):
    k1 = deriv(state)
    k2 = deriv(state + dt / 2 * k1)
    k3 = deriv(state + dt / 2 * k2)
    k4 = deriv(state + dt * k3)
    state = state + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    traj[i + 1] = state
energy = 0.5 * traj[:, 1] ** 2 + 2.0 * traj[:, 0] ** 2
print(np.round(traj[::250], 6))
print(f"energy start {energy[0]:.6f} end {energy[-1]:.6f}")
crossings = np.flatnonzero(np.diff(np.sign(traj[:, 0])) != 0)
print("zero crossings:", crossings.size, crossings[:3])
