#!/usr/bin/env python3
"""Generates a module with one function holding a chain of N sonnx ops.

Each op consumes the result of the previous one and has its own shape/axes
constant, as an ONNX importer emits them. Used by canonicalize_scaling.sh to
show that canonicalization takes time linear in the number of ops.

Kinds of chain:
  static     unsqueeze, flatten, reshape (with 0 and -1) on a static input:
             the chain collapses into at most one op.
  dynamic    the same ops on an input with a dynamic size: each
             flatten(unsqueeze) merges, each reshape may check sizes at run
             time and stays (the cost of patterns that do not fire).
  refine     the static chain with every result type fully dynamic: types are
             refined along the chain, then the chain collapses.
  expand     expands that alternate between two shapes: they merge.
  broadcast  two-input broadcasts whose second input is a constant: results
             are folded or turned into expands, then merged.
  lowering   expands and reshapes on a dynamic size, alternating: nothing
             folds; for the compile time of --sonnx-to-llvm (bench/bench.py).

Usage: gen_chain.py N [--kind KIND] [-o FILE]
"""

import argparse
import sys


def static_chain(n, dynamic=False, refine=False):
    d0 = "?" if dynamic else "2"
    x = f"tensor<{d0}x3x4xf32>"
    lines = [f"func.func @chain(%x: {x}) -> tensor<*xf32> {{"]
    cur, cur_type = "%x", x
    steps = [
        ("unsqueeze", f"tensor<1x{d0}x3x4xf32>"),
        ("flatten", f"tensor<{d0}x12xf32>"),
        ("reshape", f"tensor<{d0}x3x4xf32>"),
    ]
    dyn_types = {
        "unsqueeze": "tensor<?x?x?x?xf32>",
        "flatten": "tensor<?x?xf32>",
        "reshape": "tensor<?x?x?xf32>",
    }
    for i in range(n):
        kind, out_type = steps[i % 3]
        if refine:
            out_type = dyn_types[kind]
        v = f"%v{i}"
        if kind == "unsqueeze":
            lines.append(f"  %a{i} = arith.constant dense<[0]> : tensor<1xi64>")
            lines.append(f"  {v} = sonnx.unsqueeze {cur}, %a{i} : "
                         f"({cur_type}, tensor<1xi64>) -> {out_type}")
        elif kind == "flatten":
            lines.append(f"  {v} = sonnx.flatten {cur} {{axis = 2 : i64}} : "
                         f"({cur_type}) -> {out_type}")
        else:
            lines.append(f"  %s{i} = arith.constant dense<[0, 3, -1]> : "
                         "tensor<3xi64>")
            lines.append(f"  {v} = sonnx.reshape {cur}, %s{i} : "
                         f"({cur_type}, tensor<3xi64>) -> {out_type}")
        cur, cur_type = v, out_type
    lines.append(f"  %r = tensor.cast {cur} : {cur_type} to tensor<*xf32>")
    lines.append("  return %r : tensor<*xf32>")
    lines.append("}")
    return lines


def expand_chain(n):
    lines = ["func.func @chain(%x: tensor<3x1xf32>) -> tensor<*xf32> {"]
    cur, cur_type = "%x", "tensor<3x1xf32>"
    for i in range(n):
        shape = "[1, 4]" if i % 2 == 0 else "[3, 1]"
        lines.append(f"  %s{i} = arith.constant dense<{shape}> : tensor<2xi64>")
        lines.append(f"  %v{i} = sonnx.expand {cur}, %s{i} : "
                     f"({cur_type}, tensor<2xi64>) -> tensor<3x4xf32>")
        cur, cur_type = f"%v{i}", "tensor<3x4xf32>"
    lines.append(f"  %r = tensor.cast {cur} : {cur_type} to tensor<*xf32>")
    lines.append("  return %r : tensor<*xf32>")
    lines.append("}")
    return lines


def lowering_chain(n):
    """Expands and reshapes on a dynamic size that alternate: nothing folds,
    so that --sonnx-to-llvm lowers every op (generics with their loops, views
    and run-time checks)."""
    lines = ["func.func @chain(%x: tensor<?x1xf32>) -> tensor<*xf32> {"]
    cur, cur_type = "%x", "tensor<?x1xf32>"
    for i in range(n):
        if i % 2 == 0:
            lines.append(f"  %s{i} = arith.constant dense<[1, 4]> : "
                         "tensor<2xi64>")
            lines.append(f"  %v{i} = sonnx.expand {cur}, %s{i} : "
                         f"({cur_type}, tensor<2xi64>) -> tensor<?x4xf32>")
            cur_type = "tensor<?x4xf32>"
        else:
            lines.append(f"  %s{i} = arith.constant dense<[-1, 1]> : "
                         "tensor<2xi64>")
            lines.append(f"  %v{i} = sonnx.reshape {cur}, %s{i} : "
                         f"({cur_type}, tensor<2xi64>) -> tensor<?x1xf32>")
            cur_type = "tensor<?x1xf32>"
        cur = f"%v{i}"
    lines.append(f"  %r = tensor.cast {cur} : {cur_type} to tensor<*xf32>")
    lines.append("  return %r : tensor<*xf32>")
    lines.append("}")
    return lines


def broadcast_chain(n):
    lines = ["func.func @chain(%x: tensor<3x1xf32>) -> tensor<*xf32> {"]
    cur, cur_type = "%x", "tensor<3x1xf32>"
    for i in range(n):
        lines.append(f"  %c{i} = arith.constant dense<[[1.0, 2.0, 3.0, 4.0]]>"
                     " : tensor<1x4xf32>")
        lines.append(f"  %v{i}:2 = sonnx.broadcast {cur}, %c{i} : "
                     f"({cur_type}, tensor<1x4xf32>) -> "
                     "(tensor<3x4xf32>, tensor<3x4xf32>)")
        cur, cur_type = f"%v{i}#0", "tensor<3x4xf32>"
    lines.append(f"  %r = tensor.cast {cur} : {cur_type} to tensor<*xf32>")
    lines.append("  return %r : tensor<*xf32>")
    lines.append("}")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, help="number of sonnx ops")
    parser.add_argument("--kind", default="static",
                        choices=["static", "dynamic", "refine", "expand",
                                 "broadcast", "lowering"])
    parser.add_argument("-o", "--output", default="-")
    args = parser.parse_args()
    if args.n < 1:
        parser.error("n must be at least 1")
    if args.kind in ("static", "dynamic", "refine"):
        lines = static_chain(args.n, dynamic=args.kind == "dynamic",
                             refine=args.kind == "refine")
    elif args.kind == "expand":
        lines = expand_chain(args.n)
    elif args.kind == "lowering":
        lines = lowering_chain(args.n)
    else:
        lines = broadcast_chain(args.n)
    text = "\n".join(lines) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
