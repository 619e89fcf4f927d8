"""The backend protocol: what a device kind must provide to dispatch and the namespace.

A backend works on *backing* arrays (numpy.ndarray on the CPU, cupy.ndarray on CUDA), never on
`xtensor.Array`, and knows no namespace function. Dispatch builds the TensorIter and hands it
over; the namespace reaches a backend only through `backend_of(data)` / `backend_for(device)`
(`_backends/__init__.py`, the one place a device kind picks its backend). Adding a device kind
is one module implementing this class, plus one line there.

Note [Stable descending sort]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
Reversing a stable ascending argsort puts equal elements in *reverse* input order. Instead we
sort the flipped array: ties there come out in decreasing original position, so reversing
that result restores increasing original position, and index j of the flipped array is
n - 1 - j of the original. Example: x = [1, 2, 1] -> flipped [1, 2, 1] -> stable argsort
[0, 2, 1] -> reversed [1, 2, 0] -> n - 1 - j = [1, 0, 2]: 2 first, then the 1s in input order.
NaNs sort last ascending (NumPy) and therefore first descending.
"""

from __future__ import annotations


class Backend:
    """One device kind. Subclasses implement every method; the defaults raise."""

    kind = "abstract"

    # --- memory ------------------------------------------------------------------------------
    @property
    def xp(self):
        """The NumPy-compatible array module of this device (numpy, cupy): sorting, matmul,
        linalg and fft run through its functions, as CuPy runs NumPy's API."""
        raise NotImplementedError(self._missing("xp"))

    def empty(self, shape: tuple, dtype, device):
        """Uninitialised backing array on `device`."""
        raise NotImplementedError(self._missing("empty"))

    def copy(self, data):
        raise NotImplementedError(self._missing("copy"))

    def to_host(self, data):
        """A numpy.ndarray with `data`'s values (the array itself on the CPU)."""
        raise NotImplementedError(self._missing("to_host"))

    def from_host(self, data, device):
        """`data` (host memory) moved onto `device`."""
        raise NotImplementedError(self._missing("from_host"))

    def full(self, shape: tuple, value, dtype, order: str):
        """A backing array of `shape` filled with `value` (a scalar) on the current device."""
        return self.xp.full(shape, value, dtype, order=order)

    def synchronize(self, device) -> None:
        raise NotImplementedError(self._missing("synchronize"))

    # --- compute ------------------------------------------------------------------------------
    def operands(self, flags, data, func: str):
        """The operands as this backend's kernels take them (the CPU takes any mix of arrays
        and Python scalars; CUDA kernels take at most one scalar)."""
        return data

    def elementwise(self, op, it) -> None:
        """Run op record `op` (an `_ops.spec.OpSpec`) over built iterator `it`, writing its
        outputs. `it.common_dtype` is the compute dtype; outputs carry the result dtype."""
        raise NotImplementedError(self._missing("elementwise"))

    def planned_call(self, op, it, data):
        """A callable replaying the elementwise call just run (op record `op`, built iterator
        `it`, backing operands `data`) on new operands of the same signature, or None; see
        Note [Planned device calls] in cuda_calls.py. The CPU plans its calls in dispatch."""
        return None

    def planned_reduction(self, spec, data, out, func: str):
        """A callable replaying the reduction just run (`data` into `out`) on new data of the
        same signature, or None; see Note [Planned device reductions] in cuda_reduce.py."""
        return None

    def reduce(self, spec, data, out, reducer, combine, partial, ddof: float, func: str):
        """Reduce `data` into preallocated `out` (keepdims shape) for `spec` (an
        `_ops.reductions.ReductionSpec`); the host callables are the CPU's way to do it."""
        raise NotImplementedError(self._missing("reduce"))

    def scan(self, name: str, data, out, axis: int, dtype) -> None:
        """Cumulative `name` ('cumsum' or 'cumprod') of `data` along `axis` into `out`."""
        raise NotImplementedError(self._missing("scan"))

    def sort(self, data, axis: int, stable: bool):
        raise NotImplementedError(self._missing("sort"))

    def argsort(self, data, axis: int, stable: bool, descending: bool = False):
        """The indices that sort `data` along `axis`, largest first where `descending`
        (`flipped_argsort` gives that order from an ascending argsort)."""
        raise NotImplementedError(self._missing("argsort"))

    def matmul(self, a, b):
        raise NotImplementedError(self._missing("matmul"))

    def vecdot(self, a, b):
        """Dot products over the last axis of two stacks of one dtype, `a` conjugated."""
        if a.dtype.kind == "c":
            a = a.conj()
        # A stack of 1x1 matrix products keeps BLAS doing the work, on CuPy too.
        return self.matmul(a[..., None, :], b[..., :, None])[..., 0, 0]

    def fft(self, name: str, data, **kwargs):
        """`xp.fft.<name>(data, **kwargs)` on this device."""
        raise NotImplementedError(self._missing("fft"))

    def index(self, data, key):
        """`data[key]` for a key already checked by `_indexing.normalize_key`."""
        raise NotImplementedError(self._missing("index"))

    def index_put(self, data, key, value) -> None:
        raise NotImplementedError(self._missing("index_put"))

    def _missing(self, method: str) -> str:
        return f"the {self.kind} backend does not implement {method}()"


def flipped_argsort(argsort, data, axis: int, stable: bool, flip):
    """The descending argsort of `data` along `axis` from `argsort` (a backend's ascending one,
    called as `argsort(data, axis, stable)`) of the flipped array; Note [Stable descending
    sort]. `flip` is the device's `flip`."""
    flipped = argsort(flip(data, axis), axis, stable)
    return (data.shape[axis] - 1) - flip(flipped, axis)
