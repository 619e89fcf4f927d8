"""The public elementwise functions built from op records: real metadata (name, module,
docstring from the record, positional-only signature) around `elementwise.py`'s fast paths.

Only construction lives here; every frame a call runs is in `elementwise.py` (see
`tests/test_call_path.py`).
"""

from __future__ import annotations

import inspect

from .._core.dtypes import Promotion
from .._ops.spec import OpSpec
from .elementwise import ElementwiseOp, fast_binary, fast_unary, named

# The result dtype each promotion kind gives, as the docstrings word it.
RULE_PHRASES = {
    Promotion.DEFAULT: "the promoted dtype of the inputs",
    Promotion.INT_TO_FLOAT: "the promoted dtype; integer inputs give float16 (8 bits), float32 "
    "(16 bits) or float64",
    Promotion.INT_TO_DEFAULT_FLOAT: "the promoted dtype; integer inputs give float64",
    Promotion.ALWAYS_BOOL: "bool",
    Promotion.COMPLEX_TO_REAL: "the promoted dtype, real for complex inputs",
    Promotion.BOOL_AS_INT8: "the promoted dtype; bool inputs give int8",
    Promotion.BOOL_AS_FLOAT: "the promoted dtype; bool inputs give float16",
    Promotion.TO_DOUBLE: "float64, or complex128 for complex inputs",
    Promotion.ALWAYS_UINT8: "uint8",
    Promotion.FROM_X1: "x1's dtype alone; integer x1 gives a float dtype as for exp",
}


def make_public(spec: OpSpec, module: str = "xtensor"):
    """The public function for `spec`, with real metadata and a positional-only signature."""
    op = ElementwiseOp(spec)
    if spec.nin == 1:
        function = fast_unary(op)
    elif spec.nin == 2:
        function = fast_binary(op)
    else:

        def function(*args, **kwargs):
            if len(args) != spec.nin or kwargs:
                _arity_error(spec, op.names, args, kwargs)
            return op(*args)

    named(function, spec.name)
    function.__module__ = module
    function.__doc__ = docstring(spec)
    function.__signature__ = inspect.Signature(
        [
            inspect.Parameter(n, inspect.Parameter.POSITIONAL_ONLY, annotation="ArrayLike")
            for n in op.names
        ],
        return_annotation=result_annotation(spec.nout),
    )
    function._op = op
    return function


def result_annotation(nout: int) -> str:
    """The return annotation of an op with `nout` outputs, a string as in the namespace's
    `from __future__ import annotations` modules (names from `xtensor/_typing.py`)."""
    return "Array" if nout == 1 else f"tuple[{', '.join(['Array'] * nout)}]"


def _arity_error(spec, names, args, kwargs):
    if kwargs:
        raise TypeError(f"{spec.name}() got an unexpected keyword argument {next(iter(kwargs))!r}")
    raise TypeError(
        f"{spec.name}() takes {spec.nin} positional argument"
        f"{'s' if spec.nin > 1 else ''} ({', '.join(names)}) but {len(args)} "
        "were given"
    )


def docstring(spec: OpSpec) -> str:
    """The generated docstring of op `spec`'s public function."""
    fixup = ""
    if spec.fixup is not None:
        fixup = "\n\nSpecial cases (beyond NumPy): " + " ".join((spec.fixup.__doc__ or "").split())
    aliases = f"\nNumPy names: {', '.join(spec.numpy_aliases)}." if spec.numpy_aliases else ""
    origin = (
        f"NumPy: ``{spec.name}`` (not in the Array API standard)."
        if spec.since == "numpy"
        else f"Array API: ``{spec.name}`` (since {spec.since})."
    )
    return (
        f"{spec.summary}\n\nInputs: {spec.domain.phrase}. Result dtype: "
        f"{RULE_PHRASES[spec.promotion]}. Python scalars are weak (NEP 50).{aliases}{fixup}"
        f"\n\n{origin}"
    )


__all__ = ["docstring", "make_public", "result_annotation"]
