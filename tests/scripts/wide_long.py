"""Reshape a wide table (stations x months) into long format and back."""

import numpy as np

rng = np.random.default_rng(108)
stations, months = 4, 6
wide = np.round(rng.uniform(-5, 30, size=(stations, months)), 1)
print("wide table:")
print(wide)

# long format: one row per (station, month, value)
st, mo = np.meshgrid(np.arange(stations), np.arange(months), indexing="ij")
long = np.column_stack([st.ravel(), mo.ravel(), wide.ravel()])
print("long shape:", long.shape)
print(long[:7])

# shuffle the long rows, then pivot back with integer indexing
perm = rng.permutation(len(long))
shuffled = long[perm]
back = np.empty((stations, months))
back[shuffled[:, 0].astype(int), shuffled[:, 1].astype(int)] = shuffled[:, 2]
print("round trip ok:", np.array_equal(back, wide))

# tile/repeat build the same index columns
print("repeat:", np.repeat(np.arange(stations), months)[:8])
print("tile  :", np.tile(np.arange(months), stations)[:8])
# quarterly means by reshaping the month axis
quarterly = wide.reshape(stations, 2, 3).mean(axis=2)
print("quarterly means:")
print(np.round(quarterly, 3))
print("warmest month per station:", wide.argmax(axis=1))
print("transposed shape:", wide.T.shape, "contiguous:", wide.T.flags["C_CONTIGUOUS"])
