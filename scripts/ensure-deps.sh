#!/usr/bin/env bash
# Installs the system packages EDRCube builds against, if any is missing.
# As root it runs apt-get itself; otherwise it prints the one command to run and fails.
set -euo pipefail
# The GLSL/SPIR-V tools and lavapipe (Mesa's CPU Vulkan driver) run `make gpu-check`; GNU time
# measures peak memory in LinterMemoryTests.
packages=(libopenexr-dev libtiff-dev libpng-dev pkg-config time
  glslang-tools spirv-tools spirv-cross mesa-vulkan-drivers)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
  echo "edrcube: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "edrcube: missing system packages; run: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
