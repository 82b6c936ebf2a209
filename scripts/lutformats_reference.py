#!/usr/bin/env python3
"""What OpenColorIO makes of the LUT files in Tests/Fixtures/lutformats: whether each loads
through a FileTransform, and its output at fixed probe points (inside and outside 0…1, so the
clamping at each table's domain is checked too). LUTFormatsTests compares EDRCube's readers
with it (docs/formats.md).

    python3 scripts/lutformats_reference.py > Tests/Fixtures/lutformats/ocio_reference.json
"""

import glob
import json
import os

import PyOpenColorIO as ocio

HERE = os.path.join(os.path.dirname(__file__), "..", "Tests", "Fixtures", "lutformats")
LEVELS = [-0.25, 0.0, 0.03, 0.18, 0.37, 0.5, 0.77, 0.95, 1.0, 1.6, 9.0]
PROBES = [[a, b, c] for a in LEVELS[::2] for b in LEVELS[1::2] for c in LEVELS[::3]]
PROBES += [[v, v, v] for v in LEVELS] + [[0.1, 0.6, 0.9], [0.83, 0.21, 0.44], [2.0, 0.5, -0.1]]
# (file, cccid) pairs beyond each file with the default correction.
CCCIDS = [("cdl_test1.ccc", "cc0002"), ("cdl_test1.ccc", "2"), ("cdl_test1.cdl", "cc0003")]


def apply(path, cccid=""):
    config = ocio.Config.CreateRaw()
    transform = ocio.FileTransform(src=path, cccId=cccid, interpolation=ocio.INTERP_DEFAULT)
    processor = config.getProcessor(transform).getOptimizedCPUProcessor(
        ocio.BIT_DEPTH_F32, ocio.BIT_DEPTH_F32, ocio.OPTIMIZATION_NONE)
    return [list(processor.applyRGB(p)) for p in PROBES]


def main():
    files = {}
    names = sorted(os.path.basename(p) for p in glob.glob(os.path.join(HERE, "*"))
                   if not p.endswith((".json", "LICENSE", ".md")))
    for name, cccid in [(n, "") for n in names] + CCCIDS:
        key = name + ("#" + cccid if cccid else "")
        try:
            files[key] = {"loads": True, "outputs": apply(os.path.join(HERE, name), cccid)}
        except ocio.Exception as error:
            files[key] = {"loads": False, "error": str(error).splitlines()[0][:200]}
    print(json.dumps({"ocio": ocio.__version__, "probes": PROBES, "files": files}, indent=1))


main()
