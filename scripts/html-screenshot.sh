#!/usr/bin/env bash
# A screenshot of warpcheck's HTML report (--format=html) in a real
# headless browser: Debian's chromium, no network (a proxy that does not
# exist, and the page's own Content-Security-Policy forbids any request).
#   scripts/html-screenshot.sh REPORT.html[#SECTION-ID] OUT.png [WIDTH HEIGHT]
# (a section id, the JSON's accesses[].id, scrolls the page to that access)
# Not run in CI (chromium is not a CI dependency); docs/usage.md shows the
# screenshot of the cuda_samples report it took.
set -eu
fragment=""
case $1 in *'#'*) fragment="#${1#*#}" ;; esac
report=$(realpath "${1%%#*}"); out=$2
width=${3:-1400}; height=${4:-1100}
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "html-screenshot: chromium not found (apt-get install chromium)" >&2
  exit 77
fi
profile=$(mktemp -d); trap 'rm -rf "$profile"' EXIT
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
  --user-data-dir="$profile" --proxy-server=127.0.0.1:9 \
  --proxy-bypass-list='<-loopback>' --no-first-run \
  --disable-background-networking --disable-component-update \
  --disable-sync --disable-extensions \
  --run-all-compositor-stages-before-draw --virtual-time-budget=10000 \
  --window-size="$width,$height" --screenshot="$(realpath -m "$out")" \
  "file://$report$fragment" >/dev/null 2>&1
test -s "$out"
echo "html-screenshot: $out"
