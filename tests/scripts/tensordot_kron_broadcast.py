"""tensordot and kron contractions, broadcasting helpers, and nditer read-write loops."""

import numpy as np

A = np.arange(24).reshape(2, 3, 4)
B = np.arange(12).reshape(4, 3)
print("tensordot axes=1 shape:", np.tensordot(A, B, axes=1).shape)
T = np.tensordot(A, B, axes=([1, 2], [1, 0]))
print("tensordot over two axes:", T)
print("same as einsum:", np.array_equal(T, np.einsum("ijk,kj->i", A, B)))
u, v = np.arange(3), np.arange(4)
print("axes=0 is outer:", np.array_equal(np.tensordot(u, v, axes=0), np.outer(u, v)))
print("axes=2 scalar:", np.tensordot(B, B, axes=2), (B * B).sum())
M = np.array([[1, 2], [3, 4]])
print("tensordot matrices == matmul:", np.array_equal(np.tensordot(M, M, axes=(1, 0)), M @ M))

# Kronecker products
print("kron with identity:")
print(np.kron(np.eye(2, dtype=int), M))
print("kron with ones (upsample):")
print(np.kron(M, np.ones((2, 2), dtype=int)))
print("kron 1-D:", np.kron([1, 10], [1, 2, 3]))
print("kron shapes:", np.kron(np.ones((2, 3)), np.ones((4, 5))).shape)
X, Y = np.array([[2.0, 1.0], [0.0, 1.0]]), np.array([[1.0, 1.0], [1.0, 3.0]])
print(
    "det(kron) = det^n * det^m:",
    np.isclose(np.linalg.det(np.kron(X, Y)), np.linalg.det(X) ** 2 * np.linalg.det(Y) ** 2),
)

# broadcasting helpers
col = np.arange(3).reshape(3, 1)
row = np.arange(4)
bc, br = np.broadcast_arrays(col, row)
print("broadcast_arrays shapes:", bc.shape, br.shape, "strides:", bc.strides, br.strides)
print("broadcast_shapes:", np.broadcast_shapes((3, 1), (4,), (2, 1, 1)))
print("broadcast_to:")
print(np.broadcast_to(row, (2, 4)))
b = np.broadcast(col, row)
print("broadcast object:", b.shape, b.ndim, b.size)
try:
    np.broadcast_shapes((3,), (4,))
except ValueError:
    print("incompatible shapes raise ValueError")

# nditer with readwrite
a = np.arange(6).reshape(2, 3)
with np.nditer(a, op_flags=["readwrite"]) as it:
    for x in it:
        x[...] = x * x + 1
print("squared+1 in place:")
print(a)
it = np.nditer(a, flags=["multi_index"])
print("multi_index walk:", [(it.multi_index, int(x)) for x in it][:4])
out = np.zeros((3, 4), dtype=int)
with np.nditer([col, row, out], op_flags=[["readonly"], ["readonly"], ["writeonly"]]) as it:
    for x, y, z in it:
        z[...] = 10 * x + y
print("broadcast fill via nditer:")
print(out)
print("ndenumerate nonzero of eye:", [idx for idx, val in np.ndenumerate(np.eye(3)) if val])
print("ndindex count:", sum(1 for _ in np.ndindex(2, 3, 4)), next(iter(np.ndindex(2, 2))))
