"""Formatting a lab report: array2string, format_float_*, and print options."""

import numpy as np

rng = np.random.default_rng(3)
conc = rng.lognormal(-4, 2, size=8)
print(conc)
print(np.array2string(conc, precision=3))
print(np.array2string(conc, separator=", ", precision=2, suppress_small=True))
print(np.array2string(conc, formatter={"float_kind": lambda v: f"{v:.2e}"}))
print(np.array2string(conc, max_line_width=40, precision=4, prefix="conc = "))
print(np.array2string(np.arange(30), max_line_width=50, separator=","))
print(np.array2string(np.array([True, False]), formatter={"bool": lambda b: "Y" if b else "N"}))
print(np.array2string(np.arange(4), formatter={"int": lambda i: f"#{i:02d}"}, separator=" | "))

for v in [0.1, 1 / 3, 1e-8, 123456789.0, 2.5]:
    print(
        np.format_float_positional(v),
        np.format_float_positional(v, precision=4),
        np.format_float_scientific(v),
        np.format_float_scientific(v, precision=3, exp_digits=3),
    )
print(np.format_float_positional(np.float32(0.1)), np.format_float_positional(0.5, trim="-"))
print(np.format_float_positional(3.0, trim="."), np.format_float_positional(3.0, trim="0"))
print(np.format_float_positional(1.25, precision=1, unique=False, fractional=True))
print(np.format_float_scientific(0.000123, sign=True), np.format_float_scientific(5.0, pad_left=3))
print(np.format_float_positional(12.5, pad_left=5, pad_right=4), "|")

mixed = np.array([1e-6, 0.5, 1234.5678])
print(mixed)
with np.printoptions(suppress=True):
    print("suppressed:", mixed)
with np.printoptions(precision=2, floatmode="fixed"):
    print("fixed:", mixed, np.array([1.0, 2.0]))
with np.printoptions(sign="+"):
    print("signs:", np.array([-1.5, 0.0, 2.25]))

big = np.arange(2000).reshape(100, 20)
print(big)
np.set_printoptions(threshold=50, edgeitems=2)
print(np.arange(100))
print(big * 0.5)
np.set_printoptions(threshold=5000, linewidth=120)
print(np.arange(60))
np.set_printoptions(suppress=True, precision=4)
print(conc * 1000, conc.dtype)
print(repr(np.array([1e-10, 1.0])))
np.set_printoptions(
    edgeitems=3,
    threshold=1000,
    floatmode="maxprec",
    precision=8,
    suppress=False,
    linewidth=75,
    sign="-",
)
print(np.get_printoptions()["threshold"], np.get_printoptions()["precision"])
print(np.linspace(0, 1, 7))
print(np.array2string(np.arange(2000.0), threshold=10, edgeitems=1))
print(np.array_str(np.eye(2) / 3, precision=2), np.array_repr(np.array([0.5, 1e5])))
