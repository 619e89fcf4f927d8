"""dtype conversions and promotion that scripts rely on."""

import numpy as np

a = np.array([1, 2, 3], dtype=np.int32)
b = np.array([0.5, 1.5, 2.5], dtype=np.float32)
print((a + b).dtype, (a * 2).dtype, (a / 2).dtype, (a // 2).dtype)
print((a + 1.5).dtype, (b * 2.0).dtype, (a.astype(np.int64) + b).dtype)
f = np.array([-1.7, -0.2, 0.2, 1.7, 255.9])
print(f.astype(np.int64), f.astype(np.int32).dtype)
print(np.array([1, 0, 3]).astype(bool))
print(np.array([True, False]).astype(np.float64).sum())
u8 = np.array([200, 100], dtype=np.uint8)
print(u8.astype(np.uint16) * 2, u8.astype(np.float32) / 255)
print(np.result_type(np.int8, np.uint8), np.promote_types("float32", "int32"))
print(np.can_cast(np.int32, np.float64), np.can_cast(np.float64, np.int32))
print(np.iinfo(np.int16).max, np.iinfo(np.uint8).min, np.finfo(np.float32).eps)
print(np.zeros(3, dtype="f4").dtype, np.ones(2, dtype="int16").dtype, np.empty(0, float).dtype)
print(np.array([1, 2]).dtype == np.int64, np.dtype("float64") == float)
x = np.arange(5, dtype=np.float64)
x[1] = 7
print(x, x.dtype.name, x.dtype.kind, x.dtype.itemsize)
