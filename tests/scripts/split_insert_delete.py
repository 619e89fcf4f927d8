"""Splitting arrays into pieces and growing or shrinking them with insert, delete and append."""

import numpy as np

x = np.arange(12)
print("split into 3:", np.split(x, 3))
print("split at indices:", np.split(x, [2, 5, 9]))
print("array_split uneven:", np.array_split(x, 5))
print("array_split sizes:", [len(p) for p in np.array_split(np.arange(10), 4)])
try:
    np.split(x, 5)
except ValueError as e:
    print("split error:", type(e).__name__)

m = np.arange(24).reshape(4, 6)
left, right = np.hsplit(m, 2)
print("hsplit shapes:", left.shape, right.shape)
top, mid, bottom = np.vsplit(m, [1, 3])
print("vsplit:", top.shape, mid.shape, bottom.shape)
print("bottom:", bottom)
cube = np.arange(16).reshape(2, 2, 4)
print("dsplit:", [p.shape for p in np.dsplit(cube, [1])])
print("split axis=1 into 3:", [p.tolist() for p in np.split(m[:2], 3, axis=1)])
print("pieces are views:", np.shares_memory(left, m))

# insert
a = np.array([10, 20, 30, 40])
print("insert scalar:", np.insert(a, 1, 15))
print("insert multiple at one spot:", np.insert(a, 2, [21, 22]))
print("insert at several spots:", np.insert(a, [1, 3], [11, 33]))
print("insert float into int (truncated):", np.insert(a, 0, 9.7))
print("insert at end:", np.insert(a, len(a), 50))
print("insert with slice:", np.insert(a, slice(0, 4, 2), -1))
grid = np.arange(6).reshape(2, 3)
print("insert column:")
print(np.insert(grid, 1, 99, axis=1))
print("insert row from list:")
print(np.insert(grid, 2, [7, 8, 9], axis=0))
print("insert flattened (axis=None):", np.insert(grid, 3, 0))

# delete
print("delete index:", np.delete(a, 1))
print("delete list:", np.delete(a, [0, 2]))
print("delete slice:", np.delete(np.arange(10), np.s_[::3]))
print("delete negative:", np.delete(a, -1))
print("delete boolean mask:", np.delete(a, np.array([True, False, False, True])))
print("delete row:")
print(np.delete(grid, 0, axis=0))
print("delete columns:")
print(np.delete(grid, [0, 2], axis=1))

# append
print("append 1-D:", np.append(a, [50, 60]))
print("append flattens without axis:", np.append(grid, [[6, 7, 8]]))
print("append row axis=0:")
print(np.append(grid, [[6, 7, 8]], axis=0))
print("append dtype promotion:", np.append(a, 0.5).dtype)
try:
    np.append(grid, [6, 7, 8], axis=0)
except ValueError as e:
    print("append shape error:", type(e).__name__)
print("original untouched:", a, grid.shape)
