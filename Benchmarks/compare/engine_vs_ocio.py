#!/usr/bin/env python3
"""Times EDRCube's LUT engine against OpenColorIO's CPU processor on the same cube.

Both apply a random smooth 3D cube (written by EngineThroughput, so both read identical
numbers) to a packed float32 RGBA 3840x2160 buffer. Runs alternate (ours, OCIO, ours, OCIO,
...) so that load on the machine hits both alike; each figure is the median of --repeats
runs, and the ratio ours/OCIO is printed per row.

What each side does:
* ours: `EngineThroughput run SIZE INTERP linear THREADS 1` (a release build of
  Benchmarks/EngineThroughput): linear extrapolation ON, `threads` workers via
  DispatchQueue.concurrentPerform; one untimed warm-up apply, then one timed apply.
* OCIO: FileTransform(cube, INTERP_LINEAR | INTERP_TETRAHEDRAL) in a raw config,
  getDefaultCPUProcessor() (float32 in and out), applyRGBA on the numpy buffer. OCIO's CPU
  processor is single-threaded per call (its Python binding releases the GIL), so
  "2 threads" for OCIO means two Python threads each calling applyRGBA on half of the rows.
  OCIO clamps to the domain (no extrapolation).

Usage: python3 Benchmarks/compare/engine_vs_ocio.py [--repeats 5] [--sizes 33 65]
"""
import argparse
import concurrent.futures
import os
import statistics
import subprocess
import tempfile
import time

import numpy as np
import PyOpenColorIO as OCIO

WIDTH, HEIGHT = 3840, 2160
PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def build_tool():
    subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", PACKAGE,
         "--product", "EngineThroughput"], check=True, stdout=subprocess.DEVNULL)
    bin_path = subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", PACKAGE, "--show-bin-path"],
        check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(bin_path, "EngineThroughput")


def make_image():
    """Smooth gradients plus noise, about 10 % of values outside 0..1 (as BenchmarkImage)."""
    rng = np.random.default_rng(42)
    u = np.linspace(0, 1, WIDTH, endpoint=False, dtype=np.float32)[None, :]
    v = np.linspace(0, 1, HEIGHT, endpoint=False, dtype=np.float32)[:, None]
    noise = lambda: rng.uniform(-1, 1, (HEIGHT, WIDTH)).astype(np.float32)
    image = np.empty((HEIGHT, WIDTH, 4), dtype=np.float32)
    image[..., 0] = -0.1 + 1.3 * u + 0.05 * noise()
    image[..., 1] = -0.05 + 1.2 * v + 0.05 * noise()
    image[..., 2] = 0.6 * (u + v) + 0.3 * noise()
    image[..., 3] = 1
    return image


def ours(tool, size, interp, threads):
    out = subprocess.run([tool, "run", str(size), interp, "linear", str(threads), "1"],
                         check=True, capture_output=True, text=True).stdout
    return float(out.split()[-1])


def ocio_processor(cube_path, interp):
    transform = OCIO.FileTransform(
        src=cube_path,
        interpolation=OCIO.INTERP_TETRAHEDRAL if interp == "tetrahedral" else OCIO.INTERP_LINEAR,
        direction=OCIO.TRANSFORM_DIR_FORWARD)
    return OCIO.Config.CreateRaw().getProcessor(transform).getDefaultCPUProcessor()


def ocio(cpu, original, work, threads, pool):
    np.copyto(work, original)
    start = time.perf_counter()
    if threads == 1:
        cpu.applyRGBA(work)
    else:
        parts = np.array_split(work, threads, axis=0)  # row bands: contiguous views
        list(pool.map(cpu.applyRGBA, parts))
    return WIDTH * HEIGHT / (time.perf_counter() - start) / 1e6


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--sizes", type=int, nargs="+", default=[33, 65])
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    tool = build_tool()
    original = make_image()
    work = np.empty_like(original)
    targets = {"trilinear": 2.0, "tetrahedral": 1.5}
    print(f"OCIO {OCIO.__version__}, {WIDTH}x{HEIGHT} RGBA float32, medians of {args.repeats}")
    print(f"{'cube':>5} {'interp':<12} {'thr':>3} {'ours Mpix/s':>12} {'OCIO Mpix/s':>12} "
          f"{'ours/OCIO':>9} {'target':>6}")
    with tempfile.TemporaryDirectory() as folder, \
            concurrent.futures.ThreadPoolExecutor(max(args.threads)) as pool:
        for size in args.sizes:
            cube = os.path.join(folder, f"bench_{size}.cube")
            subprocess.run([tool, "write-cube", cube, str(size)], check=True)
            for interp in ("trilinear", "tetrahedral"):
                cpu = ocio_processor(cube, interp)
                ocio(cpu, original, work, 1, pool)  # warm-up (builds OCIO's caches)
                for threads in args.threads:
                    a, b = [], []
                    for _ in range(args.repeats):
                        a.append(ours(tool, size, interp, threads))
                        b.append(ocio(cpu, original, work, threads, pool))
                    ma, mb = statistics.median(a), statistics.median(b)
                    print(f"{size:>4}³ {interp:<12} {threads:>3} {ma:>12.1f} {mb:>12.1f} "
                          f"{ma / mb:>9.2f} {targets[interp]:>5.1f}x", flush=True)


if __name__ == "__main__":
    main()
