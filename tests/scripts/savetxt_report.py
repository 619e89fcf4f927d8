"""Write arrays as text reports with np.savetxt: formats, headers, footers, delimiters."""

import io

import numpy as np

rng = np.random.default_rng(121)
ids = np.arange(1, 6)
scores = np.round(rng.uniform(40, 100, size=(5, 3)), 2)
table = np.column_stack([ids, scores])

buf = io.StringIO()
np.savetxt(
    buf,
    table,
    fmt=["%3d", "%8.2f", "%8.2f", "%8.2f"],
    header="id   math  physics  chemistry",
    footer="end of report",
)
print(buf.getvalue(), end="")

buf = io.StringIO()
np.savetxt(buf, scores, delimiter=",", fmt="%.1f", header="m,p,c", comments="")
csv = buf.getvalue()
print(csv, end="")
back = np.loadtxt(io.StringIO(csv), delimiter=",", skiprows=1)
print("round trip max error:", np.abs(back - scores).max().round(3))

buf = io.StringIO()
np.savetxt(buf, np.eye(3, dtype=int), fmt="%d", delimiter=" | ")
print(buf.getvalue(), end="")

buf = io.StringIO()
np.savetxt(buf, np.array([1.5, 2.25, 1e-7]), fmt="%.3e")
print(buf.getvalue(), end="")

buf = io.StringIO()
np.savetxt(buf, scores.mean(axis=0)[None, :], fmt="%10.4f", newline=";\n", header="means")
print(buf.getvalue(), end="")
buf = io.StringIO()
np.savetxt(buf, np.array([[1 + 2j, 3 - 1j]]), fmt="%.1f")
print(buf.getvalue(), end="")
