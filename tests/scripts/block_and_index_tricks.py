"""Building arrays with np.block, np.r_, np.c_, np.s_, np.mgrid and np.ogrid."""

import numpy as np

A = np.ones((2, 2), dtype=int)
B = np.zeros((2, 3), dtype=int)
C = np.full((1, 5), 7)
M = np.block([[A, B], [C]])
print("block matrix:")
print(M)
print("shape:", M.shape, "dtype:", M.dtype)
I2 = np.eye(2)
K = np.block([[I2, 2 * I2], [3 * I2, np.zeros((2, 2))]])
print("2x2 block of blocks:")
print(K)
print("1-D block:", np.block([np.arange(3), 10, np.array([20, 30])]))

# r_ and c_
print("r_ slices:", np.r_[0:3, 10, 20:23])
print("r_ with linspace step:", np.r_[0:1:5j])
print("r_ negative step:", np.r_[5:0:-2])
print("r_ concat arrays:", np.r_[np.array([1, 2]), [3], 4])
print("r_ row directive:")
print(np.r_["0,2", [1, 2, 3], [4, 5, 6]])
print("r_ axis directive:")
print(np.r_["1,2,0", [1, 2, 3], [4, 5, 6]])
print("c_ columns:")
print(np.c_[np.array([1, 2, 3]), np.array([4, 5, 6])])
print("c_ with 2-D and scalar broadcast:")
print(np.c_[np.zeros((2, 2), dtype=int), [[9], [8]]])

# s_ and index_exp
sl = np.s_[1:4, ::2]
print("s_ object:", sl)
grid = np.arange(30).reshape(5, 6)
print("grid[s_]:")
print(grid[sl])
print("index_exp:", np.index_exp[2:, 0])
print("s_ single:", np.s_[::-1], np.arange(5)[np.s_[::-1]])

# mgrid / ogrid
yy, xx = np.mgrid[0:3, 0:4]
print("mgrid shapes:", yy.shape, xx.shape)
print("mgrid y:")
print(yy)
print("mgrid complex step:")
print(np.mgrid[0:1:3j, 0:2:3j][1])
oy, ox = np.ogrid[0:3, 0:4]
print("ogrid shapes:", oy.shape, ox.shape)
dist2 = (oy - 1) ** 2 + (ox - 1.5) ** 2
print("distance squared:")
print(dist2)
print("ogrid 1-D float:", np.ogrid[0:1:0.25])
print("mgrid dtype:", np.mgrid[0:2, 0:2].dtype, np.mgrid[0:1:2j].dtype)
