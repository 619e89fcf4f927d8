"""Pack sensor samples into bytes and parse them back with frombuffer and dtypes."""

import numpy as np

readings = np.array([12.5, -3.25, 100.0, 0.125], dtype=np.float32)
raw = readings.tobytes()
print("bytes:", len(raw), raw[:8].hex())
back = np.frombuffer(raw, dtype=np.float32)
print("back:", back, back.dtype, back.flags.writeable)
print("equal:", np.array_equal(back, readings))

be = readings.astype(">f4").tobytes()
print("big endian:", be[:4].hex(), "little:", raw[:4].hex())
print("read be:", np.frombuffer(be, dtype=">f4"), np.frombuffer(be, dtype=">f4").dtype.byteorder)
print("native:", np.frombuffer(be, dtype=">f4").astype(np.float32).dtype)
print("wrong order:", np.frombuffer(be, dtype="<f4")[:2])

header = np.array([0xCAFE, 3], dtype="<u2").tobytes()
record = np.dtype([("id", "<u2"), ("temp", "<f4"), ("ok", "?"), ("pad", "V1")])
print("record:", record, record.itemsize, record.fields["temp"])
rows = np.zeros(3, dtype=record)
rows["id"] = [7, 8, 9]
rows["temp"] = [21.5, 19.0, -4.75]
rows["ok"] = [True, False, True]
packet = header + rows.tobytes()
print("packet length:", len(packet))

magic, n = np.frombuffer(packet, dtype="<u2", count=2)
print(f"magic=0x{magic:04X} n={n}")
parsed = np.frombuffer(packet, dtype=record, count=n, offset=4)
print(parsed[["id", "temp", "ok"]])
print("temps:", parsed["temp"], "ids ok:", parsed["id"][parsed["ok"]])

ints = np.arange(6, dtype=np.int16)
print("int16 bytes:", ints.tobytes().hex())
print("as uint8:", np.frombuffer(ints.tobytes(), dtype=np.uint8))
print("as int32:", np.frombuffer(ints.tobytes(), dtype=np.int32))
print("view:", ints.view(np.uint8)[:4], ints.view(np.int32))
print("byteswap:", ints.byteswap(), ints.byteswap().view(">i2"))
grid = np.arange(6, dtype=np.uint8).reshape(2, 3)
print("C order:", list(grid.tobytes()), "F order:", list(grid.tobytes(order="F")))
reshaped = np.frombuffer(grid.tobytes(), dtype=np.uint8).reshape(grid.shape)
print(reshaped, reshaped.base is not None)
text = np.frombuffer(b"hello world", dtype="S1")
print(text, text.dtype, b"".join(text[::-1].tolist()))
chars = np.frombuffer(b"numpy", dtype=np.uint8)
print(chars, chars - 32, (chars - 32).tobytes())
copy = np.frombuffer(raw, dtype=np.float32).copy()
copy[0] = 99.0
print("copy writeable:", copy.flags.writeable, copy)
print("from bytearray:", np.frombuffer(bytearray(b"\x01\x00\x02\x00"), dtype="<u2"))
