#!/usr/bin/env python3
"""`inspect`'s reader verdicts against the real readers, on every .cube file in the test corpus.

Run (after `swift build`, or a release build; part of `make interop`):

    pip install colour-science opencolorio numpy      # colour 0.4.7 and OCIO 2.6 were used
    apt-get install ffmpeg                            # ffmpeg 5.1 was used
    python3 scripts/interop/reader_verdicts.py .build/debug/edrcube [FILE_OR_DIR ...]

For each .cube file EDRCube reads (Tests/Fixtures and luts/ by default), it runs
`edrcube inspect --json` and then the readers themselves: OpenColorIO (`FileTransform`, linear
interpolation), colour-science (`colour.read_LUT(...).apply`) and ffmpeg's `lut3d` filter
(trilinear, on a float image of the probe colours). Each reader either refuses the file, loads
it and returns what `edrcube eval --lut-space raw --extrapolation clamp --interp
trilinear` returns at probes across the first stage's domain (within 1e-4 relative), or loads
it and returns something else. `inspect` must say the same: `accepts` for the second, `loads`
without `accepts` for the third, neither for the first. Resolve and Core Image are not run
(their verdicts follow stated rules, tested in ReaderVerdictTests). Exit status 0 when every
verdict matches; each mismatch is printed with the reasons `inspect` gave.

`--record FILE` also writes what each reader did with each file (JSON: path from the
repository root → reader → "same", "differs" or "refuses"); Tests/Fixtures/readers/expected.json
is that record over the default corpus, which ReaderVerdictTests holds `inspect` to without
Python (regenerate it with the versions named in Tests/Fixtures/readers/README.md).
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import warnings

warnings.filterwarnings("ignore")

import colour  # noqa: E402
import numpy as np  # noqa: E402
import PyOpenColorIO as ocio  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_CORPUS = ["Tests/Fixtures", "luts"]
TOLERANCE = 1e-4
FRACTIONS = [0.0, 0.1, 0.37, 0.5, 0.8, 1.0]
REFUSES, DIFFERS, SAME = "refuses", "differs", "same"


def corpus(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += glob.glob(os.path.join(path, "**", "*.cube"), recursive=True)
        else:
            files.append(path)
    return sorted(files)


def probes(report):
    lo = np.asarray(report["domainMin"], dtype=np.float64)
    hi = np.asarray(report["domainMax"], dtype=np.float64)
    f = np.array([(r, g, b) for b in FRACTIONS for g in FRACTIONS for r in FRACTIONS])
    return (lo + f * (hi - lo)).astype(np.float32).astype(np.float64)


def edrcube_eval(edrcube, path, points):
    text = "\n".join(" ".join(repr(float(v)) for v in p) for p in points) + "\n"
    result = subprocess.run(
        [edrcube, "eval", "--lut", path, "--lut-space", "raw", "--extrapolation", "clamp",
         "--interp", "trilinear", "--quiet"],
        input=text, capture_output=True, text=True)
    if result.returncode != 0:
        return None
    return np.array([[float(v) for v in line.split()] for line in result.stdout.splitlines()])


def run_ocio(path, points):
    config = ocio.Config.CreateRaw()
    transform = ocio.FileTransform(src=path, interpolation=ocio.INTERP_LINEAR)
    cpu = config.getProcessor(transform).getDefaultCPUProcessor()
    return np.array([cpu.applyRGB([float(v) for v in p]) for p in points])


def run_colour(path, points):
    return np.asarray(colour.read_LUT(path).apply(points), dtype=np.float64)


def run_ffmpeg(path, points, scratch):
    n = len(points)
    source, target = os.path.join(scratch, "in.raw"), os.path.join(scratch, "out.raw")
    # gbrpf32le: the G, B and R planes in turn.
    planes = np.stack([points[:, 1], points[:, 2], points[:, 0]]).astype("<f4")
    with open(source, "wb") as f:
        f.write(planes.tobytes())
    escaped = path.replace("\\", "\\\\").replace(":", "\\:").replace("'", "\\'")
    result = subprocess.run(
        ["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "rawvideo", "-pix_fmt", "gbrpf32le",
         "-s", f"{n}x1", "-i", source, "-vf", f"lut3d=file='{escaped}':interp=trilinear",
         "-f", "rawvideo", "-pix_fmt", "gbrpf32le", target],
        capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip())
    out = np.frombuffer(open(target, "rb").read(), dtype="<f4").reshape(3, n)
    return np.stack([out[2], out[0], out[1]], axis=1).astype(np.float64)


def outcome(run, ours):
    """What a reader did: refuses, loads and returns `ours`, or loads and returns other values."""
    try:
        theirs = run()
    except Exception:  # noqa: BLE001 - any failure to load is a refusal
        return REFUSES
    same = theirs.shape == ours.shape and bool(
        np.all(np.abs(theirs - ours) <= TOLERANCE * np.maximum(1, np.abs(ours))))
    return SAME if same else DIFFERS


def claimed(verdict):
    if verdict["accepts"]:
        return SAME
    return DIFFERS if verdict["loads"] else REFUSES


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("edrcube")
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--verbose", action="store_true", help="print every file's outcomes")
    parser.add_argument("--record", metavar="FILE", help="write the readers' outcomes as JSON")
    args = parser.parse_args()
    edrcube = os.path.abspath(args.edrcube)
    paths = args.paths or [os.path.join(ROOT, p) for p in DEFAULT_CORPUS]
    failures, checked, skipped, record = [], 0, 0, {}
    with tempfile.TemporaryDirectory() as scratch:
        for path in corpus(paths):
            result = subprocess.run(
                [edrcube, "inspect", path, "--json", "--quiet"], capture_output=True, text=True)
            if result.returncode != 0:
                skipped += 1  # EDRCube refuses the file: inspect gives no verdicts
                continue
            report = json.loads(result.stdout)
            points = probes(report)
            ours = edrcube_eval(edrcube, path, points)
            if ours is None:
                failures.append(f"{path}: inspect reads it but eval does not")
                continue
            verdicts = {v["reader"]: v for v in report["readers"]}
            runs = {
                "OpenColorIO": lambda: run_ocio(path, points),
                "colour-science": lambda: run_colour(path, points),
                "ffmpeg": lambda: run_ffmpeg(path, points, scratch),
            }
            line, name = [], os.path.relpath(path, ROOT)
            record[name] = {}
            for reader, run in runs.items():
                real, said = outcome(run, ours), claimed(verdicts[reader])
                checked += 1
                record[name][reader] = real
                line.append(f"{reader}: {real}")
                if real != said:
                    failures.append(
                        f"{name}: {reader} {real}, inspect says {said}"
                        f" ({'; '.join(verdicts[reader]['reasons']) or 'no reasons'})")
            if args.verbose:
                print(name + ": " + ", ".join(line))
    if args.record:
        with open(args.record, "w") as f:
            json.dump(record, f, indent=1, sort_keys=True)
            f.write("\n")
    for failure in failures:
        print("FAIL:", failure)
    version = subprocess.run(["ffmpeg", "-version"], capture_output=True, text=True).stdout
    print(
        f"reader_verdicts: {checked} verdicts on {checked // 3} files ({skipped} files EDRCube "
        f"refuses), {len(failures)} wrong; OpenColorIO {ocio.__version__}, colour-science "
        f"{colour.__version__}, {' '.join(version.split()[:3])}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
