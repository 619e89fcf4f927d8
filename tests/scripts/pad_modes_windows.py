"""Every np.pad mode on a short signal, then rolling features from sliding_window_view."""

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

sig = np.array([3.0, 1.0, 4.0, 1.0, 5.0, 9.0])
modes = [
    "empty",
    "constant",
    "edge",
    "reflect",
    "symmetric",
    "wrap",
    "linear_ramp",
    "mean",
    "median",
    "maximum",
    "minimum",
]
for mode in modes:
    padded = np.pad(sig, (2, 3), mode=mode)
    shown = padded[2:-3] if mode == "empty" else padded
    print(f"{mode:>12}: {shown}")
print("constant_values pair:", np.pad(sig, 2, constant_values=(-1, 99)))
print("linear_ramp end_values:", np.pad(sig, 3, mode="linear_ramp", end_values=(0, 12)))
print("reflect odd:", np.pad(sig, 3, mode="reflect", reflect_type="odd"))
print("mean over stat_length 2:", np.pad(sig, 2, mode="mean", stat_length=2))
print("int mean rounds:", np.pad(np.array([1, 2, 4]), 1, mode="mean"))
print("wider than array wrap:", np.pad(np.arange(3), 7, mode="wrap"))
print("symmetric larger than array:", np.pad(np.array([1, 2]), 5, mode="symmetric"))

img = np.arange(1, 7).reshape(2, 3)
print("2-D per-axis widths:")
print(np.pad(img, ((1, 0), (0, 2)), mode="edge"))
print("2-D maximum:")
print(np.pad(img, 1, mode="maximum"))


def zero_border(vector, pad_width, iaxis, kwargs):
    vector[: pad_width[0]] = kwargs.get("value", 0)
    vector[vector.size - pad_width[1] :] = kwargs.get("value", 0)


print("callable mode:")
print(np.pad(img, 1, mode=zero_border, value=-5))

# rolling features with same-length output via edge padding
k = 3
win = sliding_window_view(np.pad(sig, (k - 1, 0), mode="edge"), k)
print("windows shape:", win.shape, "writeable:", win.flags.writeable)
print("rolling mean:", win.mean(axis=1).round(4))
print("rolling max:", win.max(axis=1))
print("rolling diff range:", np.ptp(win, axis=1))

grid = np.arange(20).reshape(4, 5)
w2 = sliding_window_view(grid, (2, 3))
print("2-D windows shape:", w2.shape)
print("window sums:")
print(w2.sum(axis=(-2, -1)))
w_axis = sliding_window_view(grid, 2, axis=0)
print("axis=0 windows shape:", w_axis.shape)
print("pairwise row diffs:")
print(w_axis[..., 1] - w_axis[..., 0])
print("strided every 2nd window:", sliding_window_view(np.arange(10), 4)[::2].tolist())
print("shares memory:", np.shares_memory(w2, grid))
