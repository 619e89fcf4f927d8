"""Polynomial evaluation, roots, derivatives and fitting."""

import numpy as np

p = np.array([1.0, -6.0, 11.0, -6.0])
print(np.polyval(p, np.arange(5)))
r = np.sort(np.roots(p).real)
print(np.round(r, 8))
dp = np.polyder(p)
print(dp)
ip = np.polyint(p)
print(np.round(ip, 6))
print(np.polymul([1, 1], [1, -1]), np.polyadd([1, 2], [1, 0, 1]))
q, rem = np.polydiv(p, np.array([1.0, -1.0]))
print(q, rem)
x = np.linspace(-1, 1, 21)
y = np.cos(np.pi * x)
c4 = np.polyfit(x, y, 4)
print(np.round(c4, 5))
print(f"max fit error {np.max(np.abs(np.polyval(c4, x) - y)):.6f}")
V = np.vander(np.array([1.0, 2.0, 3.0]), 3)
print(V)
