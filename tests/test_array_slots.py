"""Array's C slots (Note [Array slots] in _dispatch/_cfast_arrays.c) keep Python's operator
protocol: every operator, subscript, len() and float() over a grid of operand kinds gives, in
this process, exactly what CPython's generic slots give in a pure-Python one (answers' types,
dtypes, values; exceptions' types and messages)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from xtensor._dispatch.compiled import CFAST

GRID = r'''
import json, operator, sys
import numpy as np
import xtensor as xt


class Sub(xt.Array):
    __slots__ = ()

    def __radd__(self, other):
        return "Sub.__radd__"


class Other:
    def __radd__(self, other):
        return "Other.__radd__"

    def __rsub__(self, other):
        return "Other.__rsub__"

    def __lt__(self, other):
        return "Other.__lt__"

    def __gt__(self, other):
        return "Other.__gt__"


class OptOut:
    __array_ufunc__ = None

    def __rmul__(self, other):
        return "OptOut.__rmul__"


def sub_of(a):
    s = object.__new__(Sub)
    s._data = xt.asarray(a)._data
    return s


def operands():
    x = xt.asarray([1.5, -2.0, 3.0])
    return {
        "f64": x, "i8": xt.asarray([1, 2, 3], dtype=xt.int8), "0d": xt.asarray(2.5),
        "bool": xt.asarray([True, False, True]), "meta": xt.asarray([1.0, 2.0, 3.0], device="meta"),
        "int": 3, "float": 0.5, "bool_s": True, "complex": 1j, "np_f64": np.float64(2.0),
        "np_i32": np.int32(7), "ndarray": np.array([1.0, 2.0, 3.0]), "list": [1, 2, 3],
        "none": None, "str": "a", "other": Other(), "optout": OptOut(),
        "sub": sub_of([4.0, 5.0, 6.0]), "big": 2**70,
        "mat": xt.asarray([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]),
    }


def describe(r):
    if isinstance(r, xt.Array):
        d = r._data
        values = repr(r) if type(d) is np.ndarray else "meta"
        return [type(r).__name__, str(r.dtype), list(r.shape), values]
    return [type(r).__name__, repr(r)]


def outcome(fn, *args):
    try:
        return describe(fn(*args))
    except Exception as e:
        return ["raised", type(e).__name__, str(e)]


BINARY = ["add", "sub", "mul", "truediv", "floordiv", "mod", "and_", "or_", "xor", "lshift",
          "rshift", "matmul", "lt", "le", "eq", "ne", "gt", "ge"]
ops = operands()
result = {}
with np.errstate(all="ignore"):
    for name in BINARY:
        fn = getattr(operator, name)
        for ka, a in ops.items():
            for kb, b in ops.items():
                if isinstance(a, xt.Array) or isinstance(b, xt.Array):
                    result[f"{name} {ka} {kb}"] = outcome(fn, a, b)
    for ka, a in ops.items():
        if isinstance(a, xt.Array):
            for key in (0, slice(None, None, -1), (slice(None), None), -1, 5, "x", [0, 1]):
                result[f"getitem {ka} {key!r}"] = outcome(operator.getitem, a, key)
            for unary in (len, float, operator.neg, bool):
                result[f"{unary.__name__} {ka}"] = outcome(unary, a)
            result[f"float {ka}[0]"] = outcome(lambda v: float(v[0]), a)
json.dump(result, sys.stdout)
'''  # fmt: skip


def run_grid(pure: bool) -> dict:
    env = {**os.environ, "XTENSOR_PURE_PYTHON": "1" if pure else "0"}
    out = subprocess.run(
        [sys.executable, "-c", GRID], env=env, capture_output=True, text=True, check=True
    ).stdout
    return json.loads(out)


@pytest.mark.skipif(CFAST is None or not hasattr(CFAST, "install_slots"), reason="no C slots")
def test_slots_answer_as_the_generic_slots_do():
    compiled, pure = run_grid(pure=False), run_grid(pure=True)
    assert compiled.keys() == pure.keys()
    differ = {k: (compiled[k], pure[k]) for k in compiled if compiled[k] != pure[k]}
    assert not differ, list(differ.items())[:10]
    # the grid reaches every kind of answer: arrays, the other operand's dunders, errors
    kinds = {tuple(v[:1]) for v in compiled.values()}
    assert {("Array",), ("raised",), ("str",), ("float",), ("int",)} <= kinds


@pytest.mark.parametrize(
    "name",
    ["T", "mT", "shape", "ndim", "size", "dtype", "nbytes", "itemsize", "strides", "base", "real",
     "imag", "__array_struct__", "__array_interface__"],
)  # fmt: skip
def test_attribute_getters_answer_as_the_properties(name):
    """The C getters of Array's attributes give what the Python property behind each gives,
    for every kind of data, and the property's own error where it raises."""
    import numpy as np  # deliberate: only this test builds arrays in-process

    import xtensor as xt

    getter = vars(xt.Array)[name]
    fget = getter.fget  # the property's, through the getter
    arrays = [
        xt.asarray(np.arange(6.0).reshape(2, 3)),
        xt.asarray(np.arange(24, dtype=np.int8).reshape(2, 3, 4)[:, ::2]),
        xt.asarray(3.5),
        xt.asarray(np.zeros((0, 4), dtype=np.complex64)),
        xt.asarray(np.array(["a", "bc"])),  # a host-only dtype: the property answers
        xt.asarray([1.0, 2.0], device="meta"),
        xt.asarray(np.arange(10.0))[2:5],  # a view: its base
        # a cached buffer's view: 1 MiB of its 1 MiB and a page
        xt.asarray(np.zeros((1 << 20) + 4096, np.uint8)[16:-4080].view(np.float64)),
        xt.asarray(np.frombuffer(b"abcdefgh", np.uint8)),  # a base that is no ndarray
    ]
    assert arrays[-2]._data.base is not None and arrays[-2].base is None
    for x in arrays:
        try:
            want = fget(x)
        except Exception as e:
            with pytest.raises(type(e), match=re.escape(str(e))):
                getattr(x, name)
            continue
        got = getattr(x, name)
        if isinstance(want, xt.Array):
            assert type(got) is xt.Array and got.shape == want.shape
            if type(want._data) is np.ndarray:
                assert got._data.strides == want._data.strides
                assert name != "base" or got._data is want._data
                assert np.array_equal(np.asarray(got), np.asarray(want))
        elif name == "__array_struct__":  # a new capsule each time: NumPy reads them alike
            face = np.asarray(x).__array_interface__
            assert type(got) is type(want) and face == x._data.__array_interface__
        else:
            assert type(got) is type(want) and got == want
