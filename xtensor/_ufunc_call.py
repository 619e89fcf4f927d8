"""A ufunc call with options: `xtensor.add(a, b, out=..., where=..., dtype=..., casting=...)`.

The plain call (inputs only) never comes here: it is the op's fast path (Note [Ufunc calls] in
`_dispatch/elementwise.py`). Everything here still runs through the op's TensorIterator
dispatch (`ElementwiseOp.run`), on CPU and CUDA alike:

* `out=` (positional, keyword or a tuple) and `casting=` are iterator options; the casting
  rule is checked here, as NumPy words it, for the loop xtensor runs;
* `dtype=` and `signature=` let NumPy resolve the loop (`numpy.ufunc.resolve_dtypes`, which
  applies the casting rule too); the inputs are cast to it and the iterator runs it;
* `where=` gathers the selected elements, runs the op on them and scatters the results, so
  masked-out elements are never computed (and warn about nothing);
* `order=` lays out the outputs xtensor allocates; `subok` is accepted and checked.
"""

from __future__ import annotations

import warnings

import numpy as np

from ._array import Array, backing, plain_numpy, wrap
from ._core import dtypes as _dtypes
from ._core.checks import SCALARS, check_same_device, prefixed
from ._dispatch import backend_of, broadcast_shapes
from ._dispatch.elision import known_loop, numpy_call, numpy_loop, run_into
from ._dispatch.host_only import numpy_ufunc_method
from ._dispatch.reduction import relayed

CASTING = ("no", "equiv", "safe", "same_kind", "unsafe")
ORDERS = ("K", "A", "C", "F")


class _NoValue:
    """The default of `reduce`'s `initial`: no value given (None is a value there)."""

    def __repr__(self) -> str:
        return "<no value>"


NO_VALUE = _NoValue()
OPTIONS = {
    "out": NO_VALUE,
    "where": True,
    "casting": "same_kind",
    "order": "K",
    "dtype": None,
    "subok": True,
    "signature": None,
}


def call(uf, *args, **kwargs):
    """`uf(*args, **kwargs)` for any call but the plain one (see the module docstring)."""
    if uf.nout == 1 and (r := _into(uf, args, kwargs)) is not None:
        return r
    if len(kwargs) == 1 and "dtype" in kwargs and (r := _with_dtype(uf, args, kwargs)) is not None:
        return r
    if len(kwargs) == 1 and "where" in kwargs and (r := _where_alone(uf, args, kwargs)) is not None:
        warnings.warn(_UNINITIALIZED, UserWarning, stacklevel=3)  # (as the full path warns)
        return r
    if (r := _numpy_owned(uf, args, kwargs)) is not NotImplemented:
        return r
    name, op = uf.__name__, uf._op
    if "sig" in kwargs:  # NumPy's other spelling of signature=
        if "signature" in kwargs:
            raise TypeError(f"{name}: cannot specify both 'sig' and 'signature'")
        kwargs["signature"] = kwargs.pop("sig")
    for key in kwargs:
        if key not in OPTIONS:
            raise TypeError(f"{name}() got an unexpected keyword argument {key!r}")
    options = {**OPTIONS, **kwargs}
    inputs, outs = _split(uf, args, options["out"])
    casting = _casting(options["casting"], name)
    order = _order(options["order"], name)
    if not isinstance(options["subok"], (bool, np.bool_)):
        raise TypeError(f"{name}: 'subok' must be a boolean")
    where = options["where"]
    if where is not True:  # (`op.run` checks the devices of its own operands)
        check_same_device(name, (a.device for a in (*inputs, *outs, where) if isinstance(a, Array)))
        mask = where._data if isinstance(where, Array) else where
        if isinstance(mask, np.ndarray) and mask.dtype != bool:  # (a list is read as bools)
            raise TypeError(
                f"{name}: Cannot cast array data from {mask.dtype!r} to dtype('bool') "
                "according to the rule 'safe'"
            )
    data = [backing(a, name, n) for a, n in zip(inputs, op.names)]
    loop_out = None
    if options["dtype"] is not None or options["signature"] is not None:
        data, loop_out = _resolved(uf, data, outs, options["dtype"], options["signature"], casting)
    elif casting != "same_kind" or where is not True:  # the iterator checks same_kind itself
        _check_casting(uf, data, outs, casting)
    if where is True:
        if loop_out is not None:
            outs = _allocated(uf, data, outs, loop_out)
        given = None if all(o is None for o in outs) else outs
        result = op.run(inputs, data, out=given, casting=casting)
    else:
        if options["out"] is NO_VALUE and len(args) == uf.nin:
            warnings.warn(_UNINITIALIZED, UserWarning, stacklevel=3)
        result = _masked(uf, data, outs, backing(where, name, "where"), loop_out)
    return _in_order(result, outs, order, data)


_UNINITIALIZED = (  # NumPy's words
    "'where' used without 'out', expect unitialized memory in output. If this is "
    "intentional, use out=None."
)


def _where_alone(uf, args: tuple, kwargs: dict):
    """`uf(*inputs, where=mask)` with no `out=` as `_into` runs it, into a new uninitialized
    array (NumPy's answer too: the elements the mask leaves out are whatever memory held),
    when every input is a CPU Array of the mask's shape or a Python scalar; else None. The
    caller warns, as NumPy does."""
    mask = _mask(kwargs["where"])
    if uf.nout != 1 or len(args) != uf.nin or mask is None:
        return None
    data = []
    for a in args:
        if type(a) is Array and type(d := a._data) is np.ndarray and d.shape == mask.shape:
            data.append(d)
        elif type(a) in SCALARS:
            data.append(a)
        else:
            return None
    if not any(type(d) is np.ndarray for d in data):
        return None
    found = known_loop(uf._op, data)  # (None: the full path words the refusal)
    if found is None or found[1] is None:
        return None
    out = wrap(np.empty(mask.shape, found[0]))
    return out if run_into(uf._op, out._data, data, mask) else None


_DTYPE_LOOPS: dict = {}  # (ufunc, dtype as given, its type, input kinds) -> `_dtype_loop`


def _with_dtype(uf, args: tuple, kwargs: dict):
    """`uf(*inputs, dtype=d)` of CPU Arrays and Python scalars as NumPy's ufunc with `dtype=`
    where that computes what the op does (`_dtype_loop`), else as the plain call of the
    arrays cast to the loop NumPy resolves, where the op's own result of those has the loop's
    output dtypes: what the full path computes, minus ~25 us of it (`add(a, b, dtype=f4)`),
    and at 10**7 elements NumPy's time instead of 1.8 times it. Else None."""
    dtype = kwargs["dtype"]
    if len(args) != uf.nin or dtype is None:
        return None
    data, kinds = list(args), [type(dtype)]
    for i, a in enumerate(args):
        if type(a) is Array and type(d := a._data) is np.ndarray:
            data[i] = d
            kinds.append(d.dtype)
        elif type(a) in SCALARS:
            kinds.append(type(a))
        else:
            return None
    try:
        key = (uf, dtype, *kinds)
        wants = _DTYPE_LOOPS.get(key, False)
    except TypeError:
        return None  # an unhashable dtype: the full path words the error
    if wants is False:
        wants = _DTYPE_LOOPS[key] = _dtype_loop(uf, data, dtype)
    if wants is None:
        return None
    if wants[-1] is not None:  # NumPy's buffered loop casts as it goes: no cast copies
        return wrap(np.asarray(numpy_call(uf._op, data, dtype=wants[-1])))  # 0-d: a scalar
    wants = wants[:-1]
    for i, want in enumerate(wants):
        if want is None or data[i].dtype is want:
            data[i] = args[i]
        else:
            data[i] = wrap(data[i].astype(want))
    return uf(*data)


def _dtype_loop(uf, data, dtype):
    """Per input, the dtype of the loop `dtype=` resolves for `data` (None for a Python
    scalar, which it computes with as it is) where `_with_dtype` may run it, else None: no
    complex input cast to a real loop (the full path warns), no scalar the loop converts.
    Last, the loop's NumPy dtype where NumPy's ufunc with `dtype=` computes what the op does
    on the cast inputs (`elision.numpy_loop`), else None."""
    if all(type(d) in SCALARS for d in data):
        return None  # (the full path converts them all to the loop's dtype)
    try:
        cast, loop_out = _resolved(uf, data, (None,) * uf.nout, dtype, None, "same_kind")
    except (TypeError, ValueError, OverflowError):
        return None
    natural = uf._op.out_dtypes(cast)
    if any(want is not got for want, got in zip(loop_out, natural)):
        return None
    wants = []
    for d, c in zip(data, cast):
        if type(d) in SCALARS:
            if c is not d:
                return None
            wants.append(None)
        elif d.dtype.kind == "c" and c.dtype.kind != "c":
            return None
        else:
            wants.append(c.dtype)
    empties = [d if type(d) in SCALARS else np.empty(0, c.dtype) for d, c in zip(data, cast)]
    plain = uf.nout == 1 and numpy_loop(uf._op, empties)
    return (*wants, loop_out[0].numpy if plain else None)


def _numpy_owned(uf, args: tuple, kwargs: dict):
    """NumPy's own call where it owns it (`numpy_ufunc_method`): an operand is a pandas
    Series (`exp(s, dtype=float32)` is a Series) or `out` is a NumPy array, written in place."""
    out = kwargs.get("out")
    written = args[uf.nin :] + (out if type(out) is tuple else (out,))
    return numpy_ufunc_method(uf._numpy, "__call__", args, kwargs, written)


def _into(uf, args: tuple, kwargs: dict):
    """`uf(*inputs, out=out)` as the NumPy loop the iterator would run, into out's buffer,
    when nothing else is asked, every operand is on the CPU, the result has out's dtype and
    the inputs have its shape (`elision.run_into`): the iterator's ~100 Python calls cost 5%
    of an `add` of 10**6 elements. NumPy's loop handles any overlap of out with an input the
    way the iterator does (the answer of a copy). `where=` may be a bool mask of out's shape,
    which NumPy's loop reads as the full path does (`divide(a, b, out=o, where=b != 0)`).
    Else None: the full path."""
    where = True
    if len(kwargs) == 2 and "where" in kwargs and "out" in kwargs:
        where = _mask(kwargs["where"])
        kwargs = {"out": kwargs["out"]}
    if len(args) == uf.nin + 1 and not kwargs:
        out = args[-1]
    elif len(args) == uf.nin and len(kwargs) == 1 and "out" in kwargs:
        out = kwargs["out"]
        if type(out) is tuple and len(out) == 1:
            out = out[0]
    else:
        return None
    if type(out) is not Array or type(o := out._data) is not np.ndarray:
        return None
    if where is None or (where is not True and where.shape != o.shape):
        return None
    data = []
    for a in args[: uf.nin]:
        if type(a) is Array and type(a._data) is np.ndarray:
            data.append(a._data)
        elif type(a) in SCALARS or plain_numpy(a):  # (NumPy's arrays are only read)
            data.append(a)
        else:
            return None
    return out if run_into(uf._op, o, data, where) else None


def _mask(where):
    """`where=`'s bool values (a CPU Array's or NumPy's array), else None."""
    data = where._data if type(where) is Array else where
    return data if type(data) is np.ndarray and data.dtype == bool else None


def _split(uf, args: tuple, out) -> tuple:
    """(inputs, one Array or None per output) from the positional arguments and `out=`."""
    name, nin, nout = uf.__name__, uf.nin, uf.nout
    if not nin <= len(args) <= nin + nout:
        given = f"{len(args)} {'was' if len(args) == 1 else 'were'} given"
        raise TypeError(
            f"{name}() takes from {nin} to {nin + nout} positional arguments but {given}"
        )
    if len(args) > nin:
        if out is not NO_VALUE:
            raise TypeError(
                f"{name}: cannot specify 'out' as both a positional and keyword argument"
            )
        out = args[nin:] + (None,) * (nin + nout - len(args))
    if out is NO_VALUE or out is None:
        outs = (None,) * nout
    elif type(out) is tuple:
        if len(out) != nout:
            raise ValueError(
                f"{name}: the 'out' tuple must have exactly one entry per ufunc output ({nout})"
            )
        outs = out
    elif nout == 1:
        outs = (out,)
    else:
        raise TypeError(f"{name}: 'out' must be a tuple of arrays")
    for o in outs:
        if o is not None and not isinstance(o, Array):
            raise TypeError(f"{name}: out must hold xtensor arrays; got {type(o).__name__}")
    return args[:nin], outs


def _casting(value, name: str) -> str:
    if isinstance(value, str) and value in CASTING:
        return value
    listed = ", ".join(repr(c) for c in CASTING)
    raise ValueError(f"{name}: casting must be one of {listed} (got {value!r})")


def _order(value, name: str) -> str:
    if value is None:
        return "K"
    if isinstance(value, str) and value.upper() in ORDERS:
        return value.upper()
    raise ValueError(f"{name}: order must be one of 'C', 'F', 'A', or 'K' (got {value!r})")


def _check_casting(uf, data, outs, casting: str) -> None:
    """NumPy's casting rule for the loop xtensor picks: each array input to the compute
    dtype (a no-op for 'same_kind'), the result to each given output."""
    if casting == "unsafe" or (casting == "same_kind" and all(o is None for o in outs)):
        return
    compute, _ = uf._op.loop_dtypes(data)
    results = uf._op.out_dtypes(data)
    if casting != "same_kind":
        for i, d in enumerate(data):
            if type(d) not in SCALARS and not np.can_cast(d.dtype, compute.numpy, casting):
                raise _cast_error(uf, "input", i, d.dtype, compute.numpy, casting)
    for i, o in enumerate(outs):
        if o is not None and not np.can_cast(results[i].numpy, o._data.dtype, casting):
            raise _cast_error(uf, "output", i, results[i].numpy, o._data.dtype, casting)


def _cast_error(uf, which: str, i: int, have, want, casting: str) -> TypeError:
    """NumPy's words: the operand's index only when the ufunc has several of its kind."""
    several = (uf.nin if which == "input" else uf.nout) > 1
    operand = f"{which} {i}" if several else which
    return TypeError(
        f"{uf.__name__}: Cannot cast ufunc '{uf.__name__}' {operand} from {have!r} to "
        f"{want!r} with casting rule '{casting}'"
    )


def _resolved(uf, data, outs, dtype, signature, casting: str) -> tuple:
    """(inputs cast to the loop NumPy resolves for `dtype=`/`signature=`, the loop's output
    dtypes); NumPy checks `casting` for every operand while it resolves."""
    name, nin, nout = uf.__name__, uf.nin, uf.nout
    if dtype is not None and signature is not None:
        raise TypeError(f"{name}: cannot specify both 'signature' and 'dtype'")
    if dtype is not None:
        fixed = (None,) * nin + (_dtypes.as_dtype(dtype, name).numpy,) * nout
    elif isinstance(signature, str):
        fixed = signature
    elif isinstance(signature, (tuple, list)):
        fixed = tuple(None if s is None else _dtypes.as_dtype(s, name).numpy for s in signature)
    else:
        raise TypeError(f"{name}: signature must be a string such as 'dd->d' or a tuple of dtypes")
    given = tuple(
        np.dtype(bool) if type(d) is bool else type(d) if type(d) in SCALARS else d.dtype
        for d in data
    ) + tuple(None if o is None else o._data.dtype for o in outs)
    # NumPy 2.4's resolve_dtypes crashes (a segfault) on 'equiv' beside a Python scalar's
    # type; for the native dtypes of xtensor's operands 'equiv' is 'no', which it takes
    asked = "no" if casting == "equiv" and any(type(g) is type for g in given) else casting
    try:
        loop = uf._numpy.resolve_dtypes(given, signature=fixed, casting=asked)
        loop = [_dtypes.from_numpy(d) for d in loop]
    except (TypeError, ValueError) as e:
        if asked != casting:
            kind = TypeError if isinstance(e, TypeError) else ValueError
            e = kind(str(e).replace("'no'", f"'{casting}'"))
        raise prefixed(e, name) from None
    xp = _xp(data)
    # with no array to fix the loop, Python numbers would compute in their own dtype
    # (`power(100, 100, dtype=float64)` in int64): they take the loop's, as NumPy's do
    only_scalars = all(type(d) in SCALARS for d in data)
    cast = []
    for d, want in zip(data, loop[:nin]):
        if type(d) in SCALARS:
            kind = _dtypes.scalar_kind(d)
            if _dtypes.promote((want,), (kind,)) is not want:  # e.g. 1.5 into an int64 loop
                d = xp.asarray(d).astype(want.numpy)
            elif only_scalars:  # NumPy's OverflowError for 300 into uint8, its cast warning
                d = relayed(xp.asarray, d, dtype=want.numpy)
        elif d.dtype != want.numpy:
            if d.dtype.kind == "c" and want.kind != "c":  # casting="unsafe" allowed it
                warnings.warn(
                    "Casting complex values to real discards the imaginary part",
                    np.exceptions.ComplexWarning,
                    stacklevel=4,  # the caller of the ufunc
                )
                d = d.real
            d = d.astype(want.numpy)
        cast.append(d)
    return cast, loop[nin:]


def _allocated(uf, data, outs, loop_out) -> tuple:
    """`outs`, with outputs of the resolved loop's dtypes where the op's own result dtype
    differs from them (`abs` of complex64 with dtype=float64)."""
    results = uf._op.out_dtypes(data)
    if all(o is not None or d is r for o, d, r in zip(outs, loop_out, results)):
        return outs
    shape = broadcast_shapes(tuple(d.shape for d in data if type(d) not in SCALARS), uf.__name__)
    xp = _xp(data)
    return tuple(
        o if o is not None else wrap(xp.empty(shape, d.numpy)) for o, d in zip(outs, loop_out)
    )


def _masked(uf, data, outs, mask, loop_out):
    """The op where `mask` holds: the selected elements gathered, computed, scattered into
    the outputs (allocated, uninitialized, where not given)."""
    name, op = uf.__name__, uf._op
    xp = _xp([*data, *(o._data for o in outs if o is not None)])
    mask = xp.asarray(mask).astype(bool, copy=False)
    shapes = tuple(d.shape for d in data if type(d) not in SCALARS) + (mask.shape,)
    shape = broadcast_shapes(shapes, name)
    for o in outs:
        if o is not None:
            if broadcast_shapes((o.shape, shape), name) != o.shape:
                raise ValueError(
                    f"{name}: output of shape {o.shape} cannot hold the result of shape {shape}"
                )
            shape = o.shape
    if loop_out is None:
        loop_out = uf._op.out_dtypes(data)
    outs = tuple(
        o if o is not None else wrap(xp.empty(shape, d.numpy)) for o, d in zip(outs, loop_out)
    )
    if backend_of(outs[0]._data).kind == "meta":  # no elements to pick: the op's checks only
        op.run(data, data, casting="unsafe")
        return outs[0] if uf.nout == 1 else outs
    selected = xp.broadcast_to(mask, shape)
    picked = [d if type(d) in SCALARS else xp.broadcast_to(d, shape)[selected] for d in data]
    results = op.run(picked, picked, casting="unsafe")
    for o, r in zip(outs, results if uf.nout > 1 else (results,)):
        r = r._data
        if r.dtype.kind == "c" and o._data.dtype.kind != "c":
            r = r.real  # casting="unsafe" drops the imaginary part, as NumPy's loops do
        o._data[selected] = r
    return outs[0] if uf.nout == 1 else outs


def _in_order(result, outs, order: str, data):
    """`result`, with the outputs xtensor allocated laid out as `order` asks ('K': as the
    inputs are, which the iterator already did)."""
    if order == "K":
        return result
    arrays = [d for d in data if type(d) not in SCALARS]
    if order == "A":
        order = "F" if arrays and all(d.flags.f_contiguous for d in arrays) else "C"
    results = result if type(result) is tuple else (result,)
    laid_out = []
    for o, r in zip(outs, results):
        if o is None:
            xp = backend_of(r._data).xp
            flags = r._data.flags
            if order == "C" and not flags.c_contiguous:
                r = wrap(xp.ascontiguousarray(r._data))
            elif order == "F" and not flags.f_contiguous:
                r = wrap(xp.asfortranarray(r._data))
        laid_out.append(r)
    return laid_out[0] if type(result) is not tuple else tuple(laid_out)


def _xp(data):
    """The array module of the first array in `data` (NumPy when there is none)."""
    return next((backend_of(d).xp for d in data if type(d) not in SCALARS), np)


__all__ = ["CASTING", "NO_VALUE", "OPTIONS", "ORDERS", "call", "prefixed"]
