#!/usr/bin/env bash
# Installs the Python reference tools the interop checks compare against (never runtime
# dependencies of EDRCube): colour-science, OpenColorIO, numpy; pytest runs python/tests.
set -euo pipefail
if ! python3 -c "import colour, PyOpenColorIO, numpy, pytest" >/dev/null 2>&1; then
  echo "edrcube: installing the Python reference tools (colour-science, opencolorio, pytest)" >&2
  python3 -m pip install -q --disable-pip-version-check colour-science opencolorio numpy pytest
fi
