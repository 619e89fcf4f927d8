"""The Array API fft extension (`xtensor.fft`).

`_transforms` holds the ten transforms and their dtype rules (float32 in gives complex64 out);
`_helpers` the frequency and shift helpers.
"""

from __future__ import annotations

from ._helpers import fftfreq, fftshift, ifftshift, rfftfreq
from ._transforms import fft, fftn, hfft, ifft, ifftn, ihfft, irfft, irfftn, rfft, rfftn

__all__ = [
    "fft",
    "ifft",
    "fftn",
    "ifftn",
    "rfft",
    "irfft",
    "rfftn",
    "irfftn",
    "hfft",
    "ihfft",
    "fftfreq",
    "rfftfreq",
    "fftshift",
    "ifftshift",
]
