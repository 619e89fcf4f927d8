"""Bag-of-words sentiment scores with np.unique and np.char (after the NumPy NLP tutorial)."""

import numpy as np

reviews = np.array(
    [
        "A wonderful, moving film. Great acting!",
        "Terrible plot and awful pacing.",
        "great soundtrack, GREAT cast, wonderful",
        "Boring. Predictable. awful ending",
        "Not bad at all; a good, fun film",
        "The worst film of the year - boring and bad",
    ]
)
labels = np.array([1, 0, 1, 0, 1, 0])
print("lengths:", np.char.str_len(reviews))
cleaned = np.char.lower(reviews)
for ch in ".,!;-":
    cleaned = np.char.replace(cleaned, ch, " ")
cleaned = np.strings.strip(cleaned)
print(cleaned[2])
print("starts with 'the':", np.strings.startswith(cleaned, "the"))
print("count of 'great':", np.char.count(cleaned, "great"))

stopwords = np.array(["a", "and", "the", "of", "at", "all"])
tokens = [np.array(s.split()) for s in cleaned]
doc_id = np.concatenate([np.full(len(t), i) for i, t in enumerate(tokens)])
words = np.concatenate(tokens)
keep = ~np.isin(words, stopwords)
words, doc_id = words[keep], doc_id[keep]
print("tokens kept:", words.size, "dtype", words.dtype)

vocab, inverse, counts = np.unique(words, return_inverse=True, return_counts=True)
print("vocabulary size:", vocab.size)
order = np.argsort(-counts, kind="stable")
for w, c in zip(vocab[order][:5], counts[order][:5]):
    print(f"  {w:<12}{c:>3}")

bow = np.zeros((len(reviews), vocab.size), dtype=np.int64)
np.add.at(bow, (doc_id, inverse), 1)
print("bag of words shape:", bow.shape, "total:", bow.sum())
print("row sums:", bow.sum(axis=1))

pos = bow[labels == 1].sum(axis=0) + 1
neg = bow[labels == 0].sum(axis=0) + 1
log_ratio = np.log(pos / pos.sum()) - np.log(neg / neg.sum())
np.set_printoptions(precision=3)
top = np.argsort(log_ratio, kind="stable")
print("most negative words:", vocab[top[:3]], log_ratio[top[:3]])
print("most positive words:", vocab[top[-3:]][::-1], log_ratio[top[-3:]][::-1])
scores = bow @ log_ratio
print("scores:", scores)
print("predicted:", (scores > 0).astype(int), "accuracy:", np.mean((scores > 0) == labels))
np.set_printoptions(precision=8)

padded = np.char.ljust(vocab[:6], 10, "_")
print(padded)
print(np.char.upper(vocab[:4]), np.strings.capitalize(vocab[4:8]))
print("joined:", " | ".join(np.char.title(vocab[order][:3])))
widths = np.char.str_len(vocab)
print("longest word:", vocab[np.argmax(widths)], "mean length:", round(widths.mean(), 3))
print("words with 'ing':", vocab[np.char.find(vocab, "ing") >= 0])
