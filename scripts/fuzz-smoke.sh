#!/usr/bin/env bash
# The CI fuzz smoke: every fuzz target for 60 s (docs/reliability.md §3.6), failing on any crash,
# OOM, timeout or a run of zero inputs. See scripts/fuzz.sh.
set -euo pipefail
exec "$(dirname "$0")/fuzz.sh" "${FUZZ_SMOKE_SECONDS:-60}" "$@"
