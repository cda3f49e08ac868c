#!/usr/bin/env python3
"""Differential fuzzing of the sonnx verifiers against an independent model.

Generates random sonnx ops (random static shapes, random shape/axes values
including out-of-range, duplicate and extreme ones, random element types) and
predicts, from the rules of the constraint catalogue re-implemented here
independently, either the result shape or the set of constraint IDs the op
breaks. Valid ops are declared with the predicted result type and must verify;
invalid ops must be rejected with a diagnostic citing one of the predicted IDs.
sonnx-opt must never crash.

Usage: fuzz_verifiers.py SONNX_OPT [--seed N] [--cases N] [--keep FILE]
Prints "fuzz: N cases (V valid, I invalid), M mismatches" and exits 1 on any
mismatch or crash.
"""

import argparse
import random
import re
import subprocess
import sys
import tempfile

PROFILE = ["i1", "i4", "si4", "ui4", "i8", "ui8", "si16", "i16", "ui16", "i32",
           "si32", "ui32", "i64", "ui64", "si64", "f16", "bf16", "f32", "f64",
           "!sonnx.string", "complex<f32>", "complex<f64>"]
# The element types of each op (the *.types rules of CONSTRAINTS.md), written
# here from the catalogue, independently of the code.
FOUR_BIT = {"i4", "si4", "ui4"}
COMPLEX = {"complex<f32>", "complex<f64>"}
OP_TYPES = {
    "unsqueeze": set(PROFILE) - FOUR_BIT - COMPLEX - {"bf16"},
    "broadcast": set(PROFILE) - FOUR_BIT - COMPLEX - {"bf16"},
    "flatten": set(PROFILE) - COMPLEX,
    "reshape": set(PROFILE) - FOUR_BIT,
    "expand": set(PROFILE) - FOUR_BIT,
}
NON_PROFILE = ["f8E4M3FN", "i2", "index", "i128", "ui1", "f80"]
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


def tensor(shape, elt):
    if shape is None:
        return f"tensor<*x{elt}>"
    return "tensor<" + "".join(f"{d}x" for d in shape) + elt + ">"


def relax(rng, shape):
    """`shape` with some sizes made unknown ('?')."""
    return [("?" if rng.random() < 0.4 else d) for d in shape]


def prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


# ---- The model: result shape, or the set of broken rule IDs. ----

def model_unsqueeze(x, axes):
    ry = len(x) + len(axes)
    bad = set()
    norm = []
    for a in axes:
        if not -ry <= a <= ry - 1:
            bad.add("unsqueeze.A.C1")
            continue
        n = a + ry if a < 0 else a
        if n in norm:
            bad.add("unsqueeze.A.C2")
        norm.append(n)
    if bad:
        return None, bad
    it = iter(x)
    return [1 if i in norm else next(it) for i in range(ry)], set()


def model_reshape(x, s, allowzero):
    bad = set()
    if any(v < -1 for v in s):
        bad.add("reshape.S.below")
    if s.count(-1) > 1:
        bad.add("reshape.S.minus1")
    if allowzero and 0 in s and -1 in s:
        bad.add("reshape.allowzero.minus1")
    if not allowzero and any(v == 0 and i >= len(x) for i, v in enumerate(s)):
        bad.add("reshape.S.zero-index")
    if bad:
        return None, bad
    out = [x[i] if (v == 0 and not allowzero) else v for i, v in enumerate(s)]
    n = prod(x)
    if n > INT64_MAX:
        return None, {"reshape.count"}
    if -1 in out:
        k = out.index(-1)
        others = prod(out[:k] + out[k + 1:])
        if others == 0 or others > INT64_MAX or n % others:
            return None, {"reshape.count"}
        out[k] = n // others
    elif prod(out) != n:
        return None, {"reshape.count"}
    return out, set()


def model_flatten(x, axis):
    r = len(x)
    if not -r <= axis <= r:
        return None, {"flatten.axis.C2"}
    a = axis + r if axis < 0 else axis
    out = [prod(x[:a]), prod(x[a:])]
    if max(out) > INT64_MAX:
        return None, {"flatten.Y.C1"}
    return out, set()


def model_broadcast(shapes, rule):
    r = max(len(s) for s in shapes)
    padded = [[1] * (r - len(s)) + list(s) for s in shapes]
    out = []
    for i in range(r):
        sizes = {p[i] for p in padded} - {1}
        if len(sizes) > 1:
            return None, {rule}
        out.append(sizes.pop() if sizes else 1)
    return out, set()


def model_expand(x, s, mapping):
    if any(v < 0 for v in s):
        return None, {"expand.S.negative"}
    if mapping is None:
        return model_broadcast([x, s], "expand.E1")
    ok = (len(mapping) == len(x)
          and all(b > a for a, b in zip(mapping, mapping[1:]))
          and all(0 <= m < len(s) for m in mapping)
          and all(d == 1 or d == s[m] for d, m in zip(x, mapping)))
    return (list(s), set()) if ok else (None, {"expand.axes_mapping"})


# ---- Random cases. ----

def rand_shape(rng, max_rank=4):
    return [rng.choice([0, 1, 1, 2, 3, 4, 6]) for _ in range(rng.randint(0, max_rank))]


def rand_value(rng, lo, hi):
    r = rng.random()
    if r < 0.03:
        return rng.choice([INT64_MIN, INT64_MAX, -(2**40), 2**40])
    return rng.randint(lo, hi)


def dense(values):
    return "dense<[" + ", ".join(str(v) for v in values) + f"]> : tensor<{len(values)}xi64>"


def make_case(rng, idx):
    """Returns (mlir text, predicted shape or None, predicted bad IDs)."""
    op = rng.choice(["reshape", "unsqueeze", "flatten", "broadcast", "expand"])
    allowed = sorted(OP_TYPES[op])

    def rand_elt():
        # Mostly a type of the op; sometimes any type of the profile, or one
        # the profile does not know: both break the op's *.types rule.
        r = rng.random()
        if r < 0.04:
            return rng.choice(NON_PROFILE)
        if r < 0.12:
            return rng.choice(PROFILE)
        return rng.choice(allowed)

    elt = rand_elt()
    bad_types = set()
    if elt not in OP_TYPES[op]:
        bad_types.add(f"{op}.types")
    x = rand_shape(rng)
    fn = f"@case{idx}"
    lines = []
    if op == "unsqueeze":
        n = rng.randint(0, 3)
        ry = len(x) + n
        axes = [rand_value(rng, -ry - 1, ry) for _ in range(n)]
        shape, bad = model_unsqueeze(x, axes)
        lines.append(f"  %c = arith.constant {dense(axes)}")
        body = "sonnx.unsqueeze %x, %c"
        operand_types = [tensor(x, elt), f"tensor<{n}xi64>"]
        results = [shape]
        type_rule = "unsqueeze.type"
    elif op == "reshape":
        n = rng.randint(0, 4)
        values = [rand_value(rng, -2, 6) for _ in range(n)]
        if rng.random() < 0.5 and n:  # often a plausible shape
            values = [rng.choice([-1, 0, 1, 2, 3, 4, 6, 12]) for _ in range(n)]
        allowzero = rng.choice([None, 0, 1])
        shape, bad = model_reshape(x, values, bool(allowzero))
        lines.append(f"  %c = arith.constant {dense(values)}")
        attr = "" if allowzero is None else f" {{allowzero = {allowzero} : i64}}"
        body = f"sonnx.reshape %x, %c{attr}"
        operand_types = [tensor(x, elt), f"tensor<{n}xi64>"]
        results = [shape]
        type_rule = "reshape.type"
    elif op == "flatten":
        axis = rand_value(rng, -len(x) - 1, len(x) + 1)
        shape, bad = model_flatten(x, axis)
        body = f"sonnx.flatten %x {{axis = {axis} : i64}}"
        operand_types = [tensor(x, elt)]
        results = [shape]
        type_rule = "flatten.type"
    elif op == "broadcast":
        shapes = [x] + [rand_shape(rng) for _ in range(rng.randint(0, 2))]
        if rng.random() < 0.5:  # often compatible
            base = rand_shape(rng)
            shapes = [[d if rng.random() < 0.6 else 1 for d in base[rng.randint(0, len(base)):]]
                      for _ in range(rng.randint(1, 3))]
        elts = [elt] + [rand_elt() for _ in shapes[1:]]
        if any(e not in OP_TYPES[op] for e in elts):
            bad_types.add("broadcast.types")
        shape, bad = model_broadcast(shapes, "broadcast.E1")
        # A valid op stays valid with unknown sizes: the verifier may only
        # reject what no run-time size can satisfy.
        relaxed = not bad and not bad_types and rng.random() < 0.5
        in_shapes = [relax(rng, s) if relaxed else s for s in shapes]
        out_shapes = [relax(rng, shape) if relaxed else shape for _ in shapes]
        args = ", ".join(f"%a{i}" for i in range(len(shapes)))
        fn_args = ", ".join(f"%a{i}: {tensor(s, e)}" for i, (s, e) in enumerate(zip(in_shapes, elts)))
        res_types = ", ".join(tensor(o, e) for o, e in zip(out_shapes, elts))
        text = (f"func.func {fn}({fn_args}) {{\n"
                f"  %r:{len(shapes)} = sonnx.broadcast {args} : "
                f"({', '.join(tensor(s, e) for s, e in zip(in_shapes, elts))}) -> ({res_types})\n"
                f"  return\n}}\n")
        return text, shape, bad | bad_types
    else:  # expand
        n = rng.randint(0, 4)
        values = [rng.choice([0, 1, 1, 2, 3, 4, 6]) for _ in range(n)]
        if rng.random() < 0.1 and n:
            values[rng.randrange(n)] = rand_value(rng, -3, -1)
        mapping = None
        if rng.random() < 0.25:
            mapping = sorted(rng.sample(range(max(n, len(x)) + 1), min(len(x), max(n, len(x)) + 1)))
            if rng.random() < 0.2 and mapping:
                rng.shuffle(mapping)
        shape, bad = model_expand(x, values, mapping)
        lines.append(f"  %c = arith.constant {dense(values)}")
        attr = "" if mapping is None else " {axes_mapping = array<i64" + "".join(
            f"{',' if i else ':'} {m}" for i, m in enumerate(mapping)) + ">}"
        body = f"sonnx.expand %x, %c{attr}"
        operand_types = [tensor(x, elt), f"tensor<{n}xi64>"]
        results = [shape]
        type_rule = "expand.type"

    res_elt = elt
    if not bad_types and rng.random() < 0.03:
        res_elt = "f32" if elt != "f32" else "i8"
        bad_types.add(type_rule)
    # Invalid ops get an unranked result, so only the real violation fires.
    res_type = tensor(shape, res_elt)
    fn_args = f"%x: {operand_types[0]}"
    if not bad and not bad_types and rng.random() < 0.5:
        # A valid op stays valid with unknown sizes and run-time shape or
        # axes values: the verifier may only reject what no run-time value
        # can satisfy.
        operand_types[0] = tensor(relax(rng, x), elt)
        fn_args = f"%x: {operand_types[0]}"
        res_type = tensor(relax(rng, shape), res_elt)
        if lines and rng.random() < 0.6:
            if rng.random() < 0.3:
                operand_types[1] = "tensor<?xi64>"
            lines = []
            fn_args += f", %c: {operand_types[1]}"
    text = (f"func.func {fn}({fn_args}) {{\n" + "".join(l + "\n" for l in lines) +
            f"  %r = {body} : ({', '.join(operand_types)}) -> {res_type}\n  return\n}}\n")
    return text, shape, bad | bad_types


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sonnx_opt")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--keep")
    args = ap.parse_args()
    rng = random.Random(args.seed)

    chunks, expected, line = [], [], 1
    for i in range(args.cases):
        text, shape, bad = make_case(rng, i)
        start = line
        line += text.count("\n") + 1  # the "// -----" separator line
        chunks.append(text)
        expected.append((start, line - 1, shape, bad, text))
    source = "// -----\n".join(chunks)
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(source)
        path = f.name
    if args.keep:
        open(args.keep, "w").write(source)

    proc = subprocess.run([args.sonnx_opt, path, "-split-input-file", "-o", "/dev/null"],
                          capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        print(f"sonnx-opt died with exit code {proc.returncode}:\n{proc.stderr[-2000:]}")
        print(f"fuzz: {args.cases} cases, crash")
        return 1
    errors = {}
    for m in re.finditer(r":(\d+):\d+: error: (.*)", proc.stderr):
        errors.setdefault(int(m.group(1)), []).append(m.group(2))

    mismatches = 0
    n_valid = 0
    for start, end, shape, bad, text in expected:
        got = [e for ln, es in errors.items() if start <= ln <= end for e in es]
        ids = {i for e in got for i in re.findall(r"\[([a-zA-Z0-9_.\-]+)\]\s*$", e)}
        if not bad:
            n_valid += 1
            if got:
                mismatches += 1
                print(f"MISMATCH: expected valid (shape {shape}), got {got}\n{text}")
        elif not got or not (ids & bad) or len(ids) != 1:
            mismatches += 1
            print(f"MISMATCH: expected one of {sorted(bad)}, got {got}\n{text}")
    print(f"fuzz: {args.cases} cases ({n_valid} valid, {args.cases - n_valid} invalid), "
          f"{mismatches} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
