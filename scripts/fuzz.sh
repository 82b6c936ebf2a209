#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ with AddressSanitizer and runs each one for SECONDS.
#
#   scripts/fuzz.sh [SECONDS] [TARGET…]      default: 60 s, every target
#
# Environment: FUZZ_FORK (libFuzzer -fork=N, default off), FUZZ_WORK (corpus and artifacts,
# default .build/fuzz), FUZZ_NO_BUILD=1 (reuse the last build), FUZZ_NICE (nice level).
# Fails (exit 1) on any crash, out-of-memory (-malloc_limit_mb=512, -rss_limit_mb=2048),
# timeout (-timeout=10, 30 for FuzzLint), artifact, or a run that executed no input ("Done 0 runs", or no
# "Done" line at all: docs/reliability.md pitfall 2). Prints one summary line per target:
#   fuzz: TARGET seconds=S runs=N exec/s=R cov=C ft=F corpus=K artifacts=A result=ok|FAIL
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=()
  for dir in "$root"/Fuzz/Sources/Fuzz*/; do
    name="$(basename "$dir")"
    [ "$name" = FuzzSupport ] || targets+=("$name")
  done
fi
work="${FUZZ_WORK:-$root/Fuzz/.build/fuzz}"
nice_level="${FUZZ_NICE:-0}"

dictionary() {
  case "$1" in
    FuzzCube) echo cube.dict ;;
    FuzzCLF) echo clf.dict ;;
    FuzzEXR) echo exr.dict ;;
    FuzzTIFF) echo tiff.dict ;;
    FuzzLint) echo lint.dict ;;
    *) echo "" ;;
  esac
}

# Inputs up to 2 MiB for the file readers and the linter, so that the shapes that only go wrong
# when large (20,000 EXR channels in 500 KB, a CLF Array of a million tokens: issue 40 R1, R3)
# are reachable; libFuzzer still grows lengths gradually from the seeds (-len_control). The
# round trip reads a few dozen bytes of choices.
max_len() {
  case "$1" in
    FuzzRoundTrip) echo 8192 ;;
    *) echo 2097152 ;;
  esac
}

# Seconds one input may take (-timeout, and -report_slow_units so a slow input is an artifact at
# the same point). The linter's largest seed, the 1.6 MB macro file of issue 40 R7 (32 MiB of
# expansion), takes 0.95 s in a plain release build and 11–13 s under ASan and libFuzzer's
# instrumentation, so it gets 30 s: quadratic analysis still exceeds it (the 10.4 s plain run
# of that file before its fix would be minutes here).
input_timeout() {
  case "$1" in
    FuzzLint) echo 30 ;;
    *) echo 10 ;;
  esac
}

if [ "${FUZZ_NO_BUILD:-0}" != 1 ]; then
  # A path dependency's new source files are not noticed by a cached build plan: replan.
  rm -f "$root/Fuzz/.build/release.yaml"
  # --sanitize=fuzzer makes SwiftPM link libFuzzer; -Xswiftc adds ASan to every Swift file
  # (`--sanitize=fuzzer --sanitize=address` passes only one of the two: pitfall 1).
  for target in "${targets[@]}"; do
    nice -n "$nice_level" swift build -c release --package-path "$root/Fuzz" \
      --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld \
      --product "$target" >&2
  done
fi
bin="$(swift build -c release --package-path "$root/Fuzz" --show-bin-path)"

status=0
for target in "${targets[@]}"; do
  exe="$bin/$target"
  corpus="$work/$target/corpus"
  artifacts="$work/$target/artifacts"
  log="$work/$target/fuzz.log"
  mkdir -p "$corpus" "$artifacts"
  rm -f "$artifacts"/*
  args=(-max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=512
    -timeout="$(input_timeout "$target")" -report_slow_units="$(input_timeout "$target")"
    -max_len="$(max_len "$target")" -print_final_stats=1 -artifact_prefix="$artifacts/")
  dict="$(dictionary "$target")"
  [ -n "$dict" ] && args+=(-dict="$root/Fuzz/Dictionaries/$dict")
  [ -n "${FUZZ_FORK:-}" ] && args+=(-fork="$FUZZ_FORK")
  seeds=("$root/Fuzz/Seeds/$target")
  # Past crashes are replayed first: a regression fails the run at once.
  [ -d "$root/Tests/Fixtures/crashers/$target" ] && seeds+=("$root/Tests/Fixtures/crashers/$target")
  echo "fuzz: running $target for ${seconds}s" >&2
  set +e
  SWIFT_BACKTRACE=enable=no nice -n "$nice_level" "$exe" "${args[@]}" "$corpus" "${seeds[@]}" \
    >"$log" 2>&1
  rc=$?
  set -e
  runs="$(grep -oE 'Done [0-9]+ runs' "$log" | tail -1 | grep -oE '[0-9]+' || true)"
  if [ -z "$runs" ]; then  # -fork mode prints per-job stats instead of "Done"
    runs="$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | awk '{s+=$2} END {print s+0}')"
  fi
  last="$(grep -E '#[0-9]+.*cov:' "$log" | tail -1 || true)"
  cov="$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$last")"
  ft="$(sed -nE 's/.*ft: ([0-9]+).*/\1/p' <<<"$last")"
  rate="$(grep -oE 'exec/s: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || true)"
  found="$(find "$artifacts" -type f | wc -l)"
  result=ok
  if [ "$rc" -ne 0 ] || [ "$found" -gt 0 ] || [ -z "$runs" ] || [ "$runs" -eq 0 ]; then
    result=FAIL
    status=1
    grep -E 'ERROR|SUMMARY|FUZZ PROPERTY|Fatal error|deadly|out-of-memory|timeout' "$log" | head -20 >&2 || true
  fi
  echo "fuzz: $target seconds=$seconds runs=${runs:-0} exec/s=${rate:-?} cov=${cov:-?} ft=${ft:-?} corpus=$(find "$corpus" -type f | wc -l) artifacts=$found rc=$rc result=$result"
done
exit "$status"
