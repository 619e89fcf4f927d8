"""Survey free-text tags: isin on strings, np.char.count, and packed answer masks."""

import numpy as np

rng = np.random.default_rng(21)
vocab = np.array(
    ["price", "speed", "support", "design", "battery", "screen", "app", "noise", "camera"]
)
answers = np.array(
    [
        "price;speed",
        "support",
        "design;screen;app",
        "battery;price",
        "noise",
        "app;app;speed",
        "",
        "screen;battery;price;design",
        "support;noise",
        "Price;wifi",
    ]
)
print(answers.dtype, answers.size)
n_tags = np.where(answers == "", 0, np.char.count(answers, ";") + 1)
print("tags per answer:", n_tags, "total:", n_tags.sum())
print(
    "mentions of 'app':",
    np.char.count(answers, "app"),
    "letters e:",
    np.char.count(answers, "e")[:4],
)

flat = np.array([t for a in np.char.lower(answers) for t in a.split(";") if t])
print("flat tags:", flat.size, flat[:6])
known = np.isin(flat, vocab)
print("all known:", known.all(), "unknown:", flat[~known])
print("vocab used:", np.isin(vocab, flat))
print("vocab never used:", vocab[~np.isin(vocab, flat)])
print("invert:", np.isin(["price", "colour"], vocab, invert=True))
tags, freq = np.unique(flat, return_counts=True)
order = np.argsort(-freq, kind="stable")
for t, f in zip(tags[order], freq[order]):
    print(f"{t:>8} {'#' * int(f)} {f}")

matrix = np.zeros((answers.size, vocab.size), dtype=bool)
for i, a in enumerate(np.char.lower(answers)):
    matrix[i] = np.isin(vocab, a.split(";"))
print(matrix.astype(np.uint8))
packed = np.packbits(matrix, axis=1)
print("packed:", packed.ravel(), packed.shape, packed.dtype)
print("as bits:", [np.binary_repr(int(b), width=8) for b in packed[:3, 0]])
print("bytes saved:", matrix.nbytes, "->", packed.nbytes)
restored = np.unpackbits(packed, axis=1, count=vocab.size).astype(bool)
print("round trip:", np.array_equal(restored, matrix))
little = np.packbits(matrix, axis=1, bitorder="little")
print("little order:", little.ravel())
print(
    "back little:",
    np.array_equal(np.unpackbits(little, axis=1, bitorder="little").astype(bool), matrix),
)
popcount = np.unpackbits(packed, axis=1).sum(axis=1)
print("tags per row from bits:", popcount, np.array_equal(popcount, matrix.sum(axis=1)))
co = matrix.T.astype(int) @ matrix.astype(int)
print("co-occurrence diag:", np.diag(co))
i, j = np.unravel_index(np.argmax(np.triu(co, 1)), co.shape)
print("most paired:", vocab[i], vocab[j], co[i, j])
flagged = np.flatnonzero(matrix[:, np.isin(vocab, ["noise", "battery"])].any(axis=1))
print("rows mentioning noise or battery:", flagged, answers[flagged])
sample = rng.choice(vocab, size=12)
print("sample:", sample, "in first answer:", np.isin(sample, answers[0].split(";")).sum())
print("startswith s:", vocab[np.char.startswith(vocab, "s")], np.char.count(vocab, "e", 0, 3))
