#!/usr/bin/env bash
# setup.sh - install every Debian package sonnx needs to build and test.
#
# Idempotent and non-interactive; run as root on Debian 12. Packages that are
# already installed are left as they are (apt-get install is a no-op for them).
set -euo pipefail

PACKAGES=(
  # Toolchain and build (ccache speeds up the second, clang-22 build of
  # scripts/check.sh; clang-format-22 checks the formatting, test/Format).
  cmake ninja-build g++ git ccache clang-format-22
  # The sanitizer runtimes and libFuzzer of clang-22 (scripts/sanitize.sh,
  # scripts/fuzz.sh): not installed with clang-22 itself.
  libclang-rt-22-dev
  # LLVM/MLIR 22 (find_package(MLIR), lit, FileCheck, mlir-runner).
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22 lld-22
  # Wanted by LLVM's exported CMake targets.
  libzstd-dev zlib1g-dev libedit-dev libcurl4-openssl-dev libxml2-dev
  # ONNX import and conformance data.
  libonnx-dev libprotobuf-dev protobuf-compiler libonnx-testdata python3-onnx
  # sonnx-check: validation of its SARIF against the 2.1.0 schema (test/Check).
  python3-jsonschema
  python3-numpy
  # The benchmark (bench/run.sh): its plot; instruction counts
  # (bench/compile_sweep.sh --instructions).
  python3-matplotlib valgrind
  # Cross-compilation of sonnx-compile's objects, run under emulation
  # (test/Deploy/cross-aarch64.test, docs/deployment.md).
  qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross
  # Static analysis of the C source of sonnx-compile --emit=c
  # (test/Deploy, docs/deployment.md): cppcheck and its MISRA addon; Frama-C's
  # EVA (absence of run-time errors) and WP with Why3, CVC4 and Z3 (the ACSL
  # contracts; Alt-Ergo is not packaged; CVC4 proves the functional goals,
  # on which Z3 loops).
  cppcheck frama-c-base why3 z3 cvc4
  # A C compiler and libc for i386 (gcc -m32): the x87 test of the C
  # output's bit-exact moves (test/Deploy/x87-snan.test). gcc-12-multilib,
  # not gcc-multilib, which would remove gcc-aarch64-linux-gnu.
  gcc-12-multilib
)
# The benchmark installs onnxruntime-node with npm; a node from elsewhere
# (with its own npm) is kept.
if ! command -v npm > /dev/null; then
  PACKAGES+=(nodejs npm)
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

# Why3 finds the provers Frama-C's WP calls (Z3, CVC4) once they are
# installed: its configuration (~/.why3.conf) lists them.
configure_why3() {
  why3 config detect > /dev/null
  echo "setup: why3 provers: $(why3 config list-provers | tr '\n' ' ')"
}

# onnxruntime-node (npm) for utils/compare_ort.js, which checks that
# sonnx-convert keeps outputs bit-identical (test/Convert, REQUIRES:
# onnxruntime): installed into utils/node_modules, without its install
# scripts (the package holds its CPU binaries). Without network the tests
# that need it are unsupported, not failed.
install_onnxruntime() {
  local utils
  utils="$(cd "$(dirname "$0")/../utils" && pwd)"
  if [ -f "$utils/node_modules/onnxruntime-node/package.json" ]; then
    echo "setup: onnxruntime-node already in utils/node_modules"
  elif (cd "$utils" && npm install --ignore-scripts --no-audit --no-fund \
          > /dev/null); then
    echo "setup: onnxruntime-node installed into utils/node_modules"
  else
    echo "setup: warning: npm could not install onnxruntime-node; the" \
         "tests that need it are skipped" >&2
  fi
}

if [ "${#missing[@]}" -eq 0 ]; then
  echo "setup: all ${#PACKAGES[@]} packages already installed"
  configure_why3
  install_onnxruntime
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
configure_why3
install_onnxruntime
