"""Builds libEDRCubeC.so with SwiftPM and packages it in the edrcube wheel.

`swift build -c release --product EDRCubeC -Xswiftc -static-stdlib` in the repository root
(the folder above this one), in .build/wheel; EDRCUBE_LIB=/path/to/libEDRCubeC.so packages a library built
beforehand instead. The wheel is tagged for this platform, for any Python 3 (ctypes, no
Python ABI).
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

try:
    from wheel.bdist_wheel import bdist_wheel
except ImportError:  # wheel >= 0.44 moved it into setuptools
    from setuptools.command.bdist_wheel import bdist_wheel

HERE = Path(__file__).resolve().parent
LIBRARY = "libEDRCubeC.so"


def _static_stdlib_flags() -> list:
    """Links the Swift runtime and Foundation into the library (SwiftPM passes
    --static-swift-stdlib to executables only), from the toolchain's swift_static folder."""
    info = json.loads(subprocess.run(
        ["swift", "-print-target-info"], check=True, capture_output=True, text=True).stdout)
    runtime = Path(info["paths"]["runtimeResourcePath"])  # .../usr/lib/swift
    static = runtime.parent / "swift_static" / info["target"]["platform"]
    return ["-Xswiftc", "-static-stdlib", "-Xlinker", f"-L{static}"]


def _build_library() -> Path:
    given = os.environ.get("EDRCUBE_LIB")
    if given:
        return Path(given)
    root = HERE.parent
    if not (root / "Package.swift").exists():
        raise RuntimeError("edrcube: build from the EDRCube repository (python/ beside Package.swift)")
    # Its own build folder: the static-stdlib flags would otherwise rebuild .build/release.
    command = ["swift", "build", "-c", "release", "--product", "EDRCubeC",
               "--scratch-path", str(root / ".build" / "wheel")]
    subprocess.run(command + _static_stdlib_flags(), cwd=root, check=True)
    path = subprocess.run(
        command + ["--show-bin-path"], cwd=root, check=True, capture_output=True, text=True
    ).stdout.strip()
    return Path(path) / LIBRARY


class BuildWithSwift(build_py):
    """build_py that first builds the Swift library and copies it into the package."""

    def run(self):
        library = _build_library()
        super().run()
        target = Path(self.build_lib) / "edrcube" / LIBRARY
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(library, target)
        subprocess.run(["strip", "--strip-unneeded", str(target)], check=False)


class NativeDistribution(Distribution):
    """A distribution with a native library: built into platlib, a platform wheel."""

    def has_ext_modules(self):
        return True


class PlatformWheel(bdist_wheel):
    """A platform wheel (it holds a native library) for any Python 3 (ctypes, no Python ABI)."""

    def get_tag(self):
        _, _, platform = super().get_tag()
        return "py3", "none", platform


setup(
    distclass=NativeDistribution,
    cmdclass={"build_py": BuildWithSwift, "bdist_wheel": PlatformWheel},
)
