"""Load messy numeric text: converters, percent signs, thousands separators, dtype choices."""

import io

import numpy as np

text = """region,users,growth,share
A,"1,200",5.0%,0.12
B,"15,400",-2.5%,0.31
C,"980",12.25%,0.07
D,"22,050",0.0%,0.50
"""
arr = np.loadtxt(
    io.StringIO(text),
    delimiter=",",
    skiprows=1,
    quotechar='"',
    usecols=(1, 2, 3),
    converters={1: lambda s: float(s.replace(",", "")), 2: lambda s: float(s.strip("%")) / 100},
)
print(arr)
users, growth, share = arr.T
print("users:", users.astype(np.int64))
print("growth:", growth)
print("next year users:", np.round(users * (1 + growth)).astype(int))
print("share sums to", share.sum())

# integer columns and a converter applied to every column
ints = np.loadtxt(io.StringIO("1;2;3\n4;5;6\n"), delimiter=";", dtype=np.int32)
print(ints, ints.dtype)
hexes = np.loadtxt(io.StringIO("ff 10\n0a 7f\n"), converters=lambda s: int(s, 16), dtype=int)
print("hex values:")
print(hexes)
print("float32 load:", np.loadtxt(io.StringIO("0.1 0.2\n"), dtype=np.float32))
