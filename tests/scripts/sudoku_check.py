"""Validate a sudoku solution with reshapes, and find the blanks' candidate digits."""

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
target = np.arange(1, 10)
rows_ok = np.all(np.sort(grid, axis=1) == target)
cols_ok = np.all(np.sort(grid, axis=0) == target[:, None])
boxes = grid.reshape(3, 3, 3, 3).transpose(0, 2, 1, 3).reshape(9, 9)
boxes_ok = np.all(np.sort(boxes, axis=1) == target)
print("rows, cols, boxes valid:", rows_ok, cols_ok, boxes_ok)
print("first box:", boxes[0])

puzzle = grid.copy()
rng = np.random.default_rng(137)
blank = rng.choice(81, size=30, replace=False)
puzzle.flat[blank] = 0
print("puzzle:")
for r in range(9):
    print(" ".join(str(v) if v else "." for v in puzzle[r]))

# candidates for each blank: digits not in its row, column or box
filled = 0
for _ in range(10):
    for idx in np.flatnonzero(puzzle == 0):
        r, c = divmod(int(idx), 9)
        br, bc = 3 * (r // 3), 3 * (c // 3)
        used = np.union1d(np.union1d(puzzle[r], puzzle[:, c]), puzzle[br : br + 3, bc : bc + 3])
        cand = np.setdiff1d(target, used)
        if cand.size == 1:
            puzzle[r, c] = cand[0]
            filled += 1
print("filled by single candidates:", filled)
print("solved:", np.array_equal(puzzle, grid))
print("digit counts:", np.bincount(grid.ravel())[1:])
print("duplicates in a broken row:", np.unique(np.array([1, 2, 2, 3, 5, 5, 5]), return_counts=True))
