"""Dask expressions run on NumPy-chunked and xtensor-chunked arrays by the Dask tests.

Each case is `name: (expression, data)`; the tests build the same Dask array from `data` twice,
with NumPy chunks and with xtensor chunks (`da.from_array(xt.asarray(data), asarray=False)`),
and compare the two results under the threaded scheduler and under a LocalCluster.
"""

from __future__ import annotations

import numpy as np

A = np.arange(24.0).reshape(4, 6) - 7.5
# NaNs in two chunks of (2, 3), for the nan* reductions.
A_NAN = A.copy()
A_NAN[1, 2] = A_NAN[3, 0] = np.nan
CHUNKS = (2, 3)


def cases(da) -> dict:
    """The cases, built once `dask.array` (`da`) is importable."""
    cases = {
        "elementwise": lambda m: (m + 1) * 2 - m / 3,
        "integer elementwise": lambda m: (m.astype("int64") // 3) % 5,
        "comparison": lambda m: (m > 0) & (m < 10),
        "broadcast": lambda m: m - m.mean(axis=0),
        "broadcast dask row": lambda m: m + da.arange(6, chunks=3),
        "da.sin": lambda m: da.sin(m),
        "np.sin": lambda m: np.sin(m),
        "np.add scalar": lambda m: np.add(m, 1),
        "np.mean": lambda m: np.mean(m, axis=0),
        "where": lambda m: da.where(m > 0, m, 0),
        "clip": lambda m: m.clip(-2, 3),
        "astype float32": lambda m: m.astype("float32") * 2,
        "std ddof 1": lambda m: m.std(axis=0, ddof=1),
        "moment": lambda m: da.moment(m, 3, axis=0),
        "median": lambda m: da.median(m, axis=0),
        "ptp": lambda m: da.ptp(m, axis=1),
        "count_nonzero": lambda m: da.count_nonzero(m > 0, axis=0),
        "sum int32": lambda m: m.astype("int32").sum(axis=0),
        "mean of bool": lambda m: (m > 0).mean(),
        "var float32": lambda m: m.astype("float32").var(axis=1),
        "cumsum": lambda m: m.cumsum(axis=0),
        "cumsum axis 1": lambda m: m.cumsum(axis=1),
        "cumprod": lambda m: (m / 10).cumprod(axis=0),
        "matmul": lambda m: m @ m.T,
        "dot": lambda m: da.dot(m, m.T),
        "tensordot": lambda m: da.tensordot(m, m, axes=([1], [1])),
        "einsum": lambda m: da.einsum("ij,kj->ik", m, m),
        "rechunk": lambda m: m.rechunk((4, 2)),
        "concatenate": lambda m: da.concatenate([m, m]),
        "concatenate axis 1": lambda m: da.concatenate([m, m], axis=1),
        "stack": lambda m: da.stack([m, m]),
        "slicing": lambda m: m[1:, ::2],
        "transpose": lambda m: m.T + 0,
        "fancy indexing": lambda m: m[[0, 2, 3]],
        "fancy indexing columns": lambda m: m[:, [5, 0, 1]],
        "take": lambda m: da.take(m, [1, 3], axis=1),
        "map_overlap": lambda m: m.map_overlap(lambda b: b * 2, depth=1, boundary="reflect"),
        "map_overlap none": lambda m: m.map_overlap(lambda b: b + 1, depth=1, boundary="none"),
        "map_blocks": lambda m: m.map_blocks(lambda b: b + b.T.T),
        "diff": lambda m: da.diff(m, axis=1),
        "flip": lambda m: da.flip(m, 0),
        "roll": lambda m: da.roll(m, 2, axis=1),
        "pad": lambda m: da.pad(m, 1),
        "tile": lambda m: da.tile(m, 2),
        "topk": lambda m: da.topk(m, 2, axis=1),
        "isclose": lambda m: da.isclose(m, m + 1e-12),
    }
    cases = {name: (f, A) for name, f in cases.items()}
    for name in ("sum", "prod", "mean", "std", "var", "min", "max", "argmax", "argmin"):
        cases[name] = (lambda m, n=name: getattr(m, n)(), A)
        cases[f"{name} axis 0"] = (lambda m, n=name: getattr(m, n)(axis=0), A)
        cases[f"{name} axis 1 keepdims"] = (
            lambda m, n=name: getattr(da, n)(m, axis=1, keepdims=True),
            A,
        )
    for name in ("any", "all"):
        cases[name] = (lambda m, n=name: getattr(m > 3, n)(), A)
        cases[f"{name} axis 0"] = (lambda m, n=name: getattr(m > -7, n)(axis=0), A)
    nan_reductions = "nansum nanprod nanmean nanstd nanvar nanmin nanmax nanargmin nanargmax"
    for name in nan_reductions.split():
        cases[name] = (lambda m, n=name: getattr(da, n)(m), A_NAN)
        cases[f"{name} axis 1"] = (lambda m, n=name: getattr(da, n)(m, axis=1), A_NAN)
    for name in ("nancumsum", "nancumprod"):
        cases[name] = (lambda m, n=name: getattr(da, n)(m / 10, axis=0), A_NAN)
    cases["nanmedian"] = (lambda m: da.nanmedian(m, axis=1), A_NAN)
    return cases


# Dask itself builds these with NumPy chunks or NumPy `meta`, whatever the input's chunk type,
# so only their values are compared: boolean masks and histograms build their result with no
# `meta` (NumPy's by default); `argwhere` and `nonzero` index with `da.indices` (NumPy chunks).
def dask_own_cases(da) -> dict:
    return {
        "boolean mask": (lambda m: m[m > 1], A),
        "histogram": (lambda m: da.histogram(m, bins=4, range=(-10, 20))[0], A),
        "argwhere": (lambda m: da.argwhere(m > 5), A),
        "nonzero": (lambda m: da.nonzero(m > 5)[0], A),
    }
