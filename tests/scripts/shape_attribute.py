import numpy as np

# readers reshaping in place via the shape attribute (old tutorials / SO answers)
a = np.arange(12)
a.shape = (3, 4)
print(a)
a.shape = 2, -1
print(a)
b = a.T
try:
    b.shape = (12,)
except AttributeError:
    print("AttributeError")
print(b.ravel())
img = np.zeros(6, dtype=np.uint8)
img.shape = (2, 3)
img[1] = 255
print(img)
col = np.arange(4.0)
col.shape = (-1, 1)
print(col, col.shape)
data = np.array([1, 2, 3, 4, 5, 6], dtype=np.int32)
data.shape = (3, 2)
print(data.sum(axis=0))
