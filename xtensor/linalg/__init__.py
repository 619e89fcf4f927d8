"""The Array API linalg extension (`xtensor.linalg`), plus the NumPy names scripts use.

The standard's functions, split by topic: `_decompositions` (cholesky, eigh, qr, svd...),
`_solvers` (inv, solve, det, pinv...), `_norms` (vector_norm, matrix_norm) and `_products`
(cross, outer, diagonal, trace). matmul, matrix_transpose, tensordot and vecdot are the main
namespace's own functions. `LinAlgError` is NumPy's class itself, so `except
numpy.linalg.LinAlgError` catches xtensor's errors too.
"""

from __future__ import annotations

from .._linear_algebra import matmul, matrix_transpose, tensordot, vecdot
from ._common import EighResult, EigResult, LinAlgError, QRResult, SlogdetResult, SVDResult
from ._decompositions import cholesky, eig, eigh, eigvals, eigvalsh, qr, svd, svdvals
from ._norms import cond, matrix_norm, norm, vector_norm
from ._products import cross, diagonal, multi_dot, outer, trace
from ._solvers import (
    det,
    inv,
    lstsq,
    matrix_power,
    matrix_rank,
    pinv,
    slogdet,
    solve,
    tensorinv,
    tensorsolve,
)

__all__ = [
    # the standard (2025.12)
    "cholesky",
    "cross",
    "det",
    "diagonal",
    "eig",
    "eigh",
    "eigvals",
    "eigvalsh",
    "inv",
    "matmul",
    "matrix_norm",
    "matrix_power",
    "matrix_rank",
    "matrix_transpose",
    "outer",
    "pinv",
    "qr",
    "slogdet",
    "solve",
    "svd",
    "svdvals",
    "tensordot",
    "trace",
    "vecdot",
    "vector_norm",
    # NumPy's names
    "LinAlgError",
    "cond",
    "lstsq",
    "multi_dot",
    "norm",
    "tensorinv",
    "tensorsolve",
    # result types
    "EighResult",
    "EigResult",
    "QRResult",
    "SlogdetResult",
    "SVDResult",
]
