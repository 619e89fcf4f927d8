"""A two-layer network from scratch on synthetic 8x8 "digits" (after the MNIST NumPy tutorial)."""

import numpy as np

rng = np.random.default_rng(2020)
num_classes, pixels = 4, 64
prototypes = (rng.random((num_classes, 8, 8)) > 0.6).astype(np.float64)
print("prototype 0:")
print(prototypes[0].astype(int))


def make_set(n):
    labels = rng.integers(0, num_classes, size=n)
    images = prototypes[labels] * 255 + rng.normal(0, 60, size=(n, 8, 8))
    images = np.clip(images, 0, 255).astype(np.uint8)
    return images.reshape(n, pixels), labels


x_train, y_train = make_set(200)
x_test, y_test = make_set(80)
print("train:", x_train.shape, x_train.dtype, "test:", x_test.shape)
print("label counts:", np.bincount(y_train, minlength=num_classes))
x_train = x_train / 255
x_test = x_test / 255
print(f"pixel range: {x_train.min():.3f} .. {x_train.max():.3f}")


def one_hot_encoding(labels, dimension=num_classes):
    one_hot_labels = labels[..., None] == np.arange(dimension)[None]
    return one_hot_labels.astype(np.float64)


training_labels = one_hot_encoding(y_train)
test_labels = one_hot_encoding(y_test)
print("one-hot of first three:", training_labels[:3].tolist())


def relu(x):
    return (x >= 0) * x


def relu2deriv(output):
    return output >= 0


def softmax(z):
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


learning_rate, epochs, hidden_size = 0.1, 8, 32
weights_1 = 0.2 * rng.random((pixels, hidden_size)) - 0.1
weights_2 = 0.2 * rng.random((hidden_size, num_classes)) - 0.1

for epoch in range(epochs):
    layer_1 = relu(x_train @ weights_1)
    dropout_mask = rng.integers(low=0, high=2, size=layer_1.shape)
    layer_1 = layer_1 * dropout_mask * 2
    probs = softmax(layer_1 @ weights_2)
    loss = -np.sum(training_labels * np.log(probs + 1e-12)) / len(x_train)
    delta_2 = (probs - training_labels) / len(x_train)
    delta_1 = delta_2 @ weights_2.T * relu2deriv(layer_1) * dropout_mask
    weights_2 -= learning_rate * layer_1.T @ delta_2 * 10
    weights_1 -= learning_rate * x_train.T @ delta_1 * 10
    train_acc = np.sum(np.argmax(probs, axis=1) == y_train) / len(y_train)
    test_out = relu(x_test @ weights_1) @ weights_2
    test_acc = np.mean(test_out.argmax(axis=1) == y_test)
    print(f"epoch {epoch}: loss {loss:.4f} train acc {train_acc:.3f} test acc {test_acc:.3f}")

predictions = np.argmax(relu(x_test @ weights_1) @ weights_2, axis=1)
confusion = np.zeros((num_classes, num_classes), dtype=int)
np.add.at(confusion, (y_test, predictions), 1)
print("confusion matrix:")
print(confusion)
print("per-class accuracy:", np.round(confusion.diagonal() / confusion.sum(axis=1), 3))
print("weight norms:", round(float(np.linalg.norm(weights_1)), 4), np.linalg.norm(weights_2))
