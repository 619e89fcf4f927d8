"""1-D heat equation on a rod: explicit vs implicit (backward Euler) with a tridiagonal solve."""

import numpy as np

n, L = 51, 1.0
x = np.linspace(0, L, n)
dx = x[1] - x[0]
alpha = 0.01
u0 = np.sin(np.pi * x) + 0.5 * np.sin(3 * np.pi * x)
T = 5.0


def exact(t):
    return np.exp(-alpha * np.pi**2 * t) * np.sin(np.pi * x) + 0.5 * np.exp(
        -9 * alpha * np.pi**2 * t
    ) * np.sin(3 * np.pi * x)


# explicit scheme needs r <= 1/2
dt_exp = 0.4 * dx**2 / alpha
steps = int(np.ceil(T / dt_exp))
dt_exp = T / steps
r = alpha * dt_exp / dx**2
u = u0.copy()
for _ in range(steps):
    u[1:-1] = u[1:-1] + r * (u[2:] - 2 * u[1:-1] + u[:-2])
print(f"explicit: {steps} steps, r={r:.4f}, max error {np.abs(u - exact(T)).max():.3e}")

# implicit scheme: (I - r K) u_new = u_old, any step size
for dt in (0.5, 0.1, 0.02):
    r = alpha * dt / dx**2
    m = n - 2
    A = (
        np.diag(np.full(m, 1 + 2 * r))
        + np.diag(np.full(m - 1, -r), 1)
        + np.diag(np.full(m - 1, -r), -1)
    )
    v = u0.copy()
    for _ in range(int(round(T / dt))):
        v[1:-1] = np.linalg.solve(A, v[1:-1])
    print(f"implicit dt={dt}: r={r:7.3f}, max error {np.abs(v - exact(T)).max():.3e}")
print("peak temperature:", np.round(v.max(), 6), "at x =", x[v.argmax()])
print(
    "heat content:",
    np.round(np.trapezoid(v, x), 6),
    "exact:",
    np.round(np.trapezoid(exact(T), x), 6),
)
