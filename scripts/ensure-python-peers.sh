#!/usr/bin/env bash
# Installs the Python reference tools the interop checks compare against (never runtime
# dependencies of EDRCube): colour-science, OpenColorIO, numpy, the OpenEXR wheel (an independent
# EXR decoder for CompressionMatrixTests), and ffmpeg; pytest runs python/tests; wgpu runs the
# generated shaders (scripts/gpu/shader_check.py).
set -euo pipefail
if ! python3 -c "import colour, PyOpenColorIO, numpy, pytest, OpenEXR, wgpu" >/dev/null 2>&1; then
  echo "edrcube: installing the Python reference tools (colour-science, opencolorio, OpenEXR, pytest, wgpu)" >&2
  python3 -m pip install -q --disable-pip-version-check colour-science opencolorio numpy pytest OpenEXR wgpu
fi
# ffmpeg (its lut3d filter) is the third reader scripts/interop/reader_verdicts.py runs.
if ! command -v ffmpeg >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "edrcube: installing ffmpeg (a reader the interop checks compare against)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ffmpeg >/dev/null
  else
    echo "edrcube: ffmpeg is missing; run: sudo apt-get install -y ffmpeg" >&2
    exit 1
  fi
fi
