# lit configuration for warpcheck's end-to-end tests: annotated .cu files
# whose CHECK-MESSAGES lines sit next to the code they describe.
import os
import sys

import lit.formats

config.name = "warpcheck"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cu", ".cpp", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)

warpcheck = lit_config.params.get("warpcheck")
if not warpcheck:
    lit_config.fatal("pass --param warpcheck=PATH/TO/warpcheck")
llvm_bin = lit_config.params.get("llvm_bin", "/usr/lib/llvm-19/bin")
config.environment["PATH"] = os.pathsep.join(
    [llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
for var in ("HOME", "CUDA_PATH"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# Every diagnostic must be annotated: anything else fails the test. Source
# excerpts under a diagnostic ("  12 | code") may quote the annotations
# themselves, so they are dropped first.
config.substitutions.append(
    ("%check-messages",
     "grep -v -E '^ *[0-9]* [|]' | FileCheck %s -check-prefix=CHECK-MESSAGES "
     "-implicit-check-not='{{warning|error}}:'"))
config.substitutions.append(("%warpcheck", warpcheck))
# clang-tidy-19 with the plugin, parsing CUDA with the built-in prelude.
plugin = lit_config.params.get("plugin", "")
# Tests that load the plugin into clang-tidy need one (not under the
# sanitizers: an instrumented plugin cannot load into clang-tidy).
if plugin:
    config.available_features.add("tidy-plugin")
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
