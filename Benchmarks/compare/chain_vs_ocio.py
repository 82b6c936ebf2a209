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
  the engine the SDR row reaches;
* LogC3 -> Rec.709 (luts/logc3_to_rec709.cube, `logc3 awg3 -> bt1886 rec709`) on the frame
  read as linear AWG3 / OCIO [LogCameraTransform with ARRI's LogC3 EI 800 parameters
  (forward: linear to LogC3), FileTransform, ExponentTransform 2.4 mirrored (BT.1886 decode),
  matrix Rec.709 -> AWG3]; beside it our scalar per-pixel passes (`file-scalar`: the path log
  cubes took before the chain covered them), timed in the same alternation. Before timing,
  both chains run on a few pixels and the largest difference is printed.

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


# colour-science 0.4.7: matrix_RGB_to_RGB(BT.709, ARRI Wide Gamut 3), same white (D65).
REC709_TO_AWG3 = np.array([[0.631321174735009, 0.270800765721447, 0.097878124589137],
                           [0.036819797023962, 0.793036840485888, 0.170142764617809],
                           [0.017369455856252, 0.148788698111595, 0.833840517764676]])


def logc3_processor(cube):
    """OCIO's chain for a `logc3 awg3 -> bt1886 rec709` cube on linear AWG3."""
    logc3 = OCIO.LogCameraTransform(
        linSideBreak=[0.010591] * 3, base=10, logSideSlope=[0.247190] * 3,
        logSideOffset=[0.385537] * 3, linSideSlope=[5.555556] * 3, linSideOffset=[0.052272] * 3,
        direction=OCIO.TRANSFORM_DIR_FORWARD)
    logc3.setLinearSlopeValue([5.367655] * 3)
    file = OCIO.FileTransform(src=cube, interpolation=OCIO.INTERP_LINEAR,
                              direction=OCIO.TRANSFORM_DIR_FORWARD)
    bt1886 = OCIO.ExponentTransform(value=[2.4, 2.4, 2.4, 1], negativeStyle=OCIO.NEGATIVE_MIRROR,
                                    direction=OCIO.TRANSFORM_DIR_FORWARD)
    group = OCIO.GroupTransform(transforms=[logc3, file, bt1886, matrix(REC709_TO_AWG3)])
    return OCIO.Config.CreateRaw().getProcessor(group).getDefaultCPUProcessor()


def probe_difference(tool, cube, cpu, pixels):
    """The largest |ours - OCIO| over `pixels` (rows of R G B), ours through `probe`."""
    text = "".join("%r %r %r\n" % tuple(float(v) for v in p) for p in pixels)
    out = subprocess.run([tool, "probe", cube, "file"], input=text, check=True,
                         capture_output=True, text=True).stdout
    ours_values = np.array([[float(v) for v in line.split()] for line in out.splitlines()])
    theirs = np.array([cpu.applyRGB([float(v) for v in p]) for p in pixels])
    return float(np.max(np.abs(ours_values - theirs))), ours_values, theirs


def log_rows(tool, root, repeats):
    """The LogC3 -> Rec.709 rows: ours (the chain) and our scalar passes vs OCIO."""
    cube = os.path.join(root, "luts", "logc3_to_rec709.cube")
    every = len(os.sched_getaffinity(0))
    original = e.make_image()
    work = np.empty_like(original)
    cpu = logc3_processor(cube)
    # Pixels of the frame whose LogC3 signals stay inside the cube's domain (OCIO clamps there,
    # we extrapolate), and a few chosen ones: black, mid grey, white, a negative channel.
    sample = original.reshape(-1, 4)[::997, :3]
    sample = sample[np.all((sample > -0.01) & (sample < 8), axis=1)][:40]
    chosen = np.array([[0, 0, 0], [0.18, 0.18, 0.18], [1, 1, 1], [0.5, 0.02, -0.005]])
    difference, _, _ = probe_difference(tool, cube, cpu, np.vstack([chosen, sample]))
    print(f"LogC3 -> Rec.709: ours vs OpenColorIO on {len(sample) + len(chosen)} pixels, "
          f"max |difference| {difference:.2e}")
    rows = []
    with concurrent.futures.ThreadPoolExecutor(every) as pool:
        e.ocio(cpu, original, work, 1, pool)  # warm-up
        for threads in sorted({1, every}):
            a, b, scalar = [], [], []
            for _ in range(repeats):
                a.append(ours(tool, cube, "file", threads))
                b.append(e.ocio(cpu, original, work, threads, pool))
                scalar.append(ours(tool, cube, "file-scalar", threads))
            ma, mb, ms = (statistics.median(v) for v in (a, b, scalar))
            rows.append({"what": f"chain LogC3 -> Rec.709 {threads} thr",
                         "peer": "OpenColorIO group", "ours_mpix": ma, "theirs_mpix": mb,
                         "speedup": ma / mb, "scalar_mpix": ms, "max_difference": difference})
    return rows


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
    return rows + log_rows(tool, root, repeats)
