"""Integer floor division, modulo, digit sums and gcd without overflow."""

import numpy as np

n = np.arange(-7, 8)
print(n // 3)
print(n % 3)
print(np.divmod(n, 4))
print(np.fmod(n, 3))
nums = np.array([1234, 987654, 1000001, 42], dtype=np.int64)
digits = nums.copy()
dsum = np.zeros_like(nums)
while np.any(digits > 0):
    dsum += digits % 10
    digits //= 10
print("digit sums:", dsum)
print(np.gcd(np.array([12, 18, 35]), np.array([8, 27, 21])))
print(np.lcm.reduce(np.arange(1, 11)))
big = np.array([2**40, 3**20], dtype=np.int64)
print(big * 3, big // 7, big % 1000)
u = np.array([250, 10], dtype=np.uint8)
print(u.astype(np.int32) + 10)
print(np.int64(7) // np.int64(2), -7 // 2, np.int32(-7) % np.int32(3))
leap = np.arange(1896, 1906)
print(leap[((leap % 4 == 0) & (leap % 100 != 0)) | (leap % 400 == 0)])
