#!/usr/bin/env bash
# Installs edrcube with its shell completions and man page under a prefix:
#   bash scripts/install.sh PREFIX BINARY MANPAGE
#     PREFIX/bin/edrcube, PREFIX/bin/edrlint (the linter alone, when built beside BINARY)
#     PREFIX/share/bash-completion/completions/edrcube
#     PREFIX/share/zsh/site-functions/_edrcube
#     PREFIX/share/fish/vendor_completions.d/edrcube.fish
#     PREFIX/share/man/man1/edrcube.1
# The completion scripts come from the binary itself (swift-argument-parser).
set -euo pipefail
prefix=$1
binary=$2
manpage=$3

install -d "$prefix/bin" "$prefix/share/bash-completion/completions" \
  "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d" \
  "$prefix/share/man/man1"
install -m 755 "$binary" "$prefix/bin/edrcube"
linter=$(dirname "$binary")/edrlint
if [ -x "$linter" ]; then install -m 755 "$linter" "$prefix/bin/edrlint"; fi
"$binary" --generate-completion-script bash >"$prefix/share/bash-completion/completions/edrcube"
"$binary" --generate-completion-script zsh >"$prefix/share/zsh/site-functions/_edrcube"
"$binary" --generate-completion-script fish >"$prefix/share/fish/vendor_completions.d/edrcube.fish"
install -m 644 "$manpage" "$prefix/share/man/man1/edrcube.1"
echo "installed edrcube, completions (bash, zsh, fish) and edrcube.1 under $prefix"
