#!/usr/bin/env python3
"""Grades an OpenEXR file with an EDRCube look, reading and writing with the image wheels.

edrcube works on numpy arrays and leaves image files to the OpenEXR and OpenImageIO wheels:

    python3 grade_exr.py in.exr look.cube out.exr            # OpenEXR wheel (pip install OpenEXR)
    python3 grade_exr.py in.exr look.cube out.exr --oiio     # OpenImageIO wheel

Both keep the file's header attributes and half/float channel types; RGB is graded as linear
EDR (the default working space, as `edrcube apply` treats EXR), alpha is left as it is.
"""
import argparse

import numpy as np

import edrcube


def with_openexr(source, lut, target):
    import OpenEXR

    with OpenEXR.File(source, separate_channels=False) as image:
        part = image.parts[0]
        name = "RGBA" if "RGBA" in part.channels else "RGB"
        pixels = part.channels[name].pixels  # (H, W, 3 or 4), float16 or float32
        lut.apply(pixels, out=pixels)  # in place, alpha untouched
        image.write(target)


def with_oiio(source, lut, target):
    import OpenImageIO as oiio

    buffer = oiio.ImageBuf(source)
    spec = buffer.spec()
    pixels = buffer.get_pixels(oiio.FLOAT)  # (H, W, channels) float32
    rgb = pixels[..., :3] if spec.nchannels not in (3, 4) else pixels
    lut.apply(rgb, out=rgb)
    out = oiio.ImageBuf(spec)
    out.set_pixels(oiio.ROI(), pixels)
    if not out.write(target):
        raise SystemExit(out.geterror())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source")
    parser.add_argument("lut")
    parser.add_argument("target")
    parser.add_argument("--oiio", action="store_true", help="use OpenImageIO instead of OpenEXR")
    args = parser.parse_args()
    lut = edrcube.read_lut(args.lut)
    (with_oiio if args.oiio else with_openexr)(args.source, lut, args.target)


if __name__ == "__main__":
    main()
