"""The C twins of xtensor.random's draws (the "sampler" kind of Note [Compiled hot path] in
`_dispatch/_cfast.c`).

Each draw of `random` is one NumPy call on a NumPy generator, its arguments brought to the host
and its answer wrapped. The twin makes that call itself when no argument is an Array, no
`device=` or `dtype=` is given (the Python function converts those) and every keyword is one
the Python function passes on by the same name; any other call, and every error's wording, is
the Python function's. What a twin may take is read off its Python function's signature, so
the two cannot drift apart: the positional parameters up to `dtype`, the keyword ones but
`dtype` and `device`, and for `rand(*shape)` the arguments as one shape.
"""

from __future__ import annotations

import inspect

from ._dispatch.compiled import compiled
from ._numpy_helpers import named_errors

_ANY = 32  # positional arguments of a `*args` draw, at most (the C takes up to 16)
# what the Python function converts before NumPy sees it (`out=`: it answers the caller's out)
_CONVERTED = ("dtype", "device", "out")


def _renamed(func: str):
    """What the twin calls with NumPy's exception: raise it as the Python function would."""

    def reraise(e: BaseException):
        with named_errors(func):
            raise e

    return reraise


def _takes(function) -> tuple[bool, int, tuple[str, ...] | None]:
    """(pack, max_pos, names) for `function`: whether its `*shape` is one shape argument, how
    many positional arguments the twin passes on, and the keywords it passes on (None: any
    but `device`, as a `**kwargs` draw does)."""
    params = [p for p in inspect.signature(function).parameters.values() if p.name != "self"]
    kinds = {p.kind for p in params}
    if inspect.Parameter.VAR_POSITIONAL in kinds:
        pack = any(p.name == "shape" for p in params)
        return pack, _ANY, () if pack else None
    named = [p.name for p in params if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
    max_pos = named.index("dtype") if "dtype" in named else len(named)
    return False, max_pos, tuple(n for n in named if n not in _CONVERTED)


def sampler(function, func: str, source, method: str | None, owner=None):
    """The C twin of draw `function` (named `func` in errors): NumPy's `method` of `source`
    (or `source` itself, a bound method, where `method` is None), or of `getattr(self, source)`
    where `owner` is the class whose method it is."""
    pack, max_pos, names = _takes(function)
    extra = (source, method, owner, _renamed(func), pack, max_pos, names)
    return compiled("sampler", function, extra=extra)


# The module's draws whose NumPy method is another's (the rest have their own name), and the
# methods of Generator and RandomState beyond the distributions, which all have twins.
_MODULE = {"rand": "random_sample", "randn": "standard_normal", "random": "random_sample"}
_MODULE_TOO = ("random_sample", "uniform", "normal", "standard_normal", "randint")
_GENERATOR = ("random", "standard_normal", "normal", "uniform", "integers")
_STATE = ("randint",)


def compile_draws(namespace: dict, generator: type, state: type) -> None:
    """Put the twins in front of the draws of module `namespace` (random.py's globals: its
    functions over `_LEGACY`, which `seed` reseeds in place) and of its classes `generator`
    and `state` (over the NumPy generators they hold, `_gen` and `_state`)."""
    distributions = list(namespace["DISTRIBUTIONS"])
    methods = dict(_MODULE, **namespace["_LEGACY_ALIASES"])
    twins = {}  # one twin per function (`random_sample` is `random`)
    for name in [*methods, *_MODULE_TOO, *distributions]:
        function = namespace[name]
        if function not in twins:
            method = getattr(namespace["_LEGACY"], methods.get(name, name))  # bound once
            twin = sampler(function, function.__name__, method, None)
            twins[function] = twin
        namespace[name] = twins[function]
    state_draws = namespace["_STATE_SAMPLERS"].split() + ["tomaxint"]
    extra = {
        generator: ("_gen", [*_GENERATOR, *distributions, *namespace["_GENERATOR_ONLY"]]),
        state: ("_state", [*_STATE, *state_draws, *distributions]),
    }
    for cls, (held, names) in extra.items():
        for name in names:
            twin = sampler(vars(cls)[name], f"{cls.__name__}.{name}", held, name, cls)
            setattr(cls, name, twin)
