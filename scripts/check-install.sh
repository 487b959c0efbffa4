#!/usr/bin/env bash
# The installed tree works from anywhere (issue 29): `cmake --install` into a
# prefix, the prefix moved elsewhere, then from an unrelated folder the tool
# analyzes a sample, writes a translated compile database, and clang-tidy-19
# with the installed plugin reads it; the Debian package holds the same
# tree. Usage: check-install.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(realpath "$1"); src=$(realpath "$2")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/first" > /dev/null
mv "$work/first" "$work/moved"            # relocatable: no absolute path kept
prefix=$work/moved
mkdir -p "$work/project"
cp "$src/test/lit/driver/Inputs/good.cu" "$work/project/good.cu"
cd "$work/project"

# Output is captured before grep: grep -q would end the pipe early.
out=$("$prefix/bin/warpcheck" --version); grep -q '^warpcheck ' <<< "$out"
grep -q 'LLVM/Clang 19' <<< "$out"
# --help: examples, `--`, the configuration files, the exit status.
out=$("$prefix/bin/warpcheck" --help)
for want in 'EXAMPLES:' 'kernels.cu --' '.warpcheck.yaml' '.clang-tidy' 'Exit status:'; do
  grep -qF -- "$want" <<< "$out" || { echo "--help lacks '$want'"; exit 1; }
done
out=$("$prefix/bin/warpcheck" good.cu -- 2>&1)
grep -q "good.cu:3:22: warning: 32-way bank conflict" <<< "$out"
test -f "$prefix/share/man/man1/warpcheck.1"

"$prefix/bin/warpcheck" --write-compile-commands="$work/project/compile_commands.json" good.cu --
grep -q "\"$prefix/share/warpcheck/include/" compile_commands.json
if command -v clang-tidy-19 > /dev/null; then
  out=$(clang-tidy-19 --load "$prefix/lib/warpcheck/libWarpcheckTidyPlugin.so" \
    --checks='-*,warpcheck-*' -p . good.cu 2>&1)
  grep -q "good.cu:3:22: warning: 32-way bank conflict" <<< "$out"
else
  echo "clang-tidy-19 not found: the plugin route is not checked"
fi

# The package: the same files under /usr.
if command -v cpack > /dev/null && command -v dpkg-deb > /dev/null; then
  (cd "$build" && cpack -G DEB -B "$work/package" > /dev/null)
  deb=$(ls "$work"/package/warpcheck_*.deb)
  # Depends: what dpkg-shlibdeps finds the binaries link, and clang's
  # CUDA headers, the standard headers.
  out=$(dpkg-deb -f "$deb" Depends)
  for p in libclang-cpp19 libllvm19 libclang-common-19-dev libstdc++6 libc6 \
           libstdc++-12-dev; do
    grep -q "\b$p\b" <<< "$out" || { echo "Depends lacks $p: $out"; exit 1; }
  done
  dpkg-deb -x "$deb" "$work/root"
  for f in usr/bin/warpcheck usr/lib/warpcheck/libWarpcheckTidyPlugin.so \
           usr/share/warpcheck/include/prelude/warpcheck_cuda_prelude.h \
           usr/share/man/man1/warpcheck.1; do
    test -e "$work/root/$f" || { echo "the package lacks $f"; exit 1; }
  done
  out=$("$work/root/usr/bin/warpcheck" good.cu -- 2>&1)
  grep -q "32-way bank conflict" <<< "$out"
  "$work/root/usr/bin/warpcheck" --write-compile-commands=deb-tidy/compile_commands.json good.cu --
  grep -q "\"$work/root/usr/share/warpcheck/include/" deb-tidy/compile_commands.json
fi
echo "install check passed: $prefix"
