# numpy-100 exercise 55/62 variants
import numpy as np

Z = np.arange(6).reshape(2, 3)
print([(i, int(v)) for i, v in np.ndenumerate(Z)])
print(list(np.ndindex(2, 3)))
print(list(np.ndindex((2,))))
print(list(np.ndindex()))
for x in np.nditer(Z, flags=["external_loop"], order="F"):
    print(x)
A = np.arange(3).reshape(3, 1)
B = np.arange(3).reshape(1, 3)
it = np.nditer([A, B, None], op_dtypes=[None, None, np.float64])
for x, y, z in it:
    z[...] = x + y
print(it.operands[2])
it = np.nditer(Z, flags=["f_index"])
while not it.finished:
    print(int(it[0]), it.index, end="; ")
    it.iternext()
print()
b = np.broadcast(A, B)
print(b.shape, b.nd, b.size)
out = np.empty(b.shape)
out.flat = [u + v for (u, v) in b]
print(out)
for row in Z:
    print(row, row.sum())
print([int(v) for v in Z.flat])
print(Z.flat[3], Z.flat[[1, 4]])
