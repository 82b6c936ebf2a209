"""LUT and Transform: a cube or process list read by the library, and its application."""

from __future__ import annotations

import ctypes
import os
from typing import Any, Dict, Optional, Tuple, Union

import numpy as np

try:
    from numpy.lib.array_utils import byte_bounds as _byte_bounds
except ImportError:  # numpy < 2
    from numpy import byte_bounds as _byte_bounds

from . import _native
from ._errors import OptionsError
from ._native import lib

ArrayLike = np.ndarray
PathLike = Union[str, "os.PathLike[str]"]


class LUT:
    """A .cube file (3D, or 1D shaper + 3D) or a CLF/CTF process list.

    Make one with :func:`edrcube.read_lut`, :meth:`LUT.from_table` or :func:`edrcube.convert`.
    The library's memory is freed when the object is collected, or at once with
    :meth:`close` or a ``with`` block.
    """

    def __init__(self, handle: int) -> None:
        self._handle: Optional[int] = handle
        self._info: Dict[str, Any] = _native.take_json(lib.edrcube_lut_info(handle))

    @classmethod
    def from_table(cls, table: ArrayLike, *, domain: Tuple[Any, Any] = ((0, 0, 0), (1, 1, 1)),
                   title: Optional[str] = None) -> "LUT":
        """A cube from a table of shape (N, N, N, 3) indexed ``table[r, g, b]``."""
        values = np.asarray(table, dtype=np.float32)
        if values.ndim != 4 or values.shape[3] != 3 or len(set(values.shape[:3])) != 1:
            raise OptionsError(f"a table has shape (N, N, N, 3), got {values.shape}", kind="options")
        flat = np.ascontiguousarray(values.transpose(2, 1, 0, 3))  # red fastest, as in .cube
        low = np.ascontiguousarray(domain[0], dtype=np.float32).reshape(3)
        high = np.ascontiguousarray(domain[1], dtype=np.float32).reshape(3)
        handle = _native.call(
            lib.edrcube_lut_from_table, _float_pointer(flat), values.shape[0],
            _float_pointer(low), _float_pointer(high), title.encode() if title else None)
        return cls(handle)

    @property
    def kind(self) -> str:
        """``cube`` or ``process_list``."""
        return self._info["kind"]

    @property
    def size(self) -> Optional[int]:
        """Nodes per axis of the 3D table (of the 1D table for a 1D-only cube); None for CLF."""
        return self._info["size"]

    @property
    def domain(self) -> Optional[Tuple[Tuple[float, float, float], Tuple[float, float, float]]]:
        """``(DOMAIN_MIN, DOMAIN_MAX)`` as RGB triples; None for a process list."""
        low, high = self._info["domain_min"], self._info["domain_max"]
        return None if low is None else (tuple(low), tuple(high))

    @property
    def space(self) -> Optional[str]:
        """The cube's space from its ``# EDRCube space:`` comment, else ``srgb rec709``."""
        return self._info["space"]

    @property
    def title(self) -> Optional[str]:
        """The TITLE (a process list's name)."""
        return self._info["title"]

    @property
    def table(self) -> Optional[np.ndarray]:
        """The 3D table as a new float32 array of shape (N, N, N, 3), indexed ``[r, g, b]``."""
        size = self._info["size"] if self._info["kind"] == "cube" else None
        if not size:
            return None
        flat = np.empty(size * size * size * 3, dtype=np.float32)
        if lib.edrcube_lut_table(self._live(), _float_pointer(flat), flat.size) != flat.size:
            return None  # a 1D-only cube
        return flat.reshape(size, size, size, 3).transpose(2, 1, 0, 3)

    def inspect(self) -> Dict[str, Any]:
        """Metadata as a dict: kind, path, title, size, domain_min, domain_max, shaper_size,
        space, comments, warnings, nodes (a process list's operations)."""
        return dict(self._info)

    def transform(self, *, interpolation: str = "trilinear", extrapolation: Optional[str] = None,
                  policy: Optional[str] = None, lut_space: Optional[str] = None,
                  lut_primaries: Optional[str] = None, lut_output_space: Optional[str] = None,
                  lut_output_primaries: Optional[str] = None,
                  reference_white: Optional[float] = None, working_space: Optional[str] = None,
                  working_primaries: Optional[str] = None) -> "Transform":
        """The application of this LUT under the CLI's ``eval``/``apply`` options (their
        ``--`` names in snake_case; ``policy`` is ``--edr-policy``), ready to apply many times."""
        options = _native.options_json(
            interpolation=interpolation, extrapolation=extrapolation, policy=policy,
            lut_space=lut_space, lut_primaries=lut_primaries, lut_output_space=lut_output_space,
            lut_output_primaries=lut_output_primaries, reference_white=reference_white,
            working_space=working_space, working_primaries=working_primaries)
        return Transform(_native.call(lib.edrcube_transform_new, self._live(), options))

    def apply(self, array: ArrayLike, *, threads: Optional[int] = None,
              out: Optional[np.ndarray] = None, **options: Any) -> np.ndarray:
        """Applies the LUT to a float32/float16 array of shape (..., 3) or (..., 4); alpha is
        untouched. Keyword options are :meth:`transform`'s; ``threads`` and ``out`` are
        :meth:`Transform.apply`'s."""
        with self.transform(**options) as transform:
            return transform.apply(array, threads=threads, out=out)

    def write(self, path: PathLike, *, profile: str = "adobe") -> None:
        """Writes the LUT: ``.cube`` (profile adobe, resolve or ocio), or CLF for ``.clf``/``.ctf``."""
        _native.call(lib.edrcube_lut_write, self._live(), os.fsencode(path), profile.encode())

    def close(self) -> None:
        """Frees the library's memory now."""
        if self._handle:
            lib.edrcube_lut_free(self._handle)
            self._handle = None

    def _live(self) -> int:
        if not self._handle:
            raise ValueError("the LUT is closed")
        return self._handle

    def __enter__(self) -> "LUT":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<edrcube.LUT {self.kind} size={self.size} space={self.space!r} title={self.title!r}>"


class Transform:
    """A LUT's application under fixed options (:meth:`LUT.transform`)."""

    def __init__(self, handle: int) -> None:
        self._handle: Optional[int] = handle
        self.summary: str = _native.take_string(lib.edrcube_transform_summary(handle)) or ""
        """The line the CLI prints on stderr: ``lut: PATH: space srgb rec709, trilinear, ...``."""

    def apply(self, array: ArrayLike, *, threads: Optional[int] = None,
              out: Optional[np.ndarray] = None) -> np.ndarray:
        """Applies the transform; returns ``out`` (a new array of array's dtype when None).

        ``array``: float32 or float16, shape (..., 3) or (..., 4), any strides; channel 4 is
        copied unchanged. ``out``: an array of the same shape (``out=array`` works in place);
        float32 C-contiguous data, and the RGB view ``frame[..., :3]`` of a C-contiguous
        float32 RGBA frame, is worked on where it lies; other layouts and float16 go through a
        float32 copy. ``threads``: worker count (None: every core); results do not depend on
        it. The GIL is released while the library works.
        """
        source = np.asarray(array)
        if source.dtype not in (np.float32, np.float16):
            raise TypeError(f"edrcube: float32 or float16 arrays, got {source.dtype}")
        if source.ndim < 1 or source.shape[-1] not in (3, 4):
            raise ValueError(f"edrcube: shape (..., 3) or (..., 4), got {source.shape}")
        if threads is not None and threads < 1:
            raise ValueError("edrcube: threads must be at least 1")
        if out is None:
            out = np.empty_like(source, order="C")
        elif out.shape != source.shape or out.dtype not in (np.float32, np.float16):
            raise ValueError(f"edrcube: out must be a float32/float16 array of shape {source.shape}")
        layout = _interleaved(out)
        if layout is not None:
            if out is not source:  # numpy copies overlapping views correctly
                np.copyto(out, source, casting="unsafe")
            address, pixels, channels = layout
        else:
            work = np.ascontiguousarray(source, dtype=np.float32)
            if work is source or np.shares_memory(work, source):
                work = work.copy()
            address, pixels, channels = work.ctypes.data, work.size // work.shape[-1], work.shape[-1]
        lib.edrcube_transform_apply(self._live(), address, pixels, channels, threads or 0)
        if layout is None:
            np.copyto(out, work, casting="unsafe")
        return out

    def close(self) -> None:
        """Frees the library's memory now."""
        if self._handle:
            lib.edrcube_transform_free(self._handle)
            self._handle = None

    def _live(self) -> int:
        if not self._handle:
            raise ValueError("the transform is closed")
        return self._handle

    def __enter__(self) -> "Transform":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()


def read_lut(path: PathLike) -> LUT:
    """Reads a ``.cube``, ``.clf`` or ``.ctf`` file with the strict reader.

    Raises:
        FileNotFoundError: no file at path.
        LUTParseError: the reader rejects it (``file``, ``line``, ``column`` say where).
    """
    name = os.fspath(path)
    if not os.path.exists(name):
        raise FileNotFoundError(2, "No such file or directory", name)
    return LUT(_native.call(lib.edrcube_lut_read, os.fsencode(name)))


def _interleaved(array: np.ndarray) -> Optional[Tuple[int, int, int]]:
    """(address, pixels, channels) when the library can work on array where it lies: float32,
    writeable, and C-contiguous, or the first three channels of a C-contiguous 4-channel
    buffer (the fourth floats of every pixel inside the array's own memory). None otherwise."""
    if array.dtype != np.float32 or not array.flags.writeable or array.size == 0:
        return None
    if array.flags.c_contiguous:
        return array.ctypes.data, array.size // array.shape[-1], array.shape[-1]
    if array.shape[-1] != 3:
        return None
    expected = [4 * 4]
    for extent in reversed(array.shape[1:-1]):
        expected.insert(0, expected[0] * extent)
    if list(array.strides[:-1]) != expected[: array.ndim - 1] or array.strides[-1] != 4:
        return None
    owner = array
    while isinstance(owner.base, np.ndarray):
        owner = owner.base
    low, high = _byte_bounds(owner)
    pixels = array.size // 3
    start = array.ctypes.data
    if start < low or start + pixels * 16 > high:
        return None
    return start, pixels, 4


def _float_pointer(array: np.ndarray) -> Any:
    return array.ctypes.data_as(ctypes.POINTER(ctypes.c_float))
