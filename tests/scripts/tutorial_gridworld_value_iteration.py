"""Value iteration and Q-learning on a small gridworld (an RL teaching notebook)."""

import numpy as np

rows, cols = 5, 6
rewards = np.full((rows, cols), -0.04)
rewards[0, 5] = 1.0
rewards[1, 5] = -1.0
walls = np.zeros((rows, cols), dtype=bool)
walls[1, 1:4] = True
walls[3, 3] = True
terminal = np.zeros_like(walls)
terminal[[0, 1], [5, 5]] = True
print("rewards:")
print(rewards)
print("walls at:", np.argwhere(walls).tolist())

gamma = 0.9
V = np.zeros((rows, cols))
moves = [(-1, 0), (1, 0), (0, -1), (0, 1)]
names = np.array(["^", "v", "<", ">"])
for sweep in range(200):
    padded = np.pad(V, 1, mode="edge")
    wall_pad = np.pad(walls, 1, constant_values=True)
    Q = np.empty((4, rows, cols))
    for a, (dr, dc) in enumerate(moves):
        nxt = padded[1 + dr : 1 + dr + rows, 1 + dc : 1 + dc + cols]
        blocked = wall_pad[1 + dr : 1 + dr + rows, 1 + dc : 1 + dc + cols]
        Q[a] = rewards + gamma * np.where(blocked, V, nxt)
    V_new = np.where(terminal, rewards, Q.max(axis=0))
    V_new[walls] = 0.0
    delta = np.abs(V_new - V).max()
    V = V_new
    if delta < 1e-8:
        break
print(f"converged after {sweep + 1} sweeps, last delta {delta:.2e}")
np.set_printoptions(precision=3, suppress=True)
print("state values:")
print(V)
policy = names[np.argmax(Q, axis=0)]
policy[walls] = "#"
policy[terminal] = np.where(rewards[terminal] > 0, "G", "X")
print("greedy policy:")
print("\n".join(" ".join(row) for row in policy))
print("best value per row:", V.max(axis=1))
print("argmax per column:", V.argmax(axis=0))

shifted = np.roll(V, 1, axis=1)
print("values rolled right (row 0):", shifted[0])
print("left-neighbour differences row 4:", np.diff(V[4]))

rng = np.random.default_rng(7)
Qtab = np.zeros((rows * cols, 4))
alpha, eps = 0.5, 0.2
for episode in range(300):
    r, c = rows - 1, 0
    for t in range(50):
        s = r * cols + c
        a = rng.integers(4) if rng.random() < eps else int(np.argmax(Qtab[s]))
        nr = min(max(r + moves[a][0], 0), rows - 1)
        nc = min(max(c + moves[a][1], 0), cols - 1)
        if walls[nr, nc]:
            nr, nc = r, c
        s2 = nr * cols + nc
        target = rewards[nr, nc] + (0 if terminal[nr, nc] else gamma * Qtab[s2].max())
        Qtab[s, a] += alpha * (target - Qtab[s, a])
        r, c = nr, nc
        if terminal[r, c]:
            break
learned = Qtab.max(axis=1).reshape(rows, cols)
print("Q-learning values (row 4):", learned[4])
print("greedy action from start:", names[Qtab[(rows - 1) * cols].argmax()])
np.set_printoptions(precision=8, suppress=False)
