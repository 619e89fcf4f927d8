"""Elementary cellular automata (rules 30, 90, 110) on a ring."""

import numpy as np


def step(cells, rule):
    table = (rule >> np.arange(8)) & 1
    left = np.roll(cells, 1)
    right = np.roll(cells, -1)
    idx = (left << 2) | (cells << 1) | right
    return table[idx].astype(np.uint8)


width, gens = 41, 20
for rule in (30, 90, 110):
    cells = np.zeros(width, dtype=np.uint8)
    cells[width // 2] = 1
    history = [cells]
    for _ in range(gens - 1):
        cells = step(cells, rule)
        history.append(cells)
    grid = np.array(history)
    print(f"rule {rule}:")
    for row in grid[:8]:
        print("".join("#" if c else "." for c in row))
    print("live cells per generation:", grid.sum(axis=1))
    print("density:", round(float(grid.mean()), 4))

# rule 30's centre column is a classic pseudo-random bit source
cells = np.zeros(101, dtype=np.uint8)
cells[50] = 1
bits = []
for _ in range(64):
    bits.append(cells[50])
    cells = step(cells, 30)
bits = np.array(bits)
print("centre bits:", "".join(map(str, bits[:32])))
print("ones:", bits.sum(), "packed:", np.packbits(bits))
