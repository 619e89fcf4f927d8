"""Low-rank image compression with the SVD (after the NumPy linear-algebra-on-images tutorial)."""

import numpy as np

rng = np.random.default_rng(768)
h, w = 48, 64
yy, xx = np.mgrid[0:h, 0:w]
img = np.zeros((h, w, 3))
img[..., 0] = 0.5 + 0.5 * np.sin(xx / 7.0)
img[..., 1] = np.exp(-((yy - 20) ** 2 + (xx - 30) ** 2) / 200.0)
img[..., 2] = (xx + yy) / (h + w)
img[10:20, 40:55, :] = 0.9
img = np.clip(img + rng.normal(0, 0.02, img.shape), 0, 1)
print("image:", img.shape, img.dtype, f"min {img.min():.4f} max {img.max():.4f}")

img_gray = img @ [0.2126, 0.7152, 0.0722]
print("gray:", img_gray.shape, f"mean {img_gray.mean():.5f}")

U, s, Vt = np.linalg.svd(img_gray)
print("U", U.shape, "s", s.shape, "Vt", Vt.shape)
print("largest singular values:", np.round(s[:5], 4))
Sigma = np.zeros((U.shape[1], Vt.shape[0]))
np.fill_diagonal(Sigma, s)
print("reconstruction error small:", np.linalg.norm(img_gray - U @ Sigma @ Vt) < 1e-10)
print("allclose:", np.allclose(img_gray, U @ Sigma @ Vt))

for k in (1, 2, 5, 10, 20):
    approx = U @ Sigma[:, :k] @ Vt[:k, :]
    err = np.linalg.norm(img_gray - approx)
    rel = err / np.linalg.norm(img_gray)
    print(f"k={k:2d}: error {err:8.4f} relative {rel:.4%} storage {k * (h + w + 1)}")

img_array = img.transpose(2, 0, 1)
print("channels first:", img_array.shape)
U, s, Vt = np.linalg.svd(img_array)
print("batched shapes:", U.shape, s.shape, Vt.shape)
print("top singular value per channel:", np.round(s[:, 0], 3))
Sigma = np.zeros((3, h, w))
for j in range(3):
    np.fill_diagonal(Sigma[j, :, :], s[j, :])
reconstructed = U @ Sigma @ Vt
print("batched reconstruction ok:", np.allclose(reconstructed, img_array))

k = 8
approx_img = U @ Sigma[..., :k] @ Vt[..., :k, :]
approx_img = np.clip(np.transpose(approx_img, (1, 2, 0)), 0, 1)
print("rank-8 image:", approx_img.shape, f"error {np.linalg.norm(approx_img - img):.4f}")
energy = np.cumsum(s**2, axis=1) / np.sum(s**2, axis=1, keepdims=True)
print("rank for 99% energy per channel:", (energy < 0.99).sum(axis=1) + 1)
print(
    "2-norm equals s[0]:", np.allclose(np.linalg.norm(img_gray, 2), np.linalg.svd(img_gray)[1][0])
)
pixels = (approx_img * 255).astype(np.uint8)
print("uint8 corner:")
print(pixels[:3, :4, 0])
