"""Classical and modified Gram-Schmidt orthonormalisation compared with np.linalg.qr."""

import numpy as np


def classical(A):
    Q = np.zeros_like(A, dtype=float)
    for j in range(A.shape[1]):
        v = A[:, j].astype(float)
        for i in range(j):
            v = v - (Q[:, i] @ A[:, j]) * Q[:, i]
        Q[:, j] = v / np.linalg.norm(v)
    return Q


def modified(A):
    Q = A.astype(float).copy()
    n = A.shape[1]
    for j in range(n):
        Q[:, j] /= np.linalg.norm(Q[:, j])
        for k in range(j + 1, n):
            Q[:, k] -= (Q[:, j] @ Q[:, k]) * Q[:, j]
    return Q


A = np.array([[1.0, 1.0, 0.0], [1.0, 0.0, 1.0], [0.0, 1.0, 1.0], [1.0, 1.0, 1.0]])
for name, f in (("classical", classical), ("modified", modified)):
    Q = f(A)
    print(f"{name}: orthonormal {np.allclose(Q.T @ Q, np.eye(3))}")
    print(np.round(Q, 5))

Qn, Rn = np.linalg.qr(A)
Qm = modified(A)
signs = np.sign(np.diag(Rn))
print("matches np.linalg.qr up to signs:", np.allclose(Qm, Qn * signs))
R = Qm.T @ A
print("R (from Q^T A):")
print(np.round(R, 5))

# loss of orthogonality on a nearly dependent (Hilbert-like) set
H = 1.0 / (np.arange(1, 9)[:, None] + np.arange(8)[None, :])
for name, f in (("classical", classical), ("modified", modified)):
    Q = f(H)
    print(f"{name} orthogonality error: {np.linalg.norm(Q.T @ Q - np.eye(8)):.2e}")
print(f"cond(H) = {np.linalg.cond(H):.3e}")
