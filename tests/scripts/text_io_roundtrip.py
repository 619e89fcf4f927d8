"""savetxt/loadtxt round trip through a temporary directory."""

import os
import tempfile

import numpy as np

rng = np.random.default_rng(14)
table = np.round(rng.uniform(-5, 5, size=(6, 3)), 4)
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "table.csv")
    np.savetxt(path, table, delimiter=",", fmt="%.4f", header="a,b,c", comments="")
    with open(path) as f:
        print(f.read().strip())
    loaded = np.loadtxt(path, delimiter=",", skiprows=1)
    cols = np.loadtxt(path, delimiter=",", skiprows=1, usecols=(0, 2), unpack=True)
    ints = np.arange(12).reshape(4, 3)
    ipath = os.path.join(tmp, "ints.txt")
    np.savetxt(ipath, ints, fmt="%d")
    ints_back = np.loadtxt(ipath, dtype=int)
print(loaded.shape, loaded.dtype)
print(np.array_equal(loaded, table))
print(len(cols), cols[1])
print(ints_back.dtype, ints_back.sum())
