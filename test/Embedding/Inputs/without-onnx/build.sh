#!/usr/bin/env bash
# build.sh SRC WORK - builds sonnx from SRC without ONNX into WORK.
#
# Copies the sources to WORK/src and builds in WORK/src/build, so that the
# compile commands are those of a build in SRC/build (the same relative
# paths): with ccache and CCACHE_BASEDIR, the objects come from the cache.
# Configures with -DSONNX_ENABLE_ONNX=OFF and builds sonnx-opt, the C API
# test and the JIT and ahead-of-time libraries (SONNXJIT, SONNXAOT).
set -euo pipefail
src=$1
work=$2
rm -rf "$work"
mkdir -p "$work/src"
tar -C "$src" -cf - CMakeLists.txt cmake include lib tools fuzz test docs |
  tar -C "$work/src" -xf -
launcher=()
if command -v ccache > /dev/null; then
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache
            -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # The generated headers (.inc) are seconds old when the sources that
  # include them compile; ccache would then skip its direct mode and miss.
  export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:+$CCACHE_SLOPPINESS,}include_file_mtime,include_file_ctime"
  # Paths relative to the copy: a second run (scripts/check.sh runs the
  # suite on two builds) takes every object from the cache.
  export CCACHE_BASEDIR="$work/src"
fi
cmake -S "$work/src" -B "$work/src/build" -G Ninja \
  -DCMAKE_BUILD_TYPE=Release -DSONNX_ENABLE_ONNX=OFF "${launcher[@]}" \
  > "$work/configure.log" 2>&1 || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/src/build" -j 2 \
  --target sonnx-opt sonnx-capi-test SONNXJIT SONNXAOT SONNXPlugin sonnx-lsp-server \
  > "$work/build.log" 2>&1 || { tail -50 "$work/build.log"; exit 1; }
