"""Random walks on a 2-D lattice: end-to-end distance, returns to origin, visited sites."""

import numpy as np

rng = np.random.default_rng(112)
moves = np.array([[1, 0], [-1, 0], [0, 1], [0, -1]])
walkers, steps = 500, 400
choice = rng.integers(0, 4, size=(walkers, steps))
paths = np.cumsum(moves[choice], axis=1)
print("paths shape:", paths.shape)

end = paths[:, -1, :]
r2 = (end**2).sum(axis=1)
print(f"mean squared end distance {r2.mean():.2f} (theory {steps})")
print(f"rms distance {np.sqrt(r2.mean()):.3f}")
print("farthest walker:", r2.argmax(), "at", end[r2.argmax()])

at_origin = np.all(paths == 0, axis=2)
returned = at_origin.any(axis=1)
print(f"fraction returning to origin: {returned.mean():.3f}")
first_return = np.where(returned, at_origin.argmax(axis=1) + 1, -1)
print("median first return time:", np.median(first_return[returned]))

# distinct sites visited by the first walker (encode x, y into one integer)
p = paths[0]
codes = (p[:, 0] + 1000) * 10000 + (p[:, 1] + 1000)
print("distinct sites walker 0:", np.unique(codes).size)
msd = (paths**2).sum(axis=2).mean(axis=0)
slope = np.polyfit(np.arange(1, steps + 1), msd, 1)[0]
print(f"MSD slope {slope:.4f}")
print("bounding box walker 0:", p.min(axis=0), p.max(axis=0))
