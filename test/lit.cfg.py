# -*- Python -*-
# lit configuration of the sonnx regression tests.

import os
import platform
import shutil
import subprocess
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "SONNX"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".py"]
config.excludes = ["CMakeLists.txt", "README.md", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.sonnx_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%sonnx_src_root", config.sonnx_src_root))
config.substitutions.append(("%sonnx_obj_root", config.sonnx_obj_root))
config.substitutions.append(("%python", config.python_executable))
# Every WP run of the tests: frama-c with WP's options and its provers' step
# limit (utils/wp_limits.py, the one copy of the command; the time limit is
# a safety net), and the step limit alone.
sys.path.insert(0, os.path.join(config.sonnx_src_root, "utils"))
import wp_limits  # noqa: E402

config.substitutions.append(("%frama_c_wp", " ".join(wp_limits.command())))
config.substitutions.append(("%wp_steps", str(wp_limits.STEPS)))
# ONNX backend-test data of Debian's libonnx-testdata (scripts/setup.sh).
config.substitutions.append(("%onnx_testdata", "/usr/share/libonnx-testdata/data"))
# Executed tests (test/Integration): the runtime libraries of mlir-runner.
config.substitutions.append(
    ("%mlir_runner_utils", os.path.join(config.llvm_lib_dir, "libmlir_runner_utils.so")))
config.substitutions.append(
    ("%mlir_c_runner_utils", os.path.join(config.llvm_lib_dir, "libmlir_c_runner_utils.so")))

# The plugin that upstream mlir-opt loads (test/Plugin).
config.substitutions.append(
    ("%sonnx_plugin", os.path.join(config.sonnx_obj_root, "lib", "SONNXPlugin.so")))

# ONNX support (SONNX_ENABLE_ONNX): tests of the ONNX importer, sonnx-translate
# and sonnx-run need it (`REQUIRES: onnx`, or lit.local.cfg of their folder).
if config.sonnx_enable_onnx:
    config.available_features.add("onnx")

# onnxruntime (npm onnxruntime-node in utils/node_modules, which
# scripts/setup.sh installs, and node): utils/compare_ort.js checks that
# sonnx-convert keeps outputs bit-identical (`REQUIRES: onnxruntime`).
if shutil.which("node") and os.path.exists(os.path.join(
        config.sonnx_src_root, "utils", "node_modules", "onnxruntime-node",
        "package.json")):
    config.available_features.add("onnxruntime")
config.substitutions.append(
    ("%compare_ort", "node " + os.path.join(config.sonnx_src_root, "utils",
                                             "compare_ort.js")))

# Sanitizer builds (scripts/sanitize.sh, SONNX_SANITIZERS): Debian's LLVM
# and MLIR libraries are not instrumented, and their allocators poison
# memory they own, which ASan would report as use-after-poison in our code
# (allow_user_poisoning=0; docs/development.md, "Sanitizers and fuzzing").
# A failed allocation is an error our code reports (tests ask for more memory
# than the sandbox grants): ASan must return null as malloc does instead of
# aborting (allocator_may_return_null=1).
# A test that needs a build without a sanitizer says `UNSUPPORTED: asan`
# with the reason.
sanitizers = [s for s in config.sonnx_sanitizers.split(";") if s]
if "address" in sanitizers:
    config.available_features.add("asan")
    config.environment["ASAN_OPTIONS"] = os.environ.get(
        "ASAN_OPTIONS", "allow_user_poisoning=0:allocator_may_return_null=1")
    config.environment["LSAN_OPTIONS"] = os.environ.get(
        "LSAN_OPTIONS",
        "suppressions=" + os.path.join(config.sonnx_src_root, "utils", "lsan.supp"))
if "undefined" in sanitizers:
    config.available_features.add("ubsan")
    config.environment["UBSAN_OPTIONS"] = os.environ.get(
        "UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
# The system C compiler, which links sonnx-compile's objects (test/Deploy).
config.substitutions.append(("%cc", config.sonnx_c_compiler))
# Cross-compilation of those objects for aarch64, run under qemu-user
# (scripts/setup.sh installs both).
if shutil.which("aarch64-linux-gnu-gcc") and shutil.which("qemu-aarch64"):
    config.available_features.add("aarch64-cross")
# A C compiler and libc for i386 (-m32; gcc-12-multilib): the x87 test of
# the C output's bit-exact moves (test/Deploy/x87-snan.test).
if shutil.which("gcc") and subprocess.run(
        ["gcc", "-m32", "-x", "c", "-", "-o", os.devnull],
        input=b"int main(void) { return 0; }\n",
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
    config.available_features.add("i386-cc")
if config.sonnx_build_fuzzers:
    config.available_features.add("libfuzzer")
# An x86-64 host: sonnx-run --jit-cpu=x86-64 compiles for the baseline CPU
# (test/Conformance/bits.test).
if platform.machine() in ("x86_64", "AMD64"):
    config.available_features.add("x86_64-host")

# ccache's settings reach the tests that build sonnx (test/Embedding).
llvm_config.with_system_environment(
    ["HOME", "INCLUDE", "LIB", "TMP", "TEMP", "CCACHE_DIR", "CCACHE_BASEDIR"])
llvm_config.use_default_substitutions()

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
tool_dirs = [config.sonnx_tools_dir, config.llvm_tools_dir]
tools = [
    ToolSubst("sonnx-opt", unresolved="fatal"),
    ToolSubst("sonnx-capi-test", unresolved="fatal"),
    ToolSubst("sonnx-size-product-test", unresolved="fatal"),
    ToolSubst("sonnx-tensor-comparison-test", unresolved="fatal"),
    ToolSubst("sonnx-jit-api-test", unresolved="fatal"),
    ToolSubst("sonnx-lsp-server", unresolved="fatal"),
    ToolSubst("mlir-runner", unresolved="fatal"),
    ToolSubst("mlir-opt", unresolved="fatal"),
    ToolSubst("mlir-translate", unresolved="fatal"),
    ToolSubst("llc", unresolved="fatal"),
    ToolSubst("opt", unresolved="fatal"),
    ToolSubst("llvm-nm", unresolved="fatal"),
    ToolSubst("llvm-readobj", unresolved="fatal"),
]
if config.sonnx_enable_onnx:
    tools += [
        ToolSubst("sonnx-translate", unresolved="fatal"),
        ToolSubst("sonnx-run", unresolved="fatal"),
        ToolSubst("sonnx-compile", unresolved="fatal"),
        ToolSubst("sonnx-check", unresolved="fatal"),
        ToolSubst("sonnx-convert", unresolved="fatal"),
        ToolSubst("sonnx-validate", unresolved="fatal"),
    ]
# The fuzz targets (fuzz/): test/Fuzz replays their seeds and regressions.
tools += [
    ToolSubst("sonnx-mlir-fuzzer", unresolved="fatal"),
    ToolSubst("sonnx-jit-run-fuzzer", unresolved="fatal"),
]
if config.sonnx_enable_onnx:
    tools += [
        ToolSubst("sonnx-onnx-import-fuzzer", unresolved="fatal"),
        ToolSubst("sonnx-tensor-proto-fuzzer", unresolved="fatal"),
    ]
llvm_config.add_tool_substitutions(tools, tool_dirs)
