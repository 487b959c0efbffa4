#!/usr/bin/env bash
# Installs what warpcheck needs on Debian 12 (as root): LLVM/Clang 19 as
# shared libraries with their headers, clang-tidy 19 (for the plugin), lit and
# FileCheck, GoogleTest, CMake and Ninja, and Neovim (the ctest nvim-lsp runs
# the LSP server in it). The CUDA toolkit is optional: with
# none installed warpcheck uses its built-in CUDA prelude.
set -euo pipefail
packages=(cmake ninja-build g++ python3 libgtest-dev
          llvm-19-dev llvm-19-tools libclang-19-dev libclang-cpp19-dev
          clang-19 clang-tidy-19 neovim)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}"
fi
