"""Text I/O (savetxt, loadtxt, genfromtxt, fromstring, fromregex in xtensor/_numpy_io.py)
against NumPy: the same text written, the same arrays (float16 too) or exception classes
and warnings read back, for every option NumPy has. Structured dtypes raise TypeError.
"""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays
from tests.test_numpy_io import _exact, _outcome, _same_outcome, _sample

# --- savetxt -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"fmt": "%d", "delimiter": ","},
        {"fmt": ["%.2f", "%g", "%s"], "newline": ";\n"},
        {"fmt": "%5.1f", "header": "a b c\nsecond", "footer": "end", "comments": "// "},
        {"fmt": "%.3e", "delimiter": "\t", "encoding": "utf-8"},
    ],
)
@pytest.mark.parametrize("rows", [slice(None, None, -1), 0, slice(0)])
def test_savetxt_writes_numpys_text(kwargs, rows):
    x = np.asfortranarray(_sample("float64", (4, 3)) / 3)[rows]  # 2-D view, 1-D, empty
    ours, theirs = io.StringIO(), io.StringIO()
    got, _ = _outcome(lambda: xt.savetxt(ours, xt.asarray(x), **kwargs))
    want, _ = _outcome(lambda: np.savetxt(theirs, x, **kwargs))
    assert got == want  # None, or the same exception class (fmt lists need 2-D input)
    assert ours.getvalue() == theirs.getvalue()


def test_savetxt_of_complex_arrays_matches_numpy():
    z = (_sample("complex128", (2, 2)) * (1 - 0.5j)).astype("complex64")
    ours, theirs = io.StringIO(), io.StringIO()
    xt.savetxt(ours, xt.asarray(z), fmt="%.3f")
    np.savetxt(theirs, z, fmt="%.3f")
    assert ours.getvalue() == theirs.getvalue()


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_savetxt_then_loadtxt_for_every_dtype(dtype):
    a = _sample(dtype, (3, 2))
    ours, theirs = io.StringIO(), io.StringIO()
    fmt = "%d" if dtype == "bool" or "int" in dtype else "%.18e"
    xt.savetxt(ours, xt.asarray(a), fmt=fmt)
    np.savetxt(theirs, a, fmt=fmt)
    assert ours.getvalue() == theirs.getvalue()
    text = theirs.getvalue()
    _same_outcome(
        lambda: xt.loadtxt(io.StringIO(text), dtype=getattr(xt, dtype)),
        lambda: np.loadtxt(io.StringIO(text), dtype=dtype),
    )


@pytest.mark.parametrize(
    "x, kwargs",
    [(np.float64(1.5), {}), (np.zeros((2, 2, 2)), {}), (np.ones((2, 2)), {"fmt": ["%d"]})],
)
def test_savetxt_errors_match_numpy(x, kwargs):
    _same_outcome(
        lambda: xt.savetxt(io.StringIO(), xt.asarray(x), **kwargs),
        lambda: np.savetxt(io.StringIO(), x, **kwargs),
    )


# --- loadtxt -----------------------------------------------------------------------------------

TABLE = "# a comment\n1,2,3\n4,5,6 # trailing\n\n7,8,9\n10,11,12\n"


def _tenfold(s):
    return float(s) * 10


LOADTXT_CASES = [
    {"delimiter": ","},
    {"delimiter": ",", "dtype": int},
    {"delimiter": ",", "dtype": "uint8", "usecols": 1},
    {"delimiter": ",", "dtype": xt.float32, "usecols": [2, 0]},
    {"delimiter": ",", "dtype": np.float16},
    {"delimiter": ",", "dtype": ">i2"},
    {"delimiter": ",", "dtype": complex, "skiprows": 2, "max_rows": 2},
    {"delimiter": ",", "unpack": True},
    {"delimiter": ",", "usecols": 0, "ndmin": 2},
    {"delimiter": ",", "max_rows": 1, "ndmin": 1},
    {"delimiter": ",", "converters": {0: _tenfold}},
    {"delimiter": ",", "converters": _tenfold, "dtype": "int16"},
    {"delimiter": ",", "comments": None},
    {"delimiter": ",", "comments": ["#", "//"], "encoding": "utf-8"},
    {"delimiter": ",", "quotechar": '"'},
    {"delimiter": ";"},
    {"delimiter": ",", "dtype": "int8", "converters": {1: lambda s: 300}},
]


def _np_dtype(kwargs):
    dtype = kwargs.get("dtype", float)
    return np.dtype(dtype.name) if isinstance(dtype, type(xt.float32)) else dtype


@pytest.mark.parametrize("kwargs", LOADTXT_CASES)
def test_loadtxt_options_match_numpy(kwargs):
    _same_outcome(
        lambda: xt.loadtxt(io.StringIO(TABLE), **kwargs),
        lambda: np.loadtxt(io.StringIO(TABLE), **{**kwargs, "dtype": _np_dtype(kwargs)}),
    )


@pytest.mark.parametrize(
    "text, kwargs",
    [
        ("", {}),
        ("1 2\n3\n", {}),
        ("1 x\n", {}),
        ('"1" 2\n', {"quotechar": '"'}),
        ("1 2\n", {"usecols": 5}),
        ("1 2\n", {"ndmin": 3}),
        ("3\n", {"ndmin": 0}),
        ("1 2\n", {"like": xt.ones(1)}),
    ],
)
def test_loadtxt_edge_cases_and_errors_match_numpy(text, kwargs):
    np_kwargs = {**kwargs, "like": None} if "like" in kwargs else kwargs
    _same_outcome(
        lambda: xt.loadtxt(io.StringIO(text), **kwargs),
        lambda: np.loadtxt(io.StringIO(text), **np_kwargs),
    )


@pytest.mark.parametrize("func", [xt.loadtxt, xt.genfromtxt])
def test_text_readers_take_structured_string_and_object_dtypes(func):
    name = func.__name__
    fields = [("a", int), ("b", float)]
    _exact(
        func(io.StringIO("1 2"), dtype=fields), getattr(np, name)(io.StringIO("1 2"), dtype=fields)
    )
    _same_outcome(  # string columns, as NumPy reads them (tests/test_strings.py)
        lambda: func(io.StringIO("a b"), dtype=str),
        lambda: getattr(np, name)(io.StringIO("a b"), dtype=str),
    )
    got = func(io.StringIO("a b"), dtype=object)  # an object array (Note [Host-only dtypes])
    want = getattr(np, name)(io.StringIO("a b"), dtype=object)
    assert got.dtype == want.dtype and np.asarray(got).tolist() == want.tolist()
    with pytest.raises(TypeError, match=f"{name}: the `like` argument"):
        func(io.StringIO("1 2"), like=[1])
    with pytest.raises(TypeError):
        np.loadtxt(io.StringIO("1 2"), like=[1])


# --- genfromtxt --------------------------------------------------------------------------------

GAPS = "# head\n1, 2, 3\n4, , 6\n7, N/A, 9\n10, 11, 12\n# tail\n"
GENFROMTXT_CASES = [
    {"delimiter": ","},
    {"delimiter": ",", "filling_values": -1, "missing_values": "N/A"},
    {"delimiter": ",", "dtype": int, "filling_values": 0, "missing_values": {1: "N/A"}},
    {"delimiter": ",", "dtype": None, "usecols": (0, 2)},
    {"delimiter": ",", "skip_header": 2, "skip_footer": 1, "dtype": "int32"},
    {"delimiter": ",", "max_rows": 2, "unpack": True},
    {"delimiter": ",", "usecols": 1, "ndmin": 2, "dtype": np.float16},
    {"delimiter": ",", "autostrip": True, "dtype": complex, "usecols": [0]},
    {"delimiter": ",", "converters": {1: lambda s: float(s or 0) * 2}},
    {"delimiter": [3, 4, 4]},
    {"delimiter": ",", "dtype": int, "invalid_raise": False, "skip_header": 1},
    {"delimiter": ",", "comments": None, "invalid_raise": False},
    {"delimiter": ",", "dtype": "uint8", "loose": False},
]


@pytest.mark.parametrize("kwargs", GENFROMTXT_CASES)
def test_genfromtxt_options_match_numpy(kwargs):
    text = GAPS if "invalid_raise" not in kwargs else GAPS.replace("10, 11, 12", "10, 11")
    _same_outcome(
        lambda: xt.genfromtxt(io.StringIO(text), **kwargs),
        lambda: np.genfromtxt(io.StringIO(text), **kwargs),
    )


def test_genfromtxt_names_and_mixed_columns_make_records_masks_are_numpys():
    _exact(
        xt.genfromtxt(io.StringIO("a b\n1 2"), names=True),
        np.genfromtxt(io.StringIO("a b\n1 2"), names=True),
    )
    masked = xt.genfromtxt(io.StringIO("1 2"), usemask=True)  # NumPy's masked array, as xt.ma
    assert isinstance(masked, np.ma.MaskedArray) and masked.tolist() == [1.0, 2.0]
    mixed = "1 2.5\n3 4"  # int and float columns: a structured array, as in NumPy
    _exact(
        xt.genfromtxt(io.StringIO(mixed), dtype=None), np.genfromtxt(io.StringIO(mixed), dtype=None)
    )
    _same_outcome(
        lambda: xt.genfromtxt(io.StringIO("a\nb"), dtype=None),
        lambda: np.genfromtxt(io.StringIO("a\nb"), dtype=None),
    )
    _same_outcome(lambda: xt.genfromtxt(io.StringIO("")), lambda: np.genfromtxt(io.StringIO("")))


# --- fromstring --------------------------------------------------------------------------------


@given(data=st.data(), dtype=st.sampled_from(ALL_DTYPES[1:]), sep=st.sampled_from([" ", ", "]))
def test_fromstring_matches_numpy(data, dtype, sep):
    a = data.draw(arrays(dtype, st.integers(0, 6).map(lambda n: (n,)), views=False))
    text = sep.join(str(v) for v in a.tolist())
    count = data.draw(st.integers(-1, len(a)))  # NumPy returns garbage past the end
    _same_outcome(
        lambda: xt.fromstring(text, getattr(xt, dtype), count, sep=sep),
        lambda: np.fromstring(text, dtype, count, sep=sep),
    )


@pytest.mark.parametrize(
    "text, kwargs",
    [
        ("1 2", {"sep": ""}),
        ("1,2,x", {"sep": ","}),
        ("1 2", {"sep": " ", "dtype": np.float16}),
        ("1 2", {"sep": " ", "like": np.ones(1)}),
    ],
)
def test_fromstring_errors_and_dtypes_match_numpy(text, kwargs):
    _same_outcome(lambda: xt.fromstring(text, **kwargs), lambda: np.fromstring(text, **kwargs))
    _same_outcome(
        lambda: xt.fromstring("1 2", dtype="U1", sep=" "),
        lambda: np.fromstring("1 2", dtype="U1", sep=" "),
    )


# --- fromregex ---------------------------------------------------------------------------------

LOG = "id=1 x=2.5 y=-3\nid=20 x=1e3 y=4\nnoise\nid=300 x=-0.5 y=0\n"


@pytest.mark.parametrize("dtype", ["int16", "uint8", "int64", "float32", "float64", "complex128"])
@pytest.mark.parametrize(
    "regexp", [r"id=(\d+)", r"-?\d+\.\d+", r"id=(\d+) x=\S+ y=(\S+)", r"=(\S+) x=(\S+) y=(\S+)"]
)
def test_fromregex_is_numpys_fields_side_by_side(dtype, regexp):
    groups = re.compile(regexp).groups
    fields = [(f"f{i}", dtype) for i in range(max(groups, 1))]

    def want():  # NumPy's structured result, its fields as columns (or its errors)
        out = np.fromregex(io.StringIO(LOG), regexp, fields)
        columns = [out[name] for name, _ in fields]
        return columns[0] if groups < 2 else np.stack(columns, axis=1)

    _same_outcome(lambda: xt.fromregex(io.StringIO(LOG), regexp, dtype), want)


def test_fromregex_takes_paths_bytes_and_compiled_patterns(tmp_path):
    path = tmp_path / "log.txt"
    path.write_text(LOG)
    want = np.array([[1, -3], [20, 4], [300, 0]], dtype=np.int32)
    pattern = r"id=(\d+) x=\S+ y=(\S+)"
    _exact(xt.fromregex(path, pattern, xt.int32), want)
    _exact(xt.fromregex(str(path), re.compile(pattern), "i4", encoding="utf-8"), want)
    with open(path, "rb") as f:
        _exact(xt.fromregex(f, pattern, np.int32), want)  # str pattern on bytes, as NumPy
    _exact(xt.fromregex(io.StringIO("nothing"), pattern, "f8"), np.zeros((0, 2)))
    half = np.fromregex(io.StringIO("1 2"), r"(\d)", [("f0", np.float16)])["f0"]
    _exact(xt.fromregex(io.StringIO("1 2"), r"(\d)", np.float16), half)


def test_fromregex_takes_numpys_structured_dtypes_and_strings():
    fields = [("id", int)]
    _exact(
        xt.fromregex(io.StringIO(LOG), r"id=(\d+)", fields),
        np.fromregex(io.StringIO(LOG), r"id=(\d+)", fields),
    )
    ids = np.fromregex(io.StringIO(LOG), r"id=(\d+)", [("f0", "U5")])["f0"]  # strings: a field
    _exact(xt.fromregex(io.StringIO(LOG), r"id=(\d+)", "U5"), ids)
