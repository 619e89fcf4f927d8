"""Policy-gradient helpers from the "Pong from pixels" NumPy tutorial, on synthetic frames."""

import numpy as np

np.random.seed(10)
D, H = 20 * 20, 16
model = {"W1": np.random.randn(H, D) / np.sqrt(D), "W2": np.random.randn(H) / np.sqrt(H)}
print("W1", model["W1"].shape, "W2", model["W2"].shape, f"W1 std {model['W1'].std():.5f}")


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def frame_preprocessing(observation_frame):
    observation_frame = observation_frame[10:50]
    observation_frame = observation_frame[::2, ::2, 0]
    observation_frame[observation_frame == 144] = 0
    observation_frame[observation_frame == 109] = 0
    observation_frame[observation_frame != 0] = 1
    return observation_frame.astype(float).ravel()


def policy_forward(x, model):
    h = np.dot(model["W1"], x)
    h[h < 0] = 0
    logp = np.dot(model["W2"], h)
    return sigmoid(logp), h


def policy_backward(eph, epdlogp, model, epx):
    dW2 = np.dot(eph.T, epdlogp).ravel()
    dh = np.outer(epdlogp, model["W2"])
    dh[eph <= 0] = 0
    return {"W1": np.dot(dh.T, epx), "W2": dW2}


def discount_rewards(r, gamma):
    discounted_r = np.zeros_like(r)
    running_add = 0
    for t in reversed(range(0, r.size)):
        if r[t] != 0:
            running_add = 0
        running_add = running_add * gamma + r[t]
        discounted_r[t] = running_add
    return discounted_r


gamma, learning_rate, decay_rate, prev_x = 0.99, 1e-3, 0.99, None
grad_buffer = {k: np.zeros_like(v) for k, v in model.items()}
rmsprop_cache = {k: np.zeros_like(v) for k, v in model.items()}
for episode in range(3):
    xs, hs, dlogps, drs = [], [], [], []  # inputs, hidden states, gradients, rewards
    for step in range(25):
        frame = np.random.choice([0, 109, 144, 236], size=(60, 40, 3), p=[0.5, 0.2, 0.2, 0.1])
        cur_x = frame_preprocessing(frame.astype(np.uint8))
        x = cur_x - prev_x if prev_x is not None else np.zeros(D)
        prev_x = cur_x
        aprob, h = policy_forward(x, model)
        action = 2 if np.random.uniform() < aprob else 3
        xs.append(x)
        hs.append(h)
        dlogps.append((1 if action == 2 else 0) - aprob)
        drs.append(0.0 if step % 8 != 7 else (1.0 if action == 2 else -1.0))
    epx, eph, epdlogp, epr = np.vstack(xs), np.vstack(hs), np.vstack(dlogps), np.vstack(drs)
    discounted_epr = discount_rewards(epr, gamma)
    discounted_epr = (discounted_epr - np.mean(discounted_epr)) / np.std(discounted_epr)
    epdlogp *= discounted_epr
    grad = policy_backward(eph, epdlogp, model, epx)
    for k in model:
        grad_buffer[k] += grad[k]
        rmsprop_cache[k] = decay_rate * rmsprop_cache[k] + (1 - decay_rate) * grad_buffer[k] ** 2
        model[k] += learning_rate * grad_buffer[k] / (np.sqrt(rmsprop_cache[k]) + 1e-5)
        grad_buffer[k] = np.zeros_like(model[k])
    print(f"episode {episode}: shapes {epx.shape} {eph.shape} {epdlogp.shape}", end="")
    print(f" reward sum {epr.sum():.1f}, last aprob {aprob:.5f}, active units {sum(hs[0] > 0)}")
    print("  discounted (first 8):", np.round(discounted_epr[:8, 0], 4))

print("discount of [0,0,1,0,-1]:", discount_rewards(np.array([0, 0, 1.0, 0, -1]), 0.5))
print(f"final W2 norm {np.linalg.norm(model['W2']):.6f}")
