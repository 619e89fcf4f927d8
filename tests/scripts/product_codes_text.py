"""Clean up product codes and names with np.char and np.strings."""

import numpy as np

raw = np.array(["  ab-101 ", "Cd-7", "ab-2002", " EF-33", "cd-7  ", "xy-9"])
names = np.array(["red mug", "Blue Plate", "green  bowl", "red cup", "BLUE mug", "spoon"])
print(raw.dtype, raw.shape, names.dtype)

codes = np.char.upper(np.char.strip(raw))
print("codes:", codes)
prefix, _, number = np.char.partition(codes, "-").T
print("prefix:", prefix, "number:", number)
print("padded:", np.char.zfill(number, 5))
print("lengths:", np.char.str_len(codes), np.strings.str_len(raw))
print("dash at:", np.char.find(codes, "-"), np.strings.find(codes, "0"))
print("starts AB:", np.char.startswith(codes, "AB"), "ends 7:", np.char.endswith(codes, "7"))
print("is digit:", np.char.isdigit(number), np.char.isdigit(codes))
nums = number.astype(np.int64)
print("as ints:", nums, nums.sum(), nums.dtype)

clean = np.char.replace(np.char.lower(names), "  ", " ")
print("clean names:", clean)
print("title:", np.char.title(clean))
print("capitalize:", np.char.capitalize(clean))
print("count 'e':", np.char.count(clean, "e"))
print("has mug:", np.char.find(clean, "mug") >= 0)
labels = np.char.add(np.char.add(codes, ": "), clean)
print(labels)
print("ljust:", np.char.ljust(codes, 8, "."), "rjust:", np.char.rjust(codes, 8))
print("center:", np.char.center(prefix, 6, "*"))
print("multiply:", np.char.multiply("=-", 5), np.char.multiply(prefix, [1, 2, 1, 2, 1, 2]))
print("split:", np.char.split(clean[:3]).tolist())
print("join:", np.char.join("|", prefix[:3]))

first_word = np.array([s.split()[0] for s in clean])
colours, counts = np.unique(first_word, return_counts=True)
print(dict(zip(colours.tolist(), counts.tolist())))
print("equal:", np.char.equal(codes, "CD-7"), (codes == "CD-7").sum())
print("unique codes:", np.unique(codes))
print("sorted by length:", codes[np.argsort(np.char.str_len(codes), kind="stable")])
print("strings.upper:", np.strings.upper(prefix), np.strings.strip(raw, " ab"))
width = int(np.char.str_len(labels).max())
for lab in labels:
    print(f"|{lab:<{width}}|")
