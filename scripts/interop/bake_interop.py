#!/usr/bin/env python3
"""`edrcube bake` measured in the real hosts: for every bundled look (luts/*.cube), bake it
`--for ocio` (CLF, applied by PyOpenColorIO) and `--for ffmpeg` (.csp, applied by ffmpeg's
lut3d filter, tetrahedral, on a planar float image), and compare the host's result with
`edrcube eval` of the look itself over the EDR range [-0.25, 64] x white: ΔE_ITP (BT.2124,
ICtCp of absolute Rec.2020 nits, white = 203 cd/m²) at 20000 colours whose channels are
uniform in the shaper's output (log-spaced above 0, linear below).

    python3 scripts/interop/bake_interop.py .build/debug/edrcube [--markdown] [--looks A,B] [-- BAKE OPTIONS]

`--looks` measures only the looks named (file names without `.cube`). Options after `--` go to every `edrcube bake` (say `--shaper log2` for the log2 shaper of
earlier releases). ffmpeg runs with `interp=` the interpolation `bake` names on stderr
(trilinear for the bundled looks, EDRCube's default), as docs/bake.md tells users to.

The bundled looks are split by source into a development half (teal_orange, warm, identity,
acescct: what the bake's defaults were chosen on) and a held-out half (bleach_bypass,
high_contrast, logc3). Exit status 1 when a look's p99 ΔE_ITP is 1 or more in either host.
"""

import glob
import os
import subprocess
import sys
import tempfile

import numpy as np
import PyOpenColorIO as ocio

LOW, HIGH, OFFSET = -0.25, 64.0, 0.125
WHITE = 203.0
COUNT = 20000
DEV = ("teal_orange", "warm", "identity", "acescct")
REC709_TO_2020 = np.array([[0.6274039, 0.3292830, 0.0433131],
                           [0.0690973, 0.9195404, 0.0113623],
                           [0.0163914, 0.0880133, 0.8955953]])


def shaper_inverse(u):
    top = np.log2(HIGH + OFFSET)
    slope = 1 / (top - np.log2(OFFSET) - LOW / (np.log(2) * OFFSET))
    intercept = 1 - slope * top
    at_zero = slope * np.log2(OFFSET) + intercept
    toe = slope / (np.log(2) * OFFSET)
    return np.where(u >= at_zero, np.exp2((u - intercept) / slope) - OFFSET, (u - at_zero) / toe)


def ictcp(rgb709):
    nits = np.clip((rgb709 * WHITE) @ REC709_TO_2020.T, 0, 10000)
    lms = nits @ (np.array([[1688, 2146, 262], [683, 2951, 462], [99, 309, 3688]]) / 4096).T
    y = (lms / 10000) ** 0.1593017578125
    pq = ((0.8359375 + 18.8515625 * y) / (1 + 18.6875 * y)) ** 78.84375
    return pq @ (np.array([[2048, 2048, 0], [6610, -13613, 7003], [17933, -17390, -543]]) / 4096).T


def delta_e_itp(a, b):
    d = ictcp(a) - ictcp(b)
    return 720 * np.sqrt(d[:, 0] ** 2 + (0.5 * d[:, 1]) ** 2 + d[:, 2] ** 2)


def edrcube_eval(edrcube, lut, points):
    text = "\n".join(" ".join(repr(float(v)) for v in p) for p in points) + "\n"
    out = subprocess.run([edrcube, "eval", "--lut", lut], input=text, capture_output=True,
                         text=True, check=True).stdout
    return np.array([[float(v) for v in line.split()] for line in out.splitlines()])


def ocio_apply(path, points):
    config = ocio.Config.CreateRaw()
    processor = config.getProcessor(ocio.FileTransform(src=path)).getDefaultCPUProcessor()
    image = np.ascontiguousarray(points, dtype=np.float32).copy()
    processor.applyRGB(image)
    return image.astype(np.float64)


def ffmpeg_apply(path, points, folder, interp):
    n = len(points)
    planes = np.stack([points[:, 1], points[:, 2], points[:, 0]]).astype(np.float32)  # G, B, R
    source, result = os.path.join(folder, "in.raw"), os.path.join(folder, "out.raw")
    planes.tofile(source)
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "gbrpf32le",
                    "-s", f"{n}x1", "-i", source, "-vf", f"lut3d=file={path}:interp={interp}",
                    "-f", "rawvideo", "-pix_fmt", "gbrpf32le", result], check=True)
    g, b, r = np.fromfile(result, np.float32).reshape(3, n)
    return np.stack([r, g, b], 1).astype(np.float64)


def main():
    edrcube = sys.argv[1]
    own = sys.argv[2:sys.argv.index("--")] if "--" in sys.argv else sys.argv[2:]
    extra = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    markdown = "--markdown" in own
    looks = own[own.index("--looks") + 1].split(",") if "--looks" in own else None
    points = shaper_inverse(np.random.default_rng(39).random((COUNT, 3)))
    rows, failed = [], False
    with tempfile.TemporaryDirectory() as folder:
        for lut in sorted(glob.glob(os.path.join(os.path.dirname(__file__), "..", "..", "luts", "*.cube"))):
            name = os.path.basename(lut)[:-5]
            if looks is not None and name not in looks:
                continue
            ours = edrcube_eval(edrcube, lut, points)
            figures = []
            for host, ext, apply in [("ocio", "clf", ocio_apply), ("ffmpeg", "csp", None)]:
                baked = os.path.join(folder, f"{name}.{ext}")
                notes = subprocess.run([edrcube, "bake", "--lut", lut, "--for", host, "-o", baked] + extra,
                                       check=True, capture_output=True, text=True).stderr
                interp = "trilinear" if "interp=trilinear" in notes else "tetrahedral"
                theirs = ocio_apply(baked, points) if apply else ffmpeg_apply(baked, points, folder, interp)
                d = delta_e_itp(theirs, ours)
                figures.append((np.percentile(d, 50), np.percentile(d, 99), d.max()))
                failed |= not np.percentile(d, 99) < 1
                print(f"{name} {host}: p99 {np.percentile(d, 99):.3f}", file=sys.stderr)
            half = "dev" if name.startswith(DEV) else "held-out"
            rows.append((name, half, figures))
    if markdown:
        print("| look | half | OCIO p50 | OCIO p99 | OCIO max | ffmpeg p50 | ffmpeg p99 | ffmpeg max |")
        print("|---|---|---|---|---|---|---|---|")
    for name, half, figures in rows:
        cells = " | ".join(f"{a:.3f} | {p:.3f} | {m:.2f}" for a, p, m in figures)
        print(f"| {name} | {half} | {cells} |" if markdown else f"{name} ({half}): {cells}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
