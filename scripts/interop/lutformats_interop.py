#!/usr/bin/env python3
"""Interoperability check of EDRCube's readers of the formats around the tool (.3dl, .csp,
.spi1d, .spi3d, .spimtx, .cc/.ccc/.cdl) against OpenColorIO, through the command line (not a
Swift test: OpenColorIO is a Python package here).

Run (after `swift build`):

    python3 scripts/interop/lutformats_interop.py .build/debug/edrcube

For every file in Tests/Fixtures/lutformats that OpenColorIO loads, `edrcube eval --lut F`
at 300 random points in [-0.25, 1.5]³ must equal OpenColorIO's FileTransform within 1e-5
(relative above 1); a file OpenColorIO refuses must make `edrcube eval` fail. Exit status 0
when every check passes; each failure is printed.
"""

import glob
import os
import subprocess
import sys

import numpy as np
import PyOpenColorIO as ocio

TOLERANCE = 1e-5
HERE = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "Fixtures", "lutformats")
POINTS = np.random.default_rng(39).uniform(-0.25, 1.5, (300, 3)).astype(np.float32)


def ocio_apply(path):
    config = ocio.Config.CreateRaw()
    transform = ocio.FileTransform(src=path, interpolation=ocio.INTERP_DEFAULT)
    processor = config.getProcessor(transform).getOptimizedCPUProcessor(
        ocio.BIT_DEPTH_F32, ocio.BIT_DEPTH_F32, ocio.OPTIMIZATION_NONE)
    return np.array([processor.applyRGB(list(map(float, p))) for p in POINTS])


def edrcube_eval(edrcube, path):
    text = "\n".join(" ".join(repr(float(v)) for v in p) for p in POINTS) + "\n"
    result = subprocess.run(
        [edrcube, "eval", "--lut", path], input=text, capture_output=True, text=True)
    if result.returncode != 0:
        return None, result.stderr.strip()
    return np.array([[float(v) for v in line.split()] for line in result.stdout.splitlines()]), ""


def main():
    edrcube = sys.argv[1]
    failures, worst = [], 0.0
    files = sorted(p for p in glob.glob(os.path.join(HERE, "*"))
                   if not p.endswith((".json", "LICENSE", ".md")))
    for path in files:
        name = os.path.basename(path)
        try:
            theirs = ocio_apply(path)
        except ocio.Exception:
            theirs = None
        ours, error = edrcube_eval(edrcube, path)
        if theirs is None or ours is None:
            if (theirs is None) != (ours is None):
                failures.append(f"{name}: OpenColorIO {'refuses' if theirs is None else 'loads'}, "
                                f"edrcube {'fails: ' + error if ours is None else 'loads'}")
            continue
        diff = float(np.max(np.abs(ours - theirs) / np.maximum(1, np.abs(theirs))))
        worst = max(worst, diff)
        if not diff <= TOLERANCE:
            failures.append(f"{name}: worst difference {diff:.3g}")
    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(files)} files, {len(failures)} failures; worst eval vs OpenColorIO {worst:.3g}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
