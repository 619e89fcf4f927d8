"""Explicit finite differences for heat diffusion on a 2-D grid."""

import numpy as np

n = 20
u = np.zeros((n, n))
u[8:12, 8:12] = 100.0
alpha, dt, dx = 0.2, 0.1, 1.0
r = alpha * dt / dx**2
for step in range(200):
    lap = u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4 * u[1:-1, 1:-1]
    u[1:-1, 1:-1] += r * lap
    u[0, :] = u[-1, :] = u[:, 0] = u[:, -1] = 0.0
    if step % 50 == 0:
        print(f"step {step:3d}: max={u.max():.4f} total={u.sum():.4f}")

print(np.round(u[10, 5:15], 3))
peak = np.unravel_index(np.argmax(u), u.shape)
print("peak at", peak)
center_temp = u[n // 2, n // 2]
