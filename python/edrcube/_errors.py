"""The exceptions edrcube raises, each carrying the library's file, line and column."""

from __future__ import annotations

from typing import Any, Dict, Optional


class EDRCubeError(Exception):
    """An error from EDRCube's library.

    Attributes:
        kind: the library's error kind (``parse``, ``io``, ``options``, ``space``, ``convert``).
        message: the problem, without its location.
        file: the file the problem is in, or None.
        line: its 1-based line, or None.
        column: its 1-based column, or None.
    """

    def __init__(self, message: str, *, kind: str = "error", file: Optional[str] = None,
                 line: Optional[int] = None, column: Optional[int] = None) -> None:
        self.kind = kind
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        where = ":".join(str(p) for p in (file, line, column) if p is not None)
        super().__init__(f"{where}: error: {message}" if where else message)


class LUTParseError(EDRCubeError, ValueError):
    """A .cube, .clf or .ctf file the strict reader rejects (file, line and column set)."""


class OptionsError(EDRCubeError, ValueError):
    """An unknown option value (``interpolation="cubic"``) or options that do not go together."""


class SpaceError(EDRCubeError, ValueError):
    """A cube's space cannot be resolved (a malformed ``# EDRCube space:`` comment, raw on one side)."""


class ConversionError(EDRCubeError, ValueError):
    """``convert`` refused the cube (not SDR, or a process list)."""


class LUTWriteError(EDRCubeError, OSError):
    """A LUT could not be written."""


_KINDS = {
    "parse": LUTParseError,
    "options": OptionsError,
    "space": SpaceError,
    "convert": ConversionError,
    "io": LUTWriteError,
}


def raise_from_json(error: Dict[str, Any]) -> None:
    """Raises the exception for the library's error object."""
    kind = error.get("kind", "error")
    raise _KINDS.get(kind, EDRCubeError)(
        error.get("message", "unknown error"), kind=kind, file=error.get("file"),
        line=error.get("line"), column=error.get("column"))
