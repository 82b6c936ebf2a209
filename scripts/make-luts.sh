#!/usr/bin/env bash
# Regenerates every cube in luts/ with edrcube itself (byte-identical on every run).
# Usage: scripts/make-luts.sh [path/to/edrcube]   (default .build/release/edrcube)
# With REPORT=1 it also prints the conversion figures of luts/README.md and
# docs/conversion-quality.md, which were measured under --edr-policy tone-scaled-maxrgb (and
# --tone-map reinhard for --peak), the defaults then.
set -euo pipefail
bin=${1:-.build/release/edrcube}
cd "$(dirname "$0")/.."
out=luts

for n in 17 33 65; do
  "$bin" generate identity --size "$n" -o "$out/identity_$n.cube"
done

# The looks: SDR cubes (srgb rec709, 33^3), rolled off smoothly into 0..1 (--soft-clip 0.8).
"$bin" generate look --size 33 --title "EDRCube warm" \
  --white-balance 1.08,1,0.88 --exposure 0.1 --contrast 1.1 --saturation 1.05 --soft-clip 0.8 \
  -o "$out/warm_sdr.cube"
"$bin" generate look --size 33 --title "EDRCube teal-orange" \
  --contrast 1.15 --cdl-slope 1.08,1,0.92 --cdl-offset=-0.02,0,0.035 \
  --cdl-power 1.05,1,0.95 --cdl-saturation 1.2 --soft-clip 0.8 \
  -o "$out/teal_orange_sdr.cube"
"$bin" generate look --size 33 --title "EDRCube bleach bypass" \
  --saturation 0.55 --contrast 1.3 --soft-clip 0.8 \
  -o "$out/bleach_bypass_sdr.cube"
"$bin" generate look --size 33 --title "EDRCube high contrast" \
  --contrast 1.4 --saturation 1.1 --soft-clip 0.8 \
  -o "$out/high_contrast_sdr.cube"

# Camera log and ACES to display (two-space cubes, 33^3): the look in the log space's scene
# linear light, then the conversion to BT.1886 Rec.709 and the soft clip there.
"$bin" generate look --size 33 --title "EDRCube LogC3 to Rec.709" \
  --space logc3 --primaries awg3 --output-space bt1886 --output-primaries rec709 \
  --exposure=-0.3 --contrast 1.1 --saturation 1.1 --soft-clip 0.8 \
  -o "$out/logc3_to_rec709.cube"
"$bin" generate look --size 33 --title "EDRCube ACEScct to Rec.709" \
  --space acescct --primaries ap1 --output-space bt1886 --output-primaries rec709 \
  --exposure=-0.3 --contrast 1.1 --saturation 1.1 --soft-clip 0.8 \
  -o "$out/acescct_to_rec709.cube"

# Their PQ forms (pq rec2020 203): 33^3 to keep the repository small, in the quality mode
# (nodes below the 1000 cd/m2 mastering peak, fitted).
for look in warm teal_orange bleach_bypass high_contrast; do
  "$bin" convert "$out/${look}_sdr.cube" "$out/${look}_pq.cube" --to pq --size 33 --shaper
done

if [[ "${REPORT:-0}" == 1 ]]; then
  for look in warm teal_orange bleach_bypass high_contrast; do
    for args in "--size 65" "--size 65 --shaper" "--size 33" "--size 33 --shaper" \
      "--size 97 --shaper"; do
      # shellcheck disable=SC2086
      printf '%s %s: ' "$look" "$args"
      "$bin" convert "$out/${look}_sdr.cube" /tmp/edrcube-report.cube --to pq $args --report \
        --edr-policy tone-scaled-maxrgb
    done
  done
  # HLG (README.md): the warm look, with the colours HLG cannot carry left out.
  for args in "--size 65" "--size 65 --shaper" "--size 33" "--size 65 --peak 500 --tone-map reinhard"; do
    # shellcheck disable=SC2086
    printf 'warm --to hlg %s: ' "$args"
    "$bin" convert "$out/warm_sdr.cube" /tmp/edrcube-report.cube --to hlg $args --report \
      --edr-policy tone-scaled-maxrgb
  done
  rm -f /tmp/edrcube-report.cube
fi
