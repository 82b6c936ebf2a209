#!/usr/bin/env python3
"""How far issue 35's out-of-gamut colour (0.8, −0.07, 0.56) lands from the clamped lookup
through every bundled cube of luts/ and every public cube of corpus.tsv (docs/semantics.md §3).

Usage: scripts/space-words/negative_remainder.py EDRCUBE [OWNER/NAME=GIT_DIR ...]

For each cube whose default extrapolation is `bounded` (every input curve but pq and hlg, as
`inspect` reads it): `edrcube eval` of the colour (linear Rec.709) under the default and under
`--extrapolation clamp`, and the largest channel difference. Identities (`inspect`'s
"identity yes") are counted apart: an identity returns its input, so it lands the whole
remainder 0.07 from the clamped 0. Prints per split the cubes beyond 0.05 and beyond the
remainder (0.07), identities apart, largest difference first.

Also the issue's other figure, a wide-gamut image's minimum: a Rec.2020 grid (levels 0, 0.05,
0.3, 1, 2.5, 4 per channel: 216 colours up to 4× white, minimum −2.64 as Rec.709) through each
cube under the default, the cubes whose output minimum falls below the input's minus 0.1, and
of those the ones where the extrapolation does it (0.1 below the `--extrapolation clamp`
minimum too; a look that makes a bright wide-gamut colour brighter does it inside the domain).
"""
import json, os, subprocess, sys, tempfile

import corpus

COLOUR = "0.8 -0.07 0.56\n"
REMAINDER = 0.07
# BT.2020 → BT.709 (both D65), as ColorMath's Matrix3x3.rgbToRGB gives it.
TO_709 = [[1.660491, -0.587641, -0.072850], [-0.124550, 1.132900, -0.008349],
          [-0.018151, -0.100579, 1.118730]]
LEVELS = [0, 0.05, 0.3, 1, 2.5, 4.0]
GRID = [[sum(m * v for m, v in zip(row, (r, g, b))) for row in TO_709]
        for r in LEVELS for g in LEVELS for b in LEVELS]
GRID_MIN = min(min(c) for c in GRID)


def value(edrcube, file, extra, colours=COLOUR):
    r = subprocess.run([edrcube, "eval", "--lut", file, *extra], input=colours, capture_output=True, text=True)
    return [float(v) for v in r.stdout.split()] if r.returncode == 0 else None


def grid_minimum(edrcube, file):
    """The grid's output minimum under the default, and under `--extrapolation clamp`."""
    rows = "".join(f"{r} {g} {b}\n" for r, g, b in GRID)
    out = [value(edrcube, file, extra, rows) for extra in ([], ["--extrapolation", "clamp"])]
    return None if None in out else tuple(min(v) for v in out)


def main():
    edrcube = sys.argv[1]
    gits = dict(a.split("=", 1) for a in sys.argv[2:] if "=" in a)
    luts = os.path.join(corpus.ROOT, "luts")
    found = {}
    with tempfile.TemporaryDirectory() as tmp:
        bundled = [("bundled", f, "-", os.path.join(luts, f)) for f in sorted(os.listdir(luts))
                   if f.endswith(".cube")]
        for split, path, _, file in bundled + list(corpus.files(gits, tmp)):
            if file is None:
                continue
            info = json.loads(subprocess.run([edrcube, "inspect", "--json", file], capture_output=True,
                                             text=True).stdout or "{}")
            if info.get("space", {}).get("transfer", "pq") in ("pq", "hlg"):
                continue
            a, b = value(edrcube, file, []), value(edrcube, file, ["--extrapolation", "clamp"])
            if a is None or b is None:
                continue
            d = max(abs(x - y) for x, y in zip(a, b))
            identity = info.get("isIdentity") is True
            found.setdefault(split, []).append((d, identity, path, a, b, grid_minimum(edrcube, file)))
    for split, rows in found.items():
        rows.sort(reverse=True)
        looks = [r for r in rows if not r[1]]
        print(f"{split}: {len(rows)} cubes ({len(rows) - len(looks)} identities, at most "
              f"{max([r[0] for r in rows if r[1]], default=0):.4f}); of the {len(looks)} others "
              f"{sum(r[0] > 0.05 for r in looks)} beyond 0.05, "
              f"{sum(r[0] > REMAINDER + 1e-4 for r in looks)} beyond the remainder {REMAINDER}")
        low = sorted((r[5], r[2]) for r in rows if r[5] is not None and r[5][0] < GRID_MIN - 0.1)
        mine = [(m, p) for m, p in low if m[0] < min(m[1], GRID_MIN) - 0.1]
        print(f"  wide-gamut grid (minimum {GRID_MIN:.3f}): {len(low)} of {len(rows)} cubes below "
              f"{GRID_MIN - 0.1:.3f}, {len(mine)} of them also 0.1 below the clamped lookup's minimum"
              + "".join(f"\n    {m[0]:.3f} (clamp {m[1]:.3f}) {p}" for m, p in (mine or low)[:6]))
        for d, identity, path, a, b, _ in rows[:10]:
            tag = " (identity)" if identity else ""
            print(f"  {d:.4f} {path}{tag}: bounded {a}, clamp {b}")


main()
