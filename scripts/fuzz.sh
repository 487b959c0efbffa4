#!/usr/bin/env bash
# The fuzzing campaign of docs/robustness.md ("Fuzzing"): builds the
# libFuzzer targets of test/fuzz/ with ASan + UBSan in build-fuzz/ (clang 19)
# and runs each one after the other, one process at a time.
#
#   scripts/fuzz.sh                 every target, the recorded run counts
#   scripts/fuzz.sh lsp config      only these targets
#   RUNS=10000 scripts/fuzz.sh ptx  another run count (for every target given)
#   MAX_TIME=300 scripts/fuzz.sh    at most 300 s per target (libFuzzer's
#                                   -max_total_time), on a busy machine
#   NO_BUILD=1 BIN=dir scripts/fuzz.sh  use fuzz-TARGET binaries built before
#   NICE=0 scripts/fuzz.sh          the fuzzer's priority (default nice 10)
#   MAX_LEN=1024 scripts/fuzz.sh analysis  smaller inputs (default 4096 bytes)
#   SANITIZERS=undefined scripts/fuzz.sh analysis  UBSan alone, no ASan, in
#                                   build-fuzz-undefined/ (about 3x faster)
#
# Each target starts from its seeds (test/fuzz/corpus/TARGET; the analysis
# target also from cuda_samples/*.cu and test/lit/**/*.cu) and keeps its growing
# corpus in build-fuzz/fuzz/corpus/TARGET. A crash, a broken invariant or an
# input slower than 30 s (a hang) stops the target with its input in
# build-fuzz/fuzz/artifacts/TARGET/; add it to test/fuzz/regressions/TARGET/
# once fixed. The summary (executions per target) goes to
# build-fuzz/fuzz/summary.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
ALL=(baseline lsp config compile-database ptx nvcc-command bank-model
     layout-search analysis)
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=("${ALL[@]}")

Sanitizers=${SANITIZERS:-address,undefined}
Build=build-fuzz
[ "$Sanitizers" != address,undefined ] && Build=build-fuzz-${Sanitizers//,/-}
if [ -z "${NO_BUILD:-}" ]; then
  cmake -S . -B "$Build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER=clang++-19 -DWARPCHECK_FUZZ=ON \
    -DWARPCHECK_FUZZ_SANITIZERS="$Sanitizers" >/dev/null
  cmake --build "$Build" -j "${JOBS:-2}" \
    --target $(printf 'fuzz-%s ' "${TARGETS[@]}")
fi
BIN=${BIN:-$Build/bin}

# LLVM's own allocations live until exit by design: leaks are not errors.
export ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
W=$Build/fuzz
mkdir -p "$W"
for T in "${TARGETS[@]}"; do
  Corpus=$W/corpus/$T
  mkdir -p "$Corpus" "$W/artifacts/$T"
  cp -n test/fuzz/corpus/"$T"/* "$Corpus"/ 2>/dev/null || true
  Runs=${RUNS:-1000000}
  Extra=(-max_len=${MAX_LEN:-4096})
  if [ "$T" = analysis ]; then
    # Whole files through clang and every check: fewer inputs, at most
    # 4 KiB (larger seeds are cut), so that each parses in well under 30 s.
    Runs=${RUNS:-10000}
    Extra=(-max_len=${MAX_LEN:-4096})
    cp -n cuda_samples/*.cu "$Corpus"/
    find test/lit \( -name Inputs -o -name Output \) -prune -o -name '*.cu' \
      -exec cp -n {} "$Corpus"/ \;
  fi
  echo "== $T: $Runs runs"
  start=$(date +%s)
  set +e
  # At low priority: the machine may be shared.
  nice -n "${NICE:-10}" "$BIN"/fuzz-"$T" "$Corpus" -runs="$Runs" -timeout=30 \
    -rss_limit_mb=4096 -print_final_stats=1 "${Extra[@]}" \
    ${MAX_TIME:+-max_total_time=$MAX_TIME} \
    -artifact_prefix="$W/artifacts/$T/" >"$W/$T.log" 2>&1
  status=$?
  set -e
  grep -a -E '(DONE|==ERROR|^SUMMARY|fuzz: invariant|Test unit written)' \
    "$W/$T.log" | tail -5 || true
  execs=$(grep -a -o 'stat::number_of_executed_units: [0-9]*' "$W/$T.log" | awk '{print $2}')
  corpus=$(ls "$Corpus" | wc -l)
  echo "$(date -u +%FT%TZ) $T executions=${execs:-?} seconds=$(( $(date +%s) - start )) exit=$status corpus=$corpus" | tee -a "$W/summary.txt"
  # The final stats lines, for the record (docs/trials/fuzz/).
  grep -a -E '^(stat::|Done [0-9]+ runs|#[0-9]+[[:space:]]+DONE)' "$W/$T.log" \
    | sed "s/^/$T: /" >>"$W/stats.txt" || true
done
