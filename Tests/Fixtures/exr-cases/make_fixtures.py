"""Writes the OpenEXR files the foreign-EXR tests read, with the OpenEXR Python wheel (PyPI
`OpenEXR` 3.5.3, whose library has every codec, ZSTD and HTJ2K included) and oiiotool (PyPI
`OpenImageIO` 3.2.2.0) for the deep file.

Run from this folder: python3 make_fixtures.py
"""

import json
import subprocess

import numpy as np
import OpenEXR

WIDTH, HEIGHT = 16, 8


def rgba():
    """Float RGBA: ramps with EDR values up to 3.85, alpha 1 everywhere."""
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float32)
    return np.stack(
        [0.1 + x / 4, 0.05 + y / 3, 0.5 + 0.25 * np.sin(x / 3), np.ones_like(x)], -1
    ).astype(np.float32)


def write(name, compression, tiles=None):
    header = {"compression": compression, "type": OpenEXR.scanlineimage}
    if tiles:
        header["type"] = OpenEXR.tiledimage
        description = OpenEXR.TileDescription()
        description.xSize = description.ySize = tiles
        header["tiles"] = description
    OpenEXR.File(header, {"RGBA": rgba()}).write(name)


write("b44a_float.exr", OpenEXR.B44A_COMPRESSION)
write("b44_float_tiled.exr", OpenEXR.B44_COMPRESSION, tiles=8)
write("zstd.exr", OpenEXR.ZSTD_COMPRESSION)
write("htj2k.exr", OpenEXR.HTJ2K32_COMPRESSION)


def planes(scale):
    """Half R, G, B, A planes: ramps times `scale`, alpha 1."""
    pixels = rgba().astype(np.float16)
    return {c: (pixels[..., i] * (scale if c != "A" else 1)).astype(np.float16)
            for i, c in enumerate("RGBA")}


def channels(prefix, scale):
    return {prefix + c: v for c, v in planes(scale).items()}


# Stereo in one part: the default view "right" unnamed, "left" as a layer, and depth.
stereo = {**channels("", 1), **channels("left.", 2), "Z": np.full((HEIGHT, WIDTH), 7, np.float16)}
OpenEXR.File(
    {"compression": OpenEXR.ZIP_COMPRESSION, "multiView": ["right", "left"]},
    {k: OpenEXR.Channel(k, v) for k, v in stereo.items()},
).write("stereo.exr")
# Multi-part: one part per view (each with a `view` attribute) and a depth-only part.
OpenEXR.File([
    OpenEXR.Part({"view": "left"}, {k: OpenEXR.Channel(k, v) for k, v in planes(1).items()}, "left"),
    OpenEXR.Part({"view": "right"}, {k: OpenEXR.Channel(k, v) for k, v in planes(2).items()}, "right"),
    OpenEXR.Part({}, {"Z": OpenEXR.Channel("Z", np.full((HEIGHT, WIDTH), 7, np.float16))}, "depth"),
]).write("multipart.exr")
# Layers only, no unnamed layer.
layers = {**channels("beauty.", 1), **channels("diffuse.", 0.5)}
OpenEXR.File({"compression": OpenEXR.ZIP_COMPRESSION},
             {k: OpenEXR.Channel(k, v) for k, v in layers.items()}).write("layers.exr")
# Luminance only, as OpenEXR's RgbaOutputFile writes WRITE_Y.
luma = planes(1)["R"]
OpenEXR.File({"compression": OpenEXR.PIZ_COMPRESSION}, {"Y": OpenEXR.Channel("Y", luma)}).write(
    "luminance.exr")
subprocess.run(
    ["oiiotool", "--pattern", "constant:color=0.5,0.25,0.125,1", "4x2", "4", "--deepen",
     "-o", "deep.exr"],
    check=True,
)

# What the OpenEXR wheel reads back from the B44 files (float channels are stored raw in B44
# chunks, so these are the source values): per file, the channels R G B A, each row-major.
reference = {}
for name in ("b44a_float.exr", "b44_float_tiled.exr"):
    pixels = OpenEXR.File(name, separate_channels=True).parts[0].channels
    reference[name] = {c: [float(v) for v in pixels[c].pixels.ravel()] for c in "RGBA"}
with open("reference.json", "w") as f:
    json.dump(reference, f, separators=(",", ":"))
