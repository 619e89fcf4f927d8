"""Find duplicate rows in a table of integer records, keep first occurrences."""

import numpy as np

rng = np.random.default_rng(102)
records = rng.integers(0, 3, size=(25, 3))
print("records shape:", records.shape)

uniq, first, inverse, counts = np.unique(
    records, axis=0, return_index=True, return_inverse=True, return_counts=True
)
print("unique rows:", len(uniq))
print(uniq)
print("first occurrence:", first)
print("counts:", counts)
dups = counts > 1
print("rows appearing more than once:")
print(uniq[dups])

# keep the first occurrence of each row, in the original order
keep = np.sort(first)
deduped = records[keep]
print("deduped (original order):")
print(deduped)

# mark every row that is a repeat of an earlier one
is_repeat = np.ones(len(records), dtype=bool)
is_repeat[first] = False
print("repeat mask:", is_repeat.astype(int))
print("number of repeats:", is_repeat.sum())

# rebuild the table from the unique rows and the inverse
rebuilt = uniq[inverse.ravel()]
print("rebuilt equals original:", np.array_equal(rebuilt, records))
