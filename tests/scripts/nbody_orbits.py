"""A small gravitational n-body system integrated with leapfrog; energy and momentum checks."""

import numpy as np

G = 1.0
mass = np.array([1.0, 1e-3, 1e-3, 5e-4])
pos = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.5], [-2.0, 0.0]])
speed = np.sqrt(G * mass[0] / np.linalg.norm(pos[1:], axis=1))
vel = np.zeros_like(pos)
vel[1:] = np.stack([-pos[1:, 1], pos[1:, 0]], axis=1) / np.linalg.norm(pos[1:], axis=1)[:, None]
vel[1:] *= speed[:, None]
vel[0] = -(mass[1:, None] * vel[1:]).sum(axis=0) / mass[0]


def accel(p):
    d = p[None, :, :] - p[:, None, :]
    r2 = (d**2).sum(axis=2) + np.eye(len(p))
    inv3 = r2**-1.5
    np.fill_diagonal(inv3, 0.0)
    return G * (d * (mass[None, :] * inv3)[:, :, None]).sum(axis=1)


def energy(p, v):
    kin = 0.5 * (mass * (v**2).sum(axis=1)).sum()
    i, j = np.triu_indices(len(p), k=1)
    r = np.linalg.norm(p[i] - p[j], axis=1)
    return kin - (G * mass[i] * mass[j] / r).sum()


dt, steps = 0.01, 2000
e0 = energy(pos, vel)
a = accel(pos)
for _ in range(steps):
    vel += 0.5 * dt * a
    pos += dt * vel
    a = accel(pos)
    vel += 0.5 * dt * a
e1 = energy(pos, vel)
print(f"energy {e0:.8f} -> {e1:.8f}, relative drift {abs(e1 - e0) / abs(e0):.2e}")
momentum = (mass[:, None] * vel).sum(axis=0)
print("total momentum:", np.round(momentum, 10))
print("radii:", np.round(np.linalg.norm(pos[1:] - pos[0], axis=1), 4))
np.set_printoptions(precision=4, suppress=True)
print("positions:")
print(pos)
np.set_printoptions(precision=8, suppress=False)
