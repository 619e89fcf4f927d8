"""Indexing on ndarrays: basic slices, Ellipsis, newaxis, integer and boolean arrays, ix_."""

import numpy as np

x = np.arange(10)
print(x[2], x[-2], x[1:7:2], x[-3:3:-1], x[5:], x[::-1][:3])
x2 = x.reshape(2, 5)
print(x2[1, 3], x2[1, -1], x2[0], x2[0][2])

y = np.arange(35).reshape(5, 7)
print(y[1:5:2, ::3])
z = np.arange(81).reshape(3, 3, 3, 3)
print(z[1, ..., 2])
print(z[..., 0].shape, z[1, ...].shape, z[:, np.newaxis, :, :].shape)
print(np.arange(5)[:, np.newaxis] + np.arange(5)[np.newaxis, :])

# integer array indexing
x = np.arange(10, 1, -1)
print(x[np.array([3, 3, 1, 8])], x[np.array([3, 3, -3, 8])])
print(x[np.array([[1, 1], [2, 3]])])
try:
    x[np.array([3, 12])]
except IndexError:
    print("IndexError: index out of bounds")
print(y[np.array([0, 2, 4]), np.array([0, 1, 2])])
print(y[np.array([0, 2, 4]), 1])
print(y[np.array([0, 2, 4])])
a = np.array([[1, 2], [3, 4], [5, 6]])
print(a[[0, 1, 2], [0, 1, 0]])
b = np.array([[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11]])
rows = np.array([[0, 0], [3, 3]], dtype=np.intp)
columns = np.array([[0, 2], [0, 2]], dtype=np.intp)
print(b[rows, columns])
print(b[rows[:, np.newaxis], columns].shape, b[np.ix_([0, 3], [0, 2])])
print(b[1:2, [1, 2]], b[..., [1, 2]].shape)

# boolean masks
x = np.array([[1.0, 2.0], [np.nan, 3.0], [np.nan, np.nan]])
print(x[~np.isnan(x)])
x = np.array([1.0, -1.0, -2.0, 3])
x[x < 0] += 20
print(x)
x = np.arange(35).reshape(5, 7)
b = x > 20
print(b[:, 5], x[b[:, 5]])
print(x[b[:, 5], 1:3])
c = np.array([[0, 1], [1, 1], [2, 2]])
rowsum = c.sum(-1)
print(c[rowsum <= 2, :])
x = np.array([[0, 1], [1, 1], [2, 2]])
print(x[np.nonzero(x.sum(-1) <= 2)])
r = np.arange(24).reshape(2, 3, 4)
print(r[[True, False], :, [0, 3]])

# structured field access
s = np.zeros((2, 2), dtype=[("a", np.int32), ("b", np.float64, (3, 3))])
print(s["a"].shape, s["a"].dtype, s["b"].shape, s["b"].dtype)

# assignment, including repeated indices
x = np.arange(10)
x[2:7] = 1
x[2:7] = np.arange(5)
x[1] = 1.2
print(x)
x = np.arange(0, 50, 10)
x[np.array([1, 1, 3, 1])] += 1
print(x)
acc = np.zeros(5, dtype=int)
np.add.at(acc, [1, 1, 3, 1], 1)
print(acc)

# flat iterator
f = np.arange(12).reshape(3, 4)
print(f.flat[5], f.flat[[1, 4, 11]], f.flat[-1])
f.flat[::3] = -1
print(f)
print([v for v in f.flat][:6])
