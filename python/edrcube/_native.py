"""Loads libEDRCubeC.so (edrcube.h) with ctypes and declares its functions."""

from __future__ import annotations

import ctypes
import json
import os
from pathlib import Path
from typing import Any, Optional

from ._errors import raise_from_json

_char_pp = ctypes.POINTER(ctypes.c_void_p)
_float_p = ctypes.POINTER(ctypes.c_float)


def _library_path() -> str:
    """EDRCUBE_LIB when set (a library built elsewhere, for development), else the wheel's."""
    return os.environ.get("EDRCUBE_LIB") or str(Path(__file__).with_name("libEDRCubeC.so"))


def _declare(lib: ctypes.CDLL) -> None:
    c = ctypes
    signatures = {
        "edrcube_api_version": (c.c_int, []),
        "edrcube_lut_read": (c.c_void_p, [c.c_char_p, _char_pp]),
        "edrcube_lut_from_table": (
            c.c_void_p,
            [_float_p, c.c_long, _float_p, _float_p, c.c_char_p, _char_pp],
        ),
        "edrcube_lut_info": (c.c_void_p, [c.c_void_p]),
        "edrcube_lut_table": (c.c_long, [c.c_void_p, _float_p, c.c_long]),
        "edrcube_lut_write": (c.c_int, [c.c_void_p, c.c_char_p, c.c_char_p, _char_pp]),
        "edrcube_lut_free": (None, [c.c_void_p]),
        "edrcube_transform_new": (c.c_void_p, [c.c_void_p, c.c_char_p, _char_pp]),
        "edrcube_transform_summary": (c.c_void_p, [c.c_void_p]),
        "edrcube_transform_apply": (None, [c.c_void_p, c.c_void_p, c.c_long, c.c_int, c.c_int]),
        "edrcube_transform_free": (None, [c.c_void_p]),
        "edrcube_convert": (c.c_void_p, [c.c_void_p, c.c_char_p, _char_pp, _char_pp]),
        "edrcube_generate": (c.c_void_p, [c.c_char_p, c.c_char_p, _char_pp]),
        "edrcube_lint": (c.c_void_p, [c.c_char_p, c.c_char_p, _char_pp]),
        "edrcube_string_free": (None, [c.c_void_p]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes


lib = ctypes.CDLL(_library_path())
_declare(lib)
API_VERSION = 1
if lib.edrcube_api_version() != API_VERSION:
    raise ImportError(f"edrcube: {_library_path()} has C API {lib.edrcube_api_version()}, "
                      f"this package needs {API_VERSION}")


def take_string(pointer: Optional[int]) -> Optional[str]:
    """The library's string at pointer, freed; None for NULL."""
    if not pointer:
        return None
    try:
        return ctypes.string_at(pointer).decode("utf-8")
    finally:
        lib.edrcube_string_free(pointer)


def take_json(pointer: Optional[int]) -> Any:
    """The library's JSON string at pointer, decoded and freed."""
    text = take_string(pointer)
    return None if text is None else json.loads(text)


def call(function, *args: Any) -> Any:
    """Calls a function whose last parameter is `char **error`; raises its error, if any."""
    error = ctypes.c_void_p()
    result = function(*args, ctypes.byref(error))
    if error.value:
        raise_from_json(take_json(error.value))
    return result


def options_json(**options: Any) -> bytes:
    """The options object the library decodes, without the keys left as None."""
    return json.dumps({k: v for k, v in options.items() if v is not None}).encode()
