# lit configuration for warpcheck's end-to-end tests: annotated .cu files
# whose CHECK-MESSAGES lines sit next to the code they describe. The layout
# is clang-tidy's: checkers/<check-name>/ holds one check's tests, driver/
# the tool's own behaviour (output formats, configuration, LSP, baseline,
# parallel runs, hostile inputs, parsing, the clang-tidy plugin). lit finds
# tests in every directory below this one; each directory's Inputs/ holds
# the files its tests name as %S/Inputs/..., never run as tests.
import os
import sys

import lit.formats

config.name = "warpcheck"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cu", ".cpp", ".test"]
# Excluded by name at every depth: checkers/<check>/Inputs and driver/Inputs.
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
# Output/ (lit's %t files, next to each directory's tests) is skipped by
# lit's discovery at every depth, as Inputs/ is by the exclusion above.
repo_root = os.path.abspath(os.path.join(config.test_source_root, "..", ".."))

warpcheck = lit_config.params.get("warpcheck")
if not warpcheck:
    lit_config.fatal("pass --param warpcheck=PATH/TO/warpcheck")
llvm_bin = lit_config.params.get("llvm_bin", "/usr/lib/llvm-19/bin")
config.environment["PATH"] = os.pathsep.join(
    [llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
for var in ("HOME", "CUDA_PATH"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# The result cache is off: each test analyzes what it names, as it names
# it; result-cache.test turns it on with --cache-dir.
config.environment["WARPCHECK_NO_CACHE"] = "1"

# Every diagnostic must be annotated: anything else fails the test. Source
# excerpts under a diagnostic ("  12 | code") may quote the annotations
# themselves, so they are dropped first.
config.substitutions.append(
    ("%check-messages",
     "grep -v -E '^ *[0-9]* [|]' | FileCheck %s -check-prefix=CHECK-MESSAGES "
     "-implicit-check-not='{{warning|error}}:'"))
config.substitutions.append(("%warpcheck", warpcheck))
# A warpcheck built with AddressSanitizer (.ci/sanitize) reserves terabytes
# of address space for its shadow memory: tests that cap the address space
# (`ulimit -v`) leave the cap out there (`%if asan`).
try:
    with open(warpcheck, "rb") as f:
        if b"__asan_init" in f.read():
            config.available_features.add("asan")
except OSError:
    pass
# clang-tidy-19 with the plugin, parsing CUDA with the built-in prelude.
plugin = lit_config.params.get("plugin", "")
# Tests that load the plugin into clang-tidy need one (not under the
# sanitizers: an instrumented plugin cannot load into clang-tidy).
if plugin:
    config.available_features.add("tidy-plugin")
    config.substitutions.append(("%plugin", plugin))
# Tests that run the real nvcc (--verify-ptx) need one: CUDA_PATH's, the
# default toolkit's or one on PATH.
import shutil
for nvcc in [os.path.join(os.environ.get("CUDA_PATH", "/usr/local/cuda"),
                          "bin", "nvcc"),
             "/usr/local/cuda/bin/nvcc", shutil.which("nvcc") or ""]:
    if nvcc and os.access(nvcc, os.X_OK):
        config.available_features.add("nvcc")
        config.substitutions.append(("%nvcc", nvcc))
        break
# Tests that read the real SASS (--verify-sass) also need nvdisasm: beside
# nvcc, else on PATH (the CUDA toolkit's, or PyPI's nvidia-cuda-nvdisasm).
if "nvcc" in config.available_features:
    beside = os.path.join(os.path.dirname(nvcc), "nvdisasm")
    if os.access(beside, os.X_OK) or shutil.which("nvdisasm"):
        config.available_features.add("nvdisasm")
        if shutil.which("nvdisasm"):
            config.environment["PATH"] = os.pathsep.join(
                [os.path.dirname(shutil.which("nvdisasm")),
                 config.environment.get("PATH", "")])
share = lit_config.params.get("share_include", "")
resource = lit_config.params.get("resource_dir", "/usr/lib/llvm-19/lib/clang/19")
config.substitutions.append(
    ("%clang-tidy-cuda",
     f"clang-tidy --load={plugin} --checks='-*,warpcheck-*'"))
config.substitutions.append(
    ("%cuda-prelude-args",
     f"-x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudainc -nocudalib "
     f"-resource-dir={resource} -Wno-unknown-cuda-version "
     f"-isystem {share}/prelude -include warpcheck_cuda_prelude.h"))
config.substitutions.append(("%python", sys.executable))
# The repository's sample kernels and their recorded nvcc output, at any
# depth of the test tree.
config.substitutions.append(
    ("%cuda-samples", os.path.join(repo_root, "cuda_samples")))
