#!/usr/bin/env python3
"""One command that measures EDRCube beside the tools users would pick instead.

    python3 Benchmarks/compare/compare.py [--repeats 5] [--json OUT.json] [--keep DIR]
        [--only engine chain logchain apply parse endtoend sequence] [--baseline OLD_EDRCUBE]
        [--frames 32]

It installs the peers if missing (pip: opencolorio, openimageio, colour-science; apt: ffmpeg),
builds EDRCube and the Benchmarks tools in release mode, generates the test data (a 3840x2160
EDR chart as float-uncompressed EXR, half-ZIP EXR and float TIFF; the bundled warm look at 33³
and resampled to 65³; a 65³ random cube with 6 decimals, 7.4 MB, for parsing), then measures in
the same run, alternating ours and theirs, medians of --repeats:

* engine: our LUT engine vs OpenColorIO's CPU processor (engine_vs_ocio.py), and a plain
  memory copy of the same buffer (the floor no kernel can beat);
* chain: the whole path `edrcube apply` runs (SDR look on linear EDR with the default
  policy, PQ and HLG cubes) vs OpenColorIO running the same chain (chain_vs_ocio.py), 1 thread
  and all threads, with the SDR row's share of the raw lookup, and a LogC3 -> Rec.709 camera
  cube beside our scalar passes (`logchain` runs only that row);
* apply, end to end (read, apply, write): `edrcube apply --lut-space raw` vs
  `oiiotool IN --ociofiletransform LUT -o OUT` and ffmpeg's `lut3d` filter; both peers clamp
  at the cube's domain, we extrapolate; every timed run starts after an untimed `sync`, so no
  run waits for the previous one's deferred writes (EDRCube fsyncs its output, the peers do
  not);
* the floor of a synced output: `dd conv=fsync` of the input's bytes in the same folder (its
  row's speed-up is below 1; oiiotool's time over it, printed, bounds what any writer that
  syncs can reach there). `--keep /dev/shm/DIR` puts data and outputs on tmpfs, where the disk
  drops out;
* parse and write a 65³ cube: our reader/writer in-process vs OpenColorIO's cold load,
  colour-science's read_LUT/write_LUT and a hand-written C loop (strtof / printf "%.6f");
* endtoend and sequence (sequence.py, only when named in --only): the default SDR-look path
  on 4K float EXR against oiiotool running the same chain from a written config.ocio, one
  frame, and a folder of --frames frames in frames/s against oiiotool in a loop and the
  synced-write floor, with peak memory; they run in --keep's folder (default: a temporary
  folder on the disk; --keep /dev/shm/DIR for tmpfs).

It prints one table of ratios (theirs / ours as speed-ups: > 1 means we are faster) and
writes it as JSON.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)


def ensure_peers():
    try:
        import PyOpenColorIO, OpenImageIO, colour  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "opencolorio",
                        "openimageio", "colour-science", "numpy"], check=True)
    if shutil.which("ffmpeg") is None and os.geteuid() == 0:
        subprocess.run(["apt-get", "install", "-y", "-qq", "ffmpeg"], check=True,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))


def build(with_benchmarks=True, with_edrcube=True):
    """Builds edrcube (unless only `engine` and `chain` are measured) and, unless only `apply`
    is measured, the Benchmarks tools."""
    if with_edrcube:
        subprocess.run(["swift", "build", "-c", "release", "--package-path", ROOT,
                        "--product", "edrcube"], check=True, stdout=subprocess.DEVNULL)
    root_bin = subprocess.run(["swift", "build", "-c", "release", "--package-path", ROOT,
                               "--show-bin-path"], check=True, capture_output=True,
                              text=True).stdout.strip()
    if not with_benchmarks:
        return os.path.join(root_bin, "edrcube"), None, None, None
    for product in ("EngineThroughput", "FormatThroughput"):
        subprocess.run(["swift", "build", "-c", "release", "--package-path", BENCH,
                        "--product", product], check=True, stdout=subprocess.DEVNULL)
    bench_bin = subprocess.run(["swift", "build", "-c", "release", "--package-path", BENCH,
                                "--show-bin-path"], check=True, capture_output=True,
                               text=True).stdout.strip()
    loop = os.path.join(tempfile.gettempdir(), "edrcube_cube_parse_loop")
    subprocess.run(["cc", "-O2", "-o", loop, os.path.join(HERE, "cube_parse_loop.c")], check=True)
    return (os.path.join(root_bin, "edrcube"), os.path.join(bench_bin, "EngineThroughput"),
            os.path.join(bench_bin, "FormatThroughput"), loop)


def run(cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def timed(cmd):
    # Untimed: flush what earlier runs left dirty. oiiotool and ffmpeg do not fsync their
    # output and EDRCube does, so without this EDRCube's fsync would also wait for the
    # previous peer run's deferred writes.
    os.sync()
    start = time.perf_counter()
    run(cmd)
    return time.perf_counter() - start


def make_data(edrcube, folder):
    chart = os.path.join(folder, "chart_float_none.exr")
    run([edrcube, "pattern", os.path.join(folder, "chart_half.exr"), "--width", "3840",
         "--height", "2160", "--pixel-type", "float"])
    run(["oiiotool", os.path.join(folder, "chart_half.exr"), "-d", "float", "--compression",
         "none", "-o", chart])
    half_zip = os.path.join(folder, "chart_half_zip.exr")
    run(["oiiotool", chart, "-d", "half", "--compression", "zip", "-o", half_zip])
    tiff = os.path.join(folder, "chart_float.tif")
    run(["oiiotool", chart, "-d", "float", "--compression", "none", "-o", tiff])
    look33 = os.path.join(ROOT, "luts", "warm_sdr.cube")
    look65 = os.path.join(folder, "warm_65.cube")
    run([edrcube, "generate", "resize", look33, "--size", "65", "-o", look65])
    import numpy as np
    rng = np.random.default_rng(7)
    random65 = os.path.join(folder, "random_65.cube")
    with open(random65, "w") as f:
        f.write("LUT_3D_SIZE 65\n")
        values = rng.uniform(0, 1, (65 ** 3, 3))
        f.write("".join("%.6f %.6f %.6f\n" % tuple(v) for v in values))
    return {"float-none EXR": chart, "half-ZIP EXR": half_zip, "float TIFF": tiff}, \
        {"33": look33, "65": look65}, random65


def median_pair(repeats, ours, theirs):
    a, b = [], []
    for _ in range(repeats):
        a.append(ours())
        b.append(theirs())
    return statistics.median(a), statistics.median(b)


def apply_rows(edrcube, images, looks, folder, repeats, baseline=None):
    """End-to-end rows; with `baseline` (another edrcube binary, e.g. a previous commit's) a
    row comparing it with this one, timed in the same alternating runs."""
    rows = []
    for label, image in images.items():
        ext = os.path.splitext(image)[1]
        for size in ("33",):
            lut = looks[size]
            out_ours = os.path.join(folder, "ours" + ext)
            out_oiio = os.path.join(folder, "oiio" + ext)
            ours = lambda: timed([edrcube, "apply", image, "--lut", lut, "--lut-space", "raw",
                                  "-o", out_ours])
            oiio = lambda: timed(["oiiotool", image, "--ociofiletransform", lut, "-o", out_oiio])
            a, b = median_pair(repeats, ours, oiio)
            rows.append({"what": f"apply {label} {size}³", "peer": "oiiotool --ociofiletransform",
                         "ours_s": a, "theirs_s": b, "speedup": b / a})
            # The floor of a synced output: copying the input's bytes with dd and fsync, in
            # the same folder. oiiotool's time over it is the most any synced writer can gain.
            # (Uncompressed files only: a compressed output's size is not the input's.)
            if "ZIP" not in label:
                out_dd = os.path.join(folder, "dd" + ext)
                dd = lambda: timed(["dd", f"if={image}", f"of={out_dd}", "bs=8M", "conv=fsync"])
                a2, floor = median_pair(repeats, ours, dd)
                rows.append({"what": f"apply {label} {size}³", "peer": "dd conv=fsync (floor)",
                             "ours_s": a2, "theirs_s": floor, "speedup": floor / a2,
                             "oiiotool_over_floor": b / floor})
            if baseline:
                before = lambda: timed([baseline, "apply", image, "--lut", lut, "--lut-space",
                                        "raw", "-o", out_ours])
                a, b = median_pair(repeats, ours, before)
                rows.append({"what": f"apply {label} {size}³", "peer": "baseline edrcube",
                             "ours_s": a, "theirs_s": b, "speedup": b / a})
            if ext == ".exr":
                out_ff = os.path.join(folder, "ffmpeg.exr")
                ff = lambda: timed(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i",
                                    image, "-vf", f"lut3d={lut}", "-c:v", "exr", out_ff])
                a, b = median_pair(repeats, ours, ff)
                rows.append({"what": f"apply {label} {size}³", "peer": "ffmpeg lut3d",
                             "ours_s": a, "theirs_s": b, "speedup": b / a})
    return rows


def parse_rows(format_tool, loop, cube, folder, repeats):
    import colour
    import PyOpenColorIO as OCIO

    def ours_read():
        return float(subprocess.run([format_tool, "read", cube, "1"], check=True,
                                    capture_output=True, text=True).stdout)

    def ours_write():
        return float(subprocess.run([format_tool, "write", cube, "1"], check=True,
                                    capture_output=True, text=True).stdout)

    def ocio_cold():
        OCIO.ClearAllCaches()
        start = time.perf_counter()
        t = OCIO.FileTransform(src=cube, interpolation=OCIO.INTERP_LINEAR)
        OCIO.Config.CreateRaw().getProcessor(t)
        return time.perf_counter() - start

    def colour_read():
        start = time.perf_counter()
        colour.read_LUT(cube)
        return time.perf_counter() - start

    lut = colour.read_LUT(cube)
    out = os.path.join(folder, "colour_out.cube")

    def colour_write():
        start = time.perf_counter()
        colour.write_LUT(lut, out)
        return time.perf_counter() - start

    def c_read():
        return float(subprocess.run([loop, "read", cube], check=True, capture_output=True,
                                    text=True).stdout)

    def c_write():
        return float(subprocess.run([loop, "write", cube, os.path.join(folder, "c.cube")],
                                    check=True, capture_output=True, text=True).stdout)

    rows = []
    for name, fn in (("OpenColorIO cold load", ocio_cold), ("colour read_LUT", colour_read),
                     ("C loop (fgets + strtof)", c_read)):
        a, b = median_pair(repeats, ours_read, fn)
        rows.append({"what": "parse 65³ (7.4 MB)", "peer": name, "ours_s": a, "theirs_s": b,
                     "speedup": b / a})
    for name, fn in (("C printf %.6f", c_write), ("colour write_LUT", colour_write)):
        a, b = median_pair(repeats, ours_write, fn)
        rows.append({"what": "write 65³", "peer": name, "ours_s": a, "theirs_s": b,
                     "speedup": b / a})
    return rows


def engine_rows(engine_tool, folder, repeats):
    sys.path.insert(0, HERE)
    import concurrent.futures
    import numpy as np
    import engine_vs_ocio as e

    original = e.make_image()
    work = np.empty_like(original)
    rows = []
    copies = []
    for _ in range(repeats):
        start = time.perf_counter()
        np.copyto(work, original)
        copies.append(e.WIDTH * e.HEIGHT / (time.perf_counter() - start) / 1e6)
    copy_mpix = statistics.median(copies)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        for size in (33, 65):
            cube = os.path.join(folder, f"engine_{size}.cube")
            run([engine_tool, "write-cube", cube, str(size)])
            for interp in ("trilinear", "tetrahedral"):
                cpu = e.ocio_processor(cube, interp)
                e.ocio(cpu, original, work, 1, pool)
                for threads in (1, 2):
                    a, b = [], []
                    for _ in range(repeats):
                        a.append(e.ours(engine_tool, size, interp, threads))
                        b.append(e.ocio(cpu, original, work, threads, pool))
                    ma, mb = statistics.median(a), statistics.median(b)
                    rows.append({"what": f"engine {size}³ {interp} {threads} thr",
                                 "peer": "OpenColorIO CPU processor", "ours_mpix": ma,
                                 "theirs_mpix": mb, "speedup": ma / mb,
                                 "of_memcpy": ma / copy_mpix})
    rows.append({"what": "memory copy (floor)", "peer": "numpy copyto", "ours_mpix": copy_mpix,
                 "theirs_mpix": copy_mpix, "speedup": 1.0, "of_memcpy": 1.0})
    return rows


def sequence_modes(args, edrcube, folder):
    """The endtoend and sequence rows (sequence.py), when asked for."""
    sys.path.insert(0, HERE)
    import sequence
    rows = []
    if "endtoend" in args.only:
        rows += sequence.endtoend_rows(edrcube, folder, args.repeats)
    if "sequence" in args.only:
        rows += sequence.sequence_rows(edrcube, folder, args.repeats, args.frames, args.baseline)
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", default="benchmark-comparison.json")
    parser.add_argument("--keep", help="keep the generated data here")
    parser.add_argument("--only", nargs="+",
                        choices=["engine", "chain", "logchain", "apply", "parse", "endtoend",
                                 "sequence"],
                        default=["engine", "chain", "apply", "parse"])
    parser.add_argument("--baseline", help="another edrcube binary to compare the apply rows with")
    parser.add_argument("--frames", type=int, default=32, help="frames of the sequence rows")
    args = parser.parse_args()
    ensure_peers()
    edrcube, engine_tool, format_tool, loop = build(
        with_benchmarks=bool({"engine", "chain", "logchain", "parse"} & set(args.only)),
        with_edrcube=bool({"apply", "parse", "endtoend", "sequence"} & set(args.only)))
    folder = args.keep or tempfile.mkdtemp(prefix="edrcube-bench-")
    os.makedirs(folder, exist_ok=True)
    if {"apply", "parse"} & set(args.only):
        images, looks, random65 = make_data(edrcube, folder)
    rows = []
    if "engine" in args.only:
        rows += engine_rows(engine_tool, folder, args.repeats)
    if "chain" in args.only:
        sys.path.insert(0, HERE)
        import chain_vs_ocio
        rows += chain_vs_ocio.chain_rows(engine_tool, ROOT, args.repeats)
    elif "logchain" in args.only:
        sys.path.insert(0, HERE)
        import chain_vs_ocio
        rows += chain_vs_ocio.log_rows(engine_tool, ROOT, args.repeats)
    if "apply" in args.only:
        rows += apply_rows(edrcube, images, looks, folder, args.repeats, args.baseline)
    if "parse" in args.only:
        rows += parse_rows(format_tool, loop, random65, folder, args.repeats)
    rows += sequence_modes(args, edrcube, folder)
    print(f"\nmedians of {args.repeats}, alternating runs; speed-up > 1 means EDRCube is faster")
    print(f"{'what':<44} {'peer':<28} {'ours':>10} {'theirs':>10} {'speed-up':>9}")
    for r in rows:
        if "ours_mpix" in r:
            ours, theirs = f"{r['ours_mpix']:.1f} Mp/s", f"{r['theirs_mpix']:.1f} Mp/s"
        elif "shown" in r:
            ours, theirs = r["shown"]
        else:
            ours, theirs = f"{r['ours_s']:.3f} s", f"{r['theirs_s']:.3f} s"
        speedup = f"{r['speedup']:>8.2f}x" if "speedup" in r else ""
        print(f"{r['what']:<44} {r['peer']:<28} {ours:>10} {theirs:>10} {speedup}")
        if "scalar_mpix" in r:
            print(f"{'':<44} (our scalar passes, the path before the chain: "
                  f"{r['scalar_mpix']:.1f} Mp/s; the chain is {r['ours_mpix'] / r['scalar_mpix']:.2f}x)")
        if "of_raw" in r:
            print(f"{'':<44} (raw lookup {r['raw_mpix']:.1f} Mp/s: this row is "
                  f"{100 * r['of_raw']:.0f} % of it)")
        if "oiiotool_over_floor" in r:
            print(f"{'':<44} (oiiotool / floor = {r['oiiotool_over_floor']:.2f}x: the most a "
                  "synced writer can reach here)")
    with open(args.json, "w") as f:
        json.dump({"repeats": args.repeats, "rows": rows}, f, indent=2)
    print(f"wrote {args.json}")
    if not args.keep:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
