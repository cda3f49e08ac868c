#!/usr/bin/env python3
"""The MLIR module of grouped-query attention with repeat_kv (issue 37), the
one source of the tests (test/Integration/gqa-repeat-kv.test) and of the
benchmark (bench/bench.py, `--only gqa`).

    gqa_module.py --kind scores|attention --form onnx|rfc|rfc-mapping|reshape
        --dtype f32|f16|bf16 --heads H --kv-heads HKV --query-length SQ
        --length S --dim D [--name NAME] [--static-memory]

K and V ([1, HKV, S, D]) are repeated to the H heads of Q ([1, H, SQ, D]),
as repeat_kv does, in one of four forms:
  onnx         ONNX's Unsqueeze(axes=[2]) -> Expand([1,HKV,n,S,D]) ->
               Reshape([1,H,S,D]) (Hugging Face's repeat_kv, the function
               body of ONNX's Attention)
  rfc          the Graph API RFC's StaticUnsqueeze(dim=-3) -> StaticExpand
               (target_shape, option 1) -> reshape: the same sonnx ops with
               a single axis
  rfc-mapping  StaticExpand with axes_mapping=[0,1,3,4] (option 2): no
               unsqueeze
  reshape      the unit dimension inserted by sonnx.reshape (bf16:
               sonnx-unsqueeze.md has no bfloat16 element type)
The consumers are linalg ops: scores = Q x K^T (linalg.batch_matmul with
K transposed by its indexing map), and for `attention` also
P = linalg.softmax(scores) over the keys and P x V (linalg.batch_matmul).
The entry point NAME (default `gqa`) writes its result into its last
argument (bufferization.materialize_in_destination) and has the C interface
(`_mlir_ciface_NAME`). With --static-memory it is instead in the form that
`--sonnx-make-entry-function` gives sonnx-compile's entry functions, for
`--sonnx-to-llvm=static-memory` (docs/deployment.md): private, the inputs
`bufferization.writable = false`, returning the result and an i32 status 0;
lowered, `int32_t NAME(const T *q, const T *k[, const T *v], T *out)`, no
heap (every temporary a static global).
"""

import argparse
import sys


def repeat(value, form, dtype, hkv, rep, s, d):
    """Lines that repeat `value` ([1,hkv,s,d]) to [1,hkv*rep,s,d]; the name
    of the result is `value` + `r`."""
    t4 = f"tensor<1x{hkv}x{s}x{d}x{dtype}>"
    t5u = f"tensor<1x{hkv}x1x{s}x{d}x{dtype}>"
    t5 = f"tensor<1x{hkv}x{rep}x{s}x{d}x{dtype}>"
    tr = f"tensor<1x{hkv * rep}x{s}x{d}x{dtype}>"
    lines = []
    if form in ("onnx", "rfc"):
        # StaticUnsqueeze's dim in its negative form, -3 (an axis of the
        # 5-D result); ONNX's axes [2].
        axes = "%axes" if form == "onnx" else "%dim"
        lines.append(f"%{value}u = sonnx.unsqueeze %{value}, {axes} : "
                     f"({t4}, tensor<1xi64>) -> {t5u}")
        lines.append(f"%{value}e = sonnx.expand %{value}u, %shape5 : "
                     f"({t5u}, tensor<5xi64>) -> {t5}")
    elif form == "reshape":
        lines.append(f"%{value}u = sonnx.reshape %{value}, %unit5 : "
                     f"({t4}, tensor<5xi64>) -> {t5u}")
        lines.append(f"%{value}e = sonnx.expand %{value}u, %shape5 : "
                     f"({t5u}, tensor<5xi64>) -> {t5}")
    elif form == "rfc-mapping":
        lines.append(f"%{value}e = sonnx.expand %{value}, %shape5 "
                     "{axes_mapping = array<i64: 0, 1, 3, 4>} : "
                     f"({t4}, tensor<5xi64>) -> {t5}")
    else:
        raise ValueError(f"unknown form {form}")
    lines.append(f"%{value}r = sonnx.reshape %{value}e, %shape4 : "
                 f"({t5}, tensor<4xi64>) -> {tr}")
    return lines


def module(kind, form, dtype, h, hkv, sq, s, d, name="gqa",
           static_memory=False):
    if h % hkv != 0:
        raise ValueError(f"{h} heads are not a multiple of {hkv}")
    rep = h // hkv
    tq = f"tensor<1x{h}x{sq}x{d}x{dtype}>"
    tkv = f"tensor<1x{hkv}x{s}x{d}x{dtype}>"
    ts = f"tensor<1x{h}x{sq}x{s}x{dtype}>"
    ts3 = f"tensor<{h}x{sq}x{s}x{dtype}>"
    to = f"tensor<1x{h}x{sq}x{d}x{dtype}>"
    to3 = f"tensor<{h}x{sq}x{d}x{dtype}>"
    tk3 = f"tensor<{h}x{s}x{d}x{dtype}>"
    tq3 = f"tensor<{h}x{sq}x{d}x{dtype}>"
    result = ts if kind == "scores" else to
    readonly = " {bufferization.writable = false}" if static_memory else ""
    args = f"%q: {tq}{readonly}, %k: {tkv}{readonly}"
    if kind == "attention":
        args += f", %v: {tkv}{readonly}"
    body = [
        "%axes = arith.constant dense<[2]> : tensor<1xi64>",
        "%dim = arith.constant dense<[-3]> : tensor<1xi64>",
        f"%unit5 = arith.constant dense<[1, {hkv}, 1, {s}, {d}]> : "
        "tensor<5xi64>",
        f"%shape5 = arith.constant dense<[1, {hkv}, {rep}, {s}, {d}]> : "
        "tensor<5xi64>",
        f"%shape4 = arith.constant dense<[1, {h}, {s}, {d}]> : tensor<4xi64>",
        f"%zero = arith.constant 0.0 : {dtype}",
    ]
    body += repeat("k", form, dtype, hkv, rep, s, d)
    body += [
        f"%q3 = tensor.collapse_shape %q [[0, 1], [2], [3]] : {tq} into {tq3}",
        f"%k3 = tensor.collapse_shape %kr [[0, 1], [2], [3]] : "
        f"tensor<1x{h}x{s}x{d}x{dtype}> into {tk3}",
        f"%se = tensor.empty() : {ts3}",
        f"%sz = linalg.fill ins(%zero : {dtype}) outs(%se : {ts3}) -> {ts3}",
        "%s3 = linalg.batch_matmul indexing_maps = ["
        "affine_map<(b, i, j, c) -> (b, i, c)>, "
        "affine_map<(b, i, j, c) -> (b, j, c)>, "
        "affine_map<(b, i, j, c) -> (b, i, j)>] "
        f"ins(%q3, %k3 : {tq3}, {tk3}) outs(%sz : {ts3}) -> {ts3}",
    ]
    if kind == "scores":
        body.append(f"%y = tensor.expand_shape %s3 [[0, 1], [2], [3]] "
                    f"output_shape [1, {h}, {sq}, {s}] : {ts3} into {ts}")
    elif kind == "attention":
        body += repeat("v", form, dtype, hkv, rep, s, d)
        body += [
            f"%pe = tensor.empty() : {ts3}",
            f"%p3 = linalg.softmax dimension(2) ins(%s3 : {ts3}) "
            f"outs(%pe : {ts3}) -> {ts3}",
            f"%v3 = tensor.collapse_shape %vr [[0, 1], [2], [3]] : "
            f"tensor<1x{h}x{s}x{d}x{dtype}> into {tk3}",
            f"%oe = tensor.empty() : {to3}",
            f"%oz = linalg.fill ins(%zero : {dtype}) outs(%oe : {to3}) -> "
            f"{to3}",
            f"%o3 = linalg.batch_matmul ins(%p3, %v3 : {ts3}, {tk3}) "
            f"outs(%oz : {to3}) -> {to3}",
            f"%y = tensor.expand_shape %o3 [[0, 1], [2], [3]] "
            f"output_shape [1, {h}, {sq}, {d}] : {to3} into {to}",
        ]
    else:
        raise ValueError(f"unknown kind {kind}")
    body.append(f"%r = bufferization.materialize_in_destination %y in %out : "
                f"({result}, {result}) -> {result}")
    if static_memory:
        body.append("%ok = arith.constant 0 : i32")
        body.append(f"return %r, %ok : {result}, i32")
        lines = [f"func.func private @{name}({args}, %out: {result}) -> "
                 f"({result}, i32) {{"]
    else:
        body.append(f"return %r : {result}")
        lines = [f"func.func @{name}({args}, %out: {result}) -> {result} "
                 "attributes {llvm.emit_c_interface} {"]
    lines += ["  " + line for line in body]
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", choices=["scores", "attention"],
                        required=True)
    parser.add_argument("--form", required=True,
                        choices=["onnx", "rfc", "rfc-mapping", "reshape"])
    parser.add_argument("--dtype", choices=["f32", "f16", "bf16"],
                        required=True)
    parser.add_argument("--heads", type=int, required=True)
    parser.add_argument("--kv-heads", type=int, required=True)
    parser.add_argument("--query-length", type=int, required=True)
    parser.add_argument("--length", type=int, required=True)
    parser.add_argument("--dim", type=int, required=True)
    parser.add_argument("--name", default="gqa")
    parser.add_argument("--static-memory", action="store_true",
                        help="the entry-function form for "
                        "--sonnx-to-llvm=static-memory")
    a = parser.parse_args()
    try:
        sys.stdout.write(module(a.kind, a.form, a.dtype, a.heads, a.kv_heads,
                                a.query_length, a.length, a.dim, a.name,
                                a.static_memory))
    except ValueError as error:
        print(f"gqa_module.py: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
