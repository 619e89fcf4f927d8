"""Determinants, inverses, ranks, norms and condition numbers of small matrices."""

import numpy as np

A = np.array([[2.0, -1.0, 0.0], [-1.0, 2.0, -1.0], [0.0, -1.0, 2.0]])
B = np.array([[1, 2, 3], [4, 5, 6], [7, 8, 10]])
S = np.array([[1.0, 2.0], [2.0, 4.0]])
np.set_printoptions(precision=5, suppress=True)
for name, M in (("A", A), ("B", B), ("S", S)):
    print(
        f"{name}: det {np.linalg.det(M):.6f}  rank {np.linalg.matrix_rank(M)}  "
        f"cond {np.linalg.cond(M):.4e}  trace {np.trace(M)}"
    )
print("inv(A):")
print(np.linalg.inv(A))
print("A @ inv(A) = I:", np.allclose(A @ np.linalg.inv(A), np.eye(3)))
print("inv(B):")
print(np.linalg.inv(B))
try:
    np.linalg.inv(S)
except np.linalg.LinAlgError as e:
    print("S is singular:", e)

print(
    "det(AB) = det(A) det(B):",
    np.isclose(np.linalg.det(A @ B), np.linalg.det(A) * np.linalg.det(B)),
)
print("det(A^T) = det(A):", np.isclose(np.linalg.det(A.T), np.linalg.det(A)))
for ord_ in (None, "fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf):
    print(f"norm(A, {ord_!s:>4}) = {np.linalg.norm(A, ord_):.6f}")
print("cond in other norms:", [round(float(np.linalg.cond(A, p)), 6) for p in (1, np.inf, "fro")])
stack = np.stack([A, 2 * A, np.eye(3)])
print("batched det:", np.linalg.det(stack))
print("batched inv shape:", np.linalg.inv(stack).shape)
sign, logabs = np.linalg.slogdet(stack)
print("slogdet:", sign, np.round(logabs, 6))
print("matrix_power(A, 3):")
print(np.linalg.matrix_power(A, 3))
print("A^-2 via matrix_power:", np.allclose(np.linalg.matrix_power(A, -2), np.linalg.inv(A @ A)))
np.set_printoptions(precision=8, suppress=False)
