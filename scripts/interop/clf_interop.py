#!/usr/bin/env python3
"""Interoperability check of the CLF files EDRCube writes, against OpenColorIO (not a Swift
test: OpenColorIO is a Python package here).

Run (after `swift build`):

    python3 scripts/interop/clf_interop.py .build/debug/edrcube [--keep DIR]

It writes CLF with EDRCube — `generate identity|transfer|gamut -o X.clf`, `convert --to pq|hlg
-o X.clf` with and without `--shaper`, `inspect CUBE --write-as X.clf` for every bundled
`luts/*.cube`, and `inspect F --write-as X.clf` for every OpenColorIO test file EDRCube reads
(Tests/Fixtures/clf) — loads each file in OpenColorIO and compares OpenColorIO's output with
`edrcube eval` at 200 random points in 0…1 (and the source's own output for rewritten files),
within the Academy finishing tier |a − b| / max(|b|, 0.1) ≤ 0.002. Exit status 0 when every
check passes; each failure is printed.
"""

import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np
import PyOpenColorIO as ocio

TIER = 0.002
FAILURES = []
CHECKED = [0]
RNG = np.random.default_rng(24)
POINTS = RNG.random((200, 3)).astype(np.float32)


def ocio_apply(path, points):
    config = ocio.Config.CreateRaw()
    transform = ocio.FileTransform(src=path, interpolation=ocio.INTERP_DEFAULT)
    processor = config.getProcessor(transform).getOptimizedCPUProcessor(
        ocio.BIT_DEPTH_F32, ocio.BIT_DEPTH_F32, ocio.OPTIMIZATION_NONE)
    return np.array([processor.applyRGB(list(map(float, p))) for p in points])


def edrcube_eval(edrcube, path, points, *extra):
    text = "\n".join(" ".join(repr(float(v)) for v in p) for p in points) + "\n"
    result = subprocess.run(
        [edrcube, "eval", "--lut", path, *extra], input=text, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip())
    return np.array([[float(v) for v in line.split()] for line in result.stdout.splitlines()])


def compare(name, ours, theirs):
    CHECKED[0] += 1
    error = np.abs(ours - theirs) / np.maximum(np.abs(theirs), 0.1)
    worst = float(np.max(error)) if error.size else 0.0
    if not np.all(np.isfinite(ours)) or worst > TIER:
        FAILURES.append(f"{name}: worst relative error {worst:.3g}")
        print("FAIL:", FAILURES[-1])
    return worst


def run(edrcube, *arguments):
    result = subprocess.run([edrcube, *arguments], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(" ".join(arguments) + ": " + result.stderr.strip())


def written_files(edrcube, folder):
    """(name, clf path, eval args for the source or None) for everything EDRCube writes."""
    out = []

    def path(name):
        return os.path.join(folder, name)

    for kind, extra in [
        ("identity", ["--size", "17"]),
        ("transfer", ["--from", "srgb", "--to", "pq", "--size", "33"]),
        ("gamut", ["--from", "rec709", "--to", "rec2020", "--size", "17"]),
    ]:
        run(edrcube, "generate", kind, *extra, "-o", path(f"gen_{kind}.clf"))
        out.append((f"generate {kind}", path(f"gen_{kind}.clf"), None))
    for target in ["pq", "hlg"]:
        for shaper in [[], ["--shaper"]]:
            name = f"convert_{target}{'_shaper' if shaper else ''}.clf"
            run(edrcube, "convert", "luts/teal_orange_sdr.cube", path(name), "--to", target,
                "--size", "17", *shaper)
            out.append((f"convert --to {target} {' '.join(shaper)}", path(name), None))
    for cube in sorted(glob.glob("luts/*.cube")):
        name = os.path.basename(cube).replace(".cube", ".clf")
        run(edrcube, "inspect", cube, "--write-as", path(name))
        out.append((f"inspect {cube} --write-as", path(name),
                    [cube, "--lut-space", "raw", "--extrapolation", "clamp"]))
    for clf in sorted(glob.glob("Tests/Fixtures/clf/**/*.clf", recursive=True)):
        name = "rewritten_" + clf.replace("/", "_")
        try:
            run(edrcube, "inspect", clf, "--write-as", path(name))
        except RuntimeError:
            continue  # a file EDRCube refuses (the OCIO comparison test counts them)
        out.append((f"inspect {clf} --write-as", path(name), [clf]))
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("edrcube")
    parser.add_argument("--keep")
    args = parser.parse_args()
    folder = args.keep or tempfile.mkdtemp(prefix="clf_interop_")
    os.makedirs(folder, exist_ok=True)
    worst = 0.0
    try:
        for name, clf, source in written_files(args.edrcube, folder):
            try:
                theirs = ocio_apply(clf, POINTS)
            except Exception as error:  # OpenColorIO refuses what we wrote
                FAILURES.append(f"{name}: OpenColorIO cannot load it: {error}")
                print("FAIL:", FAILURES[-1])
                continue
            worst = max(worst, compare(name + " (eval vs OCIO)",
                                       edrcube_eval(args.edrcube, clf, POINTS), theirs))
            if source:
                compare(name + " (source vs rewritten)",
                        edrcube_eval(args.edrcube, clf, POINTS),
                        edrcube_eval(args.edrcube, source[0], POINTS, *source[1:]))
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    print(f"{CHECKED[0]} checks, {len(FAILURES)} failures; worst eval vs OpenColorIO {worst:.3g}")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
