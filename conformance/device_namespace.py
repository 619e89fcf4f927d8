"""xtensor with another default device, for running the conformance suite on a GPU.

The suite creates its arrays through the namespace it is given and never names a device, so
`namespace("cuda")` hands it a copy of the `xtensor` module whose creation functions put
their result on `cuda` when the call names no device, and whose inspection namespace reports
`cuda` as the default device. Everything else is xtensor's own object, so arrays, their
methods and every other function are the ones under test. `conformance/run.py --device`
loads it through the suite's `ARRAY_API_TESTS_MODULE="exec('...')"` form.

Functions that take their device from an array argument (`*_like`, `from_dlpack`, `astype`,
and `asarray` of an Array) keep doing so, as the standard says.
"""

from __future__ import annotations

import functools
import types

import xtensor as xt

# The functions whose `device=None` means "the default device" (2025.12).
CREATION = ("arange", "asarray", "empty", "eye", "full", "linspace", "ones", "zeros")
FFT_CREATION = ("fftfreq", "rfftfreq")


def _placed(func, device):
    @functools.wraps(func)
    def placed(*args, **kwargs):
        from_array = func is xt.asarray and args and isinstance(args[0], xt.Array)
        if kwargs.get("device") is None and not from_array:
            kwargs["device"] = device
        return func(*args, **kwargs)

    return placed


class _Info:
    """`__array_namespace_info__()` with `device` as the default device."""

    def __init__(self, info, device) -> None:
        self._info, self._device = info, device

    def default_device(self):
        return self._device

    def __getattr__(self, name):
        return getattr(self._info, name)


def _module_copy(module, name: str, device, names) -> types.ModuleType:
    copy = types.ModuleType(name)
    copy.__dict__.update(vars(module))
    copy.__name__ = name
    copy.__dict__.update({f: _placed(getattr(module, f), device) for f in names})
    return copy


def namespace(device: str) -> types.ModuleType:
    """The xtensor namespace with `device` ("cpu", "cuda", "cuda:N") as the default device."""
    kind, _, index = device.partition(":")
    target = xt.Device(kind, int(index or 0))
    xp = _module_copy(xt, f"xtensor[{target}]", target, CREATION)
    xp.fft = _module_copy(xt.fft, "xtensor.fft", target, FFT_CREATION)
    xp.__array_namespace_info__ = lambda: _Info(xt.__array_namespace_info__(), target)
    return xp
