"""Pack booleans into bytes, shifts and masks, and a small bitset of permissions."""

import numpy as np

flags = np.array([1, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0], dtype=bool)
packed = np.packbits(flags)
print("packed:", packed, [f"{b:08b}" for b in packed])
print("unpacked:", np.unpackbits(packed)[: flags.size].astype(bool))
print("little bit order:", np.packbits(flags, bitorder="little"))
print("count:", np.unpackbits(np.array([255, 1, 128], dtype=np.uint8)).sum())

# 2-D packing along rows
grid = np.eye(10, dtype=np.uint8)
rows = np.packbits(grid, axis=1)
print("packed rows shape:", rows.shape)
print(rows[:3])
print("round trip:", np.array_equal(np.unpackbits(rows, axis=1, count=10), grid))

READ, WRITE, EXEC = 1 << 0, 1 << 1, 1 << 2
perms = np.array([READ, READ | WRITE, READ | WRITE | EXEC, 0, EXEC], dtype=np.uint8)
print("can write:", (perms & WRITE) != 0)
perms |= READ
print("after granting read:", perms)
perms &= ~np.uint8(EXEC)
print("after revoking exec:", perms)
print("toggle write:", perms ^ WRITE)

vals = np.array([1, 5, 12, 255, 1024], dtype=np.uint16)
print("left shift 3:", np.left_shift(vals, 3), vals << 3)
print("right shift 2:", np.right_shift(vals, 2))
print("low byte:", vals & 0xFF, "high byte:", vals >> 8)
print("binary repr:", [np.binary_repr(int(v), width=12) for v in vals])
print("invert uint8:", np.invert(np.array([0, 1, 254], dtype=np.uint8)))
print("is power of two:", (vals & (vals - 1)) == 0)
print("base repr:", np.base_repr(255, 16), np.base_repr(10, 2), np.binary_repr(-5, width=8))
