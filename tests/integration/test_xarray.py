"""xarray DataArrays wrapping xtensor arrays keep them, and compute what NumPy-backed ones do.

Each case runs the same xarray call on a DataArray over a NumPy array and over an xtensor array
of the same values; the xtensor result's `.data` must be an xtensor Array with NumPy's values,
dtype and shape, and the same dims and coordinates.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import xarray as xr

import xtensor as xt
from tests.oracle import assert_same

A = np.arange(24.0).reshape(4, 6) - 7.5
A_NAN = A.copy()
A_NAN[1, 2] = A_NAN[3, 0] = np.nan

CASES = {
    "arithmetic": lambda d: (d + 1) * 2 - d / 3,
    "broadcast over dims": lambda d: d - d.mean("x"),
    "numpy ufunc": lambda d: np.sin(d),
    "sum": lambda d: d.sum(),
    "sum over x": lambda d: d.sum("x"),
    "mean over y": lambda d: d.mean("y"),
    "std over x": lambda d: d.std("x"),
    "std ddof 1": lambda d: d.std("x", ddof=1),
    "var": lambda d: d.var(),
    "max over y": lambda d: d.max("y"),
    "min": lambda d: d.min(),
    "prod over y": lambda d: (d / 10).prod("y"),
    "median over x": lambda d: d.median("x"),
    "argmax over y": lambda d: d.argmax("y"),
    "any": lambda d: (d > 0).any("x"),
    "all": lambda d: (d > -100).all(),
    "cumsum over x": lambda d: d.cumsum("x"),
    "cumprod over y": lambda d: (d / 10).cumprod("y"),
    "where with other": lambda d: d.where(d > 0, -1.0),
    "xarray.where": lambda d: xr.where(d > 0, d, 0.0),
    "groupby mean": lambda d: d.groupby("g").mean(),
    "groupby sum": lambda d: d.groupby("g").sum(),
    "coarsen mean": lambda d: d.coarsen(y=2).mean(),
    "concat along x": lambda d: xr.concat([d, d], dim="x"),
    "concat new dim": lambda d: xr.concat([d, d], dim="z"),
    "isel": lambda d: d.isel(x=[0, 2], y=slice(1, 4)),
    "sel": lambda d: d.sel(x=20),
    "sel list": lambda d: d.sel(x=[10, 40], y=3),
    "transpose": lambda d: d.T,
    "dot": lambda d: d.dot(d, dim="y"),
    "round": lambda d: d.round(1),
    "clip": lambda d: d.clip(-1, 1),
    "astype": lambda d: d.astype("float32"),
    "diff": lambda d: d.diff("y"),
    "stack": lambda d: d.stack(z=("x", "y")),
    "Dataset mean": lambda d: xr.Dataset({"v": d}).mean()["v"],
}
NAN_CASES = {
    "isnull": lambda d: d.isnull(),
    "fillna": lambda d: d.fillna(0.0),
    "skipna mean": lambda d: d.mean("x", skipna=True),
    "skipna sum": lambda d: d.sum("y", skipna=True),
    "skipna max": lambda d: d.max(),
}
# xarray's own code: `xarray.core.dtypes.maybe_promote` (reached through `get_fill_value`)
# raises TypeError for any dtype that is not a `numpy.dtype` instance or a pandas extension
# dtype. xtensor's dtypes are their own objects (NumPy forbids subclassing `numpy.dtype`), and
# array-api-strict's arrays fail the same way. Each call below asks for a missing-value fill.
NEEDS_NUMPY_DTYPE = {
    "where without other (duck_array_ops.where_method)": lambda d: d.where(d > 0),
    "rolling mean (rolling._mean -> where)": lambda d: d.rolling(y=3).mean(),
    "shift (Variable._shift_one_dim)": lambda d: d.shift(x=1),
    "idxmax (computation._calc_idxminmax)": lambda d: d.idxmax("y"),
}


def _data_array(data):
    coords = {"x": [10, 20, 30, 40], "y": np.arange(6), "g": ("x", ["a", "b", "a", "b"])}
    return xr.DataArray(data, dims=("x", "y"), coords=coords)


def _check(call, data):
    want = call(_data_array(data))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = call(_data_array(xt.asarray(data)))
    assert got.dims == want.dims
    assert_same(got.data, want.values)
    for name, coord in want.coords.items():
        np.testing.assert_array_equal(np.asarray(got.coords[name]), np.asarray(coord))


@pytest.mark.parametrize("name", list(CASES))
def test_xarray_keeps_xtensor_arrays(name):
    _check(CASES[name], A)


@pytest.mark.parametrize("name", list(NAN_CASES))
def test_xarray_missing_values(name):
    _check(NAN_CASES[name], A_NAN)


@pytest.mark.parametrize("name", list(NEEDS_NUMPY_DTYPE))
@pytest.mark.xfail(
    raises=TypeError,
    strict=True,
    reason="xarray.core.dtypes.maybe_promote accepts only numpy.dtype instances",
)
def test_xarray_fill_values_need_numpy_dtypes(name):
    _check(NEEDS_NUMPY_DTYPE[name], A)


def test_variable_and_dataset_keep_xtensor_arrays():
    v = xr.Variable(("x", "y"), xt.asarray(A))
    assert type((v * 2).data) is xt.Array
    ds = xr.Dataset({"v": (("x", "y"), xt.asarray(A))})
    assert type(ds["v"].data) is xt.Array
    assert type((ds + 1)["v"].data) is xt.Array
