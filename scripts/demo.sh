#!/usr/bin/env bash
# The README's demo: make an EDR chart, apply a bundled look with EDR extrapolation, report.
set -euo pipefail
bin=$1 out=$2 look=$3
mkdir -p "$out"
"$bin" --version
"$bin" inspect "$look"
echo "demo: wrote nothing yet; image commands arrive with the images issue" >&2
