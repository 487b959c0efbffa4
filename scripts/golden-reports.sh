#!/usr/bin/env bash
# Golden JSON reports for a behaviour-preserving change (docs/design.md,
# "Changing the structure"): run the same warpcheck binary before and after,
# then `diff -r BEFORE AFTER`. Each input gets its JSON report (--format=json)
# and the engine-run count (WARPCHECK_DEBUG_ANALYSIS_CACHE=1 on stderr), with
# the default shapes and again with --block-dim 64x2 (both checks must follow
# it). Inputs: every sample under cuda_samples/ (not fixed/), every lit input
# under test/lit/, and the 50-file fix set of test/integration. The generated
# corpora (cuda_samples/generate.py) are analyzed where they are generated:
# generate them first to include them.
#   scripts/golden-reports.sh build/bin/warpcheck /tmp/golden-before
set -u
# Every file analyzed, none answered by the result cache.
export WARPCHECK_NO_CACHE=1
bin=$(realpath "$1"); out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$out"; mkdir -p "$out"
fixset=$out/.fixset
python3 - "$root" "$fixset" <<'PY'
import sys, importlib.util
spec = importlib.util.spec_from_file_location(
    "fmf", sys.argv[1] + "/test/integration/fix_many_files.py")
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
m.generate(sys.argv[2], 50)
PY
one() { # file, tag, extra options...
  local f=$1 tag=$2; shift 2
  local rel=${f#$root/}; rel=${rel#$fixset/}
  local name; name=$(echo "$rel" | tr '/' '_')
  (cd "$(dirname "$f")" && WARPCHECK_DEBUG_ANALYSIS_CACHE=1 timeout 300 \
     "$bin" --format=json --cuda-prelude "$@" "$f" -- -I"$root/cuda_samples" \
     >"$out/$name.$tag.json" 2>"$out/$name.$tag.stderr"
   echo "exit $?" >>"$out/$name.$tag.stderr")
  # Paths and timings differ between checkouts; keep what the analysis says.
  sed -i -e "s|$root/||g" -e "s|$fixset/||g" \
      -e 's/"\(elapsed\|seconds\|time\)[a-z_]*": *[0-9.e+-]*/"\1": 0/g' \
      "$out/$name.$tag.json" "$out/$name.$tag.stderr"
}
export -f one; export bin out root fixset
{ find "$root/cuda_samples" -name '*.cu' -not -path '*/fixed/*'
  find "$root/test/lit" -name '*.cu'
  find "$fixset" -name '*.cu'; } | sort |
  xargs -P "${JOBS:-2}" -I{} bash -c 'one {} default; one {} b64x2 --block-dim=64x2'
rm -rf "$fixset"
grep -h "warpcheck-analysis-cache" "$out"/*.stderr | wc -l >"$out/ENGINE-RUN-LINES"
