"""Manipulation functions (Array API chapter "Manipulation Functions").

Shape and layout changes. Each returns a view wherever NumPy does (reshape, squeeze,
expand_dims, flip, moveaxis, permute_dims, broadcast_to, unstack); the device's array module
(NumPy or CuPy) does the moving. The standard's keyword-only `axis` parameters are
positional-or-keyword here, so NumPy calls such as `concat((a, b), 1)` work. Axis checks raise
`numpy.exceptions.AxisError`, which is both a ValueError (NumPy, the house rule) and an
IndexError (what the standard asks of expand_dims).

The standard types the array operands as arrays and leaves other input unspecified, so NumPy's
conventions apply: every function here also takes what NumPy reads as an array (nested lists
and tuples, Python and NumPy scalars, NumPy arrays), converted by `as_operand`, and `reshape`
and `ravel` take NumPy's `order=`.

reshape, concat, stack, expand_dims and permute_dims record per call signature (name, shapes,
dtypes, exact-int axis or shape arguments) what their checks decided in the plan cache
(`PLANS`, Note [Plan cache]); the checks depend on nothing but that key, so a repeated call
makes only the backend call, with the same result or error.
"""

from __future__ import annotations

import numpy as np

from ._array import Array, kept, made_as_array, wrap
from ._core.axes import normalize_axes, normalize_axis
from ._core.convert import undispatched
from ._dispatch import PLANS, backend_of
from ._dispatch import broadcast_shapes as _broadcast_shapes
from ._dispatch.compiled import compiled
from ._dispatch.host_only import numpy_for_foreign, numpy_for_foreign_items
from ._dispatch.host_threads import joined
from ._manipulation_args import (
    _check_new_shape,
    _check_same_shapes,
    _compact,
    _index_order,
    _is_view,
    _shape_tuple,
    check_axis_type,
    roll_shift,
)
from ._manipulation_operands import (
    READABLE,
    as_operand,
    common_arrays,
    join_numpy,
    listed,
    listed_all,
    one_dtype,
    repeat_counts,
    warn_on_write,
)
from ._manipulation_operands import as_operands as as_operands  # shared under this module's
from ._manipulation_operands import check_array as check_array  # names, as they always were
from ._typing import ArrayLike, DTypeLike, ShapeLike

# --- per-signature decisions (see the module docstring) -------------------------------------


def _remember(key, plan) -> None:
    if key is not None:
        PLANS.put(key, plan)


def _ints(value) -> bool:
    """An int or a tuple of ints, by exact type: only those go into keys (1 == 1.0 == True)."""
    if type(value) is int:
        return True
    if type(value) is not tuple:
        return False
    for v in value:
        if type(v) is not int:
            return False
    return True


def _arrays_key(func: str, arrays, axis) -> tuple:
    """(key, backing arrays) for a sequence of CPU arrays and an int axis, or (None, None)."""
    if type(axis) is not int or (type(arrays) is not tuple and type(arrays) is not list):
        return None, None
    key, datas = [func, axis], []
    for a in arrays:
        if type(a) is not Array or type(a._data) is not np.ndarray:
            return None, None
        d = a._data
        key.append(d.dtype)
        key.append(d.shape)
        datas.append(d)
    return tuple(key), datas


_NP_CONCATENATE, _NP_TILE = undispatched(np.concatenate), undispatched(np.tile)  # for ndarrays
_NDARRAY, _new = np.ndarray, object.__new__  # for the hottest first branches


# --- broadcasting ----------------------------------------------------------------------------


def broadcast_shapes(*shapes: ShapeLike) -> tuple[int, ...]:
    """The shape that arrays of `shapes` broadcast to; ValueError when there is none."""
    given = tuple(_shape_tuple(s, "broadcast_shapes") for s in shapes)
    if any(n < 0 for s in given for n in s):  # (NumPy's refusal)
        raise ValueError(f"broadcast_shapes: negative dimensions are not allowed; got {given}")
    return _broadcast_shapes(given, "broadcast_shapes")


def _view_of(call, *args) -> Array | None:
    """NumPy's view `call(*args)` as an Array (wrapped as `wrap` does, inlined); None where
    NumPy refuses the arguments, which the checked path then words."""
    try:
        view = call(*args)
    except ValueError:
        return None
    r = _new(Array)
    r._data = view
    return r


def broadcast_to(array: ArrayLike, shape: ShapeLike, subok: bool = False) -> Array:
    """A read-only view of `array` broadcast to `shape` (NumPy's `subok` is accepted: an
    Array subclass comes back as an Array)."""
    x = array  # the standard's `x`, positional-only there (NumPy names it `array`)
    if type(x) is Array and type(d := x._data) is _NDARRAY and _ints(shape):
        if (r := _view_of(_NP_BROADCAST_TO, d, shape)) is not None:
            return r if r._data.ndim else made_as_array(r)  # 0-d: NumPy's ndarray, always
    x = as_operand(x, "broadcast_to")
    shape = _shape_tuple(shape, "broadcast_to")
    if any(n < 0 for n in shape):
        raise ValueError(f"broadcast_to: shape {shape} has a negative dimension")
    try:
        fits = _broadcast_shapes((x.shape, shape), "broadcast_to") == shape
    except ValueError:
        fits = False
    if not fits:  # NumPy's wording, shapes written as NumPy writes them
        raise ValueError(
            "broadcast_to: operands could not be broadcast together with remapped shapes "
            f"[original->remapped]: {_compact(x.shape)}  and requested shape {_compact(shape)}"
        )
    return made_as_array(wrap(backend_of(x._data).xp.broadcast_to(x._data, shape)))


_NP_BROADCAST_TO = undispatched(np.broadcast_to)  # `broadcast_to` hands it an exact ndarray
broadcast_to = compiled("broadcast", broadcast_to)  # NumPy's view for a tuple of ints, in C


def broadcast_arrays(*arrays: ArrayLike, subok: bool = False) -> tuple[Array, ...]:
    """Views of `arrays` broadcast to their common shape (dtypes unchanged; NumPy's `subok`
    accepted, as in `broadcast_to`). As in NumPy, an array of that shape comes back itself,
    and on the CPU the views are writable where their arrays are, with a warning on write
    (SciPy writes into them); elsewhere broadcast views are read-only."""
    if not arrays:
        return ()
    if not all(type(a) is Array for a in arrays):  # `broadcast_arrays(x, 1.0)`
        arrays = tuple(as_operands(arrays, "broadcast_arrays"))
    if all(type(a) is Array and type(a._data) is _NDARRAY for a in arrays):
        shape = _broadcast_shapes(tuple(a._data.shape for a in arrays), "broadcast_arrays")
        if shape and 0 not in shape:  # (0-d: NumPy's 0-d ndarrays; empty: strides of its own)
            return tuple(  # an array of that shape itself, as NumPy's
                a if a._data.shape == shape else warn_on_write(broadcast_to(a, shape), a._data)
                for a in arrays
            )
    xp, _, datas = common_arrays(arrays, "broadcast_arrays")
    shape = _broadcast_shapes(tuple(d.shape for d in datas), "broadcast_arrays")
    if all(type(d) is np.ndarray for d in datas):
        return tuple(made_as_array(wrap(v)) for v in np.broadcast_arrays(*datas))
    views = (d if d.shape == shape else xp.broadcast_to(d, shape) for d in datas)
    return tuple(made_as_array(wrap(v)) for v in views)


# --- joining and splitting -------------------------------------------------------------------


def concat(
    arrays: tuple[ArrayLike, ...] | list[ArrayLike],
    /,
    axis: int | None = 0,
    out: Array | None = None,
    *,
    dtype: DTypeLike | None = None,
    casting: str = "same_kind",
) -> Array:
    """Join arrays along an existing axis (all flattened first when axis is None).

    NumPy's keywords, beyond the standard: `out` receives the result, `dtype` is the result
    dtype (one of the two at most), and `casting` is the rule each input is cast under to
    that dtype (NumPy's 'same_kind' by default)."""
    if out is not None or dtype is not None or casting != "same_kind":
        return join_numpy("concat", arrays, axis, out, dtype, casting)
    if (r := numpy_for_foreign_items("concatenate", arrays, axis)) is not NotImplemented:
        return r
    if (type(axis) is int or axis is None) and (datas := one_dtype(arrays)) is not None:
        try:  # NumPy's call is the standard's answer; its errors are worded below
            return wrap(joined(_NP_CONCATENATE, datas, axis))
        except ValueError:
            pass
    if (listed_arrays := listed_all(arrays)) is not None:  # Note [List operands]
        return concat(listed_arrays, axis)
    check_axis_type(axis, "concat")
    key, datas = _arrays_key("concat", arrays, axis)
    plan = PLANS.plans.get(key)
    if plan is not None:
        return wrap(np.concatenate(datas, axis=plan[0], dtype=plan[1]))
    xp, dtype, datas = common_arrays(arrays, "concat")
    if axis is None:
        return wrap(xp.concatenate([d.ravel() for d in datas], dtype=dtype.numpy))
    if datas[0].ndim == 0:
        raise ValueError("concat: zero-dimensional arrays cannot be concatenated; use stack()")
    axis = normalize_axis(axis, datas[0].ndim, "concat")
    _check_same_shapes([d.shape for d in datas], axis, "concat")
    _remember(key, (axis, dtype.numpy))
    return wrap(xp.concatenate(datas, axis=axis, dtype=dtype.numpy))


concat = compiled("concat", concat, extra=_NP_CONCATENATE)  # Note [Compiled hot path]


def stack(
    arrays: tuple[ArrayLike, ...] | list[ArrayLike],
    axis: int = 0,
    out: Array | None = None,
    *,
    dtype: DTypeLike | None = None,
    casting: str = "same_kind",
) -> Array:
    """Join arrays of one shape along a new axis; NumPy's `out`, `dtype` and `casting` as
    `concat` takes them."""
    if out is not None or dtype is not None or casting != "same_kind":
        return join_numpy("stack", arrays, axis, out, dtype, casting)
    if (r := numpy_for_foreign_items("stack", arrays, axis)) is not NotImplemented:
        return r
    if type(axis) is int and (datas := one_dtype(arrays)) is not None:
        ndim = datas[0].ndim  # NumPy's stack, its Python frame skipped: one dtype, no cast
        if -ndim - 1 <= axis <= ndim:
            new = (slice(None),) * (axis % (ndim + 1)) + (None,)
            try:  # shapes that differ: the checked path below words NumPy's refusal
                return wrap(joined(_NP_CONCATENATE, [d[new] for d in datas], axis % (ndim + 1)))
            except (IndexError, ValueError):
                pass
    if (listed_arrays := listed_all(arrays)) is not None:  # Note [List operands]
        return stack(listed_arrays, axis)
    check_axis_type(axis, "stack")
    key, datas = _arrays_key("stack", arrays, axis)
    plan = PLANS.plans.get(key)
    if plan is not None:
        return wrap(np.stack(datas, axis=plan[0], dtype=plan[1]))
    xp, dtype, datas = common_arrays(arrays, "stack")
    _check_same_shapes([d.shape for d in datas], None, "stack")
    axis = normalize_axis(axis, datas[0].ndim + 1, "stack")
    _remember(key, (axis, dtype.numpy))
    return wrap(xp.stack(datas, axis=axis, dtype=dtype.numpy))


def unstack(x: ArrayLike, /, *, axis: int = 0) -> tuple[Array, ...]:
    """Views of `x`, one per position along `axis` (of a 1-d x, its elements' copies, as
    NumPy's scalars are: Note [Elements are values] in _array.py)."""
    x = as_operand(x, "unstack")
    if x.ndim == 0:
        raise ValueError("unstack: x must have at least one dimension")
    axis = normalize_axis(axis, x.ndim, "unstack")
    moved = backend_of(x._data).xp.moveaxis(x._data, axis, 0)
    return tuple(
        wrap(moved[i, ...] if x.ndim > 1 else moved[i, ...].copy()) for i in range(len(moved))
    )


# --- axis changes (views) --------------------------------------------------------------------


def expand_dims(x: ArrayLike, /, axis: int | tuple[int, ...] = 0) -> Array:
    """Insert size-1 axes at `axis` (an int or a tuple) of the result."""
    key = ("expand_dims", x._data.shape, axis) if type(x) is Array and _ints(axis) else None
    shape = PLANS.plans.get(key)
    if shape is not None:
        return made_as_array(wrap(x._data.reshape(shape)))  # (0-d: NumPy's ndarray)
    if type(x) in READABLE and (y := listed(x)) is not None:  # Note [List operands]
        return expand_dims(y, axis)
    if (r := numpy_for_foreign("expand_dims", x, axis)) is not NotImplemented:
        return r  # (a masked array keeps its mask, as under NumPy)
    x = as_operand(x, "expand_dims")
    count = len(axis) if isinstance(axis, (tuple, list)) else 1
    axes = normalize_axes(axis, x.ndim + count, "expand_dims")
    shape, rest = [], iter(x.shape)
    for i in range(x.ndim + count):
        shape.append(1 if i in axes else next(rest))
    _remember(key, tuple(shape))
    return made_as_array(wrap(x._data.reshape(tuple(shape))))


def squeeze(x: ArrayLike, /, axis: int | tuple[int, ...] | None = None) -> Array:
    """Remove size-1 axes: those named by `axis`, or every one when axis is None (NumPy)."""
    if axis is None and type(x) is Array and type(d := x._data) is _NDARRAY and d.size:
        a = _new(Array)  # wrap(), inlined: its call is a third of NumPy's whole squeeze
        a._data = r if (r := d.squeeze()) is not d else d.reshape(d.shape)  # d: nothing removed
        return kept(x, a)
    if type(axis) is int and type(x) is Array and type(d := x._data) is _NDARRAY:
        shape = d.shape  # the standard's one axis, valid: the checks below cost 1.5 us more
        if -len(shape) <= axis < len(shape) and shape[axis] == 1:
            a = _new(Array)
            a._data = d.squeeze(axis)  # NumPy's view, strides and all
            return kept(x, a)
    if type(x) in READABLE and (y := listed(x)) is not None:  # Note [List operands]
        return squeeze(y, axis)
    if (r := numpy_for_foreign("squeeze", x, axis=axis)) is not NotImplemented:
        return r  # another library's array: its own method, as NumPy calls it (a Series)
    x = as_operand(x, "squeeze")
    axes = (
        tuple(i for i, n in enumerate(x.shape) if n == 1)
        if axis is None
        else normalize_axes(axis, x.ndim, "squeeze")
    )
    for a in axes:
        if x.shape[a] != 1:
            raise ValueError(
                f"squeeze: axis {a} has size {x.shape[a]}; only axes of size 1 can be removed"
            )
    return kept(x, wrap(x._data.reshape(tuple(n for i, n in enumerate(x.shape) if i not in axes))))


squeeze = compiled("method0", squeeze, extra=10)  # method0's SQUEEZE_FN: squeeze(x), in C


def _array_as_list(values):
    """A 1-d array of axes or shifts as the list of ints NumPy reads it as; others as given."""
    return values.tolist() if getattr(values, "ndim", 0) == 1 else values


def permute_dims(x: ArrayLike, /, axes: tuple[int, ...]) -> Array:
    """A view with the axes reordered: result axis i is x's axis `axes[i]`."""
    key = None
    if type(x) is Array and type(axes) is tuple and _ints(axes):
        if type(d := x._data) is _NDARRAY and (r := _view_of(d.transpose, axes)) is not None:
            return kept(x, r)  # NumPy's view; a permutation it refuses: the checks' words
        key = ("permute_dims", d.ndim, axes)
    perm = PLANS.plans.get(key)
    if perm is not None:
        return kept(x, wrap(x._data.transpose(perm)))
    x = as_operand(x, "permute_dims")
    axes = _array_as_list(axes)
    if not isinstance(axes, (tuple, list)):
        raise TypeError(f"permute_dims: axes must be a tuple of integers; got {axes!r}")
    if len(axes) != x.ndim:
        raise ValueError(
            f"permute_dims: axes {tuple(axes)} has {len(axes)} entries, but x has "
            f"{x.ndim} dimensions"
        )
    perm = normalize_axes(axes, x.ndim, "permute_dims", "axes")
    _remember(key, perm)
    return kept(x, wrap(x._data.transpose(perm)))


permute_dims = compiled("permute", permute_dims)  # NumPy's view of a tuple of ints, in C


def moveaxis(
    a: ArrayLike, source: int | tuple[int, ...], destination: int | tuple[int, ...]
) -> Array:
    """A view with axes `source` moved to positions `destination`, others kept in order."""
    x = as_operand(a, "moveaxis", "a")
    source, destination = _array_as_list(source), _array_as_list(destination)
    src = normalize_axes(source, x.ndim, "moveaxis", "source")
    dst = normalize_axes(destination, x.ndim, "moveaxis", "destination")
    if len(src) != len(dst):
        raise ValueError(
            f"moveaxis: source {source} and destination {destination} must have "
            "the same number of entries"
        )
    order = [a for a in range(x.ndim) if a not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return kept(x, wrap(x._data.transpose(order)))


def flip(x: ArrayLike, /, axis: int | tuple[int, ...] | None = None) -> Array:
    """A view with the order of elements reversed along `axis` (all axes when None)."""
    if axis is None and type(x) is Array and type(d := x._data) is _NDARRAY:
        return wrap(d[_FLIPPED[d.ndim]])
    if type(x) in READABLE and (y := listed(x)) is not None:  # Note [List operands]
        return flip(y, axis=axis)
    if (r := numpy_for_foreign("flip", x, axis=axis)) is not NotImplemented:
        return r  # another library's array, indexed as NumPy indexes it (a Series)
    x = as_operand(x, "flip")
    axes = normalize_axes(_array_as_list(axis), x.ndim, "flip", allow_none=True)
    index = [slice(None)] * x.ndim
    for a in axes:
        index[a] = _REVERSED
    return wrap(x._data[(*index, Ellipsis)])


_REVERSED = slice(None, None, -1)
# flip's index of every axis, per ndim (NumPy's limit is 64); Ellipsis: a 0-d view, no scalar
_FLIPPED = tuple((_REVERSED,) * n + (Ellipsis,) for n in range(65))


# --- reshaping and repeating -----------------------------------------------------------------


def reshape(
    x: ArrayLike, /, shape: ShapeLike, order: str = "C", *, copy: bool | None = None
) -> Array:
    """`x` with a new shape (one entry may be -1). copy=False refuses to copy; True always does.

    NumPy's `order`: 'C' reads and writes the elements in row-major index order, 'F' in
    column-major order, 'A' in 'F' order when `x` is Fortran-contiguous ('C' otherwise)."""
    plain = copy is None and type(x) is Array and _ints(shape)  # ('F': a key of its own)
    key = ("reshape", x._data.shape, shape) if plain and order == "C" else None
    key = ("reshape", x._data.shape, shape, "F") if plain and order == "F" else key
    if (resolved := PLANS.plans.get(key)) is not None:
        d = x._data  # (NumPy's reshape reads a keyword `order` slower than none)
        return kept(
            x, wrap(d.reshape(resolved) if len(key) == 3 else d.reshape(resolved, order="F"))
        )
    if type(x) in READABLE and (y := listed(x)) is not None:  # Note [List operands]
        return reshape(y, shape, order, copy=copy)
    if (r := numpy_for_foreign("reshape", x, shape, order)) is not NotImplemented:
        return r  # (a masked array keeps its mask, as under NumPy)
    x = as_operand(x, "reshape")
    if copy not in (None, True, False):
        raise ValueError(f"reshape: copy must be True, False or None; got {copy!r}")
    order = _index_order(order, x._data, "reshape")
    shape = _check_new_shape(_shape_tuple(shape, "reshape"), x.shape, "reshape")
    _remember(key, shape)
    data = x._data.copy() if copy else x._data
    out = data.reshape(shape, order=order)
    if copy is False and not _is_view(out, data):
        raise ValueError(
            f"reshape: copy=False, but an array of shape {x.shape} and strides "
            f"{x._data.strides} cannot be viewed as shape {shape} without a copy"
        )
    return kept(x, wrap(out))


def roll(
    x: ArrayLike,
    /,
    shift: int | tuple[int, ...],
    axis: int | tuple[int, ...] | None = None,
) -> Array:
    """Shift elements along `axis` with wrap-around (the flattened array when axis is None)."""
    if type(x) is Array and type(d := x._data) is _NDARRAY and type(shift) is int:
        if axis is None or type(axis) is int and -d.ndim <= axis < d.ndim:
            r = _new(Array)  # wrapped as `wrap` does, inlined
            r._data = _NP_ROLL(d, shift, axis)  # the call below makes, its frames skipped
            return r if d.ndim else made_as_array(r)  # 0-d: NumPy's ndarray, always
    if type(x) in READABLE and (y := listed(x)) is not None:  # Note [List operands]
        return roll(y, shift, axis)
    x = as_operand(x, "roll")
    xp = backend_of(x._data).xp
    shift = _array_as_list(shift)
    several = isinstance(shift, (tuple, list))
    shifts = tuple(roll_shift(s) for s in shift) if several else roll_shift(shift)
    if axis is not None:
        axis = tuple(
            normalize_axis(a, x.ndim, "roll")  # NumPy lets roll repeat an axis
            for a in (axis if isinstance(axis, (tuple, list)) else (axis,))
        )
    try:  # NumPy's rule: shifts broadcast against the axes, and add up per axis
        return made_as_array(wrap(xp.roll(x._data, shifts, axis=axis)))
    except ValueError as e:
        raise ValueError(f"roll: shift {shift} and axis {axis} do not broadcast ({e})") from None


_NP_ROLL = undispatched(np.roll)  # `roll` hands it an exact ndarray


def repeat(a: ArrayLike, repeats: int | ArrayLike, axis: int | None = None) -> Array:
    """Repeat each element `repeats` times (an int, or integer counts: an array or a list)."""
    x = a  # the standard's name, positional-only there (NumPy names it `a`)
    if type(x) is Array and type(d := x._data) is np.ndarray and type(repeats) is int:
        # NumPy's repeat, its Python frames skipped, where the checks below would all pass
        if repeats >= 0 and (axis is None or type(axis) is int and -d.ndim <= axis < d.ndim):
            return wrap(d.repeat(repeats, axis))
    if type(x) in READABLE and (y := listed(x)) is not None:  # Note [List operands]
        return repeat(y, repeats, axis)
    if (r := numpy_for_foreign("repeat", x, repeats, axis=axis)) is not NotImplemented:
        return r  # another library's array: its own method, as NumPy calls it (a Series)
    x = as_operand(x, "repeat", "a")
    xp = backend_of(x._data).xp
    counts = repeat_counts(repeats, x)
    data = x._data
    if axis is None:
        data, axis = data.ravel(), 0
    else:
        axis = normalize_axis(axis, x.ndim, "repeat")
    if isinstance(counts, int) or counts.ndim == 0:
        pass
    elif counts.ndim != 1 or counts.shape[0] not in (1, data.shape[axis]):
        raise ValueError(
            f"repeat: repeats of shape {counts.shape} does not match axis {axis} "
            f"of size {data.shape[axis]}"
        )
    return wrap(xp.repeat(data, counts, axis=axis))


def tile(A: ArrayLike, reps: int | tuple[int, ...]) -> Array:
    """Tile `A` by `reps` per axis (ones prepended to whichever is shorter): the standard's
    `repetitions`, under NumPy's names."""
    x, n = A, reps
    if type(n) is tuple and len(n) == 1:  # the standard's spelling of one count: `(3,)`
        n = n[0]
    if type(x) is Array and type(d := x._data) is np.ndarray and type(n) is int and d.ndim:
        # NumPy's tile of one count, its Python frame skipped: a copy for 1, else the rows of
        # the last axis repeated (a zero-size x is reshaped, not copied, as NumPy does)
        if n == 1:
            return wrap(np.array(d))
        if n >= 0:
            last = d.shape[-1]
            rows = d.reshape(-1, last).repeat(n, 0) if d.size else d
            return wrap(rows.reshape(d.shape[:-1] + (last * n,)))
    if type(x) is Array and type(d := x._data) is np.ndarray and type(n) is tuple and _ints(n):
        if n and min(n) >= 0:  # counts per axis: NumPy's tile, its dispatch skipped
            return wrap(_NP_TILE(d, n))
    if type(x) in READABLE and (y := listed(x)) is not None:  # Note [List operands]
        return tile(y, reps)
    x = as_operand(x, "tile", "A")
    reps = _shape_tuple(reps, "tile")
    if any(r < 0 for r in reps):
        raise ValueError(f"tile: repetitions {reps} must not be negative")
    return made_as_array(wrap(backend_of(x._data).xp.tile(x._data, reps)))  # (0-d: ndarray)


# --- NumPy names with NumPy's signatures -----------------------------------------------------


def transpose(a: ArrayLike, axes: ShapeLike | None = None) -> Array:
    """NumPy's transpose: reverse the axes, or permute them as `axes` says."""
    if type(a) is Array and type(d := a._data) is _NDARRAY:
        if axes is None:
            return kept(a, wrap(d.transpose()))
        if type(axes) is tuple and _ints(axes):  # NumPy's view, as permute_dims makes it
            if (r := _view_of(d.transpose, axes)) is not None:
                return kept(a, r)
    if type(a) in READABLE and (y := listed(a)) is not None:  # Note [List operands]
        return transpose(y, axes)
    if (r := numpy_for_foreign("transpose", a, axes)) is not NotImplemented:
        return r  # another library's array: its own method, as NumPy calls it (a DataFrame)
    a = as_operand(a, "transpose", "a")
    return permute_dims(a, tuple(range(a.ndim))[::-1] if axes is None else tuple(axes))


transpose = compiled("permute", transpose)


def swapaxes(a: ArrayLike, axis1: int, axis2: int) -> Array:
    """NumPy's swapaxes: a view with two axes exchanged."""
    if type(a) is Array and type(d := a._data) is np.ndarray and type(axis1) is type(axis2) is int:
        try:  # the transpose below; an axis NumPy refuses is worded there
            return wrap(d.swapaxes(axis1, axis2))
        except ValueError:
            pass
    a = as_operand(a, "swapaxes", "a")
    perm = list(range(a.ndim))
    i = normalize_axis(axis1, a.ndim, "swapaxes", "axis1")
    j = normalize_axis(axis2, a.ndim, "swapaxes", "axis2")
    perm[i], perm[j] = perm[j], perm[i]
    return wrap(a._data.transpose(perm))


def ravel(a: ArrayLike, order: str = "C") -> Array:
    """NumPy's ravel: the flattened array, a view when possible, its elements read in `order`
    ('C' row-major, 'F' column-major, 'A' as reshape's, 'K' in memory order)."""
    if order == "C" and type(a) is Array and type(d := a._data) is np.ndarray:
        return wrap(d.ravel())  # NumPy's (its C twin is x.ravel()'s, method0)
    if type(a) in READABLE and (y := listed(a)) is not None:  # Note [List operands]
        return ravel(y, order)
    if (r := numpy_for_foreign("ravel", a, order)) is not NotImplemented:
        return r  # (a masked array keeps its mask, as under NumPy)
    a = as_operand(a, "ravel", "a")
    order = "K" if order in ("K", "k") else _index_order(order, a._data, "ravel")
    # (a view only of data laid out so, as NumPy's: no reshape's view of `x[::2]` in 'F')
    return wrap(backend_of(a._data).xp.ravel(a._data, order=order))


ravel = compiled("method0", ravel, extra=0)  # method0's RAVEL: ravel(a), in C


NUMPY_ALIASES: dict = {
    "concatenate": concat,
    "transpose": transpose,
    "swapaxes": swapaxes,
    "ravel": ravel,
}

__all__ = [
    "broadcast_arrays",
    "broadcast_shapes",
    "broadcast_to",
    "concat",
    "expand_dims",
    "flip",
    "moveaxis",
    "permute_dims",
    "repeat",
    "reshape",
    "roll",
    "squeeze",
    "stack",
    "tile",
    "unstack",
]
