"""The Array API fft extension (`xtensor.fft`).

`_transforms` holds the standard's ten transforms and their dtype rules (float32 in gives
complex64 out), plus NumPy's 2-D shorthands;
`_helpers` the frequency and shift helpers.
"""

from __future__ import annotations

from ._helpers import fftfreq, fftshift, ifftshift, rfftfreq
from ._transforms import (
    fft,
    fft2,
    fftn,
    hfft,
    ifft,
    ifft2,
    ifftn,
    ihfft,
    irfft,
    irfft2,
    irfftn,
    rfft,
    rfft2,
    rfftn,
)

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
    # NumPy's 2-D shorthands (not in the standard)
    "fft2",
    "ifft2",
    "rfft2",
    "irfft2",
]
