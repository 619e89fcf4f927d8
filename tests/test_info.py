"""Inspection, constants and interop: __array_namespace_info__, array_api_compat, DLPack."""

from __future__ import annotations

import math

import numpy as np
import pytest

import xtensor as xt
from tests.oracle import ALL_DTYPES, assert_same

info = xt.__array_namespace_info__()


def test_api_version_and_constants():
    assert xt.__array_api_version__ == "2025.12"
    assert (xt.e, xt.pi, xt.inf) == (math.e, math.pi, math.inf)
    assert type(xt.nan) is float and math.isnan(xt.nan)
    assert xt.newaxis is None
    assert xt.ones((2, 3))[:, xt.newaxis].shape == (2, 1, 3)


def test_capabilities_are_truthful():
    caps = info.capabilities()
    assert set(caps) == {"boolean indexing", "data-dependent shapes", "max dimensions"}
    assert caps["max dimensions"] == 64 and xt.zeros((1,) * 64).ndim == 64
    assert caps["boolean indexing"] is True
    src = np.arange(6.0).reshape(2, 3)
    assert_same(xt.asarray(src)[xt.asarray(src > 2)], src[src > 2])
    assert caps["data-dependent shapes"] is True
    x = xt.asarray([3, 1, 3, 0])
    assert_same(xt.unique_values(x), np.unique_values(np.asarray([3, 1, 3, 0])))
    assert_same(xt.nonzero(x)[0], np.nonzero(np.asarray([3, 1, 3, 0]))[0])


def test_capabilities_report_missing_data_dependent_functions(monkeypatch):
    monkeypatch.delattr(xt, "unique_counts")
    assert info.capabilities()["data-dependent shapes"] is False


def test_devices():
    devices = info.devices()
    assert type(devices) is tuple and devices[0] == xt.Device("cpu")
    assert info.default_device() in devices
    assert info.default_device() == "cpu"
    for device in devices:
        assert xt.zeros(1, device=device).device == device


@pytest.mark.parametrize("device", [None, "cpu", xt.Device("cpu")])
def test_default_dtypes(device):
    assert info.default_dtypes(device=device) == {
        "real floating": xt.float64,
        "complex floating": xt.complex128,
        "integral": xt.int64,
        "indexing": xt.int64,
    }
    # The defaults are the ones creation functions actually use.
    assert xt.asarray(1.0).dtype is info.default_dtypes()["real floating"]
    assert xt.asarray(1).dtype is info.default_dtypes()["integral"]
    assert xt.asarray(1j).dtype is info.default_dtypes()["complex floating"]


KINDS = [
    "bool",
    "signed integer",
    "unsigned integer",
    "integral",
    "real floating",
    "complex floating",
    "numeric",
]


@pytest.mark.parametrize(
    "kind", [None, *KINDS, ("bool", "complex floating"), ("signed integer", "unsigned integer")]
)
def test_dtypes_by_kind_match_numpy_isdtype(kind):
    got = info.dtypes(kind=kind, device="cpu")
    if kind is None:
        want = list(ALL_DTYPES)
    else:
        want = [n for n in ALL_DTYPES if np.isdtype(np.dtype(n), kind)]
    assert list(got) == want
    assert all(got[name] is getattr(xt, name) for name in got)


def test_dtypes_report_only_the_standard_dtypes_despite_numpy_aliases():
    # NumPy's aliases (double, intc, long...) are the same 13 objects, not more dtypes.
    got = info.dtypes()
    assert len(got) == 13 and len({id(d) for d in got.values()}) == 13
    for alias in ("double", "single", "intc", "long", "ulonglong", "intp", "cdouble", "bool_"):
        assert any(getattr(xt, alias) is d for d in got.values()), alias
    assert "double" not in got and "float16" not in got
    # Kinds given as dtypes now compare like NumPy's, but the report keys stay identity-based.
    assert list(info.dtypes(kind=xt.float32)) == ["float32"]
    assert list(info.dtypes(kind=xt.single)) == ["float32"]


def test_info_errors():
    with pytest.raises(ValueError, match="dtypes: unknown kind 'integer'"):
        info.dtypes(kind="integer")
    with pytest.raises(ValueError, match="dtypes: kind must be a kind name"):  # (NumPy's)
        info.dtypes(kind=3)
    with pytest.raises(ValueError, match="'tpu' is not a device"):
        info.default_dtypes(device="tpu")
    with pytest.raises(ValueError, match="'tpu' is not a device"):
        info.dtypes(device="tpu")


# --- array-api-compat -----------------------------------------------------------------------


def test_array_api_compat_finds_xtensor():
    compat = pytest.importorskip("array_api_compat")
    x, y = xt.ones(2), xt.zeros(3)
    assert compat.array_namespace(x) is xt
    assert compat.array_namespace(x, y, 1.5) is xt
    assert compat.array_namespace(x, api_version="2025.12") is xt
    assert compat.is_array_api_obj(x)
    with pytest.raises(ValueError, match="api_version '1999.01' is not supported"):
        compat.array_namespace(x, api_version="1999.01")
    with pytest.raises(TypeError, match="Multiple namespaces"):
        compat.array_namespace(x, np.ones(2))


# --- DLPack ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL_DTYPES)
def test_dlpack_round_trip_with_numpy_shares_memory(name):
    src = np.arange(6).astype(name).reshape(2, 3)[:, ::-1]
    x = xt.from_dlpack(src)
    back = np.from_dlpack(x)
    assert np.shares_memory(back, src)
    assert_same(xt.from_dlpack(back), src)
    assert x.__dlpack_device__() == (1, 0)


def test_dlpack_to_numpy_sees_writes():
    x = xt.zeros(3)
    view = np.from_dlpack(x)
    x[1] = 5.0
    assert view[1] == 5.0


def test_dlpack_round_trip_with_torch_shares_memory():
    torch = pytest.importorskip("torch")
    t = torch.arange(6, dtype=torch.float32).reshape(2, 3)
    x = xt.from_dlpack(t)
    assert x.dtype is xt.float32 and x.shape == (2, 3)
    t[0, 0] = 42.0
    assert float(x[0, 0]) == 42.0
    back = torch.from_dlpack(x)
    x[1, 2] = -1.0
    assert float(back[1, 2]) == -1.0
    assert back.data_ptr() == t.data_ptr()
