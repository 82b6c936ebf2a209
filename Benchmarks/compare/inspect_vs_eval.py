#!/usr/bin/env python3
"""`edrcube inspect` against `edrcube eval` and OpenColorIO loading the same cube, same run.

    python3 Benchmarks/compare/inspect_vs_eval.py [--edrcube .build/release/edrcube]
        [--sizes 65 129] [--repeats 5]

For each size it generates a look cube (`edrcube generate look`), then alternates whole-process
runs of `inspect CUBE`, `eval --lut CUBE` (empty input: it reads the cube and exits) and a
Python process that builds OpenColorIO's CPU processor for the cube, and prints the median
CPU seconds (user + system, the kernel's accounting of the finished child: robust on a busy
machine) and wall seconds of each, and the ratios inspect/eval pair by pair. The target
(issue 35) is inspect ≤ 2× eval.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

OCIO_LOAD = (
    "import sys, PyOpenColorIO as o; "
    "o.Config.CreateRaw().getProcessor(o.FileTransform(src=sys.argv[1], "
    "interpolation=o.INTERP_LINEAR)).getDefaultCPUProcessor()")


def timed(command):
    """CPU (user + system) and wall seconds of one run of `command`."""
    start = time.monotonic()
    with open(os.devnull, "wb") as null:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=null, stderr=null)
        _, status, usage = os.wait4(process.pid, 0)
    wall = time.monotonic() - start
    if status != 0:
        sys.exit(f"failed ({status}): {' '.join(command)}")
    return usage.ru_utime + usage.ru_stime, wall


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--edrcube", default=".build/release/edrcube")
    parser.add_argument("--sizes", type=int, nargs="+", default=[65, 129])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    edrcube = os.path.abspath(args.edrcube)
    with tempfile.TemporaryDirectory() as folder:
        for size in args.sizes:
            cube = os.path.join(folder, f"look{size}.cube")
            subprocess.run(
                [edrcube, "generate", "look", "--contrast", "1.2", "--saturation", "1.1",
                 "--exposure", "0.3", "--size", str(size), "-o", cube], check=True,
                capture_output=True)
            commands = {
                "inspect": [edrcube, "inspect", cube],
                "eval": [edrcube, "eval", "--lut", cube],
                "OpenColorIO load": [sys.executable, "-c", OCIO_LOAD, cube],
            }
            runs = {name: [] for name in commands}
            for _ in range(args.repeats):
                for name, command in commands.items():
                    runs[name].append(timed(command))
            ratios = [i[0] / e[0] for i, e in zip(runs["inspect"], runs["eval"])]
            print(f"{size}³ ({os.path.getsize(cube) / 1e6:.1f} MB), {args.repeats} runs, median:")
            for name, values in runs.items():
                cpu = statistics.median(v[0] for v in values)
                wall = statistics.median(v[1] for v in values)
                print(f"  {name:17} cpu {cpu:7.3f} s   wall {wall:7.3f} s")
            print(f"  inspect/eval cpu  {statistics.median(ratios):.2f} "
                  f"(min {min(ratios):.2f}, max {max(ratios):.2f})")


if __name__ == "__main__":
    main()
