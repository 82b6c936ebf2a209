#!/usr/bin/env bash
# Builds Examples/KernelLintDemo and checks that EDRCube's plugins report its known finding:
#   - the build-tool plugin prints a clang-style EDR001 warning for Kernels/Glow.cikernel and
#     for the kernel embedded in Tint.swift;
#   - `swift package edr-lint --format sarif` writes SARIF naming EDR001.
# Exits non-zero, with the build output, when either is missing.
set -euo pipefail
cd "$(dirname "$0")/../Examples/KernelLintDemo"
SWIFT=${SWIFT:-swift}
log=$(mktemp)
sarif=$(mktemp)
trap 'rm -f "$log" "$sarif"' EXIT

# A warning-only file is stamped as linted; touch it so an incremental build lints it again.
touch Sources/GlowFilter/Kernels/Glow.cikernel Sources/GlowFilter/Tint.swift
"$SWIFT" build 2>&1 | tee "$log"
for file in 'Glow\.cikernel' 'Tint\.swift'; do
  if ! grep -Eq "/$file:[0-9]+:[0-9]+: warning: .*\[EDR001\]" "$log"; then
    echo "check-example: the build did not show the EDR001 warning for $file" >&2
    exit 1
  fi
done

"$SWIFT" package edr-lint --format sarif Sources >"$sarif"
if ! grep -q '"ruleId" *: *"EDR001"' "$sarif"; then
  echo "check-example: swift package edr-lint --format sarif did not report EDR001" >&2
  cat "$sarif" >&2
  exit 1
fi
echo "check-example: the build and the command plugin report EDR001 in the example"
