import numpy as np

grid = np.array(
    [
        [5, 3, 4, 6, 7, 8, 9, 1, 2],
        [6, 7, 2, 1, 9, 5, 3, 4, 8],
        [1, 9, 8, 3, 4, 2, 5, 6, 7],
        [8, 5, 9, 7, 6, 1, 4, 2, 3],
        [4, 2, 6, 8, 5, 3, 7, 9, 1],
        [7, 1, 3, 9, 2, 4, 8, 5, 6],
        [9, 6, 1, 5, 3, 7, 2, 8, 4],
        [2, 8, 7, 4, 1, 9, 6, 3, 5],
        [3, 4, 5, 2, 8, 6, 1, 7, 9],
    ]
)


def valid(g):
    target = np.arange(1, 10)
    rows = all((np.sort(r) == target).all() for r in g)
    cols = all(np.array_equal(np.sort(c), target) for c in g.T)
    boxes = g.reshape(3, 3, 3, 3).transpose(0, 2, 1, 3).reshape(9, 9)
    bx = all(set(b.tolist()) == set(range(1, 10)) for b in boxes)
    return rows, cols, bx


print(valid(grid))
bad = grid.copy()
bad[0, 0], bad[0, 1] = bad[0, 1], bad[0, 0]
print(bad[0])
print(valid(bad))
print(np.all(np.sort(grid, axis=1) == np.arange(1, 10)))
print(np.unique(grid[:3, :3]).size == 9)
counts = np.apply_along_axis(lambda r: np.bincount(r, minlength=10)[1:], 1, grid)
print(counts.max(), counts.min())
puzzle = grid.copy()
puzzle[[0, 2, 4, 6, 8], [1, 3, 5, 7, 0]] = 0
empty = np.argwhere(puzzle == 0)
print(empty)
for r, c in empty:
    used = set(puzzle[r]) | set(puzzle[:, c])
    br, bc = 3 * (r // 3), 3 * (c // 3)
    used |= set(puzzle[br : br + 3, bc : bc + 3].ravel())
    cand = [v for v in range(1, 10) if v not in used]
    print((int(r), int(c)), cand)
    if len(cand) == 1:
        puzzle[r, c] = cand[0]
print((puzzle == grid).all())
