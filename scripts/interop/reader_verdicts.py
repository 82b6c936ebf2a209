#!/usr/bin/env python3
"""`inspect`'s reader verdicts against the real readers, on every .cube file in the test corpus.

Run (after `swift build`, or a release build; part of `make interop`):

    pip install colour-science opencolorio numpy      # colour 0.4.7 and OCIO 2.6 were used
    apt-get install ffmpeg                            # ffmpeg 5.1 was used
    python3 scripts/interop/reader_verdicts.py .build/debug/edrcube [FILE_OR_DIR ...]

For each .cube file EDRCube reads (Tests/Fixtures by default; luts/, written by EDRCube, is
checked by cube_interop.py), it runs
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
from concurrent.futures import ThreadPoolExecutor

warnings.filterwarnings("ignore")

import colour  # noqa: E402
import numpy as np  # noqa: E402
import PyOpenColorIO as ocio  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_CORPUS = ["Tests/Fixtures"]
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


def attempt(run):
    """A reader's values for the probes, or None when it refuses the file."""
    try:
        return run()
    except Exception:  # noqa: BLE001 - any failure to load is a refusal
        return None


def outcome(theirs, ours):
    """What a reader did: refuses, loads and returns `ours`, or loads and returns other values."""
    if theirs is None:
        return REFUSES
    same = theirs.shape == ours.shape and bool(
        np.all(np.abs(theirs - ours) <= TOLERANCE * np.maximum(1, np.abs(ours))))
    return SAME if same else DIFFERS


def claimed(verdict):
    if verdict["accepts"]:
        return SAME
    return DIFFERS if verdict["loads"] else REFUSES


def check_file(edrcube, path, scratch):
    """(name, {reader: outcome}, failures, line) for one file; None when EDRCube refuses it
    (inspect then gives no verdicts)."""
    result = subprocess.run(
        [edrcube, "inspect", path, "--json", "--quiet"], capture_output=True, text=True)
    if result.returncode != 0:
        return None
    name = os.path.relpath(path, ROOT)
    report = json.loads(result.stdout)
    points = probes(report)
    values = {
        "OpenColorIO": attempt(lambda: run_ocio(path, points)),
        "colour-science": attempt(lambda: run_colour(path, points)),
        "ffmpeg": attempt(lambda: run_ffmpeg(path, points, scratch)),
    }
    # EDRCube's values only matter where some reader loads the file.
    loaded = any(v is not None for v in values.values())
    ours = edrcube_eval(edrcube, path, points) if loaded else np.zeros((0, 3))
    if ours is None:
        return name, {}, [f"{name}: inspect reads it but eval does not"], ""
    verdicts = {v["reader"]: v for v in report["readers"]}
    outcomes, failures = {}, []
    for reader, theirs in values.items():
        real, said = outcome(theirs, ours), claimed(verdicts[reader])
        outcomes[reader] = real
        if real != said:
            failures.append(
                f"{name}: {reader} {real}, inspect says {said}"
                f" ({'; '.join(verdicts[reader]['reasons']) or 'no reasons'})")
    line = name + ": " + ", ".join(f"{r}: {o}" for r, o in outcomes.items())
    return name, outcomes, failures, line


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("edrcube")
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--verbose", action="store_true", help="print every file's outcomes")
    parser.add_argument("--record", metavar="FILE", help="write the readers' outcomes as JSON")
    args = parser.parse_args()
    edrcube = os.path.abspath(args.edrcube)
    paths = args.paths or [os.path.join(ROOT, p) for p in DEFAULT_CORPUS]
    files = corpus(paths)
    with tempfile.TemporaryDirectory() as scratch:
        # One scratch folder per file: the files run on a pool (the work is mostly processes).
        folders = [os.path.join(scratch, str(i)) for i in range(len(files))]
        for folder in folders:
            os.mkdir(folder)
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            results = list(pool.map(lambda a: check_file(edrcube, *a), zip(files, folders)))
    done = [r for r in results if r is not None]
    failures = [f for r in done for f in r[2]]
    if args.verbose:
        for r in done:
            print(r[3])
    if args.record:
        with open(args.record, "w") as f:
            json.dump({r[0]: r[1] for r in done}, f, indent=1, sort_keys=True)
            f.write("\n")
    for failure in failures:
        print("FAIL:", failure)
    version = subprocess.run(["ffmpeg", "-version"], capture_output=True, text=True).stdout
    print(
        f"reader_verdicts: {sum(len(r[1]) for r in done)} verdicts on {len(done)} files "
        f"({len(results) - len(done)} files EDRCube refuses), {len(failures)} wrong; "
        f"OpenColorIO {ocio.__version__}, colour-science {colour.__version__}, "
        f"{' '.join(version.split()[:3])}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
