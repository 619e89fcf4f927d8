"""A typed client of xtensor, checked by `mypy --strict` (tests/typing/test_mypy.py) and run.

Two styles of code meet here: array-API-agnostic code written against `xp` (creation,
elementwise functions and operators, reductions, manipulation, indexing, linalg, fft), and a
NumPy script written as `import xtensor as np` (np.pad, np.random, ufunc methods, ndarray
methods). Each function declares what it returns, so strict mode's `warn_return_any` fails
on any call that types as Any; `assert_type` pins the exact types that matter most.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import xtensor
import xtensor as np
import xtensor as xp
from xtensor import Array

if TYPE_CHECKING:
    from typing_extensions import assert_type
else:

    def assert_type(value, _type):  # run time: typing_extensions need not be installed
        return value


# --- array-API-agnostic code -------------------------------------------------------------------


def creation() -> list[Array]:
    x = xp.asarray([[1.0, 2.0], [3.0, 4.0]], dtype=xp.float64)
    return [
        x,
        xp.zeros((2, 3)),
        xp.ones(4, dtype=xp.int32, device="cpu"),
        xp.arange(0, 10, 2),
        xp.linspace(0.0, 1.0, num=5, endpoint=False),
        xp.eye(3, k=1),
        xp.full((2, 2), 7),
        xp.zeros_like(x),
        xp.empty_like(x, dtype=xp.float32),
        *xp.meshgrid(xp.arange(3), xp.arange(2), indexing="ij"),
    ]


def elementwise(x: Array, y: Array) -> Array:
    z: xtensor.Array = xtensor.add(x, y)  # the op table's function types as Array
    assert_type(xtensor.add(x, y), Array)
    assert_type(xp.sin(x), Array)
    assert_type(x + y, Array)
    w = xp.multiply(xp.exp(-x), xp.sqrt(xp.abs(y))) + xp.where(x > y, x, 0.5)
    w = w - 2 * x / (1.0 + y) ** 2 + abs(-x) + (x @ y)
    w = xp.clip(w, min=0.0, max=10.0) + xp.round(x) + xp.real(x)
    mask = (x >= 0) & ~xp.isnan(y) | (x == y)
    assert_type(mask, Array)
    z += 1
    return xp.where(mask, w, z)


def reductions(x: Array) -> list[Array]:
    total = xp.sum(x, axis=0, keepdims=True)
    assert_type(total, Array)
    return [
        total,
        xp.mean(x),
        xp.std(x, correction=1),
        xp.max(x, axis=(0, 1)),
        xp.argmax(x, axis=1),
        xp.any(x > 2),
        xp.all(x > 0),
        xp.cumulative_sum(x, axis=0),
        xp.count_nonzero(x),
    ]


def manipulation(x: Array) -> list[Array]:
    parts = xp.unstack(x, axis=0)
    return [
        xp.reshape(x, (4,)),
        xp.concat([x, x], axis=0),
        xp.stack(parts),
        xp.expand_dims(x, axis=0),
        xp.permute_dims(x, (1, 0)),
        xp.flip(x, axis=1),
        xp.broadcast_to(x[0], (3, 2)),
        xp.sort(x, axis=1, descending=True),
        xp.argsort(x),
        xp.unique_values(x),
        xp.unique_counts(x).counts,
        xp.astype(x, xp.int64),
    ]


def indexing(x: Array) -> list[Array]:
    row = x[0]
    assert_type(row, Array)
    x[0, 0] = 5.0
    x[x > 4] = 4
    x[...] = xp.clip(x, min=0.0)
    rows = xp.take(x, xp.asarray([1, 0]), axis=0)
    return [row, x[1:, ::2], x[..., 0], x[x > 1], x[None, :, 0], x[:, xp.asarray([1, 0])], rows]


def attributes(x: Array) -> tuple[tuple[int, ...], int, str, float, bool]:
    shape: tuple[int, ...] = x.shape
    dtype: xtensor.dtype = x.dtype
    eps = xp.finfo(dtype).eps
    integral = xp.isdtype(dtype, "integral") or xp.can_cast(dtype, xp.float64)
    moved = x.to_device("cpu").T.mT
    return shape, x.ndim + x.size + moved.ndim, str(x.device), eps + float(x[0, 0]), integral


def linear_algebra(a: Array, b: Array) -> list[Array]:
    q, r = xp.linalg.qr(a)
    u, s, vh = xp.linalg.svd(a, full_matrices=False)
    eigenvalues, _ = xp.linalg.eigh(a @ a.T)
    return [
        xp.linalg.solve(a, b),
        xp.linalg.inv(a),
        xp.linalg.vector_norm(b),
        xp.linalg.det(a),
        xp.matmul(q, r),
        u * s @ vh,
        eigenvalues,
        xp.tensordot(a, b, axes=1),
        xp.vecdot(b, b),
    ]


def fourier(x: Array) -> list[Array]:
    spectrum = xp.fft.fft(x, norm="ortho")
    assert_type(spectrum, Array)
    return [
        spectrum,
        xp.fft.ifft(spectrum),
        xp.fft.rfft(x, n=8),
        xp.fft.fftfreq(8, d=0.5),
        xp.fft.fftshift(x),
    ]


# --- a NumPy script, as `import xtensor as np` ------------------------------------------------


def numpy_script() -> list[Array]:
    rng = np.random.default_rng(0)
    samples = rng.normal(loc=1.0, scale=2.0, size=(3, 4))
    assert_type(samples, Array)
    np.random.seed(0)
    legacy = np.random.rand(3, 4) + np.random.beta(2.0, 5.0, size=(3, 4))
    legacy = legacy + np.random.RandomState(1).normal(size=(3, 4))
    image = np.pad(samples, 1, mode="constant")
    total = np.add.reduce(samples, axis=0)
    assert_type(total, Array)
    running = np.multiply.accumulate(samples, axis=1)
    out = np.empty((3, 4))
    np.add(samples, legacy, out=out, casting="same_kind")
    quotient, remainder = np.divmod(samples, 3.0)
    hist, edges = np.histogram(samples, bins=5)
    with np.errstate(divide="ignore"):
        logs = np.log(np.absolute(samples))
    return [
        image,
        total,
        running,
        out,
        quotient + remainder,
        hist,
        edges,
        logs,
        np.concatenate([samples, legacy]),
        np.vstack([samples, legacy]),
        np.mean(samples, axis=0),
        np.arccos(np.clip(samples, -1, 1)),
        np.unique(samples),
        np.linalg.inv(np.eye(3) * 2.0),
        np.where(samples > 0)[0],
        samples.sum(axis=0) + samples.mean() + samples.std(ddof=1),
        samples.reshape(2, 6).astype(np.float32).T,
        samples.max(axis=1, keepdims=True),
        np.float64(1.5) + np.dot(samples[0], legacy[0]),
        np.r_[samples[0], samples[1]],
    ]


def main() -> list[Array]:
    x = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
    y = xp.asarray([[0.5, 1.0], [2.0, 0.25]])
    results = [
        *creation(),
        elementwise(x, y),
        *reductions(x),
        *manipulation(x),
        *indexing(xp.asarray(x, copy=True)),
        *linear_algebra(x, xp.asarray([1.0, 2.0])),
        *fourier(xp.asarray([0.0, 1.0, 0.0, -1.0])),
        *numpy_script(),
    ]
    attributes(x)
    return results


if __name__ == "__main__":
    print(len(main()), "results")
