"""Special-case fix-ups: where the standard's special cases differ from NumPy's loops.

Each function runs after the NumPy loop on the same chunk, as `fixup(inputs, outputs)`, and
patches only the elements a clause covers. Inputs are arrays broadcast-compatible with the
output, or Python scalars; they must still hold the operands' values (the caller copies an
input that the output overwrote, as in `x //= y`). Every function returns early, after one
cheap test, when no element can need patching. The CUDA computation strings implement the same
clauses directly, and `tests/test_special_cases.py` checks both against the clauses.

The clauses a function restates are the ones NumPy 2 gets wrong (checked on glibc and NumPy's
own complex loops); the others hold already and are still tested.
"""

from __future__ import annotations

import numpy as np

from .._core.values import INF, NAN, NEG_INF, NEG_ZERO, ZERO, classes


def patches(
    kinds: str, never_with: tuple = (), trigger: int | None = None, read_once: tuple | None = None
):
    """Mark a fix-up as patching results of these dtype kinds only (its first test returns for
    any other), so a call of another result kind may skip it (`needed`). `never_with` lists
    (operand index, Python scalar type) pairs with which it never patches anything (pow's
    Python int exponent is never 0.5): a call with such an operand skips it too, so the small
    table, keyed on the scalar's type (Note [Small-call fast path]), may hold the bare loop.
    `trigger`: the value classes (`values.classes`) without which, in every operand, it
    patches nothing, so a compiled guard may skip calling it (`values.guarded`).
    `read_once`: (input, value): it patches only where NumPy's loop reads that input at one
    address (a stride of 0) and it holds the value, which the C's direct loops know
    (`plans.small_loop`)."""

    def mark(fixup):
        fixup.kinds = kinds
        fixup.never_with = never_with
        fixup.trigger = trigger
        fixup.read_once = read_once
        return fixup

    return mark


def needed(fixup, result: np.dtype, data=()):
    """`fixup`, or None when it cannot patch a result of dtype `result` from operands `data`."""
    if fixup is None or result.kind not in getattr(fixup, "kinds", result.kind):
        return None
    for i, scalar in getattr(fixup, "never_with", ()):
        if i < len(data) and type(data[i]) is scalar:
            return None
    return fixup


@patches("f", trigger=INF)
def floor_divide(inputs, outputs):
    """Spec floor_divide (2025.12, "Special cases") is floor(x1 / x2) taken literally:
    an infinite x1 over a finite nonzero x2 is an infinity signed by the quotient (NumPy: NaN),
    and a finite x1 over an infinite x2 is a zero signed by the quotient (NumPy: -1.0 when the
    signs differ)."""
    out = outputs[0]
    if out.dtype.kind != "f" or not (classes(inputs[0]) | classes(inputs[1])) & INF:
        return
    with np.errstate(all="ignore"):  # a Python number as the loop read it (2**64: inf)
        x1, x2 = (np.asarray(x, out.dtype if type(x) in (int, float) else None) for x in inputs)
        inf1, inf2 = np.isinf(x1), np.isinf(x2)
        hit = inf1 & np.isfinite(x2) & (x2 != 0)
        if hit.any():
            np.copyto(
                out, np.copysign(np.inf, x1) * np.copysign(1.0, x2), where=hit, casting="unsafe"
            )
        hit = np.isfinite(x1) & inf2
        if hit.any():
            np.copyto(out, np.copysign(0.0, x1) * np.copysign(1.0, x2), where=hit, casting="unsafe")


@patches("f", never_with=((1, int), (1, bool)), read_once=(1, 0.5))
def pow(inputs, outputs):  # the op it fixes; shadows the builtin only in this module
    """Spec pow: x2 = 0.5 follows the pow clauses, so (-inf) ** 0.5 is +inf and (-0) ** 0.5 is
    +0. NumPy computes a broadcast exponent of 0.5 (a scalar, a 0-d array, a stride-0 axis)
    as sqrt, which gives NaN and -0 there; an exponent array of the output's shape, pow."""
    out = outputs[0]
    if out.dtype.kind != "f":
        return
    x1, x2 = inputs
    if type(x2) is float or type(x2) is int:  # a Python exponent: one comparison
        if x2 != 0.5:
            return
        # Every element took sqrt: only -0 (which gave -0) and -inf (NaN) need patching.
        found = classes(x1)
        if found & NEG_ZERO:
            np.add(out, 0.0, out=out)  # +0 where out is -0, out itself elsewhere (NaN's bits too)
        if found & NEG_INF:
            np.copyto(out, np.inf, where=np.asarray(x1) == -np.inf)
        return
    if type(x2) is np.ndarray and x2.ndim and x2.shape == out.shape and 0 not in x2.strides:
        return  # NumPy's loop took sqrt only for an exponent it read at one address (0-d too)
    if not np.any(np.asarray(x2) == 0.5):
        return
    x1 = np.asarray(x1)
    half = np.asarray(x2) == 0.5
    np.copyto(out, np.inf, where=half & (x1 == -np.inf))
    np.copyto(out, 0.0, where=half & (x1 == 0))


@patches("c", trigger=NAN | INF | ZERO)
def expm1(inputs, outputs):
    """Spec expm1 for complex x = a + bj with a or b non-finite, i.e. exp(x) - 1 with the
    limits the standard lists: +inf ± 0j gives +inf ± 0j, -inf + bj gives -1 + (0 * sin b)j,
    -inf with an infinite or NaN b gives -1 + 0j, +inf with an infinite or NaN b gives
    +inf + NaN j, and NaN ± 0j gives NaN ± 0j (NumPy gives NaN + NaN j for most of these).
    Also -0 ± 0j gives +0 ± 0j: the spec's "0 + 0j" for either zero, which the conformance
    suite reads as +0 (NumPy keeps the -0)."""
    out = outputs[0]
    if out.dtype.kind != "c" or not classes(inputs[0]) & (NAN | INF | ZERO):
        return
    x = np.asarray(inputs[0])
    a, b = x.real, x.imag
    bad = ~(np.isfinite(a) & np.isfinite(b)) | (x == 0)
    if not bad.any():
        return
    with np.errstate(all="ignore"):
        re, im = _expm1_nonfinite(a, b)
    np.copyto(out.real, re, where=bad, casting="unsafe")
    np.copyto(out.imag, im, where=bad, casting="unsafe")


def _expm1_nonfinite(a, b):
    """(real, imag) of expm1(a + bj) wherever a or b is non-finite or both are zero (other
    elements: junk)."""
    nan, inf = np.nan, np.inf
    finite_b, zero_b = np.isfinite(b), b == 0
    sin_b = np.sin(b)
    # a = +inf: +inf * cis(b) - 1; b = ±0 keeps its sign; non-finite b gives +inf + NaN j.
    re_pinf = np.where(finite_b & ~zero_b, inf * np.cos(b), inf)
    im_pinf = np.where(zero_b, b, np.where(finite_b, inf * sin_b, nan))
    # a = -inf: +0 * cis(b) - 1, and -1 + 0j when b is infinite or NaN.
    im_minf = np.where(finite_b, 0.0 * sin_b, 0.0)
    # a = NaN: NaN ± 0j keeps the zero, otherwise NaN + NaN j; finite a with bad b: NaN + NaN j.
    im_nan = np.where(zero_b, b, nan)
    cases = [a == inf, a == -inf, np.isnan(a), (a == 0) & (b == 0)]
    re = np.select(cases, [re_pinf, -1.0, nan, 0.0], default=nan)
    im = np.select(cases, [im_pinf, im_minf, im_nan, b], default=nan)
    return re, im


@patches("c", trigger=NAN | INF)
def tanh(inputs, outputs):
    """Spec tanh for complex x = a + bj:
    - a = ±0 and b infinite or NaN: ±0 + NaN j (C libraries predating C11's Annex G
      corrections give NaN + NaN j; the spec warns about exactly this);
    - a = ±inf and b finite: ±1 + 0j with the zero taking b's sign (the spec's 1 + 0j for
      positive b, with its conj and odd symmetries); C99 takes the sign of sin(2b) instead."""
    out = outputs[0]
    if out.dtype.kind != "c" or not classes(inputs[0]) & (NAN | INF):
        return
    x = np.asarray(inputs[0])
    hit = (x.real == 0) & ~np.isfinite(x.imag)
    if hit.any():
        np.copyto(out.real, np.copysign(0.0, x.real), where=hit, casting="unsafe")
        np.copyto(out.imag, np.nan, where=hit, casting="unsafe")
    edge = np.isinf(x.real) & np.isfinite(x.imag)
    if edge.any():
        np.copyto(out.real, np.copysign(1.0, x.real), where=edge, casting="unsafe")
        np.copyto(out.imag, np.copysign(0.0, x.imag), where=edge, casting="unsafe")


@patches("c", trigger=INF)
def tan(inputs, outputs):
    """Spec tan is defined as -i * tanh(i * x), so tan inherits tanh's clauses: for complex
    x = a + bj with a finite and b infinite, the result is ±0 ± 1j with the zero taking a's
    sign and the one taking b's (NumPy takes the zero's sign from sin(2a))."""
    out = outputs[0]
    if out.dtype.kind != "c" or not classes(inputs[0]) & INF:
        return
    x = np.asarray(inputs[0])
    edge = np.isfinite(x.real) & np.isinf(x.imag)
    if edge.any():
        np.copyto(out.real, np.copysign(0.0, x.real), where=edge, casting="unsafe")
        np.copyto(out.imag, np.copysign(1.0, x.imag), where=edge, casting="unsafe")


@patches("c", trigger=NAN | ZERO)
def sign(inputs, outputs):
    """Spec sign for complex x: a NaN in either part gives NaN + NaN j (NumPy gives ±1 when
    the other part is infinite), and ±0 ± 0j gives 0 + 0j; other values are x / |x| as NumPy
    computes them (so ±inf + bj with finite b is ±1 + 0j)."""
    out = outputs[0]
    if out.dtype.kind != "c" or not classes(inputs[0]) & (NAN | ZERO):
        return
    x = np.asarray(inputs[0])
    nan = np.isnan(x.real) | np.isnan(x.imag)
    if nan.any():
        np.copyto(out, complex(np.nan, np.nan), where=nan, casting="unsafe")
    zero = x == 0
    if zero.any():
        np.copyto(out, 0, where=zero, casting="unsafe")
