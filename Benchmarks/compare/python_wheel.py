#!/usr/bin/env python3
"""Times the edrcube wheel against PyOpenColorIO and colour-science from Python.

The same 33^3 cube (luts/warm_sdr.cube) on the same 3840x2160 float32 frame (smooth gradients
plus noise, about 10 % of values outside 0..1, 12.5 % of pixels with a component below 0), one
thread, trilinear, one timed run each after one untimed warm-up (colour-science: no warm-up,
one run), in one process:

* edrcube HxWx3 / HxWx4: ``lut.transform(lut_space="raw").apply(frame, threads=1, out=frame)``
  in place with the default extrapolation (``bounded``: linear above the domain, its slope
  capped below it); the same with ``extrapolation="linear"`` and ``"clamp"``; and the default
  EDR application (srgb cube on linear EDR, rising-maxrgb) for reference;
* PyOpenColorIO: FileTransform(cube, INTERP_LINEAR) in a raw config, the default CPU
  processor, ``applyRGB`` on HxWx3 and ``applyRGBA`` on HxWx4, in place (clamps at the domain);
* colour-science: ``read_LUT(cube).apply(frame)`` (LUT3D, trilinear, float64 inside).

Every figure is Mpix/s; ratios are edrcube / other. The machine may be shared: the load
average is printed with the results.

With --repeats N the edrcube and OCIO rows run N rounds, alternating (edrcube, OCIO, ...),
and each figure is the median, so load on a shared machine hits both alike.

With --clock thread each run is timed by the calling thread's CPU time (time.thread_time)
instead of the wall clock: at one thread every row works on the calling thread (edrcube
with threads=1, OpenColorIO's CPU processor, numpy), so a shared machine's load, which
stretches the wall clock of whichever row it hits, drops out.

With --frame uniform the frame is uniform noise in [-0.1, 1.1] instead (23 % of pixels below
the domain); --size WxH changes its size (default 3840x2160).

Usage: python3 Benchmarks/compare/python_wheel.py [--no-colour] [--repeats N]
       [--frame gradient|uniform] [--size WxH] [--clock wall|thread]
(edrcube from the installed wheel, or EDRCUBE_LIB=.build/wheel/release/libEDRCubeC.so
PYTHONPATH=python)
"""
import argparse
import os
import statistics
import time

import numpy as np
import PyOpenColorIO as OCIO

import edrcube

WIDTH, HEIGHT = 3840, 2160
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CUBE = os.path.join(ROOT, "luts", "warm_sdr.cube")


def make_frame(channels, kind="gradient"):
    rng = np.random.default_rng(42)
    if kind == "uniform":
        frame = rng.uniform(-0.1, 1.1, (HEIGHT, WIDTH, channels)).astype(np.float32)
        if channels == 4:
            frame[..., 3] = 1
        return frame
    u = np.linspace(0, 1, WIDTH, endpoint=False, dtype=np.float32)[None, :]
    v = np.linspace(0, 1, HEIGHT, endpoint=False, dtype=np.float32)[:, None]
    noise = lambda: rng.uniform(-1, 1, (HEIGHT, WIDTH)).astype(np.float32)
    frame = np.empty((HEIGHT, WIDTH, channels), dtype=np.float32)
    frame[..., 0] = -0.1 + 1.3 * u + 0.05 * noise()
    frame[..., 1] = -0.05 + 1.2 * v + 0.05 * noise()
    frame[..., 2] = 0.6 * (u + v) + 0.3 * noise()
    if channels == 4:
        frame[..., 3] = 1
    return frame


CLOCK = time.perf_counter


def timed(work, frame, warm=True):
    """Mpix/s of work(frame copy), one run after one untimed warm-up."""
    if warm:
        work(frame.copy())
    data = frame.copy()
    start = CLOCK()
    work(data)
    return WIDTH * HEIGHT / (CLOCK() - start) / 1e6


def ocio_processor():
    config = OCIO.Config.CreateRaw()
    transform = OCIO.FileTransform(src=CUBE, interpolation=OCIO.INTERP_LINEAR)
    return config.getProcessor(transform).getDefaultCPUProcessor()


def main():
    global WIDTH, HEIGHT, CLOCK
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-colour", action="store_true", help="skip colour-science (slow)")
    parser.add_argument("--repeats", type=int, default=1, help="rounds; figures are medians")
    parser.add_argument("--frame", choices=["gradient", "uniform"], default="gradient",
                        help="gradients plus noise, or uniform noise in [-0.1, 1.1]")
    parser.add_argument("--size", default=f"{WIDTH}x{HEIGHT}", help="frame size WxH")
    parser.add_argument("--clock", choices=["wall", "thread"], default="wall",
                        help="time by the wall clock or by the calling thread's CPU time")
    args = parser.parse_args()
    CLOCK = time.thread_time if args.clock == "thread" else time.perf_counter
    WIDTH, HEIGHT = (int(v) for v in args.size.lower().split("x"))
    lut = edrcube.read_lut(CUBE)
    raw = lut.transform(lut_space="raw")
    linear = lut.transform(lut_space="raw", extrapolation="linear")
    clamp = lut.transform(lut_space="raw", extrapolation="clamp")
    edr = lut.transform()
    cpu = ocio_processor()
    rgb, rgba = make_frame(3, args.frame), make_frame(4, args.frame)
    below = float(np.mean((rgb < 0).any(axis=-1)))
    print(f"frame {args.frame} {WIDTH}x{HEIGHT}: {100 * below:.1f} % of pixels below the domain; "
          f"clock: {args.clock}")

    def run(transform):
        return lambda f: transform.apply(f, threads=1, out=f)

    work = {
        "edrcube raw HxWx3": (run(raw), rgb),
        "OCIO applyRGB HxWx3": (cpu.applyRGB, rgb),
        "edrcube raw HxWx4": (run(raw), rgba),
        "OCIO applyRGBA HxWx4": (cpu.applyRGBA, rgba),
        "edrcube raw linear HxWx3": (run(linear), rgb),
        "edrcube raw clamp HxWx3": (run(clamp), rgb),
        "edrcube raw linear HxWx4": (run(linear), rgba),
        "edrcube raw clamp HxWx4": (run(clamp), rgba),
        "edrcube EDR policy HxWx3": (run(edr), rgb),
    }
    rounds = [{name: timed(*job) for name, job in work.items()} for _ in range(args.repeats)]
    rows = {name: statistics.median(r[name] for r in rounds) for name in work}
    if not args.no_colour:
        import colour

        table = colour.read_LUT(CUBE)
        rows["colour-science HxWx3"] = timed(table.apply, rgb, warm=False)
    spread = {name: (min(r[name] for r in rounds), max(r[name] for r in rounds)) for name in work}
    for name, rate in rows.items():
        low, high = spread.get(name, (rate, rate))
        print(f"{name:28s} {rate:8.1f} Mpix/s  (min {low:.1f}, max {high:.1f})")
    print(f"ratio edrcube/OCIO HxWx3 {rows['edrcube raw HxWx3'] / rows['OCIO applyRGB HxWx3']:.2f}x")
    print(f"ratio edrcube/OCIO HxWx4 {rows['edrcube raw HxWx4'] / rows['OCIO applyRGBA HxWx4']:.2f}x")
    for layout, peer in (("HxWx3", "OCIO applyRGB HxWx3"), ("HxWx4", "OCIO applyRGBA HxWx4")):
        ratios = [r[f"edrcube raw {layout}"] / r[peer] for r in rounds]
        print(f"ratio edrcube/OCIO {layout} per round: min {min(ratios):.2f}x, "
              f"median {statistics.median(ratios):.2f}x")
        for mode in ("linear", "clamp"):
            ratio = rows[f"edrcube raw {layout}"] / rows[f"edrcube raw {mode} {layout}"]
            print(f"ratio bounded/{mode} {layout} {ratio:.2f}x")
    if "colour-science HxWx3" in rows:
        ratio = rows["edrcube raw HxWx3"] / rows["colour-science HxWx3"]
        print(f"ratio edrcube/colour-science HxWx3 {ratio:.1f}x")
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
