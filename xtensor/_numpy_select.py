"""NumPy-only writes into arrays and selections from them: fill_diagonal, put, place, putmask,
put_along_axis and copyto (in place, into an xtensor Array), and choose, compress, extract,
select and piecewise (new arrays).

NumPy's routine runs on the arrays' device (`_numpy_run`); Python scalar values stay Python
scalars, so NumPy's weak-scalar rules (NEP 50: `copyto(int8_array, 300)` is an OverflowError)
hold unchanged. `piecewise` is written out here because its functions must receive xtensor
Arrays, not the backend's. The names are exported through `_numpy_index`.
"""

from __future__ import annotations

import collections.abc
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ._array import Array, made_as_array, wrap
from ._core import dtypes as _dtypes
from ._core.checks import SCALARS
from ._core.convert import plain_data, undispatched
from ._creation import asarray, ones_like, zeros_like
from ._data_types import astype
from ._manipulation import stack
from ._numpy_helpers import as_array
from ._numpy_run import apply, common_device, data_on, device_datas, module, result, run, target
from ._typing import ArrayLike
from ._utility import any as any_true

# --- Note [Plain index calls] ------------------------------------------------------------------
#
# Most calls hand these helpers (and those of `_numpy_index` and `_numpy_sets`) CPU Arrays and
# NumPy's defaults: every device check passes, each operand reaches NumPy as its own buffer, and
# `result` only wraps the answer. Such a call is NumPy's function on the buffers, less its
# `__array_function__` frame (`undispatched`), its answer wrapped (a NumPy scalar as the 0-d
# array `result` makes of it). `buffers` tells such operands apart. Anything else takes the
# general path, and so does a plain call that raises: NumPy raises again there, worded.

_extract = undispatched(np.extract)
_select = undispatched(np.select)
_put_along_axis = undispatched(np.put_along_axis)


def buffers(values) -> list | None:
    """The NumPy buffers of `values` when each is an Array on the CPU (see Note [Plain index
    calls]); else None."""
    if len(values) == 2:  # the common pair, unrolled: 50 ns less than the loop
        x, y = values
        if type(x) is Array and type(y) is Array:
            x, y = x._data, y._data
            if type(x) is np.ndarray and type(y) is np.ndarray:
                return [x, y]
        return None
    datas = []
    for v in values:
        if type(v) is not Array:
            return None
        data = v._data
        if type(data) is not np.ndarray:
            return None
        datas.append(data)
    return datas


# --- writing in place ------------------------------------------------------------------------


def _values(value, like: Array, func: str, name: str):
    """A value to write into `like` (its device already checked): Python scalars stay weak."""
    return data_on(value, like.device, func, name, scalars=True)


def _fills(d, val) -> bool:
    """Whether Python number `val` is of CPU data `d`'s kind (or an int for floats)."""
    t, kind = type(val), d.dtype.kind
    return (t is float or t is int) and kind in "fc" or t is bool and kind == "b"


_NP_FILL_DIAGONAL = np.fill_diagonal


def fill_diagonal(a: Array, val: ArrayLike, wrap: bool = False) -> None:
    """Write `val` along the main diagonal of `a` (all sides equal, or 2-D; wrap=True restarts
    the diagonal of a tall matrix after each square block)."""
    if type(a) is Array and type(d := a._data) is np.ndarray and _fills(d, val):
        try:  # NumPy's own, which writes a Python number of a's kind as the checks below do
            return _NP_FILL_DIAGONAL(d, val, wrap)
        except ValueError:  # a read-only or 1-d a: worded below
            pass
    a = target(a, "fill_diagonal")
    common_device("fill_diagonal", [a, val])
    val = _values(val, a, "fill_diagonal", "val")
    run("fill_diagonal", "fill_diagonal", a.device, a._data, val, wrap=wrap)


def put(a: Array, ind: ArrayLike, v: ArrayLike, mode: str = "raise") -> None:
    """`a.flat[ind] = v`, with `v` repeated as needed; mode 'wrap' or 'clip' maps indices
    that are out of range."""
    a = target(a, "put")
    common_device("put", [a, ind, v])
    ind, v = data_on(ind, a.device, "put", "ind"), _values(v, a, "put", "v")
    run("put", "put", a.device, a._data, ind, v, mode=mode)


def place(arr: Array, mask: ArrayLike, vals: ArrayLike) -> None:
    """Write the first N values of `vals` (repeated as needed) where `mask` is True, in
    order."""
    arr = target(arr, "place", "arr")
    common_device("place", [arr, mask, vals])
    mask, vals = data_on(mask, arr.device, "place", "mask"), _values(vals, arr, "place", "vals")
    run("place", "place", arr.device, arr._data, mask, vals)


def putmask(a: Array, /, mask: ArrayLike, values: ArrayLike) -> None:
    """`a[mask] = values`, where `values` repeats to a's size and is read at the same flat
    positions as the True elements of `mask`."""
    a = target(a, "putmask")
    common_device("putmask", [a, mask, values])
    mask = data_on(mask, a.device, "putmask", "mask")
    values = _values(values, a, "putmask", "values")
    if a.device.kind != "cpu" and type(values) in SCALARS:
        values = module(a.device).asarray(values)  # CuPy's putmask takes arrays only
    run("putmask", "putmask", a.device, a._data, mask, values)


def put_along_axis(arr: Array, indices: ArrayLike, values: ArrayLike, axis: int | None) -> None:
    """Write `values` at `indices` along `axis` (the inverse of `take_along_axis`)."""
    if type(arr) is Array and type(indices) is Array and type(axis) is int:
        data, index = arr._data, indices._data
        v = values._data if type(values) is Array else values
        if type(data) is np.ndarray and type(index) is np.ndarray:
            if type(v) is np.ndarray or type(v) in SCALARS:
                try:  # see Note [Plain index calls]; a failed write is redone there
                    return _put_along_axis(data, index, v, axis)
                except Exception:
                    pass
    arr = target(arr, "put_along_axis", "arr")
    common_device("put_along_axis", [arr, indices, values])
    indices = data_on(indices, arr.device, "put_along_axis", "indices")
    values = _values(values, arr, "put_along_axis", "values")
    run("put_along_axis", "put_along_axis", arr.device, arr._data, indices, values, axis)


def copyto(dst: Array, src: ArrayLike, casting: str = "same_kind", where: ArrayLike = True) -> None:
    """Copy `src` (broadcast) into `dst` where `where` is True; `casting` is NumPy's rule for
    the dtype change."""
    dst = target(dst, "copyto", "dst")
    common_device("copyto", [dst, src, where])
    src = _values(src, dst, "copyto", "src")
    options = {} if where is True else {"where": data_on(where, dst.device, "copyto", "where")}
    run("copyto", "copyto", dst.device, dst._data, src, casting=casting, **options)


# --- selecting -------------------------------------------------------------------------------


def _out(out, func: str):
    return None if out is None else target(out, func, "out")


def _sequence_datas(values, device, func: str, name: str, *, scalars: bool) -> list:
    return [data_on(v, device, func, f"{name}[{i}]", scalars=scalars) for i, v in enumerate(values)]


def choose(
    a: ArrayLike,
    choices: Sequence[ArrayLike] | ArrayLike,
    out: Array | None = None,
    mode: str = "raise",
) -> Array:
    """Build an array from an index array and a list of arrays to choose from: element i
    comes from choices[a[i]] (all broadcast together)."""
    if out is None and type(a) is Array and type(choices) in (list, tuple):
        data, picks = a._data, buffers(choices)
        if type(data) is np.ndarray and picks is not None:
            try:  # see Note [Plain index calls]
                got = data.choose(picks, mode=mode)  # positional choices are read as *choices
                return wrap(got if type(got) is np.ndarray else np.asarray(got))
            except Exception:
                pass
    out = _out(out, "choose")
    listed = not isinstance(choices, Array)  # an Array holds its choices along axis 0
    device = common_device("choose", [a, out, *(choices if listed else [choices])])
    data = data_on(a, device, "choose", "a")
    if listed:
        picks = _sequence_datas(choices, device, "choose", "choices", scalars=True)
    else:
        picks = choices._data
    buffer = None if out is None else out._data
    got = run("choose", "choose", device, data, picks, out=buffer, mode=mode)
    return out if out is not None else result(got, "choose")


def compress(
    condition: ArrayLike, a: ArrayLike, axis: int | None = None, out: Array | None = None
) -> Array:
    """The slices of `a` along `axis` (None: of flattened `a`) where the 1-D `condition` is
    True."""
    if out is None and type(a) is Array and type(condition) in (Array, list):
        cond, data = condition._data if type(condition) is Array else plain_data(condition), a._data
        if type(cond) is np.ndarray and cond.dtype.kind in "biu" and type(data) is np.ndarray:
            try:  # see Note [Plain index calls]: NumPy's compress is this method
                return wrap(data.compress(cond, axis))
            except Exception:
                pass
    out = _out(out, "compress")
    device = common_device("compress", [condition, a, out])
    cond, data = (
        data_on(condition, device, "compress", "condition"),
        data_on(a, device, "compress", "a"),
    )
    buffer = None if out is None else out._data
    got = run("compress", "compress", device, cond, data, axis=axis, out=buffer)
    return out if out is not None else result(got, "compress")


def extract(condition: ArrayLike, arr: ArrayLike) -> Array:
    """The elements of `arr` where `condition` is non-zero, flattened."""
    if type(condition) is Array and type(arr) is Array:
        cond, data = condition._data, arr._data
        if type(cond) is np.ndarray and type(data) is np.ndarray:
            try:  # see Note [Plain index calls]
                return wrap(_extract(cond, data))
            except Exception:
                pass
    device, (cond, data) = device_datas("extract", [(condition, "condition"), (arr, "arr")])
    return apply("extract", device, cond, data)


def select(
    condlist: Sequence[ArrayLike], choicelist: Sequence[ArrayLike], default: ArrayLike = 0
) -> Array:
    """Element by element, the value of the first choice whose condition is True (`default`
    where none is)."""
    if type(condlist) is list and type(choicelist) is list and type(default) in SCALARS:
        conds, choices = buffers(condlist), buffers(choicelist)
        if conds is not None and choices is not None:
            try:  # see Note [Plain index calls]
                return made_as_array(wrap(_select(conds, choices, default)))  # 0-d: NumPy's
            except Exception:
                pass
    conds, choices = list(condlist), list(choicelist)
    device = common_device("select", [*conds, *choices, default])
    conds = _sequence_datas(conds, device, "select", "condlist", scalars=False)
    # CuPy's select takes arrays only: on CUDA, Python scalar choices become arrays too
    choices = _sequence_datas(choices, device, "select", "choicelist", scalars=False)
    default = data_on(default, device, "select", "default", scalars=True)
    return apply("select", device, conds, choices, default)


def piecewise(
    x: ArrayLike,
    condlist: ArrayLike | Sequence[ArrayLike],
    funclist: Sequence[Callable[..., Any] | ArrayLike],
    *args: Any,
    **kw: Any,
) -> Array:
    """Where condlist[i] is True, funclist[i] of x (a function called with the selected
    elements as an Array, or a value); one extra function covers where no condition holds."""
    x = as_array(x, "piecewise", "x")
    # NumPy's test, literally: one condition unless the first entry is itself a list or an
    # array (a 0-d entry counts as a scalar, as NumPy's scalars do).
    if np.isscalar(condlist) or (not _is_array_like(condlist[0]) and x.ndim != 0):
        condlist = [condlist]
    conds = [_condition(c, x, i) for i, c in enumerate(condlist)]
    n, n_funcs = len(conds), len(funclist)
    if n == n_funcs - 1:  # the last function covers where no condition holds
        none_holds = ~any_true(stack(conds), axis=0) if conds else ones_like(x, dtype=bool)
        conds.append(none_holds)
    elif n != n_funcs:
        raise ValueError(
            f"piecewise: with {n} condition(s), either {n} or {n + 1} functions are expected"
        )
    y = zeros_like(x)
    for cond, func in zip(conds, funclist):
        if not isinstance(func, collections.abc.Callable):
            y[cond] = func
        else:
            vals = x[cond]
            if vals.size > 0:
                y[cond] = func(vals, *args, **kw)
    return made_as_array(y)  # a 0-d x: NumPy's 0-d ndarray


def _is_array_like(entry) -> bool:
    return isinstance(entry, list) or (hasattr(entry, "ndim") and entry.ndim > 0)


def _condition(cond, x: Array, i: int) -> Array:
    c = as_array(cond, "piecewise", f"condlist[{i}]")
    if c.device != x.device:
        common_device("piecewise", [x, cond])  # two Arrays: refused; host data: moved below
        c = asarray(c, device=x.device)
    return c if c.dtype == _dtypes.bool else astype(c, _dtypes.bool)


NUMPY_ALIASES: dict = {
    "fill_diagonal": fill_diagonal,
    "put": put,
    "place": place,
    "putmask": putmask,
    "put_along_axis": put_along_axis,
    "copyto": copyto,
    "choose": choose,
    "compress": compress,
    "extract": extract,
    "select": select,
    "piecewise": piecewise,
}
