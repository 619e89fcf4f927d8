"""Complex arithmetic: roots of unity, phasors, impedance."""

import numpy as np

n = 6
roots = np.exp(2j * np.pi * np.arange(n) / n)
print(np.round(roots, 6))
print(np.allclose(roots**n, 1), abs(roots.sum()) < 1e-12)
print(np.round(np.angle(roots, deg=True), 6))
print(np.round(np.abs(roots), 6))
z = np.array([3 + 4j, -1 - 1j, 2j])
print(z.conjugate(), np.real(z), np.imag(z))
print(np.abs(z), np.round(np.angle(z), 6))
R, L, C = 100.0, 0.1, 1e-5
freqs = np.array([50.0, 159.15, 500.0])
w = 2 * np.pi * freqs
Z = R + 1j * (w * L - 1 / (w * C))
print(np.round(np.abs(Z), 3))
print(np.round(np.degrees(np.angle(Z)), 3))
print(np.sqrt(np.array([-4.0 + 0j, 4.0 + 0j])))
print(np.round(np.log(np.array([-1 + 0j])), 6))
