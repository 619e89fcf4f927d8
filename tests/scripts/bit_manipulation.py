"""Bitwise operations on integer arrays: flags, parity, popcount."""

import numpy as np

flags = np.array([0b0001, 0b0110, 0b1011, 0b1111, 0], dtype=np.uint8)
READ, WRITE, EXEC = 1, 2, 4
print((flags & READ) != 0, (flags & WRITE) != 0)
print(flags | EXEC, flags ^ 0b1111, ~flags)
print(flags << 2, flags >> 1)
x = np.arange(16, dtype=np.uint32)
pop = np.zeros_like(x)
y = x.copy()
while y.any():
    pop += y & 1
    y >>= 1
print(pop)
print("parity:", pop % 2)
print(np.bitwise_and.reduce(np.array([0b1110, 0b0111, 0b1111])))
print(np.left_shift(1, np.arange(8)))
print(np.invert(np.array([0, -1, 5], dtype=np.int8)))
print(np.binary_repr(10, width=8), np.base_repr(255, 16))
mask = (x % 3 == 0) ^ (x % 5 == 0)
print(x[mask])
