#!/usr/bin/env bash
# Fails on a platform module (Glibc, Musl, Darwin, WinSDK) imported outside an `#if canImport(…)`
# or `#if os(…)` block, or named in a qualified call, so that the package keeps building on macOS
# as well as on Linux.
set -euo pipefail
cd "$(dirname "$0")/.."
found=$(find Sources Plugins Tests -name '*.swift' -print0 | xargs -0 awk '
  FNR == 1 { depth = 0 }
  /^[ \t]*#if/ { depth++; guarded[depth] = ($0 ~ /canImport|os\(/) }
  /^[ \t]*#endif/ { if (depth > 0) depth-- }
  /^[ \t]*(@_exported |internal |public )?import (Glibc|Musl|Darwin|WinSDK)([ \t;]|$)/ {
    ok = 0
    for (i = 1; i <= depth; i++) if (guarded[i]) ok = 1
    if (!ok) print FILENAME ":" FNR ": " $0
  }')
# A name qualified by a platform module (`Glibc.pow`) does not build on the other platforms.
found+=$(grep -rnE '\b(Glibc|Musl|Darwin)\.[a-z]' --include='*.swift' Sources Plugins Tests || true)
if [ -n "$found" ]; then
  echo "unguarded platform imports or platform-qualified names (use #if canImport(...), Foundation.name):" >&2
  echo "$found" >&2
  exit 1
fi
echo "platform imports: all guarded"
