"""Vectorised bisection: solve many scalar equations at once and compare with closed forms."""

import numpy as np


def bisect(f, lo, hi, tol=1e-12, max_iter=200):
    lo = np.asarray(lo, dtype=float).copy()
    hi = np.asarray(hi, dtype=float).copy()
    flo = f(lo)
    for it in range(max_iter):
        mid = 0.5 * (lo + hi)
        fmid = f(mid)
        left = np.sign(fmid) == np.sign(flo)
        lo = np.where(left, mid, lo)
        flo = np.where(left, fmid, flo)
        hi = np.where(left, hi, mid)
        if np.all(hi - lo < tol):
            break
    return 0.5 * (lo + hi), it + 1


# x^2 = c for a batch of c values
c = np.array([2.0, 3.0, 5.0, 10.0, 0.5])
roots, n_it = bisect(lambda x: x**2 - c, np.zeros_like(c), np.maximum(c, 1.0))
print("sqrt by bisection:", np.round(roots, 10))
print("iterations:", n_it)
print(f"max error vs np.sqrt: {np.max(np.abs(roots - np.sqrt(c))):.2e}")

# Kepler's equation E - e sin E = M for several eccentricities
e = np.linspace(0.0, 0.9, 7)
M = 1.0
E, n_it = bisect(lambda E: E - e * np.sin(E) - M, np.zeros_like(e), np.full_like(e, np.pi))
print("eccentric anomaly:")
for ei, Ei in zip(e, E):
    print(f"  e={ei:.2f}  E={Ei:.8f}  residual={Ei - ei * np.sin(Ei) - M:+.1e}")

# first positive roots of tan(x) = x, one per bracket
k = np.arange(1, 6)
lo = k * np.pi + 1e-9
hi = k * np.pi + np.pi / 2 - 1e-9
r, n_it = bisect(lambda x: np.sin(x) - x * np.cos(x), lo, hi)
print("tan(x)=x roots:", r.round(6))
print("spacing approaches pi:", np.diff(r).round(4))
print("dtype:", r.dtype, "shape:", r.shape)
print("allclose to tan:", np.allclose(np.tan(r), r, rtol=1e-6))
