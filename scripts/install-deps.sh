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

# nvdisasm reads the SASS for --verify-sass; the toolkit here lacks it, and
# without it the lit tests that compile with the real nvcc and read its SASS
# are unsupported. PyPI's nvidia-cuda-nvdisasm (13.2, the oldest of CUDA 13
# there) reads nvcc 13.0's cubins. Best effort: without the network those
# tests stay unsupported, nothing else changes.
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if [ -x "$nvcc" ] && ! command -v nvdisasm > /dev/null &&
   [ ! -x "$(dirname "$nvcc")/nvdisasm" ]; then
  if python3 -m pip install -q --target /opt/cuda-disasm \
       "nvidia-cuda-nvdisasm==13.2.51" 2> /dev/null; then
    ln -sf /opt/cuda-disasm/nvidia/cu13/bin/nvdisasm /usr/local/bin/nvdisasm
  else
    echo "install-deps: nvidia-cuda-nvdisasm not installed; the real-SASS lit tests stay unsupported"
  fi
fi
