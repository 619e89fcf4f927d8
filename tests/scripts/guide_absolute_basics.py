"""The absolute basics: creating, sorting, joining, reshaping, indexing and summarising arrays."""

import numpy as np

a = np.array([1, 2, 3, 4, 5, 6])
print(a, a[0], a.ndim, a.shape, a.size, a.dtype)
print(np.zeros(2), np.ones(2), np.arange(4), np.arange(2, 9, 2))
print(np.linspace(0, 10, num=5), np.ones(2, dtype=np.int64))
print(repr(np.empty(0)))

arr = np.array([2, 1, 5, 3, 7, 4, 6, 8])
print("sorted:", np.sort(arr))
print("concatenate:", np.concatenate((np.array([1, 2, 3, 4]), np.array([5, 6, 7, 8]))))
x = np.array([[1, 2], [3, 4]])
y = np.array([[5, 6]])
print(np.concatenate((x, y), axis=0))

array_example = np.array([[[0, 1, 2, 3], [4, 5, 6, 7]], [[0, 1, 2, 3], [4, 5, 6, 7]]])
print(array_example.ndim, array_example.size, array_example.shape)
b = np.arange(6).reshape(3, 2)
print(b)
print(np.reshape(a, shape=(1, 6), order="C"))
print(a[np.newaxis, :].shape, a[:, np.newaxis].shape, np.expand_dims(a, axis=1).shape)

data = np.array([1, 2, 3])
print(data[1], data[0:2], data[1:], data[-2:])
c = np.array([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
print(c[c < 5], c[c >= 5])
five_up = c >= 5
print(five_up)
print(c[(c > 2) & (c < 11)])
print(c[c % 2 == 0])
rows, cols = np.nonzero(c < 5)
print(rows, cols)
print(list(zip(rows, cols)))

a1 = np.array([[1, 1], [2, 2]])
a2 = np.array([[3, 3], [4, 4]])
print(np.vstack((a1, a2)))
print(np.hstack((a1, a2)))
wide = np.arange(1, 25).reshape(2, 12)
print(np.hsplit(wide, 3)[1])
print(np.hsplit(wide, (3, 4))[1])

v = c[0, :]
v[0] = 99
print(c[0], np.shares_memory(v, c))
c2 = c.copy()
c2[0, 0] = -1
print(c[0, 0], c2[0, 0])

data = np.array([1, 2])
ones = np.ones(2, dtype=int)
print(data + ones, data - ones, data * data, data / data)
print(np.array([1, 2, 3, 4]).sum(), np.array([[1, 1], [2, 2]]).sum(axis=0))
print(data * 1.6)
m = np.array(
    [
        [0.45053314, 0.17296777, 0.34376245, 0.5510652],
        [0.54627315, 0.05093587, 0.40067661, 0.55645993],
    ]
)
print(m.sum(), m.min(), m.min(axis=0), m.max(axis=1))
print(f"{m.mean():.6f} {m.std():.6f} {np.prod(m):.3e}")

a = np.array([11, 11, 12, 13, 14, 15, 16, 17, 12, 13, 11, 14, 18, 19, 20])
vals, idx, cnt = np.unique(a, return_index=True, return_counts=True)
print(vals, idx, cnt)
a2d = np.array([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [1, 2, 3, 4]])
u, indices, counts = np.unique(a2d, axis=0, return_index=True, return_counts=True)
print(u, indices, counts)
arr = np.arange(6).reshape((2, 3))
print(arr.transpose(), arr.T.shape)
print(np.flip(arr), np.flip(arr, axis=0), np.flip(arr, axis=1), sep="\n")
x = np.array([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
f1, r1 = x.flatten(), x.ravel()
f1[0], r1[1] = 100, 200
print(x[0], f1[:3], r1[:3])
print(repr(x), repr(np.array([1.5, 2.0])))
