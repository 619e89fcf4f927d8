"""Check a sudoku with sets of its elements (`set(row)`), and list the blanks' candidates."""

import numpy as np

# a valid grid from the shifted-rows pattern: row r is 1..9 rotated by 3 * (r % 3) + r // 3
r = np.arange(9)[:, None]
grid = (np.arange(9)[None, :] + 3 * (r % 3) + r // 3) % 9 + 1


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
