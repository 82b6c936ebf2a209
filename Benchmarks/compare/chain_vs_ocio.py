"""The chain rows of compare.py: the path `edrcube apply` runs (a CubeApplication: working
space -> cube space, lookup, back, highlight policy) against OpenColorIO running the same chain
as one processor, on the same 3840x2160 RGBA float32 frame (engine_vs_ocio.make_image), one
thread and all threads, runs alternating (ours, OCIO, ours, ...).

* SDR look (luts/warm_sdr.cube, sRGB-encoded Rec.709) on linear EDR, our default
  rising-maxrgb policy / OCIO GroupTransform [ExponentWithLinearTransform (gamma 2.4, offset
  0.055, mirrored negatives) inverse, FileTransform, forward];
* PQ cube (luts/warm_pq.cube, Rec.2020 PQ, reference white 203 cd/m2) / OCIO [matrix
  Rec.709 -> Rec.2020, x2.03 (OCIO's PQ built-ins take nits/100), `CURVE - LINEAR_to_ST-2084`,
  FileTransform, `CURVE - ST-2084_to_LINEAR`, /2.03, matrix back];
* HLG cube (the same table read as HLG signals, timing only) / OCIO [matrix, `CURVE -
  HLG-OETF`, FileTransform, `CURVE - HLG-OETF-INVERSE`, matrix back] (OCIO's HLG built-ins
  are the scene-referred OETF; ours is the BT.2100 display chain with its OOTF);
* the raw lookup of the SDR look through the same entry (`--lut-space raw`), for the share of
  the engine the SDR row reaches.

OCIO clamps at the cube's domain; we extrapolate.
"""
import concurrent.futures
import os
import statistics
import subprocess

import numpy as np
import PyOpenColorIO as OCIO

import engine_vs_ocio as e

REC709_TO_REC2020 = np.array([[0.627403895934699, 0.329283038377884, 0.043313065687417],
                              [0.069097289358232, 0.919540395075459, 0.011362315566309],
                              [0.016391438875150, 0.088013307877226, 0.895595253247624]])


def matrix(m):
    """An OCIO MatrixTransform from a 3x3 matrix."""
    flat = [0.0] * 16
    for r in range(3):
        for c in range(3):
            flat[4 * r + c] = float(m[r][c])
    flat[15] = 1.0
    return OCIO.MatrixTransform(matrix=flat)


def processor(kind, cube):
    forward, inverse = OCIO.TRANSFORM_DIR_FORWARD, OCIO.TRANSFORM_DIR_INVERSE
    file = OCIO.FileTransform(src=cube, interpolation=OCIO.INTERP_LINEAR, direction=forward)
    if kind == "srgb":
        def srgb(direction):
            return OCIO.ExponentWithLinearTransform(
                gamma=[2.4, 2.4, 2.4, 1], offset=[0.055, 0.055, 0.055, 0],
                negativeStyle=OCIO.NEGATIVE_MIRROR, direction=direction)
        steps = [srgb(inverse), file, srgb(forward)]
    else:
        curve = {"pq": ("CURVE - LINEAR_to_ST-2084", "CURVE - ST-2084_to_LINEAR"),
                 "hlg": ("CURVE - HLG-OETF", "CURVE - HLG-OETF-INVERSE")}[kind]
        scale = 2.03 if kind == "pq" else 1.0
        steps = [matrix(REC709_TO_REC2020 * scale), OCIO.BuiltinTransform(style=curve[0]), file,
                 OCIO.BuiltinTransform(style=curve[1]),
                 matrix(np.linalg.inv(REC709_TO_REC2020) / scale)]
    group = OCIO.GroupTransform(transforms=steps)
    return OCIO.Config.CreateRaw().getProcessor(group).getDefaultCPUProcessor()


def ours(tool, cube, space, threads):
    out = subprocess.run([tool, "chain", cube, space, str(threads), "1"], check=True,
                         capture_output=True, text=True).stdout
    return float(out.split()[-1])


def chain_rows(tool, root, repeats):
    sdr = os.path.join(root, "luts", "warm_sdr.cube")
    pq = os.path.join(root, "luts", "warm_pq.cube")
    every = len(os.sched_getaffinity(0))
    original = e.make_image()
    work = np.empty_like(original)
    rows = []
    with concurrent.futures.ThreadPoolExecutor(every) as pool:
        for label, cube, space in (("SDR look (srgb), rising-maxrgb", sdr, "srgb"),
                                   ("PQ cube", pq, "pq"), ("HLG cube", pq, "hlg")):
            cpu = processor(space, cube)
            e.ocio(cpu, original, work, 1, pool)  # warm-up
            for threads in sorted({1, every}):
                a, b, raw = [], [], []
                for _ in range(repeats):
                    a.append(ours(tool, cube, space, threads))
                    b.append(e.ocio(cpu, original, work, threads, pool))
                    if space == "srgb":
                        raw.append(ours(tool, cube, "raw", threads))
                ma, mb = statistics.median(a), statistics.median(b)
                row = {"what": f"chain {label} {threads} thr", "peer": "OpenColorIO group",
                       "ours_mpix": ma, "theirs_mpix": mb, "speedup": ma / mb}
                if raw:
                    row["of_raw"] = ma / statistics.median(raw)
                    row["raw_mpix"] = statistics.median(raw)
                rows.append(row)
    return rows
