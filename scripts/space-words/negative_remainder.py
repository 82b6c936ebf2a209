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
"""
import json, os, subprocess, sys, tempfile

import corpus

COLOUR = "0.8 -0.07 0.56\n"
REMAINDER = 0.07


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
            found.setdefault(split, []).append((d, identity, path, a, b))
    for split, rows in found.items():
        rows.sort(reverse=True)
        looks = [r for r in rows if not r[1]]
        print(f"{split}: {len(rows)} cubes ({len(rows) - len(looks)} identities, at most "
              f"{max([r[0] for r in rows if r[1]], default=0):.4f}); of the {len(looks)} others "
              f"{sum(r[0] > 0.05 for r in looks)} beyond 0.05, "
              f"{sum(r[0] > REMAINDER + 1e-4 for r in looks)} beyond the remainder {REMAINDER}")
        for d, identity, path, a, b in rows[:10]:
            tag = " (identity)" if identity else ""
            print(f"  {d:.4f} {path}{tag}: bounded {a}, clamp {b}")


main()
