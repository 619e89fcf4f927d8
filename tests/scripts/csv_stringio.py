"""Parse CSV text held in memory with np.loadtxt: headers, comments, usecols, skiprows."""

import io

import numpy as np

text = """# weather log, station 7
day,min_c,max_c,rain_mm,wind_kmh
1,4.5,12.1,0.0,15
2,6.1,14.8,2.4,22
3,3.2,9.9,11.0,35
# sensor reset
4,1.0,8.4,0.2,12
5,2.7,11.5,0.0,9
6,5.5,16.2,4.8,28
"""
data = np.loadtxt(io.StringIO(text), delimiter=",", skiprows=2)
print("shape:", data.shape, "dtype:", data.dtype)
print(data)

day, tmin, tmax = np.loadtxt(
    io.StringIO(text), delimiter=",", skiprows=2, usecols=(0, 1, 2), unpack=True
)
print("days:", day.astype(int))
print("mean range:", np.round((tmax - tmin).mean(), 3))
rain = np.loadtxt(io.StringIO(text), delimiter=",", skiprows=2, usecols=3)
print("rainy days:", day[rain > 1].astype(int), "total rain:", rain.sum())
wind = np.loadtxt(io.StringIO(text), delimiter=",", skiprows=2, usecols=[4], dtype=int)
print("wind:", wind, wind.dtype)
print("first three rows only:")
print(np.loadtxt(io.StringIO(text), delimiter=",", skiprows=2, max_rows=3))

# whitespace-separated with a different comment character
ws = io.StringIO("% x y\n0 1.5\n1 2.5 % inline\n2 4.0\n")
xy = np.loadtxt(ws, comments="%")
print("whitespace table:")
print(xy)
print("ndmin=2 on one row:", np.loadtxt(io.StringIO("1 2 3"), ndmin=2).shape)
