"""Fixtures: the repository's paths and the CLI the values are compared with.

`make test` runs them on the source package (PYTHONPATH=python) with EDRCUBE_LIB (read by
edrcube itself) naming the debug libEDRCubeC.so; without both, the installed wheel is tested.
EDRCUBE_CLI names the `edrcube` binary (default: the repository's debug build).
"""

import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def cli() -> str:
    path = os.environ.get("EDRCUBE_CLI", str(ROOT / ".build" / "debug" / "edrcube"))
    if not Path(path).exists():
        pytest.skip(f"no edrcube binary at {path} (set EDRCUBE_CLI)")
    return path


def shortest(value: np.float32) -> str:
    """The shortest text that reads back as the same float32 (eval parses it as a Float)."""
    if np.isnan(value):
        return "nan"
    if np.isinf(value):
        return "inf" if value > 0 else "-inf"
    return np.format_float_positional(np.float32(value), unique=True, trim="-")


def cli_eval(cli: str, lut: Path, rgb: np.ndarray, *flags: str) -> np.ndarray:
    """`edrcube eval --lut LUT FLAGS` on the (N, 3) float32 rows of rgb, as float32 (N, 3)."""
    text = "".join(" ".join(shortest(v) for v in row) + "\n" for row in rgb)
    done = subprocess.run(
        [cli, "eval", "--lut", str(lut), "--quiet", *flags], input=text, capture_output=True,
        text=True, check=True)
    rows = [line.split() for line in done.stdout.splitlines()]
    return np.array(rows, dtype=np.float32).reshape(-1, 3)
