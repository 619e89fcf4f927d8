"""The `__call__` of each elementwise op's ufunc object: its fast path, and the full ufunc
call (`_ufunc_call.call`) for calls with options.

Note [Ufunc calls]
~~~~~~~~~~~~~~~~~~
`xtensor.add` is a ufunc object (`xtensor._ufunc`), and calling an object costs a type-slot
dispatch that calling a function does not; a Python `__call__` method forwarding to the fast
path would cost a second frame. So `ufunc_call` builds, per op, the function that *is* the
ufunc's `__call__`: the same inlined fast path as the public function, plus `*args, **kwargs`
that send `out=`, `where=`, `dtype=` and friends to the ufunc's full path (its C twin, Note
[Compiled hot path] in _cfast.c, hands those to it too). The Array dunders keep calling the
positional-only function (`make_public`), which has no keyword parameters to pay for.
"""

from __future__ import annotations

from .compiled import compiled, python_of
from .elementwise import SMALL_NUMEL, ElementwiseOp, fast_binary, fast_unary, named
from .elision import INTO_LOOPS, PARALLEL_NUMEL
from .plans import INTS, PLANS


def ufunc_call(op: ElementwiseOp, full):
    """The `__call__` of op's ufunc object: the fast path of `make_public`'s function, and
    `full(*args, **kwargs)` for any call with more than the inputs (`out`, `where=`...)."""
    nin = op.spec.nin
    if nin == 1:
        call = _unary_call(op, full)
    elif nin == 2:
        call = _binary_call(op, full)
    else:

        def call(*args, **kwargs):
            if len(args) != nin or kwargs:
                return full(*args, **kwargs)
            return op(*args)

    return named(call, op.spec.name)


def _binary_call(op: ElementwiseOp, full):
    # The operator's Python fast path behind one more frame, which only pure-Python mode and
    # calls too large for the C twin pay (Note [Compiled hot path] in _cfast.c).
    binary, slow = python_of(fast_binary(op)), op.__call__

    def call(x1, x2, /, *args, **kwargs):
        if args or kwargs:
            return full(x1, x2, *args, **kwargs)
        return binary(x1, x2)

    small = PLANS.small_table(op.spec.name)
    return compiled("ufunc2", call, small, slow, _out_calls(op), SMALL_NUMEL)


def _unary_call(op: ElementwiseOp, full):
    unary, slow = python_of(fast_unary(op)), op.__call__

    def call(x, /, *args, **kwargs):
        if args or kwargs:
            return full(x, *args, **kwargs)
        return unary(x)

    small = PLANS.small_table(op.spec.name)
    return compiled("ufunc1", call, small, slow, _out_calls(op), SMALL_NUMEL)


def _out_calls(op: ElementwiseOp) -> tuple:
    """What the C twin of a ufunc's `__call__` reads to run an `out=` call as `_ufunc_call`'s
    `_into` does: the product bound of the plain call, and the loops `loop_into` memoized."""
    return (SMALL_NUMEL, op, INTO_LOOPS, PARALLEL_NUMEL, PLANS.small_table(op.spec.name + INTS))


__all__ = ["ufunc_call"]
