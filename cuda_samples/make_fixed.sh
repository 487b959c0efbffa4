#!/usr/bin/env bash
# Applies every layout fix warpcheck offers on the samples to copies:
# cuda_samples/fixed/auto (the default choice: fewest wavefronts, then least
# memory) and cuda_samples/fixed/pad (padding wherever it is offered).
# cuda_samples/verify_fixes.sh then builds and measures them on a GPU.
# Usage (repository root, after building warpcheck): cuda_samples/make_fixed.sh
set -euo pipefail
Warpcheck=${WARPCHECK:-build/bin/warpcheck}
Root=${FIXED_DIR:-cuda_samples/fixed}
Samples="bank_vec64 bank_vec128 bank_rules shared_tile transpose algorithms"
for Style in auto pad; do
  Dir=$Root/$Style
  rm -rf "$Dir"
  mkdir -p "$Dir"
  cp cuda_samples/sample_check.cuh "$Dir/"
  for S in $Samples; do
    cp "cuda_samples/$S.cu" "$Dir/$S.cu"
    "$Warpcheck" --fix --fix-style="$Style" --checks='-*,warpcheck-shared-*' \
      "$Dir/$S.cu" -- -I"$Dir" > /dev/null 2>&1 || true
  done
done
