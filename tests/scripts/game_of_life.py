"""Conway's game of life on a torus with np.roll."""

import numpy as np

rng = np.random.default_rng(7)
board = (rng.random((16, 16)) < 0.3).astype(np.int8)
glider = np.array([[0, 1, 0], [0, 0, 1], [1, 1, 1]], dtype=np.int8)
board[:3, :3] = glider


def step(b):
    neighbours = sum(
        np.roll(np.roll(b, dy, axis=0), dx, axis=1)
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if (dy, dx) != (0, 0)
    )
    return ((neighbours == 3) | ((b == 1) & (neighbours == 2))).astype(np.int8)


population = []
for _ in range(30):
    population.append(int(board.sum()))
    board = step(board)
print(population)
print(board.dtype, board.shape)
for row in board[:6]:
    print("".join("#" if c else "." for c in row))
alive = board.sum()
