"""Archive an experiment's arrays with savez / savez_compressed and read them back."""

import os
import tempfile

import numpy as np

rng = np.random.default_rng(99)
signal = np.sin(np.linspace(0, 8 * np.pi, 2000)) + rng.normal(0, 0.05, 2000)
mask = signal > 0.5
counts = rng.poisson(4, size=(6, 8)).astype(np.int32)
sparse = np.zeros((200, 200))
sparse[::17, ::23] = 1.0
meta = np.array([("run", 7), ("seed", 99)], dtype=[("key", "U8"), ("value", "i8")])
stamps = np.arange("2024-05-01", "2024-05-08", dtype="datetime64[D]")

with tempfile.TemporaryDirectory() as tmp:
    plain = os.path.join(tmp, "plain.npz")
    small = os.path.join(tmp, "small.npz")
    np.savez(plain, signal, mask, counts=counts)
    np.savez_compressed(small, sparse=sparse, meta=meta, stamps=stamps, scalar=np.float64(2.5))
    size_plain = os.path.getsize(plain)
    size_small = os.path.getsize(small)

    with np.load(plain) as z:
        print("plain files:", sorted(z.files))
        sig2, mask2, counts2 = z["arr_0"], z["arr_1"], z["counts"]
        print("'counts' in z:", "counts" in z, "'nope' in z:", "nope" in z)
    with np.load(small) as z:
        print("compressed files:", sorted(z.files))
        sparse2 = z["sparse"]
        meta2 = z["meta"]
        stamps2 = z["stamps"]
        scalar2 = z["scalar"]
    buf_path = os.path.join(tmp, "from_dict.npz")
    arrays = {"a": np.arange(5), "b": np.eye(2, dtype=np.uint8)}
    with open(buf_path, "wb") as fh:
        np.savez(fh, **arrays)
    loaded = np.load(buf_path)
    dict_back = {k: loaded[k] for k in sorted(loaded.files)}
    loaded.close()

print("signal:", sig2.dtype, sig2.shape, np.array_equal(sig2, signal))
print("mask:", mask2.dtype, mask2.sum(), np.array_equal(mask2, mask))
print("counts:", counts2.dtype, counts2.shape)
print(counts2)
print("sparse nonzero:", np.count_nonzero(sparse2), sparse2.dtype)
print("compressed smaller:", size_small < size_plain, size_small < sparse.nbytes // 10)
print("meta:", meta2, meta2.dtype)
print("meta as dict:", dict(zip(meta2["key"].tolist(), meta2["value"].tolist())))
print("stamps:", stamps2, stamps2.dtype)
print("scalar:", scalar2, scalar2.shape, scalar2.ndim, float(scalar2) * 2)
for k, v in dict_back.items():
    print(k, v.dtype, v.shape, v.tolist())
print("row sums:", counts2.sum(axis=1), "col max:", counts2.max(axis=0))
print(f"signal mean {sig2.mean():.6f} above 0.5: {mask2.mean():.3f}")
