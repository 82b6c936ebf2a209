#!/usr/bin/env python3
"""Grades every file of the public OpenEXR sample images with `edrcube apply` and checks the
result with readers that are not EDRCube's: the OpenEXR Python wheel (every part, channel,
sample and header attribute) and OpenImageIO (every mip/rip level).

Opt-in, not run in CI. It needs a checkout of
https://github.com/AcademySoftwareFoundation/openexr-images at commit
e38ffb0790f62f05a6f083a6fa4cac150b3b7452 (the real files, not Git LFS pointers), a built
`edrcube`, and `pip install OpenEXR OpenImageIO numpy`:

    git clone https://github.com/AcademySoftwareFoundation/openexr-images /tmp/openexr-images
    git -C /tmp/openexr-images checkout e38ffb0790f62f05a6f083a6fa4cac150b3b7452
    swift build -c release
    python3 scripts/exr-samples/check.py /tmp/openexr-images --edrcube .build/release/edrcube

Each file is graded twice, `--lut-space raw --alpha straight` (no colour conversion, no
division by alpha, so the expected result is exact):
  1. with an identity cube: every part, channel, level and attribute must come back as the
     wheel reads it from the input, bit for bit (NaN where NaN), except that non-finite
     colour goes where docs/semantics.md §3 says (NaN and −∞ to 0, +∞ to 1);
  2. with a cube that doubles R, G and B: every colour channel (R, G, B of every layer and
     view, and luminance Y) must double (NaN and −∞ to 0, +∞ to 2), every other channel
     (alpha, depth, chroma RY/BY, …) must stay as it was.
Luminance/chroma files (Y, with RY and BY subsampled 2×2) are graded as the RGB OpenEXR's
RgbaInputFile reconstructs and written as half R, G, B, so they are checked differently, with
OpenEXR's definitions (RY = (R − Y) / Y, BY = (B − Y) / Y, Y the chromaticities' luminance
weights · RGB), no reader that reconstructs chroma being at hand (OpenImageIO 3.2 refuses
subsampled channels): every attribute but `channels` unchanged; with the identity cube every
pixel's weights · RGB within half rounding of the file's Y, and at the chroma samples' pixels
(R − Y) / Y and (B − Y) / Y within 2 % of the file's RY and BY for 99 % of them (the
reconstruction's saturation fix moves the rest); with the doubling cube, R, G, B exactly twice
the identity run's. Where the compression is lossy, those checks are made on a third,
lossless run (`--compression piz`), and the identity run must be within the wheel's encoder's
loss of it (and the doubling run of twice the identity run's).
Where a part's compression is lossy (B44, B44A, DWAA, DWAB, PXR24) the graded channels are
re-encoded, so a colour channel that is not exact passes when it is within the loss the
wheel's own encoder has on the exact result (reported). A file is "graded whole" when both hold, "refused" when `apply` exits non-zero (the reason is
its message), and "silently wrong" when `apply` succeeds but a check fails.

The corpus is split by folder into a development half and a held-out half (alternate folders
in sorted order), reported separately. Exit status: 1 if any file is silently wrong.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import OpenEXR

PINNED = "e38ffb0790f62f05a6f083a6fa4cac150b3b7452"
IDENTITY = "LUT_3D_SIZE 2\n" + "".join(
    f"{r} {g} {b}\n" for b in (0, 1) for g in (0, 1) for r in (0, 1)
)
DOUBLE = "LUT_3D_SIZE 2\n" + "".join(
    f"{2 * r} {2 * g} {2 * b}\n" for b in (0, 1) for g in (0, 1) for r in (0, 1)
)
COLOUR = {"R", "G", "B", "Y"}
SCALE = {"identity": 1, "double": 2}
LOSSY_PASSES = set()  # channels that matched only within the codec's loss (for the report)


def exr_files(root):
    """Every .exr under `root` (sorted), and the real ones among them (not LFS pointers)."""
    found = []
    for folder, _, names in os.walk(root):
        if ".git" in folder.split(os.sep):
            continue
        found += [os.path.join(folder, n) for n in names if n.endswith(".exr")]
    return sorted(found)


def is_real_exr(path):
    with open(path, "rb") as f:
        return f.read(4) == b"v/1\x01"


def halves(root, files):
    """Folder → "dev" or "held-out": alternate top-level folders in sorted order."""
    folders = sorted({os.path.relpath(f, root).split(os.sep)[0] for f in files})
    return {name: ("dev" if i % 2 == 0 else "held-out") for i, name in enumerate(folders)}


LOSSY = {"B44_COMPRESSION", "B44A_COMPRESSION", "DWAA_COMPRESSION", "DWAB_COMPRESSION",
         "PXR24_COMPRESSION"}


def read_wheel(path):
    """Per part: header (attribute → repr), channel → samples (as stored), and whether its
    compression is lossy."""
    parts = []
    for part in OpenEXR.File(path, separate_channels=True).parts:
        header = {k: repr(v) for k, v in part.header.items()}
        lossy = part.header["compression"].name in LOSSY
        compression = part.header["compression"] if lossy else None
        parts.append((header, {k: v.pixels for k, v in part.channels.items()}, compression))
    return parts


def codec_loss(channels, compression, scale):
    """Channel → the largest |decoded − exact| when the exact grade of `channels` is encoded
    with `compression` by the wheel (the codec's own loss on this image)."""
    exact = {}
    for name, pixels in channels.items():
        if base(name) in COLOUR and pixels.dtype != np.uint32:
            wide = pixels.astype(np.float64)
            wide[np.isnan(wide) | (wide == -np.inf)] = 0
            wide[wide == np.inf] = 1
            with np.errstate(over="ignore"):
                exact[name] = (wide * scale).astype(pixels.dtype)
        else:
            exact[name] = pixels
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "loss.exr")
        OpenEXR.File({"compression": compression, "type": OpenEXR.scanlineimage},
                     {k: OpenEXR.Channel(k, v) for k, v in exact.items()}).write(path)
        back = OpenEXR.File(path, separate_channels=True).parts[0].channels
    loss = {}
    for name in exact:
        with np.errstate(invalid="ignore"):
            d = np.abs(back[name].pixels.astype(np.float64) - exact[name].astype(np.float64))
        loss[name] = (exact[name], float(np.nanmax(d)) if d.size else 0.0)
    return loss


def within_loss(expected_and_loss, after):
    """|after − exact| no larger than the reference codec's loss, NaN where NaN."""
    exact, loss = expected_and_loss
    a, b = exact.astype(np.float64), after.astype(np.float64)
    if a.shape != b.shape or not np.array_equal(np.isnan(a), np.isnan(b)):
        return False
    finite = np.isfinite(a)
    return bool(np.array_equal(a[~finite], b[~finite])
                and np.all(np.abs(a[finite] - b[finite]) <= loss))


def read_levels(path):
    """Every (subimage, level ≥ 1) OpenImageIO reads, as float arrays; {} if it cannot open."""
    import OpenImageIO as oiio

    levels = {}
    image = oiio.ImageInput.open(path)
    if image is None:
        oiio.geterror()
        return levels
    subimage = 0
    while image.seek_subimage(subimage, 0):
        level = 1
        while image.seek_subimage(subimage, level):
            levels[(subimage, level)] = (list(image.spec().channelnames), image.read_image("float"))
            level += 1
        subimage += 1
    image.close()
    return levels


def same(a, b):
    """Equal bit for bit, NaN where NaN (any NaN payload)."""
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    nan_a, nan_b = np.isnan(a.astype(np.float64)), np.isnan(b.astype(np.float64))
    return bool(np.array_equal(nan_a, nan_b) and np.array_equal(a[~nan_a], b[~nan_b]))


def graded(before, after, scale):
    """`after` is `scale` × `before` in the stored type (overflow to ±inf allowed), with
    non-finite input where docs/semantics.md §3 puts it: NaN and −∞ at the cube's lower edge
    (0), +∞ at its upper edge (1 × scale)."""
    wide = before.astype(np.float64)
    wide[np.isnan(wide) | (wide == -np.inf)] = 0
    wide[wide == np.inf] = 1
    with np.errstate(over="ignore"):  # beyond the type's range is ±inf, as in the output
        expected = (wide * scale).astype(before.dtype)
    return same(expected, after)


def base(name):
    return name.rsplit(".", 1)[-1]


def compare(before, after, mode, levels_before, levels_after):
    """The differences between the input and the output, as short texts (empty: all as
    expected)."""
    problems = []
    if len(before) != len(after):
        return [f"{len(before)} parts in, {len(after)} out"]
    for index, ((h_in, c_in, lossy), (h_out, c_out, _)) in enumerate(zip(before, after)):
        loss = None
        for key in sorted(set(h_in) | set(h_out)):
            if h_in.get(key) != h_out.get(key):
                problems.append(f"part {index} attribute {key} differs")
        for name in sorted(set(c_in) | set(c_out)):
            if name not in c_in or name not in c_out:
                problems.append(f"part {index} channel {name} missing on one side")
                continue
            grade = base(name) in COLOUR
            ok = graded(c_in[name], c_out[name], SCALE[mode]) if grade else same(
                c_in[name], c_out[name])
            if not ok and grade and lossy is not None:
                # A lossy codec re-encodes the graded pixels: within its own loss is right.
                loss = loss or codec_loss(c_in, lossy, SCALE[mode])
                ok = within_loss(loss[name], c_out[name])
                if ok:
                    LOSSY_PASSES.add(f"part {index} channel {name}")
            if not ok:
                problems.append(f"part {index} channel {name} {'not graded' if grade else 'changed'}")
    for key in sorted(set(levels_before) | set(levels_after)):
        if key not in levels_before or key not in levels_after:
            problems.append(f"level {key} missing on one side")
            continue
        names, a = levels_before[key]
        _, b = levels_after[key]
        for c, name in enumerate(names):
            grade = base(name) in COLOUR
            ok = graded(a[..., c], b[..., c], SCALE[mode]) if grade else same(a[..., c], b[..., c])
            if not ok:
                problems.append(f"level {key} channel {name} {'not graded' if grade else 'changed'}")
    return problems


def grade(edrcube, path, cube, output, extra=()):
    run = subprocess.run(
        [edrcube, "apply", path, "--lut", cube, "--lut-space", "raw", "--alpha", "straight",
         "-o", output, "--quiet", *extra],
        capture_output=True, text=True,
    )
    lines = run.stderr.strip().splitlines()
    errors = [line for line in lines if ": error: " in line and not line.startswith("edrcube:")]
    return run.returncode, (errors or lines or [""])[0]


def is_luminance_chroma(channels):
    return "Y" in channels and "RY" in channels and "BY" in channels and "R" not in channels


def luminance_weights(header):
    """The Y row of the RGB → XYZ matrix of the part's chromaticities (Rec.709 without)."""
    c = header.get("chromaticities", (0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290))
    xy = np.array(c, np.float64).reshape(4, 2)
    primaries = np.array([[x, y, 1 - x - y] for x, y in xy[:3]]).T  # columns: x, y, z
    wx, wy = xy[3]
    scale = np.linalg.solve(primaries, [wx / wy, 1.0, (1 - wx - wy) / wy])
    return primaries[1] * scale  # Y of each primary, scaled so that white has Y = 1


def check_luminance_chroma(path, outputs):
    """The problems (short texts) of the identity and doubling outputs of a luminance/chroma
    file, as the module's docstring says."""
    source = OpenEXR.File(path, separate_channels=True).parts[0]
    h_in, c_in = source.header, {k: v.pixels for k, v in source.channels.items()}
    lossy = h_in["compression"].name in LOSSY
    problems = []
    after = {}
    for mode, output in outputs.items():
        part = OpenEXR.File(output, separate_channels=True).parts[0]
        after[mode] = {k: v.pixels for k, v in part.channels.items()}
        for key in sorted(set(h_in) | set(part.header)):
            ignored = {"channels"} | ({"compression"} if mode == "lossless" else set())
            if key not in ignored and repr(h_in.get(key)) != repr(part.header.get(key)):
                problems.append(f"{mode}: attribute {key} differs")
        expected = (set(c_in) - {"Y", "RY", "BY"}) | {"R", "G", "B"}
        if set(after[mode]) != expected:
            return problems + [f"{mode}: channels {sorted(after[mode])}, expected {sorted(expected)}"]
        for name in sorted(expected - {"R", "G", "B"}):
            if not same(c_in[name], after[mode][name]):
                problems.append(f"{mode}: channel {name} changed")
    decoded = after.get("lossless", after["identity"])
    if lossy:  # the identity run is the lossless one re-encoded: within the wheel's own loss
        loss = codec_loss({c: decoded[c] for c in "RGB"}, h_in["compression"], 1)
        for c in "RGB":
            if not (same(decoded[c], after["identity"][c]) or
                    within_loss(loss[c], after["identity"][c])):
                problems.append(f"identity: {c} beyond the codec's loss of the lossless run's")
    rgb = np.stack([decoded[c].astype(np.float64) for c in "RGB"], -1)
    y = c_in["Y"].astype(np.float64)
    finite = np.isfinite(y) & np.all(np.isfinite(rgb), -1)
    weights = luminance_weights({k: tuple(v) if k == "chromaticities" else v
                                 for k, v in h_in.items()})
    luminance = rgb @ weights
    bound = np.abs(rgb) @ np.abs(weights) * 2.0 ** -9 + 2.0 ** -24
    base = {c: after["identity"][c] for c in "RGB"}
    miss = np.abs(luminance - y)[finite] / bound[finite]
    share = float(np.mean(miss <= 1)) if miss.size else 1.0
    if share < 1.0:
        problems.append(f"identity: weights · RGB is Y within half rounding at {share:.2%}")
    sites = (slice(0, None, 2), slice(0, None, 2))
    ys = y[sites]
    with np.errstate(divide="ignore", invalid="ignore"):
        for c, name in ((0, "RY"), (2, "BY")):
            chroma = (rgb[sites][..., c] - ys) / ys
            ok = np.abs(chroma - c_in[name].astype(np.float64)) <= 0.02 * (
                1 + np.abs(c_in[name].astype(np.float64)))
            valid = np.isfinite(chroma) & (np.abs(ys) > 1e-3)
            if float(np.mean(ok[valid])) < 0.99:
                problems.append(f"identity: {name} at the chroma samples off at "
                                f"{1 - float(np.mean(ok[valid])):.2%} of them")
    LOSSY_PASSES.add(f"Y within half rounding at {share:.2%} of pixels")
    loss = None
    for c in "RGB":
        if graded(base[c], after["double"][c], 2):
            continue
        if lossy:
            loss = loss or codec_loss(base, h_in["compression"], 2)
            if within_loss(loss[c], after["double"][c]):
                continue
        problems.append(f"double: {c} not twice the identity run's")
    return problems


def check(edrcube, path, work):
    """("whole", "") / ("refused", reason) / ("wrong", what differs)."""
    LOSSY_PASSES.clear()
    before = read_wheel(path)
    chroma = len(before) == 1 and is_luminance_chroma(before[0][1])
    levels_before = {} if chroma else read_levels(path)
    outputs = {}
    for mode, text in (("identity", IDENTITY), ("double", DOUBLE)):
        cube = os.path.join(work, f"{mode}.cube")
        with open(cube, "w") as f:
            f.write(text)
        output = os.path.join(work, f"{mode}.exr")
        status, message = grade(edrcube, path, cube, output)
        if status != 0:
            return "refused", message.replace(path, os.path.basename(path))
        outputs[mode] = output
        if chroma:
            continue
        problems = compare(before, read_wheel(output), mode, levels_before, read_levels(output))
        if problems:
            return "wrong", f"{mode}: " + "; ".join(problems[:4])
    if chroma and before[0][2] is not None:
        # Lossy: the RGB before the codec, from a lossless run, is what the checks need.
        outputs["lossless"] = os.path.join(work, "lossless.exr")
        status, message = grade(edrcube, path, os.path.join(work, "identity.cube"),
                                outputs["lossless"], ("--compression", "piz"))
        if status != 0:
            return "refused", message.replace(path, os.path.basename(path))
    if chroma:
        problems = check_luminance_chroma(path, outputs)
        if problems:
            return "wrong", "; ".join(problems[:4])
        return "whole", "luminance/chroma as RGB: " + ", ".join(sorted(LOSSY_PASSES))
    if LOSSY_PASSES:
        return "whole", "within the lossy codec's own loss: " + ", ".join(sorted(LOSSY_PASSES))
    return "whole", ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("images", help="a checkout of openexr-images at the pinned commit")
    parser.add_argument("--edrcube", default=".build/release/edrcube")
    parser.add_argument("--json", help="write the per-file verdicts here")
    parser.add_argument("--only", help="check only the files whose path contains this")
    parser.add_argument(
        "--max-seconds", type=float,
        help="stop starting files after this long (smallest files first); the rest are 'not run'")
    args = parser.parse_args()
    head = subprocess.run(
        ["git", "-C", args.images, "rev-parse", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    if head and head != PINNED:
        print(f"warning: {args.images} is at {head}, not the pinned {PINNED}", file=sys.stderr)
    files = exr_files(args.images)
    real = [f for f in files if is_real_exr(f)]
    if len(real) < len(files):
        print(f"note: {len(files) - len(real)} of {len(files)} .exr files are not OpenEXR "
              "(Git LFS pointers or missing blobs) and are skipped", file=sys.stderr)
    half = halves(args.images, real)
    real = [f for f in real if not args.only or args.only in f]
    verdicts = {}
    started = time.monotonic()
    order = sorted(real, key=os.path.getsize) if args.max_seconds else real
    with tempfile.TemporaryDirectory() as work:
        for path in order:
            name = os.path.relpath(path, args.images)
            if args.max_seconds and time.monotonic() - started > args.max_seconds:
                print(f"not run  {name}", flush=True)
                continue
            try:
                verdicts[name] = check(args.edrcube, path, work)
            except Exception as error:  # the reference reader failed: say so, count as refused
                verdicts[name] = ("refused", f"reference reader: {error}")
            kind, why = verdicts[name]
            print(f"{kind:8} {name}" + (f": {why}" if why else ""), flush=True)
    for group in ("dev", "held-out"):
        names = [n for n in verdicts if half[n.split(os.sep)[0]] == group]
        counts = {k: sum(verdicts[n][0] == k for n in names) for k in ("whole", "refused", "wrong")}
        print(f"{group}: {len(names)} files checked: {counts['whole']} graded whole, "
              f"{counts['refused']} refused, {counts['wrong']} silently wrong")
    counts = {k: sum(v[0] == k for v in verdicts.values()) for k in ("whole", "refused", "wrong")}
    print(f"all: {len(verdicts)} of {len(real)} files checked: {counts['whole']} graded whole, "
          f"{counts['refused']} refused, {counts['wrong']} silently wrong")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({n: {"verdict": k, "why": w} for n, (k, w) in verdicts.items()}, f, indent=1)
    return 1 if counts["wrong"] else 0


if __name__ == "__main__":
    sys.exit(main())
