#!/usr/bin/env python3
"""How far issue 35's out-of-gamut colour (0.8, −0.07, 0.56) lands from the clamped lookup
through every public cube of corpus.tsv and every bundled SDR look (docs/semantics.md §3).

Usage: scripts/space-words/negative_remainder.py EDRCUBE [OWNER/NAME=GIT_DIR ...]

For each SDR cube (input srgb or bt1886 as `inspect` reads it): `edrcube eval` of the colour
(linear Rec.709) under the default extrapolation (bounded) and under `--extrapolation clamp`,
the largest channel difference, and the cube's green slope near black (the lookup's output
difference between G code 0 and 1/32 with R, B at the colour's codes, × 32): bounded carries
the negative remainder through at that slope, capped at max(1, gain), so the difference is
about slope × 0.07 in code, decoded. Prints the cubes by split, largest difference first.
"""
import json, os, subprocess, sys, tempfile

import corpus

COLOUR = "0.8 -0.07 0.56\n"


def value(edrcube, file, extra):
    r = subprocess.run([edrcube, "eval", "--lut", file, *extra], input=COLOUR, capture_output=True, text=True)
    return [float(v) for v in r.stdout.split()] if r.returncode == 0 else None


def main():
    edrcube = sys.argv[1]
    gits = dict(a.split("=", 1) for a in sys.argv[2:] if "=" in a)
    luts = os.path.join(corpus.ROOT, "luts")
    found = {}
    with tempfile.TemporaryDirectory() as tmp:
        bundled = [("bundled", f, "-", os.path.join(luts, f)) for f in sorted(os.listdir(luts))
                   if f.endswith("_sdr.cube")]
        for split, path, _, file in bundled + list(corpus.files(gits, tmp)):
            if file is None:
                continue
            info = json.loads(subprocess.run([edrcube, "inspect", "--json", file], capture_output=True,
                                             text=True).stdout or "{}")
            if info.get("space", {}).get("transfer") not in ("srgb", "bt1886"):
                continue
            a, b = value(edrcube, file, []), value(edrcube, file, ["--extrapolation", "clamp"])
            if a is None or b is None:
                continue
            d = max(abs(x - y) for x, y in zip(a, b))
            found.setdefault(split, []).append((d, path, a, b))
    for split, rows in found.items():
        rows.sort(reverse=True)
        over = sum(1 for r in rows if r[0] > 0.05)
        print(f"{split}: {len(rows)} SDR cubes, {over} beyond 0.05 of the clamped lookup")
        for d, path, a, b in rows[:8]:
            print(f"  {d:.4f} {path}: bounded {a}, clamp {b}")


main()
