"""Lorenz system with classical RK4: sensitivity to initial conditions and lobe switching."""

import numpy as np

sigma, rho, beta = 10.0, 28.0, 8.0 / 3.0


def lorenz(s):
    x, y, z = s[..., 0], s[..., 1], s[..., 2]
    return np.stack([sigma * (y - x), x * (rho - z) - y, x * y - beta * z], axis=-1)


def rk4_step(s, h):
    k1 = lorenz(s)
    k2 = lorenz(s + 0.5 * h * k1)
    k3 = lorenz(s + 0.5 * h * k2)
    k4 = lorenz(s + h * k3)
    return s + (h / 6.0) * (k1 + 2 * k2 + 2 * k3 + k4)


h, steps = 0.01, 2500
# two trajectories started 1e-8 apart, integrated together as a (2, 3) batch
state = np.array([[1.0, 1.0, 1.0], [1.0 + 1e-8, 1.0, 1.0]])
traj = np.empty((steps + 1, 2, 3))
traj[0] = state
for i in range(steps):
    state = rk4_step(state, h)
    traj[i + 1] = state

a = traj[:, 0, :]
print("trajectory shape:", traj.shape)
print("final state:", np.round(a[-1], 4))
print(f"x range: [{a[:, 0].min():.3f}, {a[:, 0].max():.3f}]")
print(f"z mean: {a[:, 2].mean():.4f}")

sep = np.linalg.norm(traj[:, 0] - traj[:, 1], axis=1)
for t in (0, 500, 1000, 1500, 2000):
    print(f"t={t * h:5.1f}  separation={sep[t]:.3e}")
grow = np.flatnonzero(sep > 1.0)
print("separation exceeds 1 at t =", grow[0] * h if grow.size else None)

# fit the Lyapunov exponent on the early exponential growth
window = slice(100, 1500)
t = np.arange(steps + 1)[window] * h
slope, intercept = np.polyfit(t, np.log(sep[window]), 1)
print(f"estimated Lyapunov exponent {slope:.3f}")

# lobe switching: sign changes of x
signs = np.sign(a[:, 0])
switches = np.count_nonzero(np.diff(signs) != 0)
print("lobe switches:", switches)
print("time on right lobe: %.1f%%" % (100 * np.mean(a[:, 0] > 0)))
