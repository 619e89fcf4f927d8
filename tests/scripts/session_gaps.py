"""Split a stream of event timestamps into sessions at long gaps."""

import numpy as np

rng = np.random.default_rng(106)
gaps = rng.exponential(30.0, size=40)
gaps[[8, 19, 27]] += 600  # three long breaks
stamps = np.round(np.cumsum(gaps), 1)
print("first stamps:", stamps[:6])

delta = np.diff(stamps)
breaks = np.flatnonzero(delta > 300) + 1
sessions = np.split(stamps, breaks)
print("number of sessions:", len(sessions))
for k, s in enumerate(sessions):
    print(
        f"session {k}: {s.size:2d} events, {s[0]:8.1f} -> {s[-1]:8.1f}, length {s[-1] - s[0]:7.1f}"
    )

# session id of every event with cumsum over break flags
flag = np.zeros(stamps.size, dtype=int)
flag[breaks] = 1
session_id = np.cumsum(flag)
print("session ids:", session_id)
sizes = np.bincount(session_id)
print("sizes:", sizes)
print("mean gap inside sessions:", np.round(delta[delta <= 300].mean(), 3))
print("longest break:", delta.max().round(1), "after event", delta.argmax())
