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


def grade(edrcube, path, cube, output):
    run = subprocess.run(
        [edrcube, "apply", path, "--lut", cube, "--lut-space", "raw", "--alpha", "straight",
         "-o", output, "--quiet"],
        capture_output=True, text=True,
    )
    lines = run.stderr.strip().splitlines()
    errors = [line for line in lines if ": error: " in line and not line.startswith("edrcube:")]
    return run.returncode, (errors or lines or [""])[0]


def check(edrcube, path, work):
    """("whole", "") / ("refused", reason) / ("wrong", what differs)."""
    LOSSY_PASSES.clear()
    before = read_wheel(path)
    levels_before = read_levels(path)
    for mode, text in (("identity", IDENTITY), ("double", DOUBLE)):
        cube = os.path.join(work, f"{mode}.cube")
        with open(cube, "w") as f:
            f.write(text)
        output = os.path.join(work, f"{mode}.exr")
        status, message = grade(edrcube, path, cube, output)
        if status != 0:
            return "refused", message.replace(path, os.path.basename(path))
        problems = compare(before, read_wheel(output), mode, levels_before, read_levels(output))
        if problems:
            return "wrong", f"{mode}: " + "; ".join(problems[:4])
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
