"""Index helpers: ix_, diag_indices, tril/triu indices, unravel and ravel_multi_index."""

import numpy as np

rng = np.random.default_rng(77)
M = rng.integers(-9, 10, size=(5, 5))
print("matrix:")
print(M)

# sub-matrix with ix_ and assignment through it
rows, cols = [0, 2, 4], [1, 3]
print("M[ix_]:")
print(M[np.ix_(rows, cols)])
M2 = M.copy()
M2[np.ix_(rows, cols)] = 0
print("zeroed count:", int((M2 == 0).sum()), "ix_ shapes:", [a.shape for a in np.ix_(rows, cols)])
mask_r = M[:, 0] > 0
print("ix_ with boolean:", M[np.ix_(mask_r, [0, 4])].tolist())

# diagonal manipulation
di = np.diag_indices(5)
M3 = M.copy()
M3[di] = 100
print("diag set:", np.diag(M3))
cube = np.zeros((3, 3, 3), dtype=int)
cube[np.diag_indices(3, ndim=3)] = [1, 2, 3]
print("3-D diagonal sum:", cube.sum(), "positions:", np.argwhere(cube).tolist())
print("diag_indices_from:", np.diag_indices_from(M)[0])

# triangles
lo = np.tril_indices(4)
print("tril_indices(4):", lo[0], lo[1])
print("tril offset -1 count:", len(np.tril_indices(4, k=-1)[0]))
print("triu_indices_from (k=1):", M[np.triu_indices_from(M, k=1)])
print("tril_indices_from:", np.tril_indices_from(M, k=-2)[1])
print("rectangular triu:", np.triu_indices(3, k=0, m=5)[1])
sym = np.zeros((4, 4))
iu = np.triu_indices(4, 1)
sym[iu] = np.arange(1, 7)
sym.T[iu] = sym[iu]
print("symmetric fill:")
print(sym)
print("is symmetric:", np.array_equal(sym, sym.T))
print("mask_indices:", np.mask_indices(3, np.triu)[1])

# flat positions <-> coordinates
flat_max = M.argmax()
r, c = np.unravel_index(flat_max, M.shape)
print(f"argmax flat {flat_max} -> row {r}, col {c}, value {M[r, c]}")
print("unravel many:", np.unravel_index([0, 7, 24], (5, 5)))
print("unravel order F:", np.unravel_index(7, (5, 5), order="F"))
print("unravel 3-D:", np.unravel_index(17, (2, 3, 4)))
coords = np.array([[0, 1, 4], [2, 0, 3]])
print("ravel_multi_index:", np.ravel_multi_index(coords, (5, 5)))
print("ravel F order:", np.ravel_multi_index(coords, (5, 5), order="F"))
print("ravel clip:", np.ravel_multi_index(([7, -1], [2, 9]), (5, 5), mode="clip"))
print("ravel wrap:", np.ravel_multi_index(([7, -1], [2, 9]), (5, 5), mode="wrap"))
roundtrip = np.ravel_multi_index(np.unravel_index(np.arange(25), (5, 5)), (5, 5))
print("roundtrip ok:", np.array_equal(roundtrip, np.arange(25)))
print("indices grid:", np.indices((2, 3)).shape, np.indices((2, 3), sparse=True)[1])
