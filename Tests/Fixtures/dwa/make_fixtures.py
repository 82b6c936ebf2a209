"""Writes the DWAA/DWAB fixtures with OpenImageIO (PyPI `OpenImageIO` 3.2.2.0, whose bundled
OpenEXR has the DWA codecs) and the reference values they were made from.

Run from this folder: python3 make_fixtures.py
"""

import json

import numpy as np
import OpenImageIO as oiio

WIDTH, HEIGHT = 32, 16


def pixels():
    """RGBA + Z, half: smooth ramps (DWA is a DCT codec, made for such content), EDR values
    up to 6, alpha 0.25…1, and a depth channel."""
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float64)
    r = 6.0 * x / (WIDTH - 1)
    g = 0.05 + 0.9 * y / (HEIGHT - 1)
    b = 0.5 + 0.25 * np.sin(x / 6.0)
    a = 0.25 + 0.75 * y / (HEIGHT - 1)
    z = 10.0 + x + 100.0 * y
    rgba = np.stack([r * a, g * a, b * a, a, z], axis=-1)
    return rgba.astype(np.float16)


def write(name, compression, data):
    spec = oiio.ImageSpec(WIDTH, HEIGHT, 5, oiio.HALF)
    spec.channelnames = ("R", "G", "B", "A", "Z")
    spec.alpha_channel = 3
    spec.z_channel = 4
    spec.attribute("compression", compression)
    spec.attribute("owner", "EDRCube fixtures")
    spec.attribute("edrcube:note", "written by OpenImageIO for the DWA tests")
    out = oiio.ImageOutput.create(name)
    assert out.open(name, spec), oiio.geterror()
    assert out.write_image(data), out.geterror()
    out.close()


data = pixels()
write("dwaa.exr", "dwaa", data)
write("dwab.exr", "dwab", data)
# What OpenImageIO reads back from its own files (the codec's loss included): per file, the
# channels R G B A Z, each row-major (each value exact); and the largest
# relative loss of R, G, B against the source, |decoded − source| / max(|source|, 0.01).
reference = {}
for name in ("dwaa.exr", "dwab.exr"):
    back = oiio.ImageInput.open(name)
    decoded = back.read_image(oiio.FLOAT).reshape(-1, 5)
    back.close()
    source = data.astype(np.float32).reshape(-1, 5)
    loss = np.abs(decoded[:, :3] - source[:, :3]) / np.maximum(np.abs(source[:, :3]), 0.01)
    reference[name] = {
        "channels": [[float(v) for v in decoded[:, c]] for c in range(5)],
        "maxRelativeLossRGB": float(loss.max()),
    }
with open("reference.json", "w") as f:
    json.dump(reference, f, separators=(",", ":"))
