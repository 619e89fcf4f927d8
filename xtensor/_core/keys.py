"""Index keys read without the checked path: which tuples are NumPy's basic index, and which
keys name a structured array's fields. The Array's `__getitem__` and `__setitem__` (and
their C twins, which mirror `is_basic`) take these keys straight to NumPy."""

from __future__ import annotations


def is_basic(key: tuple, shape: tuple) -> int:
    """Whether tuple `key` holds only slices and in-range ints, one per leading axis, None (a
    new axis, which takes none) and at most one Ellipsis (the axes the others leave): 0 no, 1
    yes, 2 yes with an Ellipsis (so NumPy answers an array, never a scalar)."""
    axis, basic = 0, 1
    for j, k in enumerate(key):
        if k is None:
            continue
        if k is Ellipsis:
            after = sum(r is not None for r in key[j + 1 :])
            if basic == 2 or axis + after > len(shape):
                return 0  # two of them, or too many indices: the checked path words it
            axis, basic = len(shape) - after, 2
            continue
        if axis == len(shape):
            return 0
        t = type(k)
        if t is int:
            if k >= shape[axis] or k < -shape[axis]:
                return 0
        elif t is not slice:
            return 0
        axis += 1
    return basic


def is_field_key(key, data) -> bool:
    """Whether `key` (a str, a list, a record's int: `x['age']`, `r[1]`) names fields."""
    if getattr(data.dtype, "names", None) is None:
        return False
    return type(key) is not list or bool(key) and all(type(k) is str for k in key)


def fields(data, key, func: str):
    """The view of `data` holding the fields `key` (NumPy's field indexing, which views)."""
    try:
        return data[data.dtype.names[key] if type(key) is int else key]
    except (KeyError, ValueError, IndexError) as e:
        raise type(e)(f"{func}: {e}; the fields are {data.dtype.names}") from None
