"""Records whether OpenColorIO and colour-science load each .cube file in this folder.

Run from this folder with the versions named in README.md: python3 make_expected.py
"""

import glob
import json
import warnings

import colour
import PyOpenColorIO as ocio

warnings.filterwarnings("ignore")


def loads_in_ocio(path):
    try:
        config = ocio.Config.CreateRaw()
        config.getProcessor(ocio.FileTransform(src=path, interpolation=ocio.INTERP_LINEAR))
        return True
    except ocio.Exception:
        return False


def loads_in_colour(path):
    try:
        colour.read_LUT(path)
        return True
    except Exception:  # noqa: BLE001 - any failure to load is a refusal
        return False


expected = {
    path: {"OpenColorIO": loads_in_ocio(path), "colour-science": loads_in_colour(path)}
    for path in sorted(glob.glob("*.cube"))
}
with open("expected.json", "w") as f:
    json.dump(expected, f, indent=1, sort_keys=True)
    f.write("\n")
print(f"OpenColorIO {ocio.__version__}, colour-science {colour.__version__}")
