"""convert, generate and lint: the CLI's `convert`, `generate` and `lint` as functions."""

from __future__ import annotations

import ctypes
from typing import Any, Dict, List, Optional, Tuple

from . import _native
from ._lut import LUT
from ._native import lib


def convert(lut: LUT, *, to: str = "pq", shaper: bool = False, size: Optional[int] = None,
            reference_white: Optional[float] = None, policy: Optional[str] = None,
            interpolation: Optional[str] = None, peak: Optional[float] = None,
            placement: Optional[str] = None, fit: bool = False,
            report: bool = True) -> Tuple[LUT, Optional[Dict[str, Any]]]:
    """An SDR cube (srgb or bt1886) as a PQ or HLG cube, as ``edrcube convert`` makes it.

    Returns ``(cube, report)``: the report is ``convert --json``'s ΔE_ITP measure (max, p99,
    mean, sampleCount, ...) as a dict, or None with ``report=False`` (faster).

    Raises:
        ConversionError: the cube is not SDR, or is a process list.
        OptionsError: an unknown option value.
    """
    options = _native.options_json(
        to=to, shaper=shaper, size=size, reference_white=reference_white, policy=policy,
        interpolation=interpolation, peak=peak, placement=placement, fit=fit, report=report)
    measured = ctypes.c_void_p()
    handle = _native.call(lib.edrcube_convert, lut._live(), options, ctypes.byref(measured))
    return LUT(handle), _native.take_json(measured.value)


def generate(kind: str, **options: Any) -> LUT:
    """The cube ``edrcube generate KIND`` bakes, with the command's flags as keyword arguments
    in snake_case (triples as sequences of three numbers).

    Kinds and their options:

    - ``identity``: ``size`` (default 33), ``shaper_size``, ``one_d``;
    - ``transfer``: ``from_`` and ``to`` (cube spaces such as ``srgb``, ``pq``, ``logc3``),
      ``from_primaries``, ``to_primaries``, ``size``, ``domain_max``, ``reference_white``;
    - ``gamut``: ``from_`` and ``to`` (primaries such as ``rec709``, ``rec2020``),
      ``transfer`` (default ``linear``), ``size``, ``domain_max``, ``reference_white``;
    - ``look``: ``exposure``, ``contrast``, ``pivot``, ``saturation``, ``white_balance``,
      ``cdl_slope``, ``cdl_offset``, ``cdl_power``, ``cdl_saturation``, ``clip``,
      ``soft_clip``, ``space`` (default ``srgb``), ``primaries``, ``output_space``,
      ``output_primaries``, ``reference_white``, ``size``, ``title``.

    Raises:
        OptionsError: an unknown kind, option value or size.
    """
    if "from_" in options:
        options["from"] = options.pop("from_")
    for key, value in list(options.items()):
        if isinstance(value, (tuple, list)) or hasattr(value, "tolist"):
            options[key] = [float(v) for v in value]
    handle = _native.call(lib.edrcube_generate, kind.encode(), _native.options_json(**options))
    return LUT(handle)


def lint(source: str, *, dialect: Optional[str] = None,
         path: str = "<source>") -> List[Dict[str, Any]]:
    """Lints Core Image / Metal kernel source; returns the findings as dicts (``edrlint
    --format json``'s: ruleID, severity, message, file, span, ...).

    ``path`` names the source in findings, and its extension picks the language (``.swift``,
    ``.m``, ``.mm``: kernels inside host code; otherwise kernel text). ``dialect``: ``cikl``,
    ``msl-ci`` or ``metal`` analyses that dialect only (default: the default dialects).
    """
    options = _native.options_json(dialect=dialect, path=path)
    return _native.take_json(_native.call(lib.edrcube_lint, source.encode(), options))
