#!/usr/bin/env python3
# check_bit_moves.py - fails when a function of an LLVM-dialect module has a
# value of a floating-point type: a shape op moves bits, and every element
# value must be moved as an integer of its width (docs/pipeline.md, "Bits
# are moved, never converted"). An fpext, an fptrunc or float arithmetic
# touches such a value, so each of them is found too.
#
# Reads the module (the printed form) from stdin or a file; prints one line
# per finding, "@function: op moves type" (the functions of
# gen_bit_moves.py name the form and the element type), and exits 1; else
# prints the number of functions checked and exits 0. The element type of
# llvm.getelementptr is a stride, not a value, and globals are memory: both
# are skipped.
import re
import sys

FLOAT = re.compile(r"vector<[\dx\[\]]*(?:bf16|f16|f32|f64|f80|f128|tf32)>"
                   r"|(?<![\w!.])(?:bf16|f16|f32|f64|f80|f128|tf32)\b")
FUNC = re.compile(r"^\s*llvm\.func (?:\w+ )*@([\w$.]+)\(")
OP = re.compile(r"^\s*(?:%[\w#:, %]+=\s*)?\"?(llvm\.[\w.]+)")
SKIPPED = ("llvm.getelementptr", "llvm.mlir.global", "llvm.mlir.addressof")


def main(argv):
    text = open(argv[0]).read() if argv else sys.stdin.read()
    function, functions, findings = None, 0, []
    for line in text.splitlines():
        match = FUNC.match(line)
        if match:
            function = match.group(1)
            functions += 1
            # A function's signature is its interface, not a move.
            continue
        if function is None or line.strip().startswith("//"):
            continue
        op = OP.match(line)
        name = op.group(1) if op else line.strip().split(" ")[0]
        if name in SKIPPED:
            continue
        # Strings of assert messages carry type names in quotes.
        code = re.sub(r'"[^"]*"', '""', line)
        types = sorted(set(m.group(0) for m in FLOAT.finditer(code)))
        if types:
            findings.append("@%s: %s moves %s" % (function, name,
                                                  ", ".join(types)))
    for finding in findings:
        print("check_bit_moves: " + finding)
    if findings:
        print("check_bit_moves: %d ops move values of a floating-point type"
              % len(findings))
        return 1
    print("check_bit_moves: %d functions, no value of a floating-point type"
          % functions)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
