#!/usr/bin/env python3
"""Differential fuzzing of the sonnx folds and canonicalization patterns.

Generates random chains of valid sonnx ops (reshape with 0, -1 and
allowzero, unsqueeze with negative axes, flatten, expand with and without
axes_mapping, broadcast against a constant), on i32 or !sonnx.string data,
with result types declared static or less static, and evaluates each chain
with numpy, independently of sonnx. The data is either a constant, or a
function argument:

  - constant: `sonnx-opt --canonicalize` must fold the whole chain into one
    constant equal to the numpy result;
  - argument: the chain is canonicalized (composed, merged, refined...); the
    argument is then replaced by the constant in the canonicalized function,
    which must fold, again, to the numpy result. This checks that every
    composition and merge computes what the original chain computes.

sonnx-opt must never fail or crash on these valid inputs.

Usage: fuzz_folds.py SONNX_OPT [--seed N] [--cases N] [--keep FILE]
Prints "fold-fuzz: N cases (C constant, A argument), M mismatches" and exits 1
on any mismatch.
"""

import argparse
import random
import re
import subprocess
import sys

import numpy as np

HEX_OFF = "--mlir-print-elementsattrs-with-hex-if-larger=1000000000"


def tensor(shape, elt):
    if shape is None:
        return f"tensor<*x{elt}>"
    return "tensor<" + "".join(f"{d}x" for d in shape) + elt + ">"


def literal(arr, elt):
    """An MLIR dense literal of the numpy array `arr`."""
    if arr.size == 0:
        return "dense<>"

    def fmt(a):
        if not isinstance(a, np.ndarray) or a.ndim == 0:
            v = a.item() if isinstance(a, np.ndarray) else a
            return f'"{v}"' if elt == "!sonnx.string" else str(int(v))
        return "[" + ", ".join(fmt(x) for x in a) + "]"

    return f"dense<{fmt(arr)}>"


def i64s(values):
    return (f"arith.constant dense<[{', '.join(map(str, values))}]> : "
            f"tensor<{len(values)}xi64>") if values else \
        "arith.constant dense<> : tensor<0xi64>"


class Chain:
    """Builds a random chain and its numpy value."""

    def __init__(self, rng, elt):
        self.rng = rng
        self.elt = elt
        self.lines = []
        self.n = 0

    def fresh(self, prefix):
        self.n += 1
        return f"%{prefix}{self.n}"

    def data(self, shape, base):
        count = int(np.prod(shape)) if shape else 1
        if self.elt == "!sonnx.string":
            flat = np.array([f"s{base + i}" for i in range(count)], dtype=object)
        else:
            flat = np.arange(base, base + count, dtype=np.int64)
        return flat.reshape(shape)

    def declare(self, shape, last):
        r = self.rng.random()
        if last and r < 0.15:
            return tensor(None, self.elt)
        if r < 0.5:
            return tensor(shape, self.elt)
        return tensor([d if self.rng.random() < 0.5 else "?" for d in shape],
                      self.elt)

    def step(self, cur, ctype, shape, val, last):
        rng = self.rng
        kind = rng.choice(["reshape", "unsqueeze", "flatten", "expand",
                           "broadcast"])
        rank = len(shape)
        if kind == "reshape":
            count = int(np.prod(shape)) if shape else 1
            target = []
            rest = count
            for _ in range(rng.randint(0, 3)):
                if rest == 0:
                    target.append(rng.choice([0, 1, 2]))
                    continue
                divisors = [d for d in range(1, rest + 1) if rest % d == 0]
                d = rng.choice(divisors)
                target.append(d)
                rest //= d
            target.append(rest)
            rng.shuffle(target)
            values = list(target)
            allowzero = rng.random() < 0.3
            if allowzero:
                # A 0 is a size 0; no -1 may go with it.
                if 0 not in values and rng.random() < 0.5 and values:
                    i = rng.randrange(len(values))
                    others = int(np.prod(target[:i] + target[i + 1:]))
                    if others != 0:
                        values[i] = -1
            else:
                for i in range(len(values)):
                    if i < rank and shape[i] == values[i] and rng.random() < 0.5:
                        values[i] = 0
                if 0 in target and any(
                        v == 0 and not (i < rank and shape[i] == 0)
                        for i, v in enumerate(values)):
                    return None
                if rng.random() < 0.4 and values:
                    i = rng.randrange(len(values))
                    others = [shape[j] if values[j] == 0 else values[j]
                              for j in range(len(values)) if j != i]
                    if int(np.prod(others)) != 0:
                        values[i] = -1
            out = self.fresh("v")
            s = self.fresh("s")
            self.lines.append(f"  {s} = {i64s(values)}")
            attr = " {allowzero = 1 : i64}" if allowzero else ""
            rtype = self.declare(target, last)
            self.lines.append(
                f"  {out} = sonnx.reshape {cur}, {s}{attr} : ({ctype}, "
                f"tensor<{len(values)}xi64>) -> {rtype}")
            return out, rtype, target, val.reshape(target)
        if kind == "unsqueeze":
            n = rng.randint(0, 2)
            ry = rank + n
            axes = rng.sample(range(ry), n)
            axes = [a - ry if rng.random() < 0.5 else a for a in axes]
            norm = sorted(a % ry for a in axes)
            target = list(shape)
            for a in norm:
                target.insert(a, 1)
            out, s = self.fresh("v"), self.fresh("s")
            self.lines.append(f"  {s} = {i64s(axes)}")
            rtype = self.declare(target, last)
            self.lines.append(
                f"  {out} = sonnx.unsqueeze {cur}, {s} : ({ctype}, "
                f"tensor<{n}xi64>) -> {rtype}")
            return out, rtype, target, val.reshape(target)
        if kind == "flatten":
            axis = rng.randint(-rank, rank)
            a = axis + rank if axis < 0 else axis
            target = [int(np.prod(shape[:a])), int(np.prod(shape[a:]))]
            out = self.fresh("v")
            rtype = self.declare(target, last)
            self.lines.append(
                f"  {out} = sonnx.flatten {cur} {{axis = {axis} : i64}} : "
                f"({ctype}) -> {rtype}")
            return out, rtype, target, val.reshape(target)
        if kind == "expand":
            out, s = self.fresh("v"), self.fresh("s")
            if rng.random() < 0.4:
                # RFC option 2: the result has exactly the shape S.
                ry = rank + rng.randint(0, 2)
                mapping = sorted(rng.sample(range(ry), rank))
                target = [rng.choice([1, 2]) for _ in range(ry)]
                for k, m in enumerate(mapping):
                    target[m] = shape[k] if shape[k] != 1 else rng.choice(
                        [1, 2, 3])
                rtype = self.declare(target, last)
                self.lines.append(f"  {s} = {i64s(target)}")
                array = (f"array<i64: {', '.join(map(str, mapping))}>"
                         if mapping else "array<i64>")
                self.lines.append(
                    f"  {out} = sonnx.expand {cur}, {s} {{axes_mapping = "
                    f"{array}}} : ({ctype}, tensor<{ry}xi64>) -> {rtype}")
                expanded = val.reshape(
                    [shape[mapping.index(d)] if d in mapping else 1
                     for d in range(ry)])
                return out, rtype, target, np.broadcast_to(expanded, target)
            start = rng.randint(0, rank)
            # Leading sizes beyond the rank of the input only when every
            # dimension of the input is aligned.
            extra = rng.randint(0, 2) if start == 0 else 0
            values = [rng.choice([1, 2]) for _ in range(extra)]
            values += [rng.choice([1, d]) if d != 1 else rng.choice([1, 2, 3])
                       for d in shape[start:]]
            target = list(np.broadcast_shapes(tuple(shape), tuple(values)))
            rtype = self.declare(target, last)
            self.lines.append(f"  {s} = {i64s(values)}")
            self.lines.append(
                f"  {out} = sonnx.expand {cur}, {s} : ({ctype}, "
                f"tensor<{len(values)}xi64>) -> {rtype}")
            return out, rtype, target, np.broadcast_to(val, target)
        # broadcast against a constant; continue with a random result.
        start = rng.randint(0, rank)
        other_shape = [rng.choice([1, d]) for d in shape[start:]]
        if start == 0 and rng.random() < 0.3:
            other_shape = [rng.choice([1, 2])] + other_shape
        other = self.data(other_shape, 1000)
        o, out = self.fresh("o"), self.fresh("v")
        otype = tensor(other_shape, self.elt)
        self.lines.append(
            f"  {o} = arith.constant {literal(other, self.elt)} : {otype}")
        target = list(np.broadcast_shapes(tuple(shape), tuple(other_shape)))
        t0, t1 = self.declare(target, False), self.declare(target, False)
        self.lines.append(
            f"  {out}:2 = sonnx.broadcast {cur}, {o} : ({ctype}, {otype}) -> "
            f"({t0}, {t1})")
        if rng.random() < 0.5:
            return f"{out}#0", t0, target, np.broadcast_to(val, target)
        return f"{out}#1", t1, target, np.broadcast_to(other, target)


def run(opt, src, *args):
    proc = subprocess.run([opt, "-", *args, HEX_OFF], input=src,
                          capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def returned_constant(text):
    """The value of the returned constant, looking through tensor.cast."""
    name = re.search(r"return (%[\w]+)", text).group(1)
    while True:
        cast = re.search(re.escape(name) + r" = tensor\.cast (%[\w]+)", text)
        if not cast:
            break
        name = cast.group(1)
    m = re.search(re.escape(name) + r" = arith\.constant dense<(.*)> : "
                  r"tensor<([^>]*)>\n", text)
    if not m:
        return None
    dims = [int(d) for d in re.findall(r"(\d+)x", m.group(2))]
    if m.group(1) == "":
        return np.zeros(dims).reshape(dims)
    value = np.array(eval(m.group(1)), dtype=object)  # noqa: S307 (literal)
    return np.broadcast_to(value, dims) if value.ndim == 0 else value.reshape(
        dims)


def same(got, want):
    return got is not None and list(got.shape) == list(want.shape) and \
        all(str(a) == str(b) for a, b in zip(got.flat, want.flat))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("opt")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", type=int, default=500)
    parser.add_argument("--keep", help="write the failing inputs here")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    mismatches, constants, arguments = [], 0, 0
    for case in range(args.cases):
        elt = "i32" if rng.random() < 0.75 else "!sonnx.string"
        chain = Chain(rng, elt)
        shape = [rng.choice([0, 1, 2, 3]) if rng.random() < 0.1 else
                 rng.randint(1, 3) for _ in range(rng.randint(0, 3))]
        x = chain.data(shape, 1)
        xtype = tensor(shape, elt)
        constant = rng.random() < 0.5
        cur, ctype, cshape, val = "%x", xtype, shape, x
        ops = rng.randint(1, 6)
        i = 0
        while i < ops:
            stepped = chain.step(cur, ctype, cshape, val, i == ops - 1)
            if stepped is None:
                continue
            cur, ctype, cshape, val = stepped
            i += 1
        xconst = f"arith.constant {literal(x, elt)} : {xtype}"
        body = "\n".join(chain.lines)
        if constant:
            constants += 1
            src = (f"func.func @f() -> {ctype} {{\n  %x = {xconst}\n{body}\n"
                   f"  return {cur} : {ctype}\n}}\n")
            rc, out, err = run(args.opt, src, "--canonicalize")
            ok = rc == 0 and not re.search(r"= sonnx\.", out) and same(
                returned_constant(out), val)
        else:
            arguments += 1
            src = (f"func.func @f(%x: {xtype}) -> {ctype} {{\n{body}\n"
                   f"  return {cur} : {ctype}\n}}\n")
            rc, out, err = run(args.opt, src, "--canonicalize")
            ok = rc == 0
            if ok:
                # Substitute the argument by the constant and fold again.
                head = re.search(r"func\.func @f\(%arg0: [^)]*\)(.*)\{\n", out)
                ok = head is not None
            if ok:
                src2 = (out[:head.start()] + f"func.func @f(){head.group(1)}"
                        f"{{\n    %arg0 = {xconst}\n" + out[head.end():])
                rc, out2, err = run(args.opt, src2, "--canonicalize")
                out += "\n// after substituting the argument:\n" + out2
                ok = rc == 0 and not re.search(r"= sonnx\.", out2) and same(
                    returned_constant(out2), val)
        if not ok:
            mismatches.append(f"// case {case}: expected shape "
                              f"{list(val.shape)}\n{src}// output:\n{out}{err}")
    for m in mismatches[:5]:
        print(m)
    if args.keep and mismatches:
        with open(args.keep, "w", encoding="utf-8") as f:
            f.write("\n// -----\n".join(mismatches))
    print(f"fold-fuzz: {args.cases} cases ({constants} constant, {arguments} "
          f"argument), {len(mismatches)} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
