"""Converting between dtypes: rounding before casting, promotion rules, itemsizes."""

import numpy as np

x = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.7])
print("astype(int) truncates:", x.astype(int))
print("round half to even:", np.round(x))
print("floor / ceil / trunc / rint:", np.floor(x), np.ceil(x), np.trunc(x), np.rint(x))
print("round then cast:", np.round(x).astype(np.int32))
print("fix:", np.fix(x))

for dt in (
    np.int8,
    np.uint16,
    np.int32,
    np.float32,
    np.float64,
    np.complex64,
    np.complex128,
    np.bool_,
):
    d = np.dtype(dt)
    print(f"{d.name:>10}: itemsize {d.itemsize:2d}, kind {d.kind}, char {d.char}")

ints = np.arange(5, dtype=np.int32)
print("int32 + float32 ->", (ints + np.float32(1)).dtype)
print("int32 + 1.5 ->", (ints + 1.5).dtype)
print("int32 / int32 ->", (ints / ints.max()).dtype)
print("int32 * True ->", (ints * True).dtype)
print("uint8 + int8 ->", (np.zeros(1, np.uint8) + np.zeros(1, np.int8)).dtype)
print("float32 + complex64 ->", (np.ones(1, np.float32) + np.ones(1, np.complex64)).dtype)
print("promote_types:", np.promote_types(np.int16, np.uint32), np.promote_types("f4", "i8"))
print("result_type:", np.result_type(np.int8, 1.0), np.result_type(np.float32, np.int64))
print("bools:", np.array([0, 1, 2, -1]).astype(bool))
print("strings of numbers:", np.array("1.5 2 -3e2".split(), dtype=float))
print("complex real/imag:", np.array([1 + 2j, 3 - 4j]).real, np.array([1 + 2j, 3 - 4j]).imag)
print("abs of complex:", np.abs(np.array([3 + 4j])))
f32 = np.array([0.1, 0.2], dtype=np.float32)
print("float32 precision:", f32.astype(np.float64))
print("finfo float64 eps:", np.finfo(np.float64).eps, "max:", np.finfo(np.float64).max)
print("nbytes:", np.zeros((3, 4), dtype=np.int16).nbytes, "itemsize:", f32.itemsize)
print("view as int32:", f32.view(np.int32))
print("copy=False keeps:", np.asarray(f32, dtype=np.float32) is f32)
