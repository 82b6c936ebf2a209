#!/usr/bin/env bash
# Runs the same commands with two edrcube binaries and compares every output byte for byte:
# the test chart through every bundled cube (EXR, half-ZIP EXR, float TIFF, 16-bit TIFF),
# eval of a grey ramp, convert, generate and inspect. Used to show that a refactoring changed
# no output.
#   bash scripts/compare-outputs.sh OLD/edrcube NEW/edrcube [WORKDIR]
# Prints one line per output and "N identical, M different"; exits 1 if any differ.
set -euo pipefail
old=$(realpath "$1") new=$(realpath "$2")
work=${3:-$(mktemp -d)}
cd "$(dirname "$0")/.."
luts=$PWD/luts
mkdir -p "$work/old" "$work/new"

run() { # run BIN DIR: every command, outputs in DIR
  local bin=$1 dir=$2
  "$bin" pattern "$dir/chart.exr" --headroom 16 >/dev/null
  "$bin" apply "$dir/chart.exr" --lut "$luts/warm_sdr.cube" -o "$dir/chart_half.exr" \
    --pixel-type half --compression zip >/dev/null
  for cube in "$luts"/*.cube; do
    name=$(basename "$cube" .cube)
    "$bin" apply "$dir/chart.exr" --lut "$cube" -o "$dir/$name.exr" >/dev/null
    "$bin" apply "$dir/chart_half.exr" --lut "$cube" -o "$dir/${name}_half.exr" >/dev/null
    for interp in trilinear tetrahedral; do
      seq 0 0.37 24 | awk '{print $1, $1 * 0.8, $1 * 0.6}' |
        "$bin" eval --lut "$cube" --interp "$interp" >"$dir/${name}_$interp.txt"
    done
    "$bin" inspect "$cube" --json >"$dir/${name}_inspect.json"
  done
  for look in warm teal_orange; do
    "$bin" convert "$luts/${look}_sdr.cube" "$dir/${look}_pq33.cube" --to pq --size 33 >/dev/null
    "$bin" convert "$luts/${look}_sdr.cube" "$dir/${look}_hlg17.cube" --to hlg --size 17 >/dev/null
  done
  "$bin" generate identity --size 33 -o "$dir/identity.cube" >/dev/null
  "$bin" generate look --exposure 0.3 --contrast 1.2 --pivot 0.18 --saturation 1.1 \
    -o "$dir/look.cube" >/dev/null
  "$bin" generate transfer --from srgb --to pq -o "$dir/transfer.cube" >/dev/null
}

run "$old" "$work/old"
run "$new" "$work/new"
same=0 different=0
for f in "$work/old"/*; do
  name=$(basename "$f")
  if cmp -s "$f" "$work/new/$name"; then
    same=$((same + 1))
  else
    different=$((different + 1))
    echo "differs: $name"
  fi
done
echo "$same identical, $different different (outputs in $work)"
[ "$different" -eq 0 ]
