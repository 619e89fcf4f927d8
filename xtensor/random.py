"""xtensor.random: the common parts of `numpy.random`, returning xtensor Arrays.

Every draw comes from NumPy's own bit generators, so a seed gives the very stream NumPy gives:
`xtensor.random.seed(0); xtensor.random.rand(3)` equals `numpy.random.seed(0);
numpy.random.rand(3)`. The legacy functions (`seed`, `rand`, `normal`...) share one
module-level `numpy.random.RandomState` of their own (seeding NumPy's global state does not
touch it, and vice versa); `default_rng(seed)` wraps a `numpy.random.Generator` and
`RandomState(seed)` a `numpy.random.RandomState`. The bit generators (`PCG64`...),
`SeedSequence` and the legacy state (`get_state`) are NumPy's own objects.

Draws happen on the host and the result moves to `device=` (default: the CPU). `choice`,
`permutation` and `shuffle` of an xtensor Array draw only the indices and index the array on
its own device, which takes exactly the draws NumPy takes for an array of that length.
Where NumPy returns a Python number (`rand()`, `randint(5)`, `normal()`) this returns the same
number; where it returns a NumPy scalar (`Generator.integers(5)`, `choice([1, 2])`), a 0-d Array.
"""

from __future__ import annotations

import builtins
import operator
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.random import (
    MT19937,
    PCG64,
    PCG64DXSM,
    SFC64,
    BitGenerator,
    Philox,
    SeedSequence,
)

from ._array import Array
from ._core import dtypes as _dtypes
from ._creation import asarray
from ._numpy_helpers import named_errors as _named
from ._random_compiled import compile_draws
from ._random_draws import (
    _choice,
    _host,
    _integer_dtype,
    _into,
    _np_dtype,
    _out,
    _permutation,
    _shuffle,
)
from ._typing import ArrayLike, DeviceLike, DTypeLike, ShapeLike

__all__ = [
    "MT19937",
    "PCG64",
    "PCG64DXSM",
    "SFC64",
    "BitGenerator",
    "Generator",
    "Philox",
    "RandomState",
    "SeedSequence",
    "bytes",
    "choice",
    "default_rng",
    "get_bit_generator",
    "get_state",
    "random_integers",
    "set_bit_generator",
    "set_state",
    "normal",
    "permutation",
    "rand",
    "randint",
    "randn",
    "random",
    "random_sample",
    "seed",
    "shuffle",
    "standard_normal",
    "uniform",
]

_LEGACY = np.random.RandomState()


# --- the legacy functions (numpy.random.<name>) ---------------------------------------------


def seed(seed: int | ArrayLike | None = None) -> None:
    """Reseed the module's generator: an int, a sequence of ints, or None (fresh entropy)."""
    try:  # (the `with` only where NumPy refuses: a third of the call's cost)
        _LEGACY.seed(_host(seed))
    except Exception:
        with _named("seed"):
            raise


def rand(*shape: int, device: DeviceLike | None = None) -> Array:
    """Uniform [0, 1) float64 samples of the given shape: `rand(2, 3)`."""
    try:  # NumPy's rand(*shape) is random_sample(shape), one call less
        return _out(_LEGACY.random_sample(shape or None), device)
    except Exception:
        with _named("rand"):  # (a `with` around the draw costs a tenth of a small call)
            raise


def randn(*shape: int, device: DeviceLike | None = None) -> Array:
    """Standard normal float64 samples of the given shape: `randn(2, 3)`."""
    try:  # NumPy's randn(*shape) is standard_normal(shape)
        return _out(_LEGACY.standard_normal(shape or None), device)
    except Exception:
        with _named("randn"):
            raise


def randint(
    low: ArrayLike,
    high: ArrayLike | None = None,
    size: ShapeLike | None = None,
    dtype: DTypeLike = int,
    *,
    device: DeviceLike | None = None,
) -> Array:
    """Integers in [low, high) (or [0, low) without `high`), int64 by default."""
    with _named("randint"):
        dt = _integer_dtype(dtype, "randint")
        return _out(_LEGACY.randint(_host(low), _host(high), size, dtype=dt), device)


def random(size: ShapeLike | None = None, *, device: DeviceLike | None = None) -> Array:
    """Uniform [0, 1) float64 samples of shape `size`."""
    try:
        return _out(_LEGACY.random_sample(size), device)
    except Exception:
        with _named("random"):
            raise


random_sample = random


def uniform(
    low: ArrayLike = 0.0,
    high: ArrayLike = 1.0,
    size: ShapeLike | None = None,
    *,
    device: DeviceLike | None = None,
) -> Array:
    """Uniform [low, high) float64 samples; low and high broadcast with `size`."""
    try:
        return _out(_LEGACY.uniform(_host(low), _host(high), size), device)
    except Exception:
        with _named("uniform"):
            raise


def normal(
    loc: ArrayLike = 0.0,
    scale: ArrayLike = 1.0,
    size: ShapeLike | None = None,
    *,
    device: DeviceLike | None = None,
) -> Array:
    """Normal float64 samples with mean `loc` and standard deviation `scale`."""
    try:
        return _out(_LEGACY.normal(_host(loc), _host(scale), size), device)
    except Exception:
        with _named("normal"):
            raise


def standard_normal(size: ShapeLike | None = None, *, device: DeviceLike | None = None) -> Array:
    """Standard normal float64 samples of shape `size`."""
    try:
        return _out(_LEGACY.standard_normal(size), device)
    except Exception:
        with _named("standard_normal"):
            raise


def choice(
    a: int | ArrayLike,
    size: ShapeLike | None = None,
    replace: bool = True,
    p: ArrayLike | None = None,
) -> Array:
    """Samples of a 1-D array `a` (or of `range(a)` for an int), optionally weighted by `p`."""
    return _choice(_LEGACY, "choice", a, size, replace, p)


def permutation(x: int | ArrayLike) -> Array:
    """A shuffled copy of `x` along its first axis, or of `range(x)` for an int."""
    return _permutation(_LEGACY, "permutation", x)


def shuffle(x: Array | list[Any] | np.ndarray[Any, Any]) -> None:
    """Shuffle `x` in place along its first axis (an xtensor Array, a list or NumPy array)."""
    _shuffle(_LEGACY, "shuffle", x)


def random_integers(
    low: ArrayLike,
    high: ArrayLike | None = None,
    size: ShapeLike | None = None,
    *,
    device: DeviceLike | None = None,
) -> Array:
    """Integers in [low, high] (deprecated in NumPy, which warns as it draws)."""
    with _named("random_integers"):
        return _out(_LEGACY.random_integers(_host(low), _host(high), size), device)


def bytes(length: int) -> builtins.bytes:
    """`length` random bytes, as a Python `bytes` object (as NumPy's, not an array)."""
    with _named("bytes"):
        return _LEGACY.bytes(length)


def get_state(legacy: bool = True) -> tuple[Any, ...] | dict[str, Any]:
    """The module generator's state, as NumPy gives it: a tuple (`legacy=True`) or a dict."""
    return _LEGACY.get_state(legacy=legacy)


def set_state(state: tuple[Any, ...] | dict[str, Any]) -> None:
    """Restore a state from `get_state` (this module's or NumPy's)."""
    with _named("set_state"):
        _LEGACY.set_state(state)


def get_bit_generator() -> BitGenerator:
    """The bit generator under the module's legacy functions (an `MT19937` unless set)."""
    return _LEGACY._bit_generator


def set_bit_generator(bitgen: BitGenerator) -> None:
    """Draw the module's legacy functions from `bitgen` from now on."""
    if not isinstance(bitgen, BitGenerator):
        raise TypeError(
            f"set_bit_generator: bitgen must be a bit generator such as PCG64(seed); "
            f"got {type(bitgen).__name__}"
        )
    _LEGACY.__init__(bitgen)  # RandomState's own re-initialisation keeps the object


# --- Generator -------------------------------------------------------------------------------


if TYPE_CHECKING:  # the samplers made below by `_sampler`, as type checkers see them
    from ._random_samplers import *  # noqa: F403
    from ._random_samplers import GeneratorSamplers, RandomStateSamplers
else:  # NumPy's own classes, which SciPy, networkx and pandas take as `random_state=`
    GeneratorSamplers, RandomStateSamplers = np.random.Generator, np.random.RandomState


class Generator(GeneratorSamplers):
    """`numpy.random.Generator` over the same bit stream, its draws returning Arrays. It is
    a NumPy Generator, so libraries that take one (`random_state=rng`) take it.

    >>> import xtensor as xp
    >>> rng = xp.random.default_rng(0)
    >>> rng.integers(0, 10, size=3)
    array([8, 6, 5])
    """

    def __init__(self, generator: np.random.Generator | BitGenerator) -> None:
        if isinstance(generator, Generator):
            generator = generator._gen
        elif isinstance(generator, BitGenerator):  # NumPy's Generator(PCG64(seed)) spelling
            generator = np.random.Generator(generator)
        super().__init__(generator.bit_generator)  # the NumPy Generator SciPy's C code reads
        self._gen = generator  # NumPy's, over the same bit generator: the draws' source

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self._gen,)

    def __repr__(self) -> str:
        return f"Generator({type(self._gen.bit_generator).__name__})"

    @property
    def bit_generator(self) -> np.random.BitGenerator:
        return self._gen.bit_generator

    def random(
        self,
        size: ShapeLike | None = None,
        dtype: DTypeLike = _dtypes.float64,
        out: Array | np.ndarray[Any, Any] | None = None,
        *,
        device: DeviceLike | None = None,
    ) -> Array:
        """Uniform [0, 1) samples (float64 or float32), written to `out` when given."""
        with _named("Generator.random"):
            dt = _np_dtype(dtype, "Generator.random")
            value = self._gen.random(size, dt, _into(out, "Generator.random"))
        return _out(value, device) if out is None else out

    def standard_normal(
        self,
        size: ShapeLike | None = None,
        dtype: DTypeLike = _dtypes.float64,
        out: Array | np.ndarray[Any, Any] | None = None,
        *,
        device: DeviceLike | None = None,
    ) -> Array:
        """Standard normal samples (float64 or float32), written to `out` when given."""
        with _named("Generator.standard_normal"):
            dt = _np_dtype(dtype, "Generator.standard_normal")
            value = self._gen.standard_normal(size, dt, _into(out, "Generator.standard_normal"))
        return _out(value, device) if out is None else out

    def normal(
        self,
        loc: ArrayLike = 0.0,
        scale: ArrayLike = 1.0,
        size: ShapeLike | None = None,
        *,
        device: DeviceLike | None = None,
    ) -> Array:
        """Normal float64 samples with mean `loc` and standard deviation `scale`."""
        with _named("Generator.normal"):
            return _out(self._gen.normal(_host(loc), _host(scale), size), device)

    def uniform(
        self,
        low: ArrayLike = 0.0,
        high: ArrayLike = 1.0,
        size: ShapeLike | None = None,
        *,
        device: DeviceLike | None = None,
    ) -> Array:
        """Uniform [low, high) float64 samples."""
        with _named("Generator.uniform"):
            return _out(self._gen.uniform(_host(low), _host(high), size), device)

    def integers(
        self,
        low: ArrayLike,
        high: ArrayLike | None = None,
        size: ShapeLike | None = None,
        dtype: DTypeLike = _dtypes.int64,
        endpoint: bool = False,
        *,
        device: DeviceLike | None = None,
    ) -> Array:
        """Integers in [low, high) ([low, high] with endpoint=True), int64 by default."""
        with _named("Generator.integers"):
            dt = _integer_dtype(dtype, "Generator.integers")
            return _out(self._gen.integers(_host(low), _host(high), size, dt, endpoint), device)

    def choice(
        self,
        a: int | ArrayLike,
        size: ShapeLike | None = None,
        replace: bool = True,
        p: ArrayLike | None = None,
        axis: int = 0,
        shuffle: bool = True,
    ) -> Array:
        """Samples of `a` along `axis` (or of `range(a)` for an int)."""
        return _choice(self._gen, "Generator.choice", a, size, replace, p, axis, shuffle=shuffle)

    def permutation(self, x: int | ArrayLike, axis: int = 0) -> Array:
        """A shuffled copy of `x` along `axis`, or of `range(x)` for an int."""
        return _permutation(self._gen, "Generator.permutation", x, axis)

    def shuffle(self, x: Array | list[Any] | np.ndarray[Any, Any], axis: int = 0) -> None:
        """Shuffle `x` in place along `axis`."""
        _shuffle(self._gen, "Generator.shuffle", x, axis)

    def permuted(
        self,
        x: ArrayLike,
        *,
        axis: int | None = None,
        out: Array | np.ndarray[Any, Any] | None = None,
    ) -> Array:
        """`x` with each slice along `axis` shuffled independently (all elements together
        for axis=None); written to `out` when given (`out=x` shuffles in place)."""
        arr = x if isinstance(x, Array) else asarray(x)
        on_device = isinstance(out, Array) and type(out._data) is not np.ndarray
        with _named("Generator.permuted"):  # NumPy's checks of out= (shape, casting) first
            host_out = None if on_device else _into(out, "Generator.permuted")
            shuffled = self._gen.permuted(_host(arr), axis=axis, out=host_out)
        if out is None:
            return _out(shuffled, arr.device)
        if on_device:  # drawn on the host, as every draw is, then copied
            if out.shape != arr.shape:
                raise ValueError(
                    f"Generator.permuted: out has shape {out.shape}, but x has shape {arr.shape}"
                )
            out[...] = asarray(shuffled, device=out.device)
        return out

    def bytes(self, length: int) -> builtins.bytes:
        """`length` random bytes, as a Python `bytes` object."""
        with _named("Generator.bytes"):
            return self._gen.bytes(length)

    def spawn(self, n_children: int) -> list[Generator]:
        """`n_children` independent Generators, from the bit generator's seed sequence."""
        with _named("Generator.spawn"):
            return [Generator(g) for g in self._gen.spawn(n_children)]


# --- the rest of NumPy's distributions, one factory ------------------------------------------
# Each is NumPy's own sampler on the same bit stream: arguments come to the host, the draws
# come back as an Array on `device=` (a 0-d Array where NumPy returns a scalar).

DISTRIBUTIONS = (
    "beta binomial chisquare dirichlet exponential f gamma geometric gumbel hypergeometric "
    "laplace logistic lognormal logseries multinomial multivariate_normal negative_binomial "
    "noncentral_chisquare noncentral_f pareto poisson power rayleigh standard_cauchy "
    "standard_exponential standard_gamma standard_t triangular vonmises wald weibull zipf"
).split()
_LEGACY_ALIASES = {"ranf": "random_sample", "sample": "random_sample"}  # NumPy's old names
_GENERATOR_ONLY = ("multivariate_hypergeometric",)


def _sampler(source_of, name: str, func: str, method: str | None = None):
    """A function drawing NumPy's `method` (default `name`) from `source_of(self_or_none)`'s
    bit stream."""
    method = method or name

    def draw(*args: Any, device: DeviceLike | None = None, **kwargs: Any) -> Array:
        owner = args[0] if args and isinstance(args[0], (Generator, RandomState)) else None
        source = source_of(owner)
        if source is not _LEGACY:
            args = args[1:]
        out = kwargs.get("out")  # (NumPy's standard_exponential, standard_gamma: `out=`)
        try:
            kwargs = {k: _into(v, func) if k == "out" else _host(v) for k, v in kwargs.items()}
            value = getattr(source, method)(*map(_host, args), **kwargs)
        except Exception:
            with _named(func):
                raise
        return _out(value, device) if out is None else out

    draw.__name__ = draw.__qualname__ = name
    draw.__doc__ = f"NumPy's `{name}` samples as an xtensor Array (see numpy.random.{name})."
    return draw


def _legacy_source(_self):
    return _LEGACY


_generator_source = operator.attrgetter("_gen")


for _name in DISTRIBUTIONS:
    globals()[_name] = _sampler(_legacy_source, _name, _name)
for _name, _method in _LEGACY_ALIASES.items():
    globals()[_name] = _sampler(_legacy_source, _name, _name, _method)
for _name in DISTRIBUTIONS + list(_GENERATOR_ONLY):
    setattr(Generator, _name, _sampler(_generator_source, _name, f"Generator.{_name}"))
__all__ += DISTRIBUTIONS + list(_LEGACY_ALIASES)


# --- RandomState ------------------------------------------------------------------------------


class RandomState(RandomStateSamplers):
    """NumPy's legacy `RandomState(seed)`: the module's legacy functions as methods over a
    generator of its own (Mersenne Twister unless a bit generator is given), returning Arrays;
    a NumPy RandomState, as Generator is a NumPy Generator.

    >>> import xtensor as xp
    >>> xp.random.RandomState(0).randint(0, 10, size=3)
    array([5, 0, 3])
    """

    def __init__(self, seed: int | ArrayLike | BitGenerator | None = None) -> None:
        with _named("RandomState"):
            self._state = np.random.RandomState(_host(seed))
        super().__init__(self._state._bit_generator)  # a NumPy RandomState over the same bits

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (), self._state.get_state()

    def __repr__(self) -> str:
        return f"RandomState({type(self._state._bit_generator).__name__})"

    def seed(self, seed: int | ArrayLike | None = None) -> None:
        """Reseed: an int, a sequence of ints, or None (fresh entropy)."""
        try:
            self._state.seed(_host(seed))
        except Exception:
            with _named("RandomState.seed"):
                raise

    def get_state(self, legacy: bool = True) -> tuple[Any, ...] | dict[str, Any]:
        """The state as NumPy gives it: a tuple (`legacy=True`) or a dict."""
        return self._state.get_state(legacy=legacy)

    def set_state(self, state: tuple[Any, ...] | dict[str, Any]) -> None:
        """Restore a state from `get_state`."""
        with _named("RandomState.set_state"):
            self._state.set_state(state)

    def randint(
        self,
        low: ArrayLike,
        high: ArrayLike | None = None,
        size: ShapeLike | None = None,
        dtype: DTypeLike = int,
        *,
        device: DeviceLike | None = None,
    ) -> Array:
        """Integers in [low, high) (or [0, low) without `high`), int64 by default."""
        with _named("RandomState.randint"):
            dt = _integer_dtype(dtype, "RandomState.randint")
            return _out(self._state.randint(_host(low), _host(high), size, dtype=dt), device)

    def choice(
        self,
        a: int | ArrayLike,
        size: ShapeLike | None = None,
        replace: bool = True,
        p: ArrayLike | None = None,
    ) -> Array:
        """Samples of a 1-D array `a` (or of `range(a)` for an int), optionally weighted."""
        return _choice(self._state, "RandomState.choice", a, size, replace, p)

    def permutation(self, x: int | ArrayLike) -> Array:
        """A shuffled copy of `x` along its first axis, or of `range(x)` for an int."""
        return _permutation(self._state, "RandomState.permutation", x)

    def shuffle(self, x: Array | list[Any] | np.ndarray[Any, Any]) -> None:
        """Shuffle `x` in place along its first axis."""
        _shuffle(self._state, "RandomState.shuffle", x)

    def bytes(self, length: int) -> builtins.bytes:
        """`length` random bytes, as a Python `bytes` object."""
        with _named("RandomState.bytes"):
            return self._state.bytes(length)


_state_source = operator.attrgetter("_state")


# The draws whose arguments NumPy takes as they are: one sampler each, as for Generator.
_STATE_SAMPLERS = "rand randn random random_sample random_integers standard_normal uniform normal"
for _name in _STATE_SAMPLERS.split() + DISTRIBUTIONS + ["tomaxint"]:
    setattr(RandomState, _name, _sampler(_state_source, _name, f"RandomState.{_name}"))


def default_rng(seed: int | ArrayLike | Generator | None = None) -> Generator:
    """A Generator over NumPy's default bit generator (PCG64) seeded with `seed`."""
    if isinstance(seed, Generator):
        return seed
    try:
        return Generator(np.random.default_rng(_host(seed)))
    except Exception:  # (worded by NumPy, named here: no context manager on the way in)
        with _named("default_rng"):
            raise


compile_draws(globals(), Generator, RandomState)  # their C twins
