"""Low-rank approximation of a matrix with the SVD (Eckart-Young), and its compression ratio."""

import numpy as np

rng = np.random.default_rng(123)
m, n = 30, 20
U0 = rng.normal(size=(m, 3))
V0 = rng.normal(size=(3, n))
M = U0 @ V0 + 0.05 * rng.normal(size=(m, n))
U, s, Vt = np.linalg.svd(M, full_matrices=False)
print("shapes:", U.shape, s.shape, Vt.shape)
print("singular values:", np.round(s[:6], 4))
energy = np.cumsum(s**2) / np.sum(s**2)
k90 = int(np.searchsorted(energy, 0.99) + 1)
print("rank for 99% energy:", k90)

for k in (1, 2, 3, 5):
    Mk = (U[:, :k] * s[:k]) @ Vt[:k]
    err = np.linalg.norm(M - Mk)
    print(
        f"k={k}: frobenius error {err:.5f}, tail bound {np.sqrt(np.sum(s[k:] ** 2)):.5f}, "
        f"2-norm error {np.linalg.norm(M - Mk, 2):.5f} vs s[k] {s[k]:.5f}"
    )
    print(f"     storage {k * (m + n + 1)} of {m * n} numbers")

print("matrix_rank (default tol):", np.linalg.matrix_rank(M))
print("matrix_rank tol=1:", np.linalg.matrix_rank(M, tol=1.0))
print("reconstruct:", np.allclose(U @ np.diag(s) @ Vt, M))
print("singular values only:", np.allclose(np.linalg.svd(M, compute_uv=False), s))
full = np.linalg.svd(M)
print("full_matrices shapes:", full[0].shape, full[2].shape)
print(f"condition number {np.linalg.cond(M):.4f} = {s[0] / s[-1]:.4f}")
pinv = np.linalg.pinv(M)
print("pinv identity:", np.allclose(M @ pinv @ M, M))
