"""Vector and matrix norms."""

import numpy as np

v = np.array([3.0, -4.0, 12.0])
print(np.linalg.norm(v), np.linalg.norm(v, 1), np.linalg.norm(v, np.inf))
unit = v / np.linalg.norm(v)
print(np.round(unit, 6), np.linalg.norm(unit))
M = np.arange(1, 10, dtype=float).reshape(3, 3)
print(f"fro {np.linalg.norm(M):.6f}")
print(f"2-norm {np.linalg.norm(M, 2):.6f}")
print(f"1-norm {np.linalg.norm(M, 1):.6f} inf-norm {np.linalg.norm(M, np.inf):.6f}")
print(f"nuclear {np.linalg.norm(M, 'nuc'):.6f}")
rows = np.linalg.norm(M, axis=1)
print(np.round(rows, 6))
pts = np.array([[0, 0], [3, 4], [6, 8], [1, 1]], dtype=float)
d = np.linalg.norm(pts[1:] - pts[:-1], axis=1)
print("path length", d.sum().round(6))
s = np.linalg.svd(M, compute_uv=False)
print(np.round(s, 6))
