#!/usr/bin/env python3
"""OpenColorIO's outputs for the CLF test files in Tests/Fixtures/clf, the reference that
Tests/CLFFormatTests/OCIOReferenceTests.swift compares EDRCube's CLF evaluation against.

Run from the repository root (PyOpenColorIO 2.6.0 made the stored fixture):

    python3 scripts/clf_reference.py > Tests/Fixtures/clf/ocio_reference.json

For every .clf under Tests/Fixtures/clf it records whether OpenColorIO loads it and, when it
does, the output at each probe point through a raw config's FileTransform (the file's own
interpolation, no optimisation: OPTIMIZATION_NONE, F32 in and out).
"""

import glob
import json
import os
import sys

import PyOpenColorIO as ocio

ROOT = "Tests/Fixtures/clf"
PROBES = [
    [0.0, 0.0, 0.0], [1.0, 1.0, 1.0], [0.18, 0.18, 0.18], [0.5, 0.5, 0.5],
    [0.1, 0.5, 0.9], [0.9, 0.5, 0.1], [0.25, 0.75, 0.5], [0.02, 0.04, 0.08],
    [0.6, 0.3, 0.95], [0.33, 0.66, 0.99], [0.75, 0.2, 0.4], [0.05, 0.95, 0.45],
    [0.001, 0.01, 0.1], [0.4, 0.8, 0.6], [0.97, 0.03, 0.51], [-0.05, 0.3, 1.1],
    [1.5, 2.0, 0.7], [-0.2, -0.01, 0.005],
]


def main():
    ocio.LoggingLevel = ocio.LOGGING_LEVEL_NONE
    ocio.SetLoggingLevel(ocio.LOGGING_LEVEL_NONE)
    config = ocio.Config.CreateRaw()
    files = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "**", "*.clf"), recursive=True)):
        name = os.path.relpath(path, ROOT)
        try:
            transform = ocio.FileTransform(src=path, interpolation=ocio.INTERP_DEFAULT)
            processor = config.getProcessor(transform).getOptimizedCPUProcessor(
                ocio.BIT_DEPTH_F32, ocio.BIT_DEPTH_F32, ocio.OPTIMIZATION_NONE)
        except Exception as error:  # OCIO refuses the file
            files[name] = {"loads": False, "message": str(error).splitlines()[0]}
            continue
        outputs = [list(processor.applyRGB(list(p))) for p in PROBES]
        files[name] = {"loads": True, "outputs": outputs}
    json.dump(
        {"generator": "scripts/clf_reference.py", "opencolorio": ocio.__version__,
         "probes": PROBES, "files": files},
        sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
