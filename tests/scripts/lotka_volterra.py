"""Predator-prey dynamics (Lotka-Volterra) with RK4; periods from zero crossings."""

import numpy as np

alpha, beta, delta, gamma = 1.1, 0.4, 0.1, 0.4


def f(z):
    x, y = z
    return np.array([alpha * x - beta * x * y, delta * x * y - gamma * y])


def rk4(z, h):
    k1 = f(z)
    k2 = f(z + 0.5 * h * k1)
    k3 = f(z + 0.5 * h * k2)
    k4 = f(z + h * k3)
    return z + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


h, n = 0.01, 6000
traj = np.empty((n, 2))
traj[0] = [10.0, 5.0]
for k in range(n - 1):
    traj[k + 1] = rk4(traj[k], h)
prey, pred = traj.T
t = np.arange(n) * h
print(f"prey range [{prey.min():.4f}, {prey.max():.4f}]")
print(f"predator range [{pred.min():.4f}, {pred.max():.4f}]")

# the conserved quantity V = delta*x - gamma*ln x + beta*y - alpha*ln y
V = delta * prey - gamma * np.log(prey) + beta * pred - alpha * np.log(pred)
print(f"invariant drift {np.ptp(V):.3e}")

# period from upward crossings of the prey mean
centred = prey - prey.mean()
ups = np.flatnonzero((centred[:-1] < 0) & (centred[1:] >= 0))
periods = np.diff(t[ups])
print("crossing times:", np.round(t[ups], 2))
print(f"mean period {periods.mean():.3f}")
print("equilibrium:", (gamma / delta, alpha / beta))
peaks = np.flatnonzero((prey[1:-1] > prey[:-2]) & (prey[1:-1] > prey[2:])) + 1
print("prey peaks:", np.round(prey[peaks], 3))
