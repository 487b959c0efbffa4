#!/usr/bin/env bash
# Applies every layout fix warpcheck offers on the samples, in two styles:
# auto (the default choice: fewest wavefronts, then least memory) and pad
# (padding wherever it is offered), and writes what changed as patches:
# cuda_samples/fixed/STYLE/FILE.patch (a unified diff from cuda_samples/FILE,
# none for a file the fixes leave alone; cuda_samples/fixed_patches.py).
# cuda_samples/verify_fixes.sh then builds and measures the fixed samples on
# a GPU; ctest fixed-samples-up-to-date checks the patches are what
# warpcheck makes today.
# Usage (repository root, after building warpcheck):
#   cuda_samples/make_fixed.sh              remake the patches
#   cuda_samples/make_fixed.sh --apply DIR  the fixed samples from the
#                                           patches, into DIR/{auto,pad}
# WARPCHECK (default build/bin/warpcheck), FIXED_DIR (where the fixed copies
# are made; default a temporary folder) and PATCH_DIR (default
# cuda_samples/fixed) change where it reads and writes.
set -euo pipefail
Warpcheck=${WARPCHECK:-build/bin/warpcheck}
Patches=${PATCH_DIR:-cuda_samples/fixed}
Samples="bank_vec64 bank_vec128 bank_rules shared_tile transpose algorithms"
Files="sample_check.cuh $(printf '%s.cu ' $Samples)"
if [ "${1:-}" = --apply ]; then
  [ $# -eq 2 ] || { echo "usage: $0 --apply DIR" >&2; exit 2; }
  exec python3 cuda_samples/fixed_patches.py apply cuda_samples "$Patches" "$2" $Files
fi
if [ -n "${FIXED_DIR:-}" ]; then
  Root=$FIXED_DIR
else
  Root=$(mktemp -d)
  trap 'rm -rf "$Root"' EXIT
fi
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
python3 cuda_samples/fixed_patches.py diff cuda_samples "$Root" "$Patches" $Files
