"""Detect tic-tac-toe winners with row/column/diagonal reductions, and play random games."""

import numpy as np


def winner(board):
    lines = np.vstack([board, board.T, np.diag(board), np.diag(np.fliplr(board))])
    sums = lines.sum(axis=1)
    if np.any(sums == 3):
        return 1
    if np.any(sums == -3):
        return -1
    return 0


b = np.array([[1, -1, 0], [1, 1, -1], [-1, 0, 1]])
print(b)
print("winner:", winner(b))
print("anti-diagonal:", np.diag(np.fliplr(b)))
print("empty cells:", np.argwhere(b == 0).tolist())

rng = np.random.default_rng(141)
results = []
lengths = []
for game in range(500):
    board = np.zeros((3, 3), dtype=int)
    player = 1
    for move in range(9):
        empty = np.flatnonzero(board == 0)
        board.flat[rng.choice(empty)] = player
        w = winner(board)
        if w:
            break
        player = -player
    results.append(w)
    lengths.append(move + 1)
results = np.array(results)
lengths = np.array(lengths)
print("X wins, O wins, draws:", np.sum(results == 1), np.sum(results == -1), np.sum(results == 0))
print("mean game length:", lengths.mean())
print("length histogram:", np.bincount(lengths)[5:])
