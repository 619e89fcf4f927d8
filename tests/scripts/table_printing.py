"""Printing numeric tables: set_printoptions, array2string, formatters and aligned rows."""

import numpy as np

rng = np.random.default_rng(135)
data = rng.normal(0, 1000, size=(4, 5))
data[1, 2] = 1e-6
print("default:")
print(data)
np.set_printoptions(precision=2, suppress=True)
print("precision=2, suppress:")
print(data)
np.set_printoptions(precision=8, suppress=False)

print(np.array2string(data, precision=1, separator=", "))
print(np.array2string(data[0], formatter={"float_kind": lambda v: f"{v:9.2f}"}))
print(np.array2string(np.arange(5), formatter={"int": lambda v: f"<{v}>"}))
print(np.array2string(np.linspace(0, 1, 30), max_line_width=60, precision=3))

with np.printoptions(threshold=10, edgeitems=2):
    print("summarised:", np.arange(100))
with np.printoptions(floatmode="fixed", precision=3):
    print("fixed:", np.array([1.0, 0.5, 1 / 3]))
with np.printoptions(sign="+"):
    print("signs:", np.array([1.5, -2.0, 0.0]))
print("repr:", repr(np.array([[1.0, 2.5], [3.0, 4.0]])))
print("str of ints:", str(np.arange(12).reshape(3, 4)))
print("format_float_positional:", np.format_float_positional(1 / 3, precision=4))
print("format_float_scientific:", np.format_float_scientific(12345.678, precision=2))
print("array_repr:", np.array_repr(np.array([1, 2], dtype=np.int32)))
print("array_str:", np.array_str(np.array([0.001, 1000.0]), precision=2, suppress_small=True))

header = f"{'row':>4} " + " ".join(f"{'c' + str(j):>10}" for j in range(data.shape[1]))
print(header)
for i, row in enumerate(data):
    print(f"{i:>4} " + " ".join(f"{v:10.3f}" for v in row))
print(f"{'sum':>4} " + " ".join(f"{v:10.3f}" for v in data.sum(axis=0)))
