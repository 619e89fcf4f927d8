"""Device computations of the elementwise ops, as CUDA C++ source.

Owns: one raw-string constant per op (``EXP``, ``ADD``...), each one complete templated
device function ``xt_<op>`` taking values of the compute type and returning the result, or
for two outputs writing them through references after the inputs (the
``jiterator_stringify`` idea: code kept as code); ``BY_NAME``, the standard's 67 functions,
and ``NUMPY_BY_NAME``, NumPy's ufuncs that the standard lacks (``numpy_only.py``).  The op
table stores these strings in its records; ``xtensor._jit.codegen`` inlines and calls them.
Nothing here knows about kernels, layouts or dtypes beyond ``T``.

Each function implements the special cases the standard lists for it, so the device
agrees with the CPU path:
- real transcendental functions use the CUDA math library, whose special values follow
  C99 Annex F, i.e. the standard's real-valued tables;
- complex ones call ``xt::`` functions (templates/xt_complex_math.cuh), which handle the
  standard's complex tables explicitly (see Note [Complex special cases] there);
- integer behaviour the standard leaves open follows NumPy: division or remainder by
  zero gives 0, shift counts outside [0, bits) shift every bit out (right shift of a
  negative value gives -1), integer pow with a negative exponent gives 0 unless the base
  is 1 or -1 (NumPy raises on the CPU; a kernel cannot).

Helpers: ``xt::is_floating<T>`` / ``xt::is_complex<T>`` / ``xt::int_traits<T>`` select
branches with ``if constexpr``; ``xt::is_nan``, ``xt::is_inf``, ``xt::is_finite`` work on
any real T.  Real math calls are written ``::name`` (global CUDA overloads).
"""

from __future__ import annotations

from .arithmetic import *  # noqa: F401,F403
from .numpy_only import NUMPY_BY_NAME
from .transcendental import *  # noqa: F401,F403

__all__ = ["BY_NAME", "NUMPY_BY_NAME"]

BY_NAME: dict[str, str] = {
    name.lower(): code
    for name, code in dict(globals()).items()
    if name.isupper() and isinstance(code, str) and code.lstrip().startswith("template")
}
