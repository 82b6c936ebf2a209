"""The sequence and end-to-end rows of compare.py (issue 21): the default path users run (an
SDR look, luts/warm_sdr.cube, on linear EDR with the default highlight policy) against
oiiotool running the same chain through a config.ocio this script writes, on 3840x2160 RGBA
float-uncompressed EXR frames.

* endtoend: one frame, `edrcube apply IN --lut LOOK -o OUT` vs `oiiotool --colorconfig
  config.ocio IN --colorconvert linear graded -o OUT`, medians of alternating runs;
* sequence: a folder of --frames copies of the frame, in frames per second: `edrcube apply
  FOLDER --lut LOOK --output-dir OUT` (frame k + 1 read and transformed while frame k is
  written), the same with --baseline (an older edrcube that works frame by frame), oiiotool
  in a loop (one process per frame; then `sync`, so that its frames are on disk as ours are),
  and the floor: `dd bs=8M conv=fsync` of each frame's bytes into the output folder; peak
  memory (`/usr/bin/time -v`, maximum resident set) against one frame's bytes.

config.ocio: colour spaces `linear` (the reference) and `graded`, whose from_reference is
[ExponentWithLinearTransform (gamma 2.4, offset 0.055, mirrored negatives) inverse,
FileTransform LOOK, forward]: linear -> sRGB -> cube -> linear, as the chain rows'
OpenColorIO group (checked against chain_vs_ocio.processor at run time). It has no highlight
policy (OCIO clamps at the cube's domain; we extrapolate and keep EDR highlights).

oiiotool is run as the binary pip installs inside the OpenImageIO package: the `oiiotool` on
PATH is a Python entry point (here behind pyenv's shell shim) that starts it, which adds
0.3-3 s to every call on this machine.
"""
import os
import shutil
import statistics
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LOOK = os.path.join(ROOT, "luts", "warm_sdr.cube")
WIDTH, HEIGHT = 3840, 2160

CONFIG = """ocio_profile_version: 2
search_path: "{search}"
roles:
  default: linear
  scene_linear: linear
file_rules:
  - !<Rule> {{name: Default, colorspace: default}}
displays:
  sRGB:
    - !<View> {{name: Raw, colorspace: linear}}
colorspaces:
  - !<ColorSpace>
    name: linear
    isdata: false
  - !<ColorSpace>
    name: graded
    isdata: false
    from_scene_reference: !<GroupTransform>
      children:
        - !<ExponentWithLinearTransform> {{gamma: 2.4, offset: 0.055, style: mirror, direction: inverse}}
        - !<FileTransform> {{src: "{name}", interpolation: linear}}
        - !<ExponentWithLinearTransform> {{gamma: 2.4, offset: 0.055, style: mirror}}
"""


def oiiotool():
    """The oiiotool binary itself (see the module's note), else the one on PATH."""
    import OpenImageIO
    path = os.path.join(os.path.dirname(OpenImageIO.__file__), "bin", "oiiotool")
    return path if os.access(path, os.X_OK) else shutil.which("oiiotool")


def write_config(folder, lut=LOOK):
    """Writes config.ocio and checks that its linear -> graded processor is the chain rows'
    SDR-look group (same values on a spread of EDR inputs)."""
    import numpy as np
    import PyOpenColorIO as OCIO
    import chain_vs_ocio
    path = os.path.join(folder, "config.ocio")
    with open(path, "w") as f:
        f.write(CONFIG.format(search=os.path.dirname(lut), name=os.path.basename(lut)))
    config = OCIO.Config.CreateFromFile(path)
    config.validate()
    ours = config.getProcessor("linear", "graded").getDefaultCPUProcessor()
    group = chain_vs_ocio.processor("srgb", lut)
    values = np.linspace(-0.5, 8, 4 * 1000, dtype=np.float32).reshape(-1, 4)
    a, b = values.copy(), values.copy()
    ours.applyRGBA(a)
    group.applyRGBA(b)
    if not np.array_equal(a, b):
        raise SystemExit(f"{path}: its chain differs from chain_vs_ocio's SDR group")
    return path


def make_frame(edrcube, folder):
    """One 3840x2160 RGBA float-uncompressed EXR chart, and its size in bytes."""
    half = os.path.join(folder, "pattern.exr")
    frame = os.path.join(folder, "frame.exr")
    quiet([edrcube, "pattern", half, "--width", str(WIDTH), "--height", str(HEIGHT),
           "--pixel-type", "float"])
    quiet([oiiotool(), half, "-d", "float", "--compression", "none", "-o", frame])
    os.remove(half)
    return frame, os.path.getsize(frame)


def quiet(cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def timed(commands, end_with_sync=False):
    """Seconds to run `commands` one after another (after an untimed `sync`, so no run waits
    for the previous one's deferred writes); with `end_with_sync`, a `sync` is timed too."""
    os.sync()
    start = time.perf_counter()
    for cmd in commands:
        quiet(cmd)
    if end_with_sync:
        os.sync()
    return time.perf_counter() - start


def peak_mib(cmd):
    """Maximum resident set of `cmd` in MiB (/usr/bin/time -v)."""
    out = subprocess.run(["/usr/bin/time", "-v"] + cmd, check=True, capture_output=True,
                         text=True).stderr
    line = next(x for x in out.splitlines() if "Maximum resident set size" in x)
    return int(line.split()[-1]) / 1024


def clear(folder):
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)


def alternate(repeats, runs):
    """Medians of `runs` (name -> (setup, measure)), run in turn `repeats` times."""
    times = {name: [] for name in runs}
    for _ in range(repeats):
        for name, (setup, measure) in runs.items():
            setup()
            times[name].append(measure())
    return {name: statistics.median(t) for name, t in times.items()}


def endtoend_rows(edrcube, folder, repeats):
    """One frame on tmpfs (where `folder` is): ours vs oiiotool with config.ocio."""
    config = write_config(folder)
    frame, _ = make_frame(edrcube, folder)
    out = os.path.join(folder, "out.exr")
    tool = oiiotool()
    ours = [edrcube, "apply", frame, "--lut", LOOK, "-o", out]
    theirs = [tool, "--colorconfig", config, frame, "--colorconvert", "linear", "graded",
              "-o", out]
    t = alternate(repeats, {"ours": (lambda: None, lambda: timed([ours])),
                            "oiio": (lambda: None, lambda: timed([theirs]))})
    for path in (frame, out):
        os.remove(path)
    return [{"what": f"end to end, default SDR look, 4K float EXR ({label(folder)})",
             "peer": "oiiotool + config.ocio", "ours_s": t["ours"], "theirs_s": t["oiio"],
             "speedup": t["oiio"] / t["ours"]}]


def label(folder):
    """tmpfs or the disk, for a row's name."""
    fs = subprocess.run(["findmnt", "-n", "-o", "FSTYPE", "-T", folder], capture_output=True,
                        text=True).stdout.split("\n")[0].strip() or "unknown"
    return "tmpfs" if fs == "tmpfs" else f"{fs} disk"


def sequence_rows(edrcube, folder, repeats, frames, baseline=None):
    """A folder of `frames` frames in `folder`: frames/s of ours (pipelined), the baseline,
    oiiotool in a loop and the synced-write floor, and peak memory."""
    config = write_config(folder)
    frame, size = make_frame(edrcube, folder)
    plates = os.path.join(folder, "plates")
    clear(plates)
    names = [f"shot.{1001 + i}.exr" for i in range(frames)]
    for name in names:
        shutil.copyfile(frame, os.path.join(plates, name))
    os.remove(frame)
    out = os.path.join(folder, "out")
    tool = oiiotool()

    def apply(binary):
        return [binary, "apply", plates, "--lut", LOOK, "--output-dir", out]

    loop = [[tool, "--colorconfig", config, os.path.join(plates, n), "--colorconvert",
             "linear", "graded", "-o", os.path.join(out, n)] for n in names]
    dd = [["dd", f"if={os.path.join(plates, n)}", f"of={os.path.join(out, n)}", "bs=8M",
           "conv=fsync", "status=none"] for n in names]
    runs = {"ours": (lambda: clear(out), lambda: timed([apply(edrcube)])),
            "oiiotool": (lambda: clear(out), lambda: timed(loop, end_with_sync=True)),
            "floor": (lambda: clear(out), lambda: timed(dd))}
    if baseline:
        runs["baseline"] = (lambda: clear(out), lambda: timed([apply(baseline)]))
    t = alternate(repeats, runs)
    where = label(folder)
    rows = []
    peers = [("oiiotool", "oiiotool loop + config.ocio, then sync"),
             ("floor", "dd conv=fsync per frame (floor)")]
    if baseline:
        peers.insert(0, ("baseline", "baseline edrcube (frame by frame)"))
    for key, peer in peers:
        ours, theirs = frames / t["ours"], frames / t[key]
        rows.append({"what": f"sequence {frames} x 4K float EXR ({where})", "peer": peer,
                     "ours_fps": ours, "theirs_fps": theirs, "speedup": t[key] / t["ours"],
                     "shown": (f"{ours:.2f} fr/s", f"{theirs:.2f} fr/s")})
    clear(out)
    memory = {"ours": peak_mib(apply(edrcube))}
    if baseline:
        clear(out)
        memory["baseline"] = peak_mib(apply(baseline))
    for key, mib in memory.items():
        rows.append({"what": f"peak memory, {key}: {mib * 2**20 / size:.2f} frames ({where})",
                     "peer": "one frame's bytes", "ours_mib": mib, "frame_mib": size / 2**20,
                     "frames": mib * 2**20 / size,
                     "shown": (f"{mib:.0f} MiB", f"{size / 2**20:.0f} MiB")})
    shutil.rmtree(plates, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    return rows
