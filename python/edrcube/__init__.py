"""EDRCube from Python: 3D colour cube LUTs for EDR images on numpy arrays.

    >>> import edrcube, numpy as np
    >>> lut = edrcube.read_lut("luts/warm_sdr.cube")
    >>> image = np.random.rand(1080, 1920, 3).astype(np.float32) * 4  # linear EDR
    >>> graded = lut.apply(image, interpolation="tetrahedral", threads=4)

The work is done by EDRCube's Swift library (libEDRCubeC.so, loaded with ctypes, which
releases the GIL); values equal the ``edrcube eval`` command's bit for bit. See docs/python.md.
"""

from ._authoring import convert, generate, lint
from ._errors import (
    ConversionError,
    EDRCubeError,
    LUTParseError,
    LUTWriteError,
    OptionsError,
    SpaceError,
)
from ._lut import LUT, Transform, read_lut

__version__ = "0.1.0"

__all__ = [
    "LUT",
    "Transform",
    "read_lut",
    "convert",
    "generate",
    "lint",
    "EDRCubeError",
    "LUTParseError",
    "LUTWriteError",
    "OptionsError",
    "SpaceError",
    "ConversionError",
]
