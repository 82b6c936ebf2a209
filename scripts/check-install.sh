#!/usr/bin/env bash
# CI: `make install DESTDIR=STAGE` puts the binary, the bash/zsh/fish completions and the man
# page (share/man/man1/edrcube.1, made from the binary's help) in place under STAGE/PREFIX.
# CI installs the debug build `make test` made (install-built, BIN=…) instead of a release
# build: what is checked is what install puts where, not the optimiser (and it saves ~10 min).
set -euo pipefail
cd "$(dirname "$0")/.."
stage=$(mktemp -d /tmp/edrcube-install.XXXXXX)
trap 'rm -rf "$stage"' EXIT
make --no-print-directory install-built DESTDIR="$stage" PREFIX=/usr/local \
  BIN="${EDRCUBE_INSTALL_BIN:-.build/debug/edrcube}"
root="$stage/usr/local"
for file in bin/edrcube share/man/man1/edrcube.1 share/bash-completion/completions/edrcube \
  share/zsh/site-functions/_edrcube share/fish/vendor_completions.d/edrcube.fish; do
  if [ ! -s "$root/$file" ]; then
    echo "check-install: make install DESTDIR=$stage did not install $file" >&2
    exit 1
  fi
done
grep -q '^\.TH EDRCUBE 1' "$root/share/man/man1/edrcube.1"
grep -q '^\.SS edrcube apply' "$root/share/man/man1/edrcube.1"
echo "check-install: binary, completions and edrcube.1 installed"
