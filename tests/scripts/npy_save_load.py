"""np.save / np.load / np.savez round trips."""

import os
import tempfile

import numpy as np

rng = np.random.default_rng(15)
weights = rng.normal(size=(4, 5)).astype(np.float32)
labels = np.arange(10, dtype=np.int16)
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "w.npy")
    np.save(path, weights)
    w2 = np.load(path)
    zpath = os.path.join(tmp, "bundle.npz")
    np.savez(zpath, weights=weights, labels=labels)
    with np.load(zpath) as bundle:
        names = sorted(bundle.files)
        lab2 = bundle["labels"]
        w3 = bundle["weights"]
print(w2.dtype, w2.shape, np.array_equal(w2, weights))
print(names)
print(lab2.dtype, lab2)
print(np.allclose(w3, weights))
total = float(w2.sum())
print(f"{total:.5f}")
