"""Integer overflow and wraparound: int8/uint8 arithmetic, iinfo limits, safe accumulation."""

import numpy as np

a = np.array([100, 120, 127], dtype=np.int8)
print("int8 + 10:", a + np.int8(10))
print("int8 * 2:", a * 2)
print("negate -128:", -np.array([-128], dtype=np.int8))
print("abs(-128):", np.abs(np.array([-128], dtype=np.int8)))
print("iinfo int8:", np.iinfo(np.int8).min, np.iinfo(np.int8).max)
for t in (np.uint8, np.int16, np.uint16, np.int32, np.int64, np.uint64):
    info = np.iinfo(t)
    print(f"{info.dtype}: [{info.min}, {info.max}] bits={info.bits}")

pixels = np.array([200, 250, 10], dtype=np.uint8)
print("uint8 add wraps:", pixels + pixels)
print("uint8 sub wraps:", np.array([5], dtype=np.uint8) - np.array([10], dtype=np.uint8))
print("widen first:", pixels.astype(np.int16) + pixels)
print("sum promotes:", pixels.sum(), pixels.sum().dtype)
print("sum with dtype:", pixels.sum(dtype=np.uint8))
print("cumsum int8:", np.cumsum(np.full(5, 60, dtype=np.int8), dtype=np.int8))
print("mean of uint8 is float:", pixels.mean())

big = np.array([2**62, 2**62], dtype=np.int64)
print("int64 overflow:", big.sum())
print("float64 sum:", big.astype(float).sum())
print("astype wraps:", np.array([300, -1, 256], dtype=np.int64).astype(np.uint8))
print("float to int8 truncates:", np.array([1.9, -1.9, 127.4]).astype(np.int8))
print("int8 // and %:", np.array([-7, 7], dtype=np.int8) // 2, np.array([-7, 7], dtype=np.int8) % 3)
print("power overflow int16:", np.array([2], dtype=np.int16) ** 15)
print("can_cast 300 to uint8:", np.can_cast(np.int64, np.uint8))
print("min_scalar_type:", np.min_scalar_type(300), np.min_scalar_type(-3))
print("result_type int8, uint8:", np.result_type(np.int8, np.uint8))
