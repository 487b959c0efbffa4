#!/usr/bin/env python3
"""The fixed samples as patches: cuda_samples/fixed/STYLE/FILE.patch is the
unified diff (patch -p1) from cuda_samples/FILE to what `warpcheck --fix
--fix-style=STYLE` made of it; a file the fixes leave alone has none.
make_fixed.sh calls it.

  fixed_patches.py diff SAMPLES TREE PATCHES FILE...
      writes PATCHES/STYLE/FILE.patch for every FILE of TREE/STYLE (a fixed
      tree) that differs from SAMPLES/FILE, and removes the other patches
  fixed_patches.py apply SAMPLES PATCHES OUT FILE...
      makes the fixed tree OUT/STYLE: SAMPLES/FILE with PATCHES/STYLE/
      FILE.patch applied (exactly: a hunk whose lines do not match fails)
"""
import difflib
import os
import re
import shutil
import sys

STYLES = ("auto", "pad")
HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def read_lines(path):
    with open(path, newline="") as f:
        lines = f.readlines()
    if lines and not lines[-1].endswith("\n"):
        sys.exit(f"{path}: no newline at the end (not supported)")
    return lines


def diff(samples, tree, patches, files):
    for style in STYLES:
        out = os.path.join(patches, style)
        os.makedirs(out, exist_ok=True)
        wanted = set()
        for name in files:
            old = read_lines(os.path.join(samples, name))
            new = read_lines(os.path.join(tree, style, name))
            if old == new:
                continue
            wanted.add(name + ".patch")
            with open(os.path.join(out, name + ".patch"), "w",
                      newline="") as f:
                f.writelines(difflib.unified_diff(
                    old, new, "a/" + name, "b/" + name))
        for name in os.listdir(out):
            if name.endswith(".patch") and name not in wanted:
                os.remove(os.path.join(out, name))
        print(f"{out}: {len(wanted)} patches")


def apply_patch(lines, patch_path):
    """lines with the unified diff at patch_path applied, exactly."""
    text = read_lines(patch_path)
    result, pos, i = [], 0, 0
    while i < len(text) and not text[i].startswith("@@"):
        i += 1  # the --- / +++ header
    while i < len(text):
        m = HUNK.match(text[i])
        if not m:
            sys.exit(f"{patch_path}:{i + 1}: not a hunk header")
        start = int(m.group(1)) - (0 if m.group(2) == "0" else 1)
        if start < pos:
            sys.exit(f"{patch_path}:{i + 1}: hunks out of order")
        result += lines[pos:start]
        pos = start
        i += 1
        while i < len(text) and not text[i].startswith("@@"):
            tag, body = text[i][0], text[i][1:]
            if tag in " -":
                if pos >= len(lines) or lines[pos] != body:
                    sys.exit(f"{patch_path}:{i + 1}: does not apply (line "
                             f"{pos + 1} of the sample differs)")
                pos += 1
            if tag in " +":
                result.append(body)
            elif tag != "-":
                sys.exit(f"{patch_path}:{i + 1}: unexpected line")
            i += 1
    return result + lines[pos:]


def apply(samples, patches, out, files):
    for style in STYLES:
        folder = os.path.join(patches, style)
        names = sorted(n for n in os.listdir(folder) if n.endswith(".patch")) \
            if os.path.isdir(folder) else []
        stray = [n for n in names if n[:-len(".patch")] not in files]
        if stray:
            sys.exit(f"{folder}: patches of files that are not fixed: "
                     f"{', '.join(stray)}")
        target = os.path.join(out, style)
        if os.path.isdir(target):
            shutil.rmtree(target)
        os.makedirs(target)
        for name in files:
            lines = read_lines(os.path.join(samples, name))
            if name + ".patch" in names:
                lines = apply_patch(lines, os.path.join(folder,
                                                        name + ".patch"))
            with open(os.path.join(target, name), "w", newline="") as f:
                f.writelines(lines)


def main(argv):
    if len(argv) < 5 or argv[0] not in ("diff", "apply"):
        sys.exit(__doc__)
    (diff if argv[0] == "diff" else apply)(*argv[1:4], argv[4:])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
