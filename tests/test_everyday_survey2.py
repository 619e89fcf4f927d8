"""What a second survey of everyday scripts found (applied programs, the reference guide,
array-API clients): each test runs the users' idiom on NumPy and on xtensor and compares."""

from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt

ELEMENTS = st.one_of(
    st.lists(st.integers(-5, 5), min_size=1, max_size=12).map(np.array),
    st.lists(st.sampled_from([0.5, -0.0, 0.0, 2.0, 1.0]), min_size=1, max_size=12).map(np.array),
    st.lists(st.booleans(), min_size=1, max_size=6).map(np.array),
)


@given(ELEMENTS)
def test_elements_hash_as_numpys_scalars(a):
    # Note [Elements are values]: `set(row)`, `Counter(a)` and dict keys by element.
    x = xt.asarray(a)
    assert [hash(v) for v in x] == [hash(v) for v in a]
    assert {v.item() for v in set(x)} == {v.item() for v in set(a)}
    assert {k.item(): n for k, n in Counter(x).items()} == {
        k.item(): n for k, n in Counter(a).items()
    }
    counts: dict = {}
    for v in x:
        counts[v] = counts.get(v, 0) + 1
    assert counts[x[0].item()] == list(a).count(a[0])  # found by the Python number's key


def test_only_0d_arrays_hash():
    assert hash(xt.asarray(7)) == hash(np.int64(7)) == hash(7)
    assert hash(xt.sum(xt.asarray([0.5, 1.0]))) == hash(1.5)
    for x, numpy_x in ((xt.ones(3), np.ones(3)), (xt.ones((2, 0)), np.ones((2, 0)))):
        with pytest.raises(TypeError, match="unhashable"):
            hash(x)
        with pytest.raises(TypeError, match="unhashable"):
            hash(numpy_x)
        with pytest.raises(TypeError, match="unhashable"):
            {x}  # noqa: B018 (the set is the test)


@pytest.mark.parametrize(
    ("values", "name"),
    [([1, 2], "int64"), ([1.5], "float64"), ([True], "bool"), ([1j], "complex128")],
)
def test_isinstance_of_a_dtype_reads_elements_as_numpys_scalars(values, name):
    a, x = np.asarray(values), xt.asarray(values)
    for other in ("int64", "float64", "bool", "complex128", "float32", "int32"):
        want = isinstance(a[0], getattr(np, other))
        assert isinstance(x[0], getattr(xt, other)) == want, other
        assert isinstance(a[0], getattr(xt, other)) == want, other  # NumPy's scalar too
        assert isinstance(x[0], (str, getattr(xt, other))) == want, other
    assert not isinstance(x, getattr(xt, name))  # an array of them is no scalar, as in NumPy
    assert not isinstance(values[0], getattr(xt, name))  # a Python number, as in NumPy
    assert isinstance(xt.sum(x), getattr(xt, name)) == isinstance(np.sum(a), getattr(np, name))


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16", "float32", "bool"])
@pytest.mark.parametrize("stack", [(), (2,)])
def test_linalg_trace_sums_in_the_dtype_asked_for(dtype, stack):
    # The standard's trace casts x to `dtype` and sums there: int8 wraps, as NumPy's trace.
    a = np.broadcast_to(np.array([[100, 1], [2, 100]], dtype=np.int8), stack + (2, 2))
    got = xt.linalg.trace(xt.asarray(a), dtype=getattr(xt, dtype))
    want = np.trace(a.astype(dtype), axis1=-2, axis2=-1, dtype=dtype)
    assert got.dtype == want.dtype and np.array_equal(np.asarray(got), want)


@pytest.mark.parametrize("legacy", ["1.25", "1.21", False])
def test_0d_results_print_as_numpys_scalars_under_any_legacy_option(legacy):
    # An element, a reduction, a comparison: NumPy's scalar, `np.float64(2.0)`, or `2.0` under
    # legacy='1.25', which scripts set for that; a 0-d array made by asarray prints as one.
    a = np.array([1.5, 2.0])
    values = (
        lambda m, x: x[1],
        lambda m, x: m.sum(x),
        lambda m, x: x[0] > 1,
        lambda m, x: x == x,
        lambda m, x: m.asarray(2.5),
        lambda m, x: m.array(x[0], dtype=m.float32),
    )
    for make in values:
        with np.printoptions(legacy=legacy):
            assert repr([make(xt, xt.asarray(a))]) == repr([make(np, a)])


@pytest.mark.parametrize(
    "values",
    [
        np.array(["ann", "bob"]),
        np.array([b"ab", b"c"]),
        np.array(["2020-01-01", "2021-03-04"], dtype="datetime64[D]"),
        np.array([5, -3], dtype="timedelta64[s]"),
        np.array([{"a": 1}, [2, 3]], dtype=object),
    ],
)
def test_text_object_and_date_elements_are_numpys_scalars(values):
    x = xt.asarray(values)
    for i in (0, -1):
        got, want = x[i], values[i]
        assert type(got) is type(want) and repr(got) == repr(want)
    assert [type(v) for v in x] == [type(v) for v in values]
    if values.dtype.kind == "O":
        assert x[0] is values[0]  # the object itself (asarray of an object array: no copy)
    assert type(x[0] == x) is xt.Array  # NumPy's scalar defers to the Array beside it
    assert np.array_equal(np.asarray(x[0] == x), values[0] == values)


@pytest.mark.parametrize(
    ("shape", "values"), [((4,), [1, 2]), ((2, 3), 7), ((3,), [5.0, 6.0, 7.0, 8.0]), ((2, 2), [])]
)
def test_flat_assignment_repeats_or_cuts_as_numpy(shape, values):
    a, x = np.zeros(shape), xt.zeros(shape)
    outcomes = []
    for arr in (a, x):
        try:
            arr.flat = values
            outcomes.append(np.asarray(arr).tolist())
        except Exception as e:  # noqa: BLE001 (the errors are what is compared)
            outcomes.append(type(e))
    assert outcomes[0] == outcomes[1]


def test_subclass_made_by_new_as_numpys_guide_writes_it():
    class Named(xt.ndarray):
        def __new__(cls, array, name="no name"):
            obj = xt.asarray(array).view(cls)
            obj.name = name
            return obj

    z = Named(xt.arange(3), "range_3")
    assert z.name == "range_3" and type(z) is Named and z.tolist() == [0, 1, 2]
    with pytest.raises(TypeError, match="asarray"):
        xt.ndarray(3)


def test_dtype_names_as_numpys_scalar_types():
    for name in ("int8", "uint16", "float32", "float64", "complex128", "bool", "float16"):
        assert getattr(xt, name).__name__ == getattr(np, name).__name__


def test_first_cast_warning_points_at_the_callers_line():
    import warnings

    with warnings.catch_warnings(record=True) as caught, np.errstate(invalid="warn"):
        warnings.simplefilter("always")
        for _ in range(2):  # the first call (checked path) and the next (the table's)
            xt.asarray([np.nan]).astype(xt.int64)
    assert [w.filename for w in caught] == [__file__] * 2
    assert all("invalid value encountered in cast" in str(w.message) for w in caught)


def _people(m):
    return m.array([("Ann", 30), ("Bo", 22)], dtype=[("name", "U8"), ("age", "i8")])


def test_records_are_views_with_fields_by_position_as_numpys():
    # The handbook's and the lectures' record idioms: a record writes through to its array,
    # reads its fields by position, has a length and unpacks.
    outcomes = []
    for m in (np, xt):
        p = _people(m)
        p[1]["age"] = 99
        r = p[0]
        r["age"] = 31
        fields = [str(p[0][0]), int(p[0][1]), int(p[0][-1]), len(p[0])]
        pairs = [(str(name), int(age)) for name, age in p]
        outcomes.append((np.asarray(p).tolist(), fields, pairs))
    assert outcomes[0] == outcomes[1]
    with pytest.raises(IndexError):
        _people(xt)[0][2]


@pytest.mark.parametrize(("shape", "new"), [((12,), (3, 4)), ((3, 4), -1), ((2, 6), (3, 2, 2))])
def test_shape_assignment_views_in_place_as_numpy(shape, new):
    a, x = np.arange(12).reshape(shape), xt.reshape(xt.arange(12), shape)
    a.shape = new
    x.shape = new
    assert x.shape == a.shape and np.array_equal(np.asarray(x), a)
    t, want = x.mT if x.ndim > 1 else x, a.T
    if not want.flags.c_contiguous and want.ndim > 1:
        with pytest.raises(AttributeError, match="Incompatible shape"):
            want.shape = -1
        with pytest.raises(AttributeError, match="Incompatible shape"):
            t.shape = -1


def test_dtype_assignment_reads_the_bytes_anew_as_numpy():
    a, x = np.array([1, 2, 3, 4], dtype=np.uint8), xt.asarray([1, 2, 3, 4], dtype=xt.uint8)
    a.dtype = "<i2"
    x.dtype = "<i2"
    assert x.dtype == a.dtype and np.asarray(x).tolist() == a.tolist()
    with pytest.raises(ValueError):
        x.dtype = "f8"


def test_missing_names_say_what_numpy_says_or_point_at_the_readme():
    import warnings

    for name in ("int", "float", "NaN", "float_"):  # removed from NumPy: its advice
        with pytest.raises(AttributeError) as got, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            getattr(xt, name)
        with pytest.raises(AttributeError) as want:
            getattr(np, name)
        assert str(got.value).startswith(f"module 'xtensor' has no attribute {name!r}")
        assert str(want.value).split("`")[1] in str(got.value)  # NumPy's `np.<name>` advice
    with pytest.raises(AttributeError, match="does not provide NumPy's numpy.memmap"):
        xt.memmap  # noqa: B018
    with pytest.raises(AttributeError, match="^module 'xtensor' has no attribute 'nothing_here'$"):
        xt.nothing_here  # noqa: B018
    with pytest.warns(DeprecationWarning, match="xtensor.rec"):
        records = xt.core.records
    r = records.fromarrays([xt.asarray([1, 2]), xt.asarray([2.5, 3.5])], names="a,b")
    assert r["a"].tolist() == [1, 2]


def test_ufuncs_of_another_librarys_arrays_are_that_librarys_as_under_numpy():
    # `np.log(df['x'])` with `import xtensor as np`: pandas computes it, as under NumPy, so
    # the index stays and the result is a Series (its __array_ufunc__, NumPy's protocol).
    pd = pytest.importorskip("pandas")
    s = pd.Series([1.0, 2.0, 4.0], index=["a", "b", "c"], name="x")
    df = pd.DataFrame({"a": [1.0, 4.0], "b": [9.0, 16.0]})
    calls = [
        lambda m: m.log(s),
        lambda m: m.maximum(s, 2.0),
        lambda m: m.add(1, s),
        lambda m: m.sqrt(df),
        lambda m: m.sqrt(s) + 1,
    ]
    for call in calls:
        got, want = call(xt), call(np)
        assert type(got) is type(want)
        assert got.equals(want)
    assert type(xt.log(xt.asarray([1.0]))) is xt.Array  # xtensor's own operands stay xtensor's
    assert type(xt.asarray([1.0, 2.0, 3.0]) + s) is type(np.asarray([1.0, 2.0, 3.0]) + s)


def test_ufuncs_of_lazy_arrays_stay_lazy():
    da = pytest.importorskip("dask.array")
    x = da.from_array(np.arange(4.0), chunks=2)
    got = xt.sin(x)
    assert type(got) is type(np.sin(x))
    assert np.allclose(np.asarray(got.compute()), np.sin(np.arange(4.0)))


def test_masked_arrays_and_polynomials_are_numpys_own():
    values = [1.0, -1.0, 4.0]
    outcomes = []
    for m in (np, xt):
        a = m.asarray(values)
        masked = m.ma.masked_where(a < 0, a)
        fit = m.polynomial.Polynomial.fit(m.asarray([0.0, 1.0, 2.0]), m.asarray([1.0, 3.0, 7.0]), 2)
        outcomes.append(
            (repr(masked), str(m.sqrt(masked)), float(masked.mean()), str(fit.convert()))
        )
    assert outcomes[0] == outcomes[1]


def test_numpy_functions_of_another_librarys_arrays_are_its_methods_as_under_numpy():
    pd = pytest.importorskip("pandas")
    s = pd.Series([1.234, -2.5, 4.0], index=["a", "b", "c"])
    calls = [
        lambda m: m.round(s, 1),
        lambda m: m.round(s),
        lambda m: m.around(s, 1),
        lambda m: m.clip(s, 0, 2),
        lambda m: m.cumsum(s),
        lambda m: m.cumprod(s),
    ]
    for call in calls:
        got, want = call(xt), call(np)
        assert type(got) is type(want) and got.equals(want)
    assert type(xt.round(xt.asarray([1.26]), 1)) is xt.Array
    assert xt.cumsum([1, 2]).tolist() == [1, 3]


def test_reductions_of_another_librarys_arrays_are_its_methods_as_under_numpy():
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"a": [1.0, 2.0, 4.0], "b": [3.0, 0.0, 5.0]})
    s = df["a"]
    calls = [
        lambda m: m.mean(df, axis=0),
        lambda m: m.sum(df, axis=1),
        lambda m: m.var(df, axis=0),
        lambda m: m.min(df, axis=0),
        lambda m: m.std(s, ddof=1),
        lambda m: m.std(s),
        lambda m: m.max(s),
        lambda m: m.prod(s),
        lambda m: m.mean(s),
    ]
    for call in calls:
        got, want = call(xt), call(np)
        assert type(got) is type(want)
        assert got.equals(want) if hasattr(want, "equals") else got == want
    assert type(xt.sum(xt.asarray([1, 2]))) is xt.Array


def test_text_columns_and_indexes_read_as_numpy_reads_them():
    # A pandas column of strings or an Index is an array of objects itself (its __array__),
    # which NumPy reads as it is; only inferring objects from a list is refused.
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"cat": ["apple", "banana", "apple"]}, index=["a", "b", "c"])
    for call in (
        lambda m: m.unique(df["cat"], return_counts=True),
        lambda m: m.isin(df["cat"], ["apple"]),
        lambda m: m.array(df.columns),
        lambda m: m.random.default_rng(0).choice(df.index, 2),
    ):
        got, want = call(xt), call(np)
        assert repr(got) == repr(want)
    with pytest.raises(TypeError, match="object arrays only when asked"):
        xt.asarray([1, None])


def test_numpy_statistics_of_pandas_columns_are_numpys_answers():
    # pandas stores NumPy's scalars where a 0-d array would not be: `fillna(np.nanmean(s))`,
    # `df.iloc[np.argmax(s)]`
    pd = pytest.importorskip("pandas")
    s = pd.Series([1.0, np.nan, 3.0, 8.0])
    full = s.fillna(0.0)
    for call in (
        lambda m: s.fillna(m.nanmean(s)),
        lambda m: s.fillna(m.nanmedian(s)),
        lambda m: full.iloc[m.argmax(full)],
        lambda m: m.argmin(full),
        lambda m: m.median(full),
        lambda m: m.percentile(full, 90),
        lambda m: m.quantile(full, 0.25),
        lambda m: m.average(full, weights=[1, 2, 3, 4]),
        lambda m: m.nansum(s),
        lambda m: m.nanstd(s),
    ):
        got, want = call(xt), call(np)
        assert type(got) is type(want)
        assert got.equals(want) if hasattr(want, "equals") else got == want
    assert type(xt.median(xt.asarray([1.0, 2.0]))) is xt.Array
