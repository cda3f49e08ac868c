#!/usr/bin/env bash
# gqa-run.sh DIR SONNX_OPT MLIR_TRANSLATE LLC CC PYTHON SRC KIND FORM DTYPE
#            H HKV SQ S D
# Generates the module of utils/gqa_module.py, lowers it three times with
# --sonnx-to-llvm (as `gqa`: the default pipeline; as `gqa_mat`: the repeat
# materialized, fuse-elementwise=false, and scalar contractions,
# vectorize-contractions=false; as `gqa_static`: the deployment form,
# static-memory, from the module's entry-function form), compiles them with
# llc and runs them through their C interface (`gqa_static`: plain
# pointers and a status) against gqa_driver.c's reference order.
set -euo pipefail
dir=$1 sonnx_opt=$2 mlir_translate=$3 llc=$4 cc=$5 python=$6 src=$7
kind=$8 form=$9 dtype=${10} h=${11} hkv=${12} sq=${13} s=${14} d=${15}
base="$dir/$kind-$form-$dtype-$h-$hkv-$sq-$s-$d"
mkdir -p "$dir"
for variant in gqa gqa_mat gqa_static; do
  options="" entry=()
  [ "$variant" = gqa_mat ] &&
    options="fuse-elementwise=false vectorize-contractions=false"
  [ "$variant" = gqa_static ] && options="static-memory=true" &&
    entry=(--static-memory)
  "$python" "$src/utils/gqa_module.py" --kind "$kind" --form "$form" \
    --dtype "$dtype" --heads "$h" --kv-heads "$hkv" --query-length "$sq" \
    --length "$s" --dim "$d" --name "$variant" "${entry[@]}" \
    > "$base.$variant.mlir"
  "$sonnx_opt" "$base.$variant.mlir" --sonnx-to-llvm="$options" \
    -o "$base.$variant.llvm.mlir"
  "$mlir_translate" --mlir-to-llvmir "$base.$variant.llvm.mlir" \
    -o "$base.$variant.ll"
  "$llc" -O2 -mcpu=x86-64-v3 -filetype=obj -relocation-model=pic \
    "$base.$variant.ll" -o "$base.$variant.o"
done
case "$dtype" in f32) dt=0 ;; f16) dt=1 ;; bf16) dt=2 ;; esac
attn=0
[ "$kind" = attention ] && attn=1
"$cc" -O1 -std=gnu11 -DH="$h" -DHKV="$hkv" -DSQ="$sq" -DS="$s" -DD="$d" \
  -DDT="$dt" -DATTN="$attn" "$src/test/Integration/Inputs/gqa_driver.c" \
  "$base.gqa.o" "$base.gqa_mat.o" "$base.gqa_static.o" -lm -o "$base.exe"
"$base.exe"
