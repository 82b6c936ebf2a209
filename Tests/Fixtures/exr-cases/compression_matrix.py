"""Writes one small OpenEXR file per compression × pixel type × line order with the OpenEXR
Python wheel (PyPI `OpenEXR` ≥ 3.3) into the folder given, and prints what the wheel decodes
from each as JSON: {file: {channel: [bit patterns, row-major]}} (half as 16-bit, float and
uint as 32-bit patterns, so NaNs compare too). CompressionMatrixTests runs it.

Usage: python3 compression_matrix.py FOLDER
"""

import json
import os
import sys

import numpy as np
import OpenEXR

WIDTH, HEIGHT = 19, 37  # not multiples of the codecs' blocks (4, 16, 32 lines)
COMPRESSIONS = ["NO", "RLE", "ZIPS", "ZIP", "PIZ", "PXR24", "B44", "B44A", "DWAA", "DWAB"]
TYPES = {"half": np.float16, "float": np.float32, "uint": np.uint32}
ORDERS = {"increasing": OpenEXR.INCREASING_Y, "decreasing": OpenEXR.DECREASING_Y}


def samples(dtype, seed):
    rng = np.random.default_rng(seed)
    if dtype == np.uint32:
        return rng.integers(0, 2**32, (HEIGHT, WIDTH), dtype=np.uint64).astype(np.uint32)
    values = rng.uniform(-4, 60, (HEIGHT, WIDTH))
    values[0, :4] = [np.inf, -np.inf, np.nan, 0]
    values[1:5, 1:5] = 0.25  # a flat area (B44A)
    return values.astype(dtype)


def bits(array):
    view = np.uint16 if array.dtype == np.float16 else np.uint32
    return [int(v) for v in array.view(view).ravel()]


folder = sys.argv[1]
reference = {}
for compression in COMPRESSIONS:
    for type_name, dtype in TYPES.items():
        for order_name, order in ORDERS.items():
            name = f"{compression.lower()}_{type_name}_{order_name}.exr"
            channels = {c: OpenEXR.Channel(c, samples(dtype, i)) for i, c in enumerate("RGBA")}
            header = {"compression": getattr(OpenEXR, compression + "_COMPRESSION"),
                      "lineOrder": order, "type": OpenEXR.scanlineimage}
            path = os.path.join(folder, name)
            OpenEXR.File(header, channels).write(path)
            back = OpenEXR.File(path, separate_channels=True).parts[0].channels
            reference[name] = {c: bits(back[c].pixels) for c in back}
print(json.dumps(reference))
