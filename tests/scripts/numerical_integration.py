"""Numerical integration: trapezoid, Simpson, midpoint, Gauss-Legendre and Monte Carlo."""

import numpy as np


def simpson(f, a, b, n):
    x = np.linspace(a, b, n + 1)
    y = f(x)
    return (b - a) / (3 * n) * (y[0] + 4 * y[1:-1:2].sum() + 2 * y[2:-1:2].sum() + y[-1])


def midpoint(f, a, b, n):
    h = (b - a) / n
    return h * f(a + h * (np.arange(n) + 0.5)).sum()


exact = 2.0  # integral of sin over [0, pi]
print(f"{'n':>5} {'trapezoid':>12} {'simpson':>12} {'midpoint':>12}")
for n in (4, 8, 16, 32, 64):
    x = np.linspace(0, np.pi, n + 1)
    t = np.trapezoid(np.sin(x), x)
    s = simpson(np.sin, 0, np.pi, n)
    m = midpoint(np.sin, 0, np.pi, n)
    print(f"{n:5d} {abs(t - exact):12.3e} {abs(s - exact):12.3e} {abs(m - exact):12.3e}")

xg = np.array(
    [-0.9061798459386640, -0.5384693101056831, 0.0, 0.5384693101056831, 0.9061798459386640]
)
wg = np.array(
    [
        0.2369268850561891,
        0.4786286704993665,
        0.5688888888888889,
        0.4786286704993665,
        0.2369268850561891,
    ]
)
gauss = 0.5 * np.pi * np.sum(wg * np.sin(0.5 * np.pi * (xg + 1)))
print(f"Gauss-Legendre 5 points error {abs(gauss - exact):.3e}")

rng = np.random.default_rng(138)
u = rng.uniform(0, np.pi, size=100000)
mc = np.pi * np.sin(u).mean()
print(f"Monte Carlo {mc:.5f}, standard error {np.pi * np.sin(u).std() / np.sqrt(u.size):.5f}")
# cumulative integral of a sampled signal
t = np.linspace(0, 2, 201)
v = 3 * t**2
dist = np.r_[0.0, np.cumsum((v[1:] + v[:-1]) / 2 * np.diff(t))]
print("cumulative trapezoid at t=1, 2:", dist[100].round(6), dist[-1].round(6))
print("trapezoid with dx:", np.trapezoid([1, 2, 3, 4], dx=0.5))
print(
    "2-D integral of x*y on [0,1]^2:",
    np.trapezoid(np.trapezoid(np.outer(t[:101], t[:101]), t[:101]), t[:101]).round(8),
)
