"""The 1-D wave equation on a plucked string with a finite-difference scheme."""

import numpy as np

L, nx = 1.0, 101
c, T = 1.0, 2.0
x = np.linspace(0, L, nx)
dx = x[1] - x[0]
dt = 0.5 * dx / c
r2 = (c * dt / dx) ** 2
steps = int(round(T / dt))

u0 = np.where(x < 0.3, x / 0.3, (1 - x) / 0.7) * 0.01  # plucked at 0.3
u_prev = u0.copy()
u = u0.copy()
u[1:-1] = u0[1:-1] + 0.5 * r2 * (u0[2:] - 2 * u0[1:-1] + u0[:-2])
energies = []
for n in range(steps):
    u_next = np.zeros_like(u)
    u_next[1:-1] = 2 * u[1:-1] - u_prev[1:-1] + r2 * (u[2:] - 2 * u[1:-1] + u[:-2])
    u_prev, u = u, u_next
    if n % 50 == 0:
        vel = (u - u_prev) / dt
        grad = np.diff(u) / dx
        energies.append(0.5 * np.sum(vel**2) * dx + 0.5 * c**2 * np.sum(grad**2) * dx)
print("steps:", steps, "courant:", c * dt / dx)
print("max |u| now:", np.abs(u).max().round(6))
print("after one period the shape returns:", np.allclose(u, u0, atol=1e-3))
print("energy samples:", np.round(np.array(energies) * 1e4, 5))
print(f"energy variation {np.ptp(energies) / np.mean(energies):.3e}")
# Fourier modes of the initial shape
modes = np.array([2 * np.sum(u0 * np.sin(k * np.pi * x)) * dx for k in range(1, 6)])
print("sine coefficients:", np.round(modes * 1e3, 5))
