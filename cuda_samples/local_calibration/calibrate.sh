#!/usr/bin/env bash
# Compiles the local-memory calibration corpus (gen_corpus.py, generated
# into a temporary folder by ../generate.py: a note when it differs from
# corpus.sha256, the corpus the committed results are of) with nvcc and
# records, per configuration, what the compiler did with every kernel:
#   <config>/corpus_NN.depots.txt  the PTX .entry and __local_depot lines
#                                  (all --ptx-file needs)
#   <config>/corpus_NN.ptxas.txt   ptxas -v: stack frame and spills
#   <config>/corpus_NN.sass.tsv    LDL/STL instructions per kernel, counted
#                                  in `cuobjdump -sass` of the same object
# Configurations: sm_90 and sm_80 at the default optimization (-O3), and
# sm_90 with -G (device debug) over the float kernels. No GPU is needed;
# cuobjdump needs nvdisasm beside it or on PATH (the toolkit's bin/, or
# pip's nvidia-cuda-cuobjdump and nvidia-cuda-nvdisasm).
# test/measurements/compare_local_calibration.py compares warpcheck with it.
# Usage (from this directory): [ONLY="corpus_NN ..."] ./calibrate.sh [CONFIG...]
set -euo pipefail
cd "$(dirname "$0")"
Nvcc=${NVCC:-nvcc}
Cuobjdump=${CUOBJDUMP:-cuobjdump}
Tmp=$(mktemp -d)
Corpus=$(mktemp -d)
trap 'rm -rf "$Tmp" "$Corpus"' EXIT
python3 ../generate.py --unchecked local_calibration "$Corpus"
configs=("$@")
[ ${#configs[@]} -eq 0 ] && configs=(sm_90 sm_80 sm_90_G)
for config in "${configs[@]}"; do
  case $config in
    sm_90) flags=(-arch=sm_90); files=("$Corpus"/corpus_*.cu) ;;
    sm_80) flags=(-arch=sm_80); files=("$Corpus"/corpus_*.cu) ;;
    sm_90_G) flags=(-arch=sm_90 -G); files=("$Corpus"/corpus_0[56].cu) ;;
    *) echo "unknown configuration $config" >&2; exit 1 ;;
  esac
  mkdir -p "results/$config"
  "$Nvcc" --version | tail -n 2 > "results/$config/nvcc-version.txt"
  for f in "${files[@]}"; do
    base=$(basename "$f" .cu)
    # ONLY="corpus_11 corpus_12" recompiles just those files.
    if [ -n "${ONLY:-}" ] && ! grep -qw "$base" <<<"$ONLY"; then continue; fi
    echo "$config $base" >&2
    rm -rf "$Tmp"/*
    nice "$Nvcc" "${flags[@]}" -std=c++17 -c -Xptxas -v -keep -keep-dir "$Tmp" \
      "$f" -o "$Tmp/$base.o" 2> "results/$config/$base.ptxas.txt"
    grep -E '^\.(visible )?\.entry|\.local.*__local_depot' "$Tmp/$base.ptx" \
      > "results/$config/$base.depots.txt" || true
    "$Cuobjdump" -sass "$Tmp/$base.o" | awk '
      /Function :/ { name = $3; ld[name] = 0; st[name] = 0; order[++n] = name }
      /[^A-Z]LDL[. ]/ { ld[name]++ }
      /[^A-Z]STL[. ]/ { st[name]++ }
      END { print "kernel\tldl\tstl"; for (i = 1; i <= n; i++) print order[i] "\t" ld[order[i]] "\t" st[order[i]] }' \
      > "results/$config/$base.sass.tsv"
  done
done
