#!/usr/bin/env python3
"""Writes the generated part of the fuzz seed corpora (fuzz/corpus).

    /usr/bin/python3 fuzz/make_seeds.py

- tensor-proto: one small TensorProto per profile element type, in raw_data
  and in the typed field ONNX prescribes (the backend-test tensors that are
  also there were copied from libonnx-testdata);
- mlir: every function of the lit tests of test/Dialect and
  test/Conversion/SONNXToLinalg that holds sonnx ops only (split at
  `// -----`), up to 4 KiB each;
- jit-run: inputs in the format of fuzz/jit-run-fuzzer.cpp, per model a
  valid call and calls that break a rule.
Deterministic: running it again writes the same files.
"""
import hashlib
import os
import re
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "fuzz", "corpus")


def write(kind, name, data):
    path = os.path.join(CORPUS, kind, name)
    with open(path, "wb") as f:
        f.write(data)


def tensor_seeds():
    types = {
        "bool": (TensorProto.BOOL, np.array([True, False, True], dtype=np.bool_)),
        "int8": (TensorProto.INT8, np.array([-128, 0, 127], dtype=np.int8)),
        "int16": (TensorProto.INT16, np.array([-5, 0, 5], dtype=np.int16)),
        "int32": (TensorProto.INT32, np.array([-(2**31), 0, 2**31 - 1], dtype=np.int32)),
        "int64": (TensorProto.INT64, np.array([-1, 0, 2**62], dtype=np.int64)),
        "uint8": (TensorProto.UINT8, np.array([0, 1, 255], dtype=np.uint8)),
        "uint16": (TensorProto.UINT16, np.array([0, 1, 65535], dtype=np.uint16)),
        "uint32": (TensorProto.UINT32, np.array([0, 1, 2**32 - 1], dtype=np.uint32)),
        "uint64": (TensorProto.UINT64, np.array([0, 1, 2**64 - 1], dtype=np.uint64)),
        "float16": (TensorProto.FLOAT16, np.array([0.5, -0.0, np.inf], dtype=np.float16)),
        "float": (TensorProto.FLOAT, np.array([1.5, np.nan, -np.inf], dtype=np.float32)),
        "double": (TensorProto.DOUBLE, np.array([1e300, -0.0, 2.5], dtype=np.float64)),
        "complex64": (TensorProto.COMPLEX64, np.array([1 + 2j, -3j, 0], dtype=np.complex64)),
        "complex128": (TensorProto.COMPLEX128, np.array([1 + 2j, -3j, 0], dtype=np.complex128)),
    }
    for name, (dtype, values) in types.items():
        shaped = values.reshape(1, 3)
        raw = numpy_helper.from_array(shaped, name=name)
        write("tensor-proto", f"type-{name}.raw.pb", raw.SerializeToString())
        typed = helper.make_tensor(name, dtype, [1, 3], values.tolist()
                                   if dtype not in (TensorProto.FLOAT16,)
                                   else values.view(np.uint16).tolist(),
                                   raw=False)
        write("tensor-proto", f"type-{name}.typed.pb", typed.SerializeToString())
    # bfloat16 and the 4-bit types have no numpy type: their bits.
    bf16 = helper.make_tensor("bf16", TensorProto.BFLOAT16, [2],
                              np.array([0x3F80, 0xC000], dtype=np.uint16).tobytes(), raw=True)
    write("tensor-proto", "type-bfloat16.raw.pb", bf16.SerializeToString())
    for name, dtype in (("int4", TensorProto.INT4), ("uint4", TensorProto.UINT4)) \
            if hasattr(TensorProto, "INT4") else ():
        t = helper.make_tensor(name, dtype, [3], bytes([0x21, 0x0F]), raw=True)
        write("tensor-proto", f"type-{name}.raw.pb", t.SerializeToString())
    strings = helper.make_tensor("s", TensorProto.STRING, [2], [b"ab", b""])
    write("tensor-proto", "type-string.pb", strings.SerializeToString())
    scalar = numpy_helper.from_array(np.array(7, dtype=np.int64), name="scalar")
    write("tensor-proto", "rank0-int64.pb", scalar.SerializeToString())
    empty = numpy_helper.from_array(np.zeros((0, 3), dtype=np.float32), name="empty")
    write("tensor-proto", "zero-size-float.pb", empty.SerializeToString())


def mlir_seeds():
    dirs = [os.path.join(ROOT, "test", "Dialect", "SONNX"),
            os.path.join(ROOT, "test", "Conversion", "SONNXToLinalg")]
    allowed = re.compile(r"^\s*(%[\w#:]+ = )?(sonnx\.|arith\.constant|return|func\.return|\}|func\.func)")
    written = 0
    for d in dirs:
        for f in sorted(os.listdir(d)):
            if not f.endswith(".mlir"):
                continue
            text = open(os.path.join(d, f)).read()
            for i, chunk in enumerate(text.split("// -----")):
                lines = [l for l in chunk.splitlines()
                         if l.strip() and not l.strip().startswith("//")]
                body = "\n".join(lines) + "\n"
                if "sonnx." not in body or len(body) > 4096:
                    continue
                if "expected-" in chunk or not all(allowed.match(l) for l in lines):
                    continue
                write("mlir", f"{f[:-5]}.{i}.mlir", body.encode())
                written += 1
    return written


def jit_seeds():
    # Byte 0: model (see kModels); sizes: one byte each (0..7); values: one
    # byte b < 240 is b % 24 - 4.
    def v(x):
        return bytes([(x + 4) % 24])
    seeds = {
        "reshape-valid": bytes([0, 2, 6]) + v(3) + v(-1) + v(2),
        "reshape-count": bytes([0, 2, 6]) + v(5) + v(1) + v(1),
        "reshape-zero-copy": bytes([0, 2, 6]) + v(0) + v(3) + v(-1),
        "reshape-two-minus1": bytes([0, 2, 6]) + v(-1) + v(-1) + v(3),
        "reshape-below": bytes([0, 2, 6]) + v(-2) + v(2) + v(3),
        "reshape-allowzero": bytes([1, 0, 6]) + v(0) + v(2) + v(3),
        "reshape-allowzero-minus1": bytes([1, 2, 6]) + v(0) + v(-1) + v(3),
        "reshape-flat": bytes([2, 2, 3, 4]) + v(-1),
        "unsqueeze-valid": bytes([3, 2, 3]) + v(0) + v(3),
        "unsqueeze-duplicate": bytes([3, 2, 3]) + v(1) + v(1),
        "unsqueeze-range": bytes([3, 2, 3]) + v(4) + v(0),
        "unsqueeze-negative": bytes([4, 5]) + v(-1),
        "expand-valid": bytes([5, 3, 1]) + v(2) + v(1) + v(4),
        "expand-incompatible": bytes([5, 3, 2]) + v(1) + v(3) + v(3),
        "expand-negative": bytes([5, 3, 1]) + v(-1) + v(3) + v(1),
        "expand-lower-rank": bytes([6, 1, 3, 1]) + v(1) + v(5),
        "flatten": bytes([7, 2, 3, 4]),
        "flatten-empty": bytes([7, 0, 3, 4]),
        "broadcast-valid": bytes([8, 1, 3, 3]),
        "broadcast-incompatible": bytes([8, 2, 3, 2]),
        "huge-value": bytes([0, 2, 6, 0xF0]) + (2**62).to_bytes(8, "big") + v(1) + v(1),
        "bf16-scalar-expand": bytes([9]) + v(6),
        "bf16-expand-dim1": bytes([10, 1, 1]) + v(2) + v(3) + v(5),
        "f16-broadcast": bytes([11, 3, 1, 4]),
    }
    for name, data in seeds.items():
        write("jit-run", name, data)
    return len(seeds)


def main():
    for kind in ("tensor-proto", "mlir", "jit-run", "onnx-import"):
        os.makedirs(os.path.join(CORPUS, kind), exist_ok=True)
    tensor_seeds()
    n = mlir_seeds()
    j = jit_seeds()
    print(f"make_seeds: {n} mlir seeds, {j} jit-run seeds, tensor seeds of every type")


if __name__ == "__main__":
    sys.exit(main())
