#!/usr/bin/env bash
# Builds the DocC archive of every library module, treating every DocC warning as an error.
#   bash scripts/build-docs.sh            -> .build/docs/<Module>.doccarchive
#
# These modules go through swift-docc-plugin (`swift package generate-documentation`).
# RasterIO cannot: Swift 6.3.1's swift-symbolgraph-extract crashes (signal 11) deserializing
# a private libtiff error-handler closure of C function-pointer type in RasterIO. For it the
# compiler emits the symbol graph while building (-emit-symbol-graph) in a separate scratch
# folder, so the main build is not invalidated, and `docc convert` builds the archive.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
DOCC=${DOCC:-$(dirname "$(command -v "$SWIFT")")/docc}
out=.build/docs
mkdir -p "$out"

plugin_modules=(WorkScheduler CubeFormat ColorMath LUTEngine EDRPipeline CubeAuthoring EDRPlots KernelLint ImageApplication)
targets=()
for m in "${plugin_modules[@]}"; do targets+=(--target "$m"); done
"$SWIFT" package generate-documentation "${targets[@]}" --warnings-as-errors
for m in "${plugin_modules[@]}"; do
  rm -rf "$out/$m.doccarchive"
  cp -R ".build/plugins/Swift-DocC/outputs/$m.doccarchive" "$out/"
done

scratch=.build/docs-symbols
graphs="$PWD/$scratch/graphs"
# Kept between runs: an up-to-date build recompiles nothing and so writes no new graph.
mkdir -p "$graphs"
"$SWIFT" build --target RasterIO --scratch-path "$scratch" \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
rm -rf "$out/RasterIO.doccarchive"
"$DOCC" convert Sources/RasterIO/Documentation.docc --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name RasterIO --fallback-bundle-identifier RasterIO \
  --output-path "$out/RasterIO.doccarchive" --warnings-as-errors
echo "build-docs: ${plugin_modules[*]} RasterIO -> $out"
