import numpy as np

# SPL advanced: masked arrays
x = np.ma.array([1, 2, 3, 4], mask=[0, 1, 0, 1])
print(x)
y = np.ma.array([1, 2, 3, 4], mask=[0, 1, 1, 1])
print(x + y)
print(np.ma.sqrt([1, -1, 2, -2]))
data = np.array(
    [
        [1900.0, 30e3, 4e3, 48300.0],
        [1901.0, 47.2e3, 6.1e3, 48200.0],
        [1902.0, 70.2e3, 9.8e3, 41500.0],
        [1903.0, 77.4e3, 35.2e3, 38200.0],
    ]
)
mdata = np.ma.masked_array(data[:, 1], mask=[False, True, False, False])
print(mdata)
print(mdata.mean())
print(mdata.std())
print(mdata.filled(-1))
print(np.ma.masked_where(data[:, 2] > 9000, data[:, 2]))
m = np.ma.masked_invalid(np.array([1.0, np.nan, 3.0, np.inf]))
print(m, m.sum(), m.count(), m.mask)
print(np.ma.masked_equal([0, 1, 0, 2], 0))
print(np.ma.masked_greater(np.arange(6), 3).compressed())
z = np.ma.zeros(3)
z[1] = np.ma.masked
print(z, repr(z))
print(np.ma.getmask(z), np.ma.is_masked(z))
