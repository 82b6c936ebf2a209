#!/usr/bin/env python3
"""Times the edrcube wheel against PyOpenColorIO and colour-science from Python.

The same 33^3 cube (luts/warm_sdr.cube) on the same 3840x2160 float32 frame (smooth gradients
plus noise, about 10 % of values outside 0..1), one thread, trilinear, one timed run each
after one untimed warm-up (colour-science: no warm-up, one run), in one process:

* edrcube HxWx3 / HxWx4: ``lut.transform(lut_space="raw").apply(frame, threads=1, out=frame)``
  in place (linear extrapolation outside the domain), and the default EDR application
  (srgb cube on linear EDR, rising-maxrgb) for reference;
* PyOpenColorIO: FileTransform(cube, INTERP_LINEAR) in a raw config, the default CPU
  processor, ``applyRGB`` on HxWx3 and ``applyRGBA`` on HxWx4, in place (clamps at the domain);
* colour-science: ``read_LUT(cube).apply(frame)`` (LUT3D, trilinear, float64 inside).

Every figure is Mpix/s; ratios are edrcube / other. The machine may be shared: the load
average is printed with the results.

With --repeats N the edrcube and OCIO rows run N rounds, alternating (edrcube, OCIO, ...),
and each figure is the median, so load on a shared machine hits both alike.

Usage: python3 Benchmarks/compare/python_wheel.py [--no-colour] [--repeats N]
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


def make_frame(channels):
    rng = np.random.default_rng(42)
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


def timed(work, frame, warm=True):
    """Mpix/s of work(frame copy), one run after one untimed warm-up."""
    if warm:
        work(frame.copy())
    data = frame.copy()
    start = time.perf_counter()
    work(data)
    return WIDTH * HEIGHT / (time.perf_counter() - start) / 1e6


def ocio_processor():
    config = OCIO.Config.CreateRaw()
    transform = OCIO.FileTransform(src=CUBE, interpolation=OCIO.INTERP_LINEAR)
    return config.getProcessor(transform).getDefaultCPUProcessor()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-colour", action="store_true", help="skip colour-science (slow)")
    parser.add_argument("--repeats", type=int, default=1, help="rounds; figures are medians")
    args = parser.parse_args()
    lut = edrcube.read_lut(CUBE)
    raw = lut.transform(lut_space="raw")
    edr = lut.transform()
    cpu = ocio_processor()
    rgb, rgba = make_frame(3), make_frame(4)
    work = {
        "edrcube raw HxWx3": (lambda f: raw.apply(f, threads=1, out=f), rgb),
        "OCIO applyRGB HxWx3": (cpu.applyRGB, rgb),
        "edrcube raw HxWx4": (lambda f: raw.apply(f, threads=1, out=f), rgba),
        "OCIO applyRGBA HxWx4": (cpu.applyRGBA, rgba),
        "edrcube EDR policy HxWx3": (lambda f: edr.apply(f, threads=1, out=f), rgb),
    }
    rounds = [{name: timed(*job) for name, job in work.items()} for _ in range(args.repeats)]
    rows = {name: statistics.median(r[name] for r in rounds) for name in work}
    if not args.no_colour:
        import colour

        table = colour.read_LUT(CUBE)
        rows["colour-science HxWx3"] = timed(table.apply, rgb, warm=False)
    for name, rate in rows.items():
        print(f"{name:28s} {rate:8.1f} Mpix/s")
    print(f"ratio edrcube/OCIO HxWx3 {rows['edrcube raw HxWx3'] / rows['OCIO applyRGB HxWx3']:.2f}x")
    print(f"ratio edrcube/OCIO HxWx4 {rows['edrcube raw HxWx4'] / rows['OCIO applyRGBA HxWx4']:.2f}x")
    if "colour-science HxWx3" in rows:
        ratio = rows["edrcube raw HxWx3"] / rows["colour-science HxWx3"]
        print(f"ratio edrcube/colour-science HxWx3 {ratio:.1f}x")
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
