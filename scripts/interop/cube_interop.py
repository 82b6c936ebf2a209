#!/usr/bin/env python3
"""Interoperability check of EDRCube's .cube reader and writer against colour-science and
OpenColorIO (not a Swift test: the library is not importable from Python).

Run (after `swift build`, or a release build):

    pip install colour-science opencolorio numpy      # colour 0.4.7 and OCIO 2.6 were used
    python3 scripts/interop/cube_interop.py .build/debug/edrcube [--keep DIR]

It (a) writes cubes with colour-science (`write_LUT`, Iridas and Resolve writers: 1D, 3x1D,
3D with a per-channel domain, shaper + 3D) and with OpenColorIO's Baker (`iridas_cube`,
`resolve_cube`), runs `edrcube inspect --json` on each and compares sizes, domains and
output ranges with colour-science's reading of the same file; then (b) writes each of them
back with EDRCube's writer (`inspect --write-as OUT --profile adobe|resolve|ocio`) and loads
the result in colour-science (every table value must match) and in OpenColorIO (grid nodes
must return the table values, and probes across the domain must equal `edrcube eval`; where
`inspect` says OpenColorIO refuses the written file, e.g. the resolve profile's TITLE in a
shaper file, OpenColorIO must refuse it). A
profile that cannot express a file must refuse it with a "cannot express" error. (c) Every
default output (the bundled cubes, `convert`, `generate`) must load in OpenColorIO and agree
with `eval`, and goes through (b)'s `--write-as` round trip too. Exit status 0 when every check
passes; each failure is printed.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import warnings

warnings.filterwarnings("ignore")

import colour  # noqa: E402
import numpy as np  # noqa: E402
import PyOpenColorIO as ocio  # noqa: E402

FAILURES = []
PASSED = [0]


def check(condition, message):
    if condition:
        PASSED[0] += 1
    else:
        FAILURES.append(message)
        print("FAIL:", message)


def inspect(edrcube, path, *extra):
    result = subprocess.run(
        [edrcube, "inspect", path, "--json", *extra], capture_output=True, text=True)
    return result


def stages(lut):
    """colour's LUT (or LUTSequence) as a list of (kind, table, domain) stages."""
    items = list(lut) if isinstance(lut, colour.LUTSequence) else [lut]
    out = []
    for item in items:
        kind = "3D" if isinstance(item, colour.LUT3D) else "1D"
        table = np.asarray(item.table, dtype=np.float64)
        domain = np.asarray(item.domain, dtype=np.float64)
        if kind == "1D" and table.ndim == 1:
            table = np.repeat(table[:, None], 3, axis=1)
        if domain.ndim == 1:
            domain = np.array([[domain[0]] * 3, [domain[-1]] * 3])
        out.append((kind, table, domain[[0, -1]]))
    return out


def close(a, b, tol=1e-6):
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    return a.shape == b.shape and np.allclose(a, b, rtol=tol, atol=tol)


def compare_report(name, report, lut):
    st = stages(lut)
    sizes = {kind: table.shape[0] for kind, table, _ in st}
    check(report["lut1DSize"] == sizes.get("1D"), f"{name}: lut1DSize {report['lut1DSize']}")
    check(report["lut3DSize"] == sizes.get("3D"), f"{name}: lut3DSize {report['lut3DSize']}")
    kind, table, domain = st[0]
    check(close(report["domainMin"], domain[0]), f"{name}: domainMin {report['domainMin']}")
    check(close(report["domainMax"], domain[1]), f"{name}: domainMax {report['domainMax']}")
    last = st[-1][1].reshape(-1, 3)
    check(close(report["outputMin"], last.min(axis=0)), f"{name}: outputMin {report['outputMin']}")
    check(close(report["outputMax"], last.max(axis=0)), f"{name}: outputMax {report['outputMax']}")


def ocio_processor(path):
    """OpenColorIO's trilinear CPU processor for the file, or None (printed) if it cannot load it."""
    config = ocio.Config.CreateRaw()
    transform = ocio.FileTransform(src=path, interpolation=ocio.INTERP_LINEAR)
    try:
        return config.getProcessor(transform).getDefaultCPUProcessor()
    except Exception as error:  # OCIO raises its own exception type
        print(f"  OCIO could not load {path}: {error}")
        return None


def ocio_nodes_match(path, lut):
    """OpenColorIO loads the file and, at the grid nodes of a single-stage file, returns the
    table values."""
    st = stages(lut)
    processor = ocio_processor(path)
    if processor is None:
        return False
    if len(st) != 1:
        return len(processor.applyRGB([0.5, 0.5, 0.5])) == 3
    kind, table, domain = st[0]
    n = table.shape[0]
    lo, hi = domain
    picks = sorted({0, 1, n // 2, n - 1})
    for i in picks:
        for j in picks:
            for k in picks:
                if kind == "3D":
                    x = lo + np.array([i, j, k]) / (n - 1) * (hi - lo)
                    want = table[i, j, k]
                else:
                    x = lo + np.array([i, i, i]) / (n - 1) * (hi - lo)
                    want = table[i]
                got = processor.applyRGB([float(v) for v in x])
                if not close(got, want, 1e-5):
                    print(f"  OCIO at {x}: {got} != {want}")
                    return False
    return True


def sources(folder):
    rng = np.random.default_rng(7)
    made = []

    def add(name, lut, method):
        path = os.path.join(folder, name)
        colour.write_LUT(lut, path, method=method)
        made.append(path)

    lut3d = colour.LUT3D(
        table=rng.uniform(-0.2, 1.3, (17, 17, 17, 3)),
        domain=np.array([[-0.1, 0.0, 0.2], [1.5, 2.0, 1.2]]), name="random 17")
    add("colour_iridas_3d.cube", lut3d, "Iridas Cube")
    lut1d = colour.LUT1D(table=np.linspace(0, 1, 33) ** 2.2, name="gamma")
    add("colour_iridas_1d.cube", lut1d, "Iridas Cube")
    lut3x1d = colour.LUT3x1D(
        table=rng.uniform(0, 2, (64, 3)).cumsum(axis=0),
        domain=np.array([[0, 0, 0], [1, 2, 4]]), name="3x1D")
    add("colour_iridas_3x1d.cube", lut3x1d, "Iridas Cube")
    cube = colour.LUT3D(table=colour.LUT3D.linear_table(9) ** 0.8, name="cube")
    add("colour_resolve_3d.cube", cube, "Resolve Cube")
    shaper = colour.LUT3x1D(
        table=colour.LUT3x1D.linear_table(16, np.array([[-0.1] * 3, [3.0] * 3])) / 3.1 + 0.1 / 3.1,
        domain=np.array([[-0.1] * 3, [3.0] * 3]), name="shaper")
    add("colour_resolve_shaper.cube", colour.LUTSequence(shaper, cube), "Resolve Cube")

    config = ocio.Config.CreateRaw()
    space = ocio.ColorSpace(name="gamma")
    space.setTransform(
        ocio.ExponentTransform([2.2, 2.2, 2.2, 1.0]), ocio.COLORSPACE_DIR_TO_REFERENCE)
    config.addColorSpace(space)
    for fmt in ["iridas_cube", "resolve_cube"]:
        baker = ocio.Baker()
        baker.setConfig(config)
        baker.setFormat(fmt)
        baker.setInputSpace("raw")
        baker.setTargetSpace("gamma")
        baker.setCubeSize(17)
        path = os.path.join(folder, f"ocio_baked_{fmt}.cube")
        with open(path, "w") as f:
            f.write(baker.bake())
        made.append(path)
    return made


def default_outputs(edrcube, folder):
    """Every file EDRCube writes by default: the bundled cubes, `convert` with and without
    --shaper, and each `generate` kind with its default profile."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    luts = os.path.join(root, "luts")
    files = [os.path.join(luts, n) for n in sorted(os.listdir(luts)) if n.endswith(".cube")]
    look = os.path.join(luts, "warm_sdr.cube")
    runs = {
        "convert-pq.cube": ["convert", look, "{out}", "--to", "pq", "--size", "17"],
        "convert-pq-shaper.cube": ["convert", look, "{out}", "--to", "pq", "--size", "17", "--shaper"],
        "convert-hlg.cube": ["convert", look, "{out}", "--to", "hlg", "--size", "17"],
        "generate-identity.cube": ["generate", "identity", "--size", "17", "-o", "{out}"],
        "generate-identity-shaper.cube": ["generate", "identity", "--size", "17", "--shaper-size", "64", "-o", "{out}"],
        "generate-transfer.cube": ["generate", "transfer", "--from", "srgb", "--to", "pq", "--size", "17", "-o", "{out}"],
        "generate-gamut.cube": ["generate", "gamut", "--from", "p3", "--to", "rec709", "--size", "17", "-o", "{out}"],
        "generate-look.cube": ["generate", "look", "--exposure", "0.3", "--saturation", "1.1", "--size", "17", "-o", "{out}"],
        "generate-resize.cube": ["generate", "resize", look, "--size", "9", "-o", "{out}"],
        "generate-compose.cube": ["generate", "compose", look, look, "--size", "9", "-o", "{out}"],
    }
    for name, arguments in runs.items():
        out = os.path.join(folder, name)
        result = subprocess.run(
            [edrcube] + [a.replace("{out}", out) for a in arguments], capture_output=True, text=True)
        check(result.returncode == 0, f"{name}: {' '.join(arguments[:2])} failed: {result.stderr.strip()}")
        if result.returncode == 0:
            files.append(out)
    return files


def ocio_agrees_with_eval(edrcube, path):
    """OpenColorIO loads the file, and its trilinear result at probes across the domain equals
    `edrcube eval --lut-space raw --extrapolation clamp` (the same semantics) within 1e-5."""
    processor = ocio_processor(path)
    if processor is None:
        return False
    lo, hi = domain_of(colour.read_LUT(path))
    rng = np.random.default_rng(7)
    probes = lo + rng.random((64, 3)) * (hi - lo)
    text = "\n".join(" ".join(repr(float(v)) for v in p) for p in probes) + "\n"
    result = subprocess.run(
        [edrcube, "eval", "--lut", path, "--lut-space", "raw", "--extrapolation", "clamp"],
        input=text, capture_output=True, text=True)
    if result.returncode != 0:
        print(f"  eval failed: {result.stderr.strip()}")
        return False
    ours = [[float(v) for v in line.split()] for line in result.stdout.splitlines()]
    for p, mine in zip(probes, ours):
        theirs = processor.applyRGB([float(v) for v in p])
        if not close(theirs, mine, 1e-5 * max(1.0, max(abs(v) for v in mine))):
            print(f"  at {p}: OCIO {theirs} != ours {mine}")
            return False
    return len(ours) == len(probes)


def write_as_every_profile(edrcube, path, lut, folder):
    """`inspect --write-as` with each profile: a profile that cannot express the file refuses
    it ("cannot express") and writes nothing; otherwise colour-science reads back the source's
    tables and domains, and OpenColorIO loads the file and matches `eval` at probes (and, for
    a single table, returns the table values at grid nodes) -- unless `inspect`'s reader
    verdict says OpenColorIO refuses the file, which OpenColorIO must then do."""
    name = os.path.basename(path)
    for profile in ["adobe", "resolve", "ocio"]:
        out = os.path.join(folder, f"{name[:-5]}.edrcube-{profile}.cube")
        written = inspect(edrcube, path, "--write-as", out, "--profile", profile)
        if written.returncode != 0:
            check("cannot express" in written.stderr, f"{name} {profile}: {written.stderr}")
            check(not os.path.exists(out), f"{name} {profile}: refused but wrote {out}")
            print(f"ok   {name} [{profile}] refused: {written.stderr.strip()}")
            continue
        failures = len(FAILURES)
        report = inspect(edrcube, out)
        verdicts = {v["reader"]: v for v in json.loads(report.stdout)["readers"]}
        if verdicts["colour-science"]["accepts"]:
            back = colour.read_LUT(out)
            same = all(
                close(a[1], b[1]) and close(a[2], b[2])
                for a, b in zip(stages(lut), stages(back))) and len(stages(lut)) == len(stages(back))
            check(same, f"{name} [{profile}]: colour reads different values back")
        else:
            check(False, f"{name} [{profile}]: colour-science refuses: {verdicts['colour-science']}")
        if verdicts["OpenColorIO"]["accepts"]:
            back = colour.read_LUT(out)
            check(ocio_nodes_match(out, back), f"{name} [{profile}]: OpenColorIO disagrees at nodes")
            check(ocio_agrees_with_eval(edrcube, out), f"{name} [{profile}]: OpenColorIO != eval")
            note = ""
        else:
            # A profile may write what OpenColorIO refuses (resolve: TITLE in a shaper file);
            # inspect must then say so, and OpenColorIO must indeed refuse it.
            check(ocio_processor(out) is None, f"{name} [{profile}]: inspect says OpenColorIO "
                  "refuses it, but OpenColorIO loads it")
            note = " (OpenColorIO refuses it, as inspect says: " + "; ".join(
                verdicts["OpenColorIO"]["reasons"]) + ")"
        print(f"{'FAIL' if len(FAILURES) > failures else 'ok  '} {name} [--write-as {profile}]{note}")


def domain_of(lut):
    """The input domain of a colour LUT: the first stage's, as two 3-vectors."""
    first = lut[0] if isinstance(lut, colour.LUTSequence) else lut
    domain = np.asarray(first.domain, dtype=float)
    return (np.broadcast_to(domain[0], 3), np.broadcast_to(domain[-1], 3))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("edrcube", help="path to the edrcube executable")
    parser.add_argument("--keep", help="write the cubes here instead of a temporary folder")
    args = parser.parse_args()
    folder = args.keep or tempfile.mkdtemp(prefix="edrcube-interop-")
    os.makedirs(folder, exist_ok=True)
    for path in sources(folder):
        name = os.path.basename(path)
        lut = colour.read_LUT(path)
        result = inspect(args.edrcube, path)
        check(result.returncode == 0, f"{name}: inspect failed: {result.stderr.strip()}")
        if result.returncode != 0:
            continue
        compare_report(name, json.loads(result.stdout), lut)
        write_as_every_profile(args.edrcube, path, lut, folder)
    for path in default_outputs(args.edrcube, folder):
        name = os.path.relpath(path, folder) if path.startswith(folder) else os.path.basename(path)
        agrees = ocio_agrees_with_eval(args.edrcube, path)
        check(agrees, f"{name} (default output): OpenColorIO cannot load it or disagrees")
        print(f"{'ok  ' if agrees else 'FAIL'} {name} [default output, OpenColorIO = eval]")
        write_as_every_profile(args.edrcube, path, colour.read_LUT(path), folder)
    if not args.keep:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"interop: {PASSED[0]} passed, {len(FAILURES)} failed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
