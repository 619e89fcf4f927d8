"""User-written elementwise kernels: ``xtensor.jit.elementwise(code)``, on CUDA and CPU arrays.

A user kernel is one C++ device function, written like the op table's computation strings::

    import xtensor as xp
    axpy = xp.jit.elementwise('''
        template <typename T> __device__ T axpy(T a, T x, T y) { return a * x + y; }
    ''')
    z = axpy(2.0, x, y)          # x, y: arrays on 'cuda:0', or on the CPU

The call broadcasts and promotes its operands through the same TensorIter as the built-in
ops (the ELEMENTWISE preset: NEP 50 weak Python scalars, a common compute dtype). On CUDA it
runs through the same KernelDescriptor, kernel cache and launcher as the built-in ops; on the
CPU the same function, its device qualifiers defined away, is compiled by the host C++
compiler into a loop over the iterator's chunks (threads from xtensor's pool). Nothing is
compiled until the first call with a given signature, and a second process finds the binary
on disk (see `_jit/host.py` for the host compiler and its cache).

Note [Multiple outputs]
~~~~~~~~~~~~~~~~~~~~~~~
With ``num_outputs=k > 1`` the function returns ``void`` and takes one reference per output
after its inputs, all of the compute type; the call returns a tuple of k arrays::

    template <typename T> __device__ void sincos_(T x, T& s, T& c) { s = sin(x); c = cos(x); }

The generated kernel declares one local per output, passes them by reference and stores them
(the same convention as the op table's multi-output records, see ``KernelDescriptor``).
"""

from __future__ import annotations

import re
from typing import Any

from ._array import Array, backing, wrap
from ._core.checks import SCALARS, check_same_device
from ._core.devices import device_of
from ._dispatch import user_kernels
from ._typing import ArrayLike

CompileError = user_kernels.CompileError
cache_clear = user_kernels.cache_clear
cache_info = user_kernels.cache_info

__all__ = ["CompileError", "ElementwiseKernel", "cache_clear", "cache_info", "elementwise"]

_EXPECTED = (
    "a device function such as 'template <typename T> __device__ T name(T a, T b) "
    "{ return a + b; }'"
)
# One function definition: optional template header, qualifiers including __device__, the
# return type, the name and the parameter list, up to the opening brace of the body.
_FUNCTION = re.compile(
    r"(?:template\s*<(?P<template>[^<>]*)>\s*)?"
    r"(?P<quals>(?:(?:__device__|__host__|__forceinline__|inline|static|constexpr)\s+)+)"
    r"(?P<ret>[A-Za-z_][\w:<>,\s*&]*?)\s*\b(?P<name>[A-Za-z_]\w*)\s*"
    r"\((?P<params>[^()]*)\)\s*(?:const\s*)?\{"
)


def _split_params(text: str) -> list[str]:
    """Parameters of a C++ parameter list (commas inside <...> do not split)."""
    params, depth, current = [], 0, ""
    for ch in text:
        depth += (ch == "<") - (ch == ">")
        if ch == "," and depth == 0:
            params.append(current.strip())
            current = ""
        else:
            current += ch
    if current.strip() and current.strip() != "void":
        params.append(current.strip())
    return params


def parse_function(code: str, name: str | None = None) -> tuple[str, int, str]:
    """The (name, parameter count, return type) of the kernel's device function.

    ``name`` picks one function when ``code`` defines several (helpers and the entry).
    ValueError when no ``__device__`` function (or none called ``name``) is found.
    """
    if not isinstance(code, str):
        raise TypeError(f"elementwise: code must be a str; got {type(code).__name__}")
    found = [m for m in _FUNCTION.finditer(code) if "__device__" in m.group("quals")]
    if not found:
        raise ValueError(
            f"elementwise: could not find a __device__ function in the code; expected {_EXPECTED}"
        )
    if name is not None:
        found = [m for m in found if m.group("name") == name]
        if not found:
            raise ValueError(
                f"elementwise: the code defines no __device__ function named "
                f"{name!r}; expected {_EXPECTED}"
            )
    elif len({m.group("name") for m in found}) > 1:
        names = ", ".join(sorted({m.group("name") for m in found}))
        raise ValueError(
            f"elementwise: the code defines several __device__ functions "
            f"({names}); pass name= to choose the kernel's entry function"
        )
    match = found[-1]
    ret = " ".join(match.group("ret").split())
    return match.group("name"), len(_split_params(match.group("params"))), ret


def _check_signature(fname: str, nparams: int, ret: str, num_outputs: int) -> int:
    """The number of inputs, after checking the multi-output convention."""
    if isinstance(num_outputs, bool) or not isinstance(num_outputs, int) or num_outputs < 1:
        raise ValueError(f"elementwise: num_outputs must be an int >= 1; got {num_outputs!r}")
    nin = nparams - (num_outputs if num_outputs > 1 else 0)
    if num_outputs == 1 and ret == "void":
        raise ValueError(
            f"elementwise: {fname} returns void, but num_outputs=1 expects the "
            f"result as the return value; expected {_EXPECTED}"
        )
    if num_outputs > 1 and ret != "void":
        raise ValueError(
            f"elementwise: with num_outputs={num_outputs}, {fname} must return "
            f"void and take {num_outputs} output references (T& out) after its "
            f"inputs; got return type {ret}"
        )
    if nin < 1:
        raise ValueError(
            f"elementwise: {fname} takes {nparams} parameters, but needs at least "
            f"one input besides its {num_outputs} output(s)"
        )
    return nin


def _adapter(fname: str, nin: int, nout: int) -> str:
    """The ``xt_user_<name>`` wrapper codegen calls (KernelDescriptor's naming contract)."""
    ins = ", ".join(f"T in{k}" for k in range(nin))
    args = ", ".join(f"in{k}" for k in range(nin))
    if nout == 1:
        return (
            f"template <typename T> __device__ __forceinline__ T xt_user_{fname}({ins}) "
            f"{{ return {fname}({args}); }}\n"
        )
    outs = ", ".join(f"T& out{k}" for k in range(nout))
    names = ", ".join(f"out{k}" for k in range(nout))
    return (
        f"template <typename T> __device__ __forceinline__ void xt_user_{fname}({ins}, "
        f"{outs}) {{ {fname}({args}, {names}); }}\n"
    )


class ElementwiseKernel:
    """A compiled-on-demand elementwise kernel from user C++ code; call it on CUDA or CPU
    arrays."""

    def __init__(self, code: str, name: str | None = None, num_outputs: int = 1) -> None:
        fname, nparams, ret = parse_function(code, name)
        self.name = fname
        self.nout = num_outputs
        self.nin = _check_signature(fname, nparams, ret, num_outputs)
        self.code = f"{code.rstrip()}\n{_adapter(fname, self.nin, num_outputs)}"
        self.__name__ = fname

    def __repr__(self) -> str:
        return f"<xtensor.jit.elementwise {self.name}: {self.nin} in, {self.nout} out>"

    def __call__(self, *args: ArrayLike) -> Array | tuple[Array, ...]:
        data, device = self._operands(args)
        if device.kind == "cpu":
            outputs = user_kernels.run_cpu(self.name, self.code, self.nout, data)
        else:
            outputs = user_kernels.run(self.name, self.code, self.nout, data, device)
        outputs = tuple(wrap(o) for o in outputs)
        return outputs[0] if self.nout == 1 else outputs

    def _operands(self, args) -> tuple:
        """(backing operands, their CUDA device) after the argument checks."""
        if len(args) != self.nin:
            raise TypeError(
                f"{self.name}: expected {self.nin} argument"
                f"{'s' if self.nin != 1 else ''}, got {len(args)}"
            )
        data = [backing(a, self.name, f"x{k + 1}") for k, a in enumerate(args)]
        devices = [device_of(d) for d in data if type(d) not in SCALARS]
        if not devices:
            raise TypeError(
                f"{self.name}: at least one argument must be an array; got only Python scalars"
            )
        check_same_device(self.name, devices)
        return data, devices[0]

    def plan(self, data: list[Any], xp: Any) -> tuple[Any, Any, Any]:
        """(iterator, KernelDescriptor, LaunchPlan) for backing arrays `data`.

        Works on NumPy arrays too (`xp=numpy`), so tests run the exact plan in the host
        simulator.
        """
        return user_kernels.plan(self.name, self.code, self.nout, data, xp)


def elementwise(code: str, name: str | None = None, num_outputs: int = 1) -> ElementwiseKernel:
    """An elementwise function on CUDA or CPU arrays from one C++ ``__device__`` function.

    ``code`` defines the function (and any helpers); ``name`` picks the entry function when
    there are several; ``num_outputs`` > 1 follows Note [Multiple outputs]. The code is
    parsed now and compiled on the first call for each dtype (and, on CUDA, layout variant):
    with NVRTC for CUDA arrays, with the host C++ compiler (g++, c++, clang++, ``$CXX``) for
    CPU arrays. A compile error raises ``CompileError`` with the compiler's log and the
    offending source lines; CPU arrays without a C++ compiler raise RuntimeError.
    """
    return ElementwiseKernel(code, name, num_outputs)
