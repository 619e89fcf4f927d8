"""CPU loops for ops NumPy has no ufunc for. Same calling convention as a ufunc with `out=`."""

from __future__ import annotations

import numpy as np


def real_loop(x, out, **_ufunc_kwargs):
    np.copyto(out[0] if isinstance(out, tuple) else out, np.real(x), casting="unsafe")


def imag_loop(x, out, **_ufunc_kwargs):
    target = out[0] if isinstance(out, tuple) else out
    if np.iscomplexobj(x):
        np.copyto(target, np.imag(x), casting="unsafe")
    else:
        target[...] = 0


def copy_loop(x, out, **_ufunc_kwargs):
    """The identity, for rounding ops on integers (floor of an int is itself)."""
    np.copyto(out[0] if isinstance(out, tuple) else out, x, casting="unsafe")
