"""Devices: the accepted spellings, and a clear ValueError for every bad or absent device.

Runs without a GPU: the tests that need one more than the CPU pretend to have two CUDA
devices by replacing `cuda_devices` (nothing is allocated on them); the one test that
allocates on a real GPU is skipped without one.
"""

from __future__ import annotations

import numpy as np
import pytest

import xtensor as xt
from xtensor._core import devices
from xtensor._core.devices import CPU, Device, parse, resolve

HAVE_GPU = bool(devices.cuda_devices())
BAD_SPELLINGS = [
    "gpu",
    "gpu:0",
    "gpu:7",
    "tpu",
    "CPU",
    "Cuda",
    "cpu:0",
    "cuda:",
    "cuda:-1",
    "cuda:1.0",
    "cuda:x",
    "cuda:\u0663",
    "meta:0",
    "META",
    " cuda",
    "",
    3,
    0,
    None,
    1.5,
    b"cpu",
    ("cuda", 0),
]


@pytest.fixture
def two_gpus(monkeypatch):
    """Pretend CUDA devices 0 and 1 exist (only the checks see them)."""
    monkeypatch.setattr(devices, "cuda_devices", lambda: [Device("cuda", 0), Device("cuda", 1)])


# --- spellings --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "spec, want",
    [
        ("cpu", CPU),
        (CPU, CPU),
        (Device("cpu"), CPU),
        ("cuda", Device("cuda", 0)),
        ("cuda:0", Device("cuda", 0)),
        ("cuda:12", Device("cuda", 12)),
        (Device("cuda", 3), Device("cuda", 3)),
        ("meta", Device("meta")),
        (Device("meta"), Device("meta")),
    ],
)
def test_documented_spellings_parse(spec, want):
    got = parse(spec, "f")
    assert type(got) is Device and got == want and hash(got) == hash(want)


@pytest.mark.parametrize("spec", BAD_SPELLINGS, ids=repr)
def test_other_spellings_are_value_errors(spec):
    with pytest.raises(
        ValueError,
        match=r"^f: .* is not a device; expected 'cpu', 'cuda', "
        r"'cuda:N', 'meta' or a Device; available devices: cpu",
    ):
        parse(spec, "f")


def test_device_objects():
    assert str(Device("cuda", 1)) == "cuda:1" and repr(Device("cuda", 1)) == "Device('cuda:1')"
    assert str(CPU) == "cpu" and repr(CPU) == "Device('cpu')"
    assert Device("cuda", 0) == "cuda" == Device("cuda", 0) and CPU == "cpu"
    assert Device("cuda", 0) != "gpu" and Device("cuda", 7) != "gpu:7" and CPU != "tpu"
    assert CPU != 0 and CPU != Device("cuda", 0) and Device("cuda", 0) != Device("cuda", 1)
    assert len({CPU, Device("cpu"), Device("cuda", 0), Device("cuda")}) == 2
    assert str(Device("meta")) == "meta" and repr(Device("meta")) == "Device('meta')"
    assert Device("meta") == "meta" and Device("meta") != CPU and CPU != "meta"


@pytest.mark.parametrize(
    "args",
    [
        ("gpu",),
        ("tpu",),
        ("cuda", -1),
        ("cpu", 1),
        ("meta", 1),
        ("cuda", True),
        ("cuda", 1.0),
        (0,),
    ],
)
def test_device_constructor_refuses_other_devices(args):
    with pytest.raises(ValueError, match="^Device: "):
        Device(*args)


# --- absent devices ---------------------------------------------------------------------------


@pytest.mark.skipif(HAVE_GPU, reason="checks the messages without a GPU")
@pytest.mark.parametrize("spec", ["cuda", "cuda:0", "cuda:7", Device("cuda", 2)])
def test_absent_gpu_is_a_value_error_listing_the_devices(spec):
    name = str(parse(spec))
    with pytest.raises(
        ValueError,
        match=rf"^asarray: device '{name}' is not available; "
        r"available devices: cpu \(no CUDA GPU is usable",
    ):
        xt.asarray([1], device=spec)


def test_gpu_index_past_the_last_gpu(two_gpus):
    assert resolve("cuda", "f") == Device("cuda", 0) and resolve("cuda:1", "f") == "cuda:1"
    assert resolve(None, "f") is None and resolve("cpu", "f") is CPU
    with pytest.raises(
        ValueError,
        match=r"^asarray: device 'cuda:7' is not available; "
        r"available devices: cpu, cuda:0, cuda:1$",
    ):
        xt.asarray([1], device="cuda:7")
    with pytest.raises(
        ValueError,
        match=r"^zeros: 'gpu:1' is not a device; .*available "
        r"devices: cpu, cuda:0, cuda:1$",
    ):
        xt.zeros(2, device="gpu:1")
    assert xt.__array_namespace_info__().devices() == (CPU, Device("cuda", 0), Device("cuda", 1))


# --- every function that takes a device -------------------------------------------------------

ONES = xt.ones(2)
CALLS = [  # (the function's name, a call of it with device=d)
    ("asarray", lambda d: xt.asarray([1, 2], device=d)),
    ("asarray", lambda d: xt.asarray(ONES, device=d)),
    ("empty", lambda d: xt.empty(2, device=d)),
    ("zeros", lambda d: xt.zeros(2, device=d)),
    ("ones", lambda d: xt.ones(2, device=d)),
    ("full", lambda d: xt.full(2, 1.0, device=d)),
    ("empty_like", lambda d: xt.empty_like(ONES, device=d)),
    ("zeros_like", lambda d: xt.zeros_like(ONES, device=d)),
    ("ones_like", lambda d: xt.ones_like(ONES, device=d)),
    ("full_like", lambda d: xt.full_like(ONES, 2.0, device=d)),
    ("arange", lambda d: xt.arange(3, device=d)),
    ("linspace", lambda d: xt.linspace(0, 1, 3, device=d)),
    ("eye", lambda d: xt.eye(2, device=d)),
    ("from_dlpack", lambda d: xt.from_dlpack(np.ones(2), device=d)),
    ("astype", lambda d: xt.astype(ONES, xt.float32, device=d)),
    ("default_dtypes", lambda d: xt.__array_namespace_info__().default_dtypes(device=d)),
    ("dtypes", lambda d: xt.__array_namespace_info__().dtypes(device=d)),
]


@pytest.mark.parametrize("func, call", CALLS, ids=[f for f, _ in CALLS])
@pytest.mark.parametrize("spec", ["tpu", "gpu", 3])
def test_bad_spellings_name_the_function(func, call, spec):
    with pytest.raises(
        ValueError,
        match=rf"^{func}: {spec!r} is not a device; .*available "
        r"devices: cpu",
    ):
        call(spec)


@pytest.mark.parametrize("func, call", CALLS, ids=[f for f, _ in CALLS])
def test_absent_devices_name_the_function(func, call, two_gpus):
    with pytest.raises(
        ValueError,
        match=rf"^{func}: device 'cuda:7' is not available; "
        r"available devices: cpu, cuda:0, cuda:1$",
    ):
        call("cuda:7")


@pytest.mark.parametrize("func, call", CALLS, ids=[f for f, _ in CALLS])
def test_the_cpu_in_every_spelling(func, call):
    for spec in ("cpu", CPU, Device("cpu")):
        got = call(spec)
        if isinstance(got, xt.Array):
            assert got.device == CPU


def test_to_device(two_gpus):
    x = xt.ones(2)
    assert x.to_device("cpu") is x and x.to_device(CPU) is x
    with pytest.raises(
        ValueError,
        match=r"'gpu' is not a device; .*available devices: cpu, "
        r"cuda:0, cuda:1$",
    ):
        x.to_device("gpu")
    with pytest.raises(
        ValueError,
        match=r"^to_device: device 'cuda:7' is not available; "
        r"available devices: cpu, cuda:0, cuda:1$",
    ):
        x.to_device("cuda:7")


def test_never_a_runtime_error_without_a_gpu():
    for spec in ("cuda", "cuda:0", "cuda:7", "gpu", "tpu", 3):
        if HAVE_GPU and spec in ("cuda", "cuda:0"):
            continue
        for call in (
            lambda d: xt.asarray([1], device=d),
            lambda d: xt.ones(2).to_device(d),
            lambda d: xt.__array_namespace_info__().dtypes(device=d),
        ):
            with pytest.raises(ValueError):
                call(spec)


@pytest.mark.skipif(not HAVE_GPU, reason="needs a CUDA GPU and CuPy")
def test_the_readme_spelling_on_a_gpu():
    x = xt.asarray([1.0, 2.0], device="cuda")
    assert x.device == "cuda:0" and x.device == Device("cuda", 0)
    assert xt.zeros(2, device="cuda:0").device == x.device


# --- operands on different devices -------------------------------------------------------------


class _ElsewhereArray(xt.Array):
    """An array that claims to live on a CUDA device, to reach the device checks on a CPU."""

    __slots__ = ()

    @property
    def device(self):
        return Device("cuda", 0)


def _elsewhere(values) -> xt.Array:
    other = object.__new__(_ElsewhereArray)
    other._data = np.asarray(values)
    return other


MIXED = [  # (function, a call with one CPU array and one that claims to be on cuda:0)
    ("concat", lambda: xt.concat([xt.ones(2), _elsewhere([0.0, 1.0])])),
    ("stack", lambda: xt.stack((xt.ones(2), _elsewhere([0.0, 1.0])))),
    ("broadcast_arrays", lambda: xt.broadcast_arrays(xt.ones(2), _elsewhere([0.0, 1.0]))),
    ("meshgrid", lambda: xt.meshgrid(xt.ones(2), _elsewhere([0.0, 1.0]))),
    ("repeat", lambda: xt.repeat(xt.ones(2), _elsewhere([1, 2]))),
    ("where", lambda: xt.where(xt.ones(2) > 0, _elsewhere([0.0, 1.0]), 0.0)),
    ("take", lambda: xt.take(xt.ones(2), _elsewhere([0, 1]))),
    ("take_along_axis", lambda: xt.take_along_axis(xt.ones(2), _elsewhere([0, 1]))),
    ("searchsorted", lambda: xt.searchsorted(xt.ones(2), xt.ones(2), sorter=_elsewhere([0, 1]))),
]


@pytest.mark.parametrize("func, call", MIXED, ids=[f for f, _ in MIXED])
def test_mixed_devices_name_the_function_and_both_devices(func, call):
    with pytest.raises(
        ValueError,
        match=rf"^{func}: operands are on different devices "
        r"\(cpu, cuda:0\); move them to one device",
    ):
        call()
