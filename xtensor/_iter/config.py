"""IterConfig: the mutable builder that collects operands and flags, then builds a TensorIter.

Outputs are added before inputs (PyTorch's Note [Order of Construction]): an iterator's operand
list is always outputs first, and adding an output after an input raises. The presets per op
family take their flags from `flags.flags_for(promotion kind)`, so the result-dtype rules live
only in `xtensor._core.dtypes`. Knows no op and no device library.
"""

from __future__ import annotations

from .._core.dtypes import Promotion
from . import flags as presets
from .flags import IterFlags, flags_for
from .iterator import TensorIter, build

_DEFAULT_FLAGS = IterFlags()


class IterConfig:
    """Builder: `IterConfig().add_output(None).add_input(a).add_input(b).build()`."""

    def __init__(self, flags: IterFlags = _DEFAULT_FLAGS, func: str = "op"):
        self._flags = flags
        self._func = func
        self._outputs: list = []
        self._inputs: list = []

    def add_output(self, array=None) -> IterConfig:
        if self._inputs:
            raise ValueError(
                f"{self._func}: add outputs before inputs (IterConfig.add_output "
                "was called after add_input)"
            )
        self._outputs.append(array)
        return self

    def add_input(self, array) -> IterConfig:
        self._inputs.append(array)
        return self

    def set(self, **flag_values) -> IterConfig:
        """Change flags by name, e.g. `.set(check_mem_overlap=False)`; unknown names raise."""
        unknown = set(flag_values) - set(IterFlags.__dataclass_fields__)
        if unknown:
            raise TypeError(f"IterConfig.set: unknown flag(s) {sorted(unknown)}")
        self._flags = self._flags.with_(**flag_values)
        return self

    @property
    def flags(self) -> IterFlags:
        return self._flags

    def build(self) -> TensorIter:
        return build(self._flags, self._outputs, self._inputs, self._func)

    # --- presets per op family ---------------------------------------------------------------
    @classmethod
    def binary_op(cls, out, a, b, func="op") -> IterConfig:
        return cls(flags_for(Promotion.DEFAULT), func).add_output(out).add_input(a).add_input(b)

    @classmethod
    def binary_float_op(cls, out, a, b, func="op") -> IterConfig:
        flags = flags_for(Promotion.INT_TO_FLOAT)
        return cls(flags, func).add_output(out).add_input(a).add_input(b)

    @classmethod
    def unary_op(cls, out, a, func="op") -> IterConfig:
        return cls(flags_for(Promotion.DEFAULT), func).add_output(out).add_input(a)

    @classmethod
    def unary_float_op(cls, out, a, func="op") -> IterConfig:
        return cls(flags_for(Promotion.INT_TO_FLOAT), func).add_output(out).add_input(a)

    @classmethod
    def comparison_op(cls, out, a, b, func="op") -> IterConfig:
        flags = flags_for(Promotion.ALWAYS_BOOL)
        return cls(flags, func).add_output(out).add_input(a).add_input(b)

    @classmethod
    def nullary_op(cls, out, func="op") -> IterConfig:
        return cls(presets.NULLARY, func).add_output(out)

    @classmethod
    def reduce_op(cls, out, a, func="op") -> IterConfig:
        return cls(presets.REDUCTION, func).add_output(out).add_input(a)
