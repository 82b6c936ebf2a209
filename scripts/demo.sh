#!/usr/bin/env bash
# The README's demo: an EDR test chart through a bundled SDR look with EDR extrapolation.
set -euo pipefail
bin=$1 out=$2 look=$3
mkdir -p "$out"
name=$(basename "$look" .cube)
"$bin" pattern "$out/chart.exr" --headroom 16 --png "$out/chart.png"
"$bin" apply "$out/chart.exr" --lut "$look" -o "$out/chart_$name.exr" \
  --preview "$out/chart_${name}_preview.png" --timing
"$bin" inspect "$look"
cat <<MSG

demo: done.
  EDR chart (linear Rec.709, highlights to 16x white): $out/chart.exr  (SDR preview $out/chart.png)
  with $look applied (EDR extrapolation, rising-maxrgb):  $out/chart_$name.exr
  before | after | where the output exceeds 1, 2, 4x white:  $out/chart_${name}_preview.png
MSG
