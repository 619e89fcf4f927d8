"""Top-k per row with argpartition, take_along_axis and put_along_axis."""

import numpy as np

rng = np.random.default_rng(2024)
scores = rng.integers(0, 100, size=(5, 8))
print("scores:")
print(scores)
k = 3

# unordered top-k via argpartition, then order them
part = np.argpartition(-scores, k - 1, axis=1)[:, :k]
top_vals = np.take_along_axis(scores, part, axis=1)
order = np.argsort(-top_vals, axis=1, kind="stable")
top_idx = np.take_along_axis(part, order, axis=1)
top_sorted = np.take_along_axis(scores, top_idx, axis=1)
print("top-3 values per row:")
print(top_sorted)
print("check vs full sort:", np.array_equal(top_sorted, -np.sort(-scores, axis=1)[:, :k]))

# keep only the top-k entries, zero the rest
mask = np.zeros_like(scores, dtype=bool)
np.put_along_axis(mask, top_idx, True, axis=1)
kept = np.where(mask, scores, 0)
print("kept entries per row:", mask.sum(axis=1))
print("row sums of kept:", kept.sum(axis=1))

# smallest per column via argmin + take_along_axis with keepdims
col_min_idx = np.argmin(scores, axis=0)
col_min = np.take_along_axis(scores, col_min_idx[None, :], axis=0)
print("column minimum rows:", col_min_idx)
print("column minima:", col_min.ravel(), col_min.shape)

# median element per row with kth= middle
mid = scores.shape[1] // 2
p = np.partition(scores, mid, axis=1)
print("partitioned kth values:", p[:, mid])
print("all left <= kth:", bool(np.all(p[:, :mid] <= p[:, mid : mid + 1])))

# multiple kth at once on a 1-D vector
v = rng.permutation(20)
pv = np.partition(v, (2, 10, 17))
print("kth elements:", pv[[2, 10, 17]])

# put_along_axis to write a ranking
ranks = np.empty_like(scores)
order_all = np.argsort(scores, axis=1, kind="stable")
np.put_along_axis(ranks, order_all, np.arange(scores.shape[1])[None, :], axis=1)
print("ranks per row:")
print(ranks)
print("dtype:", ranks.dtype, "shape:", ranks.shape)

# 3-D: top item along last axis for each (batch, head)
t = rng.normal(size=(2, 3, 4)).round(3)
best = np.argmax(t, axis=-1)
best_val = np.take_along_axis(t, best[..., None], axis=-1).squeeze(-1)
print("argmax indices:")
print(best)
print("matches max:", np.array_equal(best_val, t.max(axis=-1)))
