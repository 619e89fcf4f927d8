"""Many 1-D random walks: final positions, first passage, mean squared displacement."""

import numpy as np

rng = np.random.default_rng(5)
n_walks, n_steps = 200, 100
steps = rng.choice(np.array([-1, 1]), size=(n_walks, n_steps))
paths = np.cumsum(steps, axis=1)
final = paths[:, -1]
print("mean final:", final.mean())
print("std final:", round(float(final.std()), 6))

msd = (paths**2).mean(axis=0)
print("msd at 10, 50, 100:", msd[9], msd[49], msd[99])

hit = np.abs(paths) >= 10
reached = hit.any(axis=1)
first = np.argmax(hit, axis=1)
print("walks reaching 10:", reached.sum())
print(f"mean first passage: {first[reached].mean():.3f}")
values, counts = np.unique(final, return_counts=True)
print(values[np.argmax(counts)], counts.max())
