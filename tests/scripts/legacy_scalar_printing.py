import numpy as np

np.set_printoptions(legacy="1.25")
x = np.array([1.5, 2.5, 3.0])
print(repr(x.sum()), [x.max(), x.min()], (x.argmax(), x.mean()))
print({"mean": x.mean(), "n": x.size}, repr(np.float32(1.5)), repr(np.int8(3)))
print(repr(x), np.get_printoptions()["legacy"])
np.set_printoptions(legacy=False)
print(np.get_printoptions()["legacy"])
