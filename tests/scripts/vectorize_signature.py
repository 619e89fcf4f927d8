"""np.vectorize with signature= and otypes=, and np.frompyfunc object results."""

import numpy as np


def line_fit(x, y):
    """Slope and intercept of a least-squares line through one series."""
    A = np.stack([x, np.ones_like(x)], axis=1)
    coef, *_ = np.linalg.lstsq(A, y, rcond=None)
    return coef


fit = np.vectorize(line_fit, signature="(n),(n)->(2)")
x = np.arange(5.0)
ys = np.array([[1.0, 3.0, 5.0, 7.0, 9.0], [0.0, -1.0, -2.0, -3.0, -4.0], [2.0, 2.0, 2.0, 2.0, 2.0]])
coefs = fit(x, ys)
print("fit shape:", coefs.shape)
print("slopes:", np.round(coefs[:, 0], 6) + 0.0)
print("intercepts:", np.round(coefs[:, 1], 6) + 0.0)

# matrix-vector signature with broadcasting over a batch of matrices
matvec = np.vectorize(lambda m, v: m @ v, signature="(i,j),(j)->(i)")
mats = np.arange(12).reshape(3, 2, 2)
print("batched matvec:")
print(matvec(mats, np.array([1, 2])))

# two outputs
minmax = np.vectorize(lambda r: (r.min(), r.max()), signature="(n)->(),()")
lo, hi = minmax(np.array([[4, 1, 7], [9, 3, 5]]))
print("row min:", lo, "row max:", hi, lo.dtype)

# otypes controls dtype and avoids the trial call
calls = []


def grade(score):
    calls.append(score)
    return "A" if score >= 90 else "B" if score >= 80 else "C"


vgrade = np.vectorize(grade, otypes=[str])
g = vgrade(np.array([95, 85, 70, 90]))
print("grades:", g, g.dtype.kind, "calls:", len(calls))
halve = np.vectorize(lambda n: n / 2, otypes=[np.float32])
h = halve(np.arange(4))
print("halved:", h, h.dtype)
as_int = np.vectorize(lambda v: v * 3)
print("inferred dtype from first call:", as_int(np.array([1.5, 2.0])).dtype)
print("empty input with otypes:", np.vectorize(abs, otypes=[float])(np.array([])))

# frompyfunc returns object arrays
fib = np.frompyfunc(lambda n: n if n < 2 else None, 1, 1)
print("frompyfunc object:", fib(np.arange(4)), fib(np.arange(4)).dtype)
big = np.frompyfunc(pow, 2, 1)
print("big powers:", big(2, np.array([10, 70, 100])))
divmod_u = np.frompyfunc(divmod, 2, 2)
q, r = divmod_u(np.array([17, 23, 40]), 6)
print("quotients:", q, "remainders:", r)
print("ufunc info:", big.nin, big.nout, big.nargs)
concat = np.frompyfunc(lambda a, b: f"{a}-{b}", 2, 1)
print("reduce strings:", concat.reduce(np.array(["a", "b", "c"], dtype=object)))
print("accumulate:", concat.accumulate(np.array(["x", "y", "z"], dtype=object)))
