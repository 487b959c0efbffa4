#!/usr/bin/env bash
# The package on a fresh Debian 12 (issue 29): a minimal bookworm root made
# by debootstrap, nothing in it but the base system; there apt installs the
# CPack .deb with only its declared dependencies, and from an unrelated
# folder warpcheck analyzes a sample, writes a translated compile database,
# and clang-tidy-19 (installed the way a user would) runs the plugin on it.
# Then the `cmake --install` tree, copied into the same root, does the same.
# Needs root and Debian's mirror, so it is a script, not a ctest; its output
# is kept in docs/trials/fresh-debian12.txt.
# Usage: check-fresh-debian.sh BUILD_DIR SOURCE_DIR [ROOT]
#   ROOT: an existing debootstrap root to reuse (made when absent).
set -euo pipefail
build=$(realpath "$1"); src=$(realpath "$2")
root=${3:-$(mktemp -d)/bookworm}
if [ ! -x "$root/usr/bin/apt-get" ]; then
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian \
    > "$root.debootstrap.log" 2>&1
fi
pkgdir=$(mktemp -d)
(cd "$build" && cpack -G DEB -B "$pkgdir" > /dev/null)
deb=$(ls "$pkgdir"/warpcheck_*.deb)
cmake --install "$build" --prefix "$root/opt/warpcheck" > /dev/null
mkdir -p "$root/root/project"
cp "$deb" "$root/root/"
cp "$src/test/lit/driver/Inputs/good.cu" "$root/root/project/good.cu"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mkdir -p "$root/dev/pts"
mount -t devpts devpts "$root/dev/pts"
trap 'umount "$root/dev/pts"' EXIT

# Everything below runs inside the fresh root.
chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
  DEBIAN_FRONTEND=noninteractive /bin/bash -euo pipefail -s "$(basename "$deb")" <<'EOF'
deb=/root/$1
echo "== $(cat /etc/debian_version), packages before: $(dpkg-query -f '.\n' -W | wc -l)"
apt-get update -qq
echo "== apt-get install ./$(basename "$deb")"
apt-get install -y -qq --no-install-recommends "$deb" > /tmp/apt.log
grep -E '^(Setting up|Unpacking) (warpcheck|libclang-cpp19|libllvm19|libclang-common-19-dev|libstdc\+\+-12-dev|libc6-dev)' /tmp/apt.log | sort -u || true
echo "packages after: $(dpkg-query -f '.\n' -W | wc -l)"
cd /root/project
echo "== which warpcheck: $(command -v warpcheck)"
warpcheck --version
warpcheck good.cu -- 2>&1 | tee /tmp/out.txt
# The launch is parsed (the standard headers came with the package): the
# shape is the launch's, not an assumed one, and no header is missing.
grep -q 'good.cu:3:22: warning: 32-way bank conflict on load from .s.: 32 wavefronts per request, 1 ideal' /tmp/out.txt
grep -q "with block 32x1x1 (from launch at good.cu:5)" /tmp/out.txt
! grep -q "not found" /tmp/out.txt
man_page=$(dpkg -L warpcheck | grep 'man1/warpcheck.1')
echo "man page: $man_page"
warpcheck --write-compile-commands=tidy/compile_commands.json good.cu --
grep -q '"/usr/share/warpcheck/include/' tidy/compile_commands.json
echo "== apt-get install clang-tidy-19, then the plugin route"
apt-get install -y -qq --no-install-recommends clang-tidy-19 > /tmp/apt2.log
clang-tidy-19 --load /usr/lib/warpcheck/libWarpcheckTidyPlugin.so \
  --checks='-*,warpcheck-*' -p tidy good.cu 2>&1 | tee /tmp/tidy.txt
grep -q 'good.cu:3:22: warning: 32-way bank conflict' /tmp/tidy.txt
echo "== the cmake --install tree in /opt/warpcheck"
/opt/warpcheck/bin/warpcheck good.cu -- 2>&1 | tee /tmp/out2.txt
grep -q 'good.cu:3:22: warning: 32-way bank conflict' /tmp/out2.txt
/opt/warpcheck/bin/warpcheck --write-compile-commands=opt/compile_commands.json good.cu --
grep -q '"/opt/warpcheck/share/warpcheck/include/' opt/compile_commands.json
clang-tidy-19 --load /opt/warpcheck/lib/warpcheck/libWarpcheckTidyPlugin.so \
  --checks='-*,warpcheck-*' -p opt good.cu 2>&1 | grep 'warning:'
echo "== fresh Debian 12 check passed"
EOF
