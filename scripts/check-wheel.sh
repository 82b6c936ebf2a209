#!/usr/bin/env bash
# The wheel needs no Swift at run time: builds it (make wheel), installs it in a fresh venv
# (numpy from this Python's site-packages), fails if ldd lists a Swift library, then imports it
# and applies a cube with LD_LIBRARY_PATH cleared, swift off PATH and, where unshare may mount,
# the toolchain folder hidden under an empty tmpfs. Not part of `make test` (a release build).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")  # .../usr
make -C "$root" --no-print-directory wheel
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv --system-site-packages "$work/venv"
"$work/venv/bin/pip" install -q --no-deps --force-reinstall "$root"/python/dist/edrcube-*.whl
library=$("$work/venv/bin/python" -c 'import pathlib, sys; print(next(pathlib.Path(sys.prefix).rglob("libEDRCubeC.so")))')
if ldd "$library" | grep -i swift; then
  echo "check-wheel: $library links a Swift library" >&2
  exit 1
fi
cp "$root/luts/warm_sdr.cube" "$work/look.cube"
probe="import shutil, numpy as np, edrcube
assert shutil.which('swift') is None
lut = edrcube.read_lut('$work/look.cube')
out = lut.apply(np.full((4, 4, 3), 2.0, np.float32), threads=1)
assert out.shape == (4, 4, 3) and float(out[0, 0, 0]) > 1, out[0, 0]
print('check-wheel: imported and applied without Swift:', lut)"
run="env -i PATH=/usr/bin:/bin HOME=$work LD_LIBRARY_PATH= $work/venv/bin/python -c \"\$0\""
if unshare -m true 2>/dev/null; then
  unshare -m sh -c "mount -t tmpfs none '${toolchain%/usr}' && $run" "$probe"
else
  sh -c "$run" "$probe"
fi
ls -l "$root"/python/dist/edrcube-*.whl
