"""Everyday np.einsum: traces, transposes, batched products, bilinear forms."""

import numpy as np

rng = np.random.default_rng(125)
A = rng.integers(-3, 4, size=(3, 3))
B = rng.integers(-3, 4, size=(3, 4))
v = np.arange(3)
w = np.arange(4)
print("A:")
print(A)
print("trace:", np.einsum("ii", A), np.trace(A))
print("diagonal:", np.einsum("ii->i", A))
print("transpose equal:", np.array_equal(np.einsum("ij->ji", B), B.T))
print("row sums:", np.einsum("ij->i", B), "total:", np.einsum("ij->", B))
print("matmul:")
print(np.einsum("ij,jk->ik", A, B))
print("matvec:", np.einsum("ij,j->i", A, v))
print("inner:", np.einsum("i,i", v, v), "outer shape:", np.einsum("i,j->ij", v, w).shape)
print("bilinear v^T A v:", np.einsum("i,ij,j", v, A, v))
print("elementwise product sum:", np.einsum("ij,ij->", A, A), (A * A).sum())

X = rng.normal(size=(5, 2, 3))
Y = rng.normal(size=(5, 3, 2))
batched = np.einsum("bij,bjk->bik", X, Y)
print("batched matmul agrees:", np.allclose(batched, X @ Y))
print("batched traces:", np.round(np.einsum("bii->b", batched), 5))
print("ellipsis:", np.einsum("...ij->...ji", X).shape)
# pairwise squared distances
P = rng.normal(size=(4, 2))
diff = P[:, None, :] - P[None, :, :]
D = np.einsum("ijk,ijk->ij", diff, diff)
print("distances:")
print(np.round(D, 4))
print(
    "optimize path:", np.allclose(np.einsum("ij,jk,kl->il", A, B, B.T, optimize=True), A @ B @ B.T)
)
print("implicit mode:", np.einsum("ij,jk", A, B).shape)
