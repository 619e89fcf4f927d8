"""Integer-array indexing, np.take, put, ix_ and advanced assignment."""

import numpy as np

m = np.arange(20).reshape(4, 5) * 10
print(m[[0, 2, 3]])
print(m[[0, 1, 2], [4, 3, 2]])
print(m[np.ix_([1, 3], [0, 2, 4])])
print(m[:, [True, False, True, False, True]])
print(np.take(m, [1, 7, 13]))
print(np.take(m, [0, 4], axis=1))
rows = np.array([3, 0, 0, 2])
cols = np.array([1, 1, 4, 0])
m2 = m.copy()
m2[rows, cols] = -1
print(m2)
acc = np.zeros(5, dtype=int)
np.add.at(acc, [0, 1, 1, 4, 4, 4], 1)
print(acc)
order = np.argsort(m[:, 1])[::-1]
print(m[order][:, :2])
idx = np.argmax(m, axis=1)
print(np.take_along_axis(m, idx[:, None], axis=1).ravel())
diag = m[np.arange(4), np.arange(4)]
print(diag)
