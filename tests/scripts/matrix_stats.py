"""Row/column reductions on a 2-D table with keepdims and axis tuples."""

import numpy as np

rng = np.random.default_rng(23)
sales = rng.integers(0, 50, size=(4, 7))
print(sales)
print("per store:", sales.sum(axis=1))
print("per day:", sales.sum(axis=0))
share = sales / sales.sum(axis=1, keepdims=True)
print(np.round(share[0], 4), share.sum(axis=1))
print("best day per store:", sales.argmax(axis=1))
print("min, max:", sales.min(), sales.max())
print("all positive rows:", np.all(sales > 0, axis=1))
print(np.mean(sales, axis=(0, 1)), sales.mean())
cube = sales.reshape(2, 2, 7)
print(cube.sum(axis=(0, 2)))
centered = sales - sales.mean(axis=0)
print(np.round(centered.std(axis=0), 4))
cummax = np.maximum.accumulate(sales, axis=1)
print(cummax[0])
top = np.sort(sales, axis=1)[:, -2:]
print(top)
