#!/usr/bin/env python3
"""Do `edrcube eval` lookups through the public cubes of corpus.tsv equal OpenColorIO's, given
the same spaces?

Usage: scripts/space-words/ocio_lookups.py EDRCUBE [OWNER/NAME=GIT_DIR ...]

For each cube (taken as measure.py takes it: pinned, from a git directory, never copied), the
spaces are the ones `edrcube inspect --json` reports (for the stated cubes, those measure.py
checks against what a person read; for the others the assumed srgb rec709). A 5³ grid of
codes 0.1 … 0.9 of the cube's input domain, in its input encoding is decoded with colour-science 0.4.7 to linear
light, taken to linear Rec.709 (Bradford where the whites differ) and fed to `edrcube eval
--lut CUBE`; the reference encodes the same colour with colour-science, looks it up with
PyOpenColorIO's FileTransform (linear interpolation, or tetrahedral with --interp
tetrahedral on both), decodes the output with colour-science and takes it to Rec.709.
Also the plain lookup: `eval --lut-space raw` on the codes against the FileTransform alone.
Prints, per split, the largest difference over all cubes of each kind, and the cubes whose
curve the script has no reference for.
"""
import json, subprocess, sys, tempfile, warnings

warnings.filterwarnings("ignore")
import colour
import numpy as np
import PyOpenColorIO as ocio

import corpus

W = 203.0
CURVES = {
    # Sign-mirrored, as docs/semantics.md §1 extends them.
    "srgb": (lambda x: np.sign(x) * colour.models.eotf_inverse_sRGB(np.abs(x)),
             lambda y: np.sign(y) * colour.models.eotf_sRGB(np.abs(y))),
    "bt1886": (lambda x: np.sign(x) * np.abs(x) ** (1 / 2.4), lambda y: np.sign(y) * np.abs(y) ** 2.4),
    "linear": (lambda x: x, lambda y: y),
    "logc3": (colour.models.log_encoding_ARRILogC3, colour.models.log_decoding_ARRILogC3),
    "vlog": (colour.models.log_encoding_VLog, colour.models.log_decoding_VLog),
    "slog3": (colour.models.log_encoding_SLog3, colour.models.log_decoding_SLog3),
    "cineon": (colour.models.log_encoding_Cineon, colour.models.log_decoding_Cineon),
    "lg2": (lambda x: (np.log2(x) + 12.47393) / 25, lambda y: 2 ** (25 * y - 12.47393)),
    "pq": (lambda x: colour.models.eotf_inverse_ST2084(np.maximum(x, 0) * W),
           lambda y: colour.models.eotf_ST2084(y) / W),
}
PRIMARIES = {
    "rec709": "ITU-R BT.709", "rec2020": "ITU-R BT.2020", "p3": "P3-D65", "awg3": "ARRI Wide Gamut 3",
    "vgamut": "V-Gamut", "egamut": "FilmLight E-Gamut", "sgamut3cine": "S-Gamut3.Cine",
}


def matrix(a, b):
    return colour.matrix_RGB_to_RGB(
        colour.RGB_COLOURSPACES[PRIMARIES[a]], colour.RGB_COLOURSPACES[PRIMARIES[b]], "Bradford")


def eval_cube(edrcube, path, rows, extra):
    text = "".join(f"{r[0]!r} {r[1]!r} {r[2]!r}\n" for r in rows)
    r = subprocess.run([edrcube, "eval", "--lut", path, *extra], input=text, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip())
    return np.array([[float(v) for v in l.split()] for l in r.stdout.splitlines() if l.strip()])


def main():
    edrcube = sys.argv[1]
    gits = dict(a.split("=", 1) for a in sys.argv[2:] if "=" in a)
    grid = np.array(np.meshgrid(*[np.linspace(0.1, 0.9, 5)] * 3, indexing="ij")).reshape(3, -1).T[:, ::-1]
    stats = {}
    with tempfile.TemporaryDirectory() as tmp:
        for split, path, _, file in corpus.files(gits, tmp):
            s = stats.setdefault(split, {"cubes": 0, "spaces": 0.0, "raw": 0.0, "skipped": [], "worst": ""})
            if file is None:
                continue
            info = json.loads(subprocess.run([edrcube, "inspect", "--json", file],
                                             capture_output=True, text=True).stdout)
            ins, outs = info["space"], info["outputSpace"]
            transform = ocio.FileTransform(src=file, interpolation=ocio.INTERP_LINEAR)
            try:
                cpu = ocio.GetCurrentConfig().getProcessor(transform).getDefaultCPUProcessor()
            except Exception as e:
                s["skipped"].append(f"{path}: OpenColorIO refuses it ({str(e).splitlines()[-1][:90]}…)")
                continue
            lo, hi = np.array(info["domainMin"]), np.array(info["domainMax"])
            if ins["transfer"] in ("srgb", "bt1886"):
                # Above SDR white the highlight policy (docs/semantics.md §4) is EDRCube's own,
                # not a lookup: compare where the input is SDR.
                lo, hi = np.maximum(lo, 0), np.minimum(hi, 1)
            codes = lo + grid * (hi - lo)
            looked = np.array([cpu.applyRGB([float(v) for v in c]) for c in codes])
            s["cubes"] += 1
            raw = eval_cube(edrcube, file, codes, ["--lut-space", "raw"])
            d = float(np.abs(raw - looked).max())
            s["raw"] = max(s["raw"], d)
            if d > 1e-5:
                s["skipped"].append(f"{path}: raw lookup differs by {d:.3g}")
            if ins["transfer"] not in CURVES or outs["transfer"] not in CURVES \
                    or ins["primaries"] not in PRIMARIES or outs["primaries"] not in PRIMARIES:
                s["skipped"].append(f"{path}: {ins['transfer']} {ins['primaries']} -> "
                                    f"{outs['transfer']} {outs['primaries']} (no reference)")
                continue
            linear = CURVES[ins["transfer"]][1](codes) @ matrix(ins["primaries"], "rec709").T
            expected = CURVES[outs["transfer"]][1](looked) @ matrix(outs["primaries"], "rec709").T
            got = eval_cube(edrcube, file, linear, [])
            # Relative to the colour's size (its largest component, at least 1): a V-Log or
            # LogC output decodes to 40× white, next to components near 0.
            scale = np.maximum(1, np.abs(expected).max(axis=1, keepdims=True))
            d = float((np.abs(got - expected) / scale).max())
            if d > 1e-4:
                k = np.unravel_index(np.argmax(np.abs(got - expected) / scale), got.shape)[0]
                s["skipped"].append(f"{path}: with spaces differs by {d:.3g} (code {codes[k]}, "
                                    f"lookup {looked[k]}, got {got[k]}, expected {expected[k]})")
            if d > s["spaces"]:
                s["spaces"], s["worst"] = d, path
    for split, s in stats.items():
        print(f"{split}: {s['cubes']} cubes; raw lookups vs OpenColorIO max |diff| {s['raw']:.2e}; "
              f"with the spaces inspect reports, max |diff| / max(1, largest |ref| component) {s['spaces']:.2e} ({s['worst']})")
        for k in s["skipped"]:
            print("  skipped: " + k)


main()
