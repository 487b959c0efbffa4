#!/usr/bin/env python3
"""ctest nvim-lsp (issue 29): warpcheck --lsp in headless Neovim 0.7+
(lsp_test.lua). For each of the padding and the swizzle action: a fresh
copy of kernel.cu, Neovim checks the diagnostics' UTF-16 columns and applies
the action, and the edited buffer must be expected-<action>.cu exactly.
Without nvim the test is skipped (exit 77, ctest's SKIP_RETURN_CODE), never
passed."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = 77


def run(nvim, warpcheck, action, work):
    source = os.path.join(work, action, "kernel.cu")
    os.makedirs(os.path.dirname(source))
    shutil.copy(os.path.join(HERE, "kernel.cu"), source)
    out = os.path.join(work, action, "edited.cu")
    env = dict(os.environ, WARPCHECK=warpcheck, WARPCHECK_FILE=source,
               WARPCHECK_ACTION=action, WARPCHECK_OUT=out)
    try:
        p = subprocess.run([nvim, "--headless", "-u", "NONE", "-i", "NONE",
                            "-n", "-c",
                            "luafile " + os.path.join(HERE, "lsp_test.lua")],
                           env=env, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        print(f"{action}: nvim did not finish in 600 s")
        return False
    print(p.stdout + p.stderr)
    if p.returncode != 0:
        print(f"{action}: nvim exited with {p.returncode}")
        return False
    want = open(os.path.join(HERE, f"expected-{action}.cu"),
                encoding="utf-8").read()
    got = open(out, encoding="utf-8").read() if os.path.exists(out) else ""
    if got != want:
        print(f"{action}: the edited buffer is\n{got}\nnot\n{want}")
        return False
    print(f"{action}: applied as expected")
    return True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--warpcheck", required=True)
    parser.add_argument("--nvim", default=shutil.which("nvim"))
    args = parser.parse_args()
    if not args.nvim or not os.path.exists(args.nvim):
        print("skipped: no nvim (scripts/install-deps.sh installs it)")
        return SKIP
    with tempfile.TemporaryDirectory() as work:
        ok = all([run(args.nvim, args.warpcheck, a, work)
                  for a in ("pad", "swizzle")])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
