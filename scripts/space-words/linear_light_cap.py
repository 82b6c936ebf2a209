#!/usr/bin/env python3
"""What the proposed linear-light cap (docs/semantics.md §3, not built) would give at issue 35's
colour (0.8, −0.07, 0.56) through the SDR cubes of luts/ and corpus.tsv.

Usage: scripts/space-words/linear_light_cap.py EDRCUBE [OWNER/NAME=GIT_DIR ...]

For each cube that `inspect` reads as srgb or bt1886 in and out, Rec.709: the probes of the
`bounded` rule (the clamped colour c, c with green at its own code, c with green at 1) looked up
raw under `--extrapolation linear`, decoded to linear light; the step from c is scaled down
where it exceeds max(1, the linear gain across the domain) × the linear remainder 0.07, and the
largest channel difference from the clamped lookup is printed beside today's (`eval` default
against `--extrapolation clamp`).
"""
import json, os, subprocess, sys, tempfile

import corpus

X = (0.8, -0.07, 0.56)
CURVES = {
    "srgb": (lambda x: 12.92 * x if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055,
             lambda y: y / 12.92 if y <= 0.04045 else ((y + 0.055) / 1.055) ** 2.4),
    "bt1886": (lambda x: x ** (1 / 2.4), lambda y: y ** 2.4),
}


def mirrored(f, v):
    return -f(-v) if v < 0 else f(v)


def lookup(edrcube, file, rows, extra):
    r = subprocess.run([edrcube, "eval", "--lut", file, *extra],
                       input="".join(" ".join(map(str, p)) + "\n" for p in rows),
                       capture_output=True, text=True)
    v = [float(t) for t in r.stdout.split()] if r.returncode == 0 else []
    return [v[3 * i:3 * i + 3] for i in range(len(rows))] if len(v) == 3 * len(rows) else None


def main():
    edrcube = sys.argv[1]
    gits = dict(a.split("=", 1) for a in sys.argv[2:] if "=" in a)
    luts = os.path.join(corpus.ROOT, "luts")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        bundled = [("bundled", f, "-", os.path.join(luts, f)) for f in sorted(os.listdir(luts))
                   if f.endswith(".cube")]
        for split, path, _, file in bundled + list(corpus.files(gits, tmp)):
            if file is None:
                continue
            info = json.loads(subprocess.run([edrcube, "inspect", "--json", file], capture_output=True,
                                             text=True).stdout or "{}")
            space = info.get("space", {})
            out = info.get("outputSpace") or space
            t = space.get("transfer")
            if (t not in CURVES or out.get("transfer") != t or info.get("inputVideoRange")
                    or {space.get("primaries"), out.get("primaries")} != {"rec709"}
                    or info.get("domainMin") != [0, 0, 0] or info.get("domainMax") != [1, 1, 1]):
                continue
            encode, decode = CURVES[t]
            s = [mirrored(encode, v) for v in X]
            c, high = [s[0], 0.0, s[2]], [s[0], 1.0, s[2]]
            probes = lookup(edrcube, file, [c, s, high], ["--lut-space", "raw", "--extrapolation", "linear"])
            today = lookup(edrcube, file, [X], []), lookup(edrcube, file, [X], ["--extrapolation", "clamp"])
            if probes is None or None in today:
                continue
            base, end, across = ([mirrored(decode, v) for v in p] for p in probes)
            step = [e - b for e, b in zip(end, base)]
            cap = max(1.0, max(abs(a - b) for a, b in zip(across, base)))
            slope = max(map(abs, step)) / 0.07
            if slope > cap:
                step = [v * cap / slope for v in step]
            now = max(abs(a - b) for a, b in zip(*(v[0] for v in today)))
            rows.append((split, max(map(abs, step)), now, info.get("isIdentity") is True, path))
    for split in dict.fromkeys(r[0] for r in rows):
        mine = sorted((r for r in rows if r[0] == split), key=lambda r: -r[1])
        looks = [r for r in mine if not r[3]]
        print(f"{split}: {len(mine)} SDR cubes ({len(mine) - len(looks)} identities); of the others, "
              f"linear-light cap: {sum(r[1] > 0.05 for r in looks)} beyond 0.05, "
              f"{sum(r[1] > 0.0701 for r in looks)} beyond 0.07; today: "
              f"{sum(r[2] > 0.05 for r in looks)} / {sum(r[2] > 0.0701 for r in looks)}")
        for _, d, now, identity, path in mine[:6]:
            print(f"  {d:.4f} (today {now:.4f}) {path}{' (identity)' if identity else ''}")


main()
