#!/usr/bin/python3
# gen_onnx_models.py - generate extra ONNX test cases for sonnx.
#
# Part of the sonnx project.
#
# Writes one directory per case in the layout of the ONNX backend tests:
#
#   OUT/<case>/model.onnx
#   OUT/<case>/test_data_set_0/input_K.pb    (one per graph input)
#   OUT/<case>/test_data_set_0/output_K.pb   (expected outputs, "pass" cases)
#   OUT/<case>/case.json                     (what the case expects)
#
# case.json holds {"expect": "pass" | "invalid" | "runtime-error",
# "rule": constraint ID or null, "strict_rule": ID reported only under
# --strict-profile or null, "description": text}. "invalid" models break a
# constraint that the importer or the verifier detects at compile time;
# "runtime-error" models are valid, but their test data breaks a rule that
# depends on input values (a compile-time error once those inputs are
# constants).
#
# The expected outputs are computed with numpy. Every value is generated
# from a fixed seed and every protobuf is serialized deterministically, so
# two runs write identical files. Floating-point inputs are random bit
# patterns (NaN payloads, infinities, subnormals and -0 included): the shape
# ops must move them bit for bit.
#
# Uses Debian's /usr/bin/python3 with python3-onnx (ONNX 1.12) and numpy.
# ONNX 1.12 predates INT4/UINT4 (IR version 10), so tensors are built here
# from raw bytes and typed fields rather than with onnx.helper.make_tensor.
#
# Usage: /usr/bin/python3 scripts/gen_onnx_models.py --out DIR [--list]
#
# The module is also imported by the lit tests (test/Target/ONNX) for its
# tensor and model builders.

import argparse
import json
import os
import shutil
import sys
import zlib

import numpy as np
import onnx
from onnx import helper

# ONNX TensorProto.DataType codes, including those newer than ONNX 1.12.
DTYPES = {
    "float": 1,
    "uint8": 2,
    "int8": 3,
    "uint16": 4,
    "int16": 5,
    "int32": 6,
    "int64": 7,
    "string": 8,
    "bool": 9,
    "float16": 10,
    "double": 11,
    "uint32": 12,
    "uint64": 13,
    "complex64": 14,
    "complex128": 15,
    "bfloat16": 16,
    "float8e4m3fn": 17,
    "uint4": 21,
    "int4": 22,
}

# The element types of the profile (profile.types), complex included.
PROFILE_TYPES = [
    "bool", "int4", "int8", "int16", "int32", "int64", "uint4", "uint8",
    "uint16", "uint32", "uint64", "float16", "bfloat16", "float", "double",
    "string",
]
COMPLEX_TYPES = ["complex64", "complex128"]

# The element types each op takes (the *.types rules of CONSTRAINTS.md), by
# ONNX op and the first opset at which the set applies. sonnx-opt
# --print-element-types prints the table of the code; test/Docs/
# element-types.test checks that this copy says the same (--print-element-
# types below).
_NO_4BIT = [t for t in PROFILE_TYPES + COMPLEX_TYPES if t not in ("int4", "uint4")]
OP_TYPES = {
    # unsqueeze.types (sonnx-unsqueeze.md): no bfloat16, 4-bit or complex.
    "Unsqueeze": {1: [t for t in PROFILE_TYPES
                      if t not in ("int4", "uint4", "bfloat16")]},
    # flatten.types (sonnx-flatten.md): 4-bit and bfloat16, no complex.
    "Flatten": {1: list(PROFILE_TYPES)},
    # reshape.types: Reshape-13/14 (no 4-bit), Reshape-5 (no bfloat16 either),
    # Reshape-1 (floats only).
    "Reshape": {13: _NO_4BIT,
                5: [t for t in _NO_4BIT if t != "bfloat16"],
                1: ["float16", "float", "double"]},
    # expand.types (ONNX Expand-13): Reshape-14's set.
    "Expand": {1: _NO_4BIT},
}
OP_RULES = {"Unsqueeze": "unsqueeze.types", "Flatten": "flatten.types",
            "Reshape": "reshape.types", "Expand": "expand.types"}


def op_takes(op, dtype, opset=25):
    """Whether the ONNX op `op` of the default-domain `opset` takes `dtype`
    in the profile."""
    since = max(v for v in OP_TYPES[op] if v <= opset)
    return dtype in OP_TYPES[op][since]

# numpy dtype holding the values of each ONNX type. bfloat16 values are
# held as their uint16 bit patterns, 4-bit values unpacked one per byte.
NUMPY = {
    "bool": np.bool_,
    "int4": np.int8,
    "uint4": np.uint8,
    "int8": np.int8,
    "int16": np.int16,
    "int32": np.int32,
    "int64": np.int64,
    "uint8": np.uint8,
    "uint16": np.uint16,
    "uint32": np.uint32,
    "uint64": np.uint64,
    "float16": np.float16,
    "bfloat16": np.uint16,
    "float": np.float32,
    "double": np.float64,
    "complex64": np.complex64,
    "complex128": np.complex128,
    "string": object,
}

# Little-endian storage of raw_data for byte-aligned types.
RAW_DTYPE = {
    "int8": "<i1", "int16": "<i2", "int32": "<i4", "int64": "<i8",
    "uint8": "<u1", "uint16": "<u2", "uint32": "<u4", "uint64": "<u8",
    "float16": "<f2", "bfloat16": "<u2", "float": "<f4", "double": "<f8",
    "complex64": "<c8", "complex128": "<c16",
}

# The IR version that goes with an opset (onnx/helper.py VERSION_TABLE),
# extended for the opsets after ONNX 1.12.
def ir_version_for(opset):
    for limit, ir in ((8, 3), (9, 4), (10, 5), (11, 6), (14, 7), (18, 8),
                      (20, 9), (22, 10)):
        if opset <= limit:
            return ir
    return 11


def seed_for(name):
    return zlib.crc32(name.encode("utf-8"))


STRING_POOL = [b"", b"a", b"sonnx", "\u00e9t\u00e9".encode("utf-8"),
               b"x\x00y", b"  spaces  ", b"0123456789" * 3,
               "\u2603".encode("utf-8")]


def sample(dtype, shape, seed):
    """Values of `dtype` for a tensor of `shape`, covering the whole range
    (random bit patterns for floating-point types)."""
    rng = np.random.default_rng(seed)
    shape = tuple(shape)
    if dtype == "bool":
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    if dtype == "int4":
        return rng.integers(-8, 8, size=shape).astype(np.int8)
    if dtype == "uint4":
        return rng.integers(0, 16, size=shape).astype(np.uint8)
    if dtype == "string":
        picks = rng.integers(0, len(STRING_POOL), size=shape)
        out = np.empty(shape, dtype=object)
        for index in np.ndindex(*shape):
            out[index] = STRING_POOL[picks[index]]
        return out
    if dtype in ("float16", "bfloat16"):
        bits = rng.integers(0, 1 << 16, size=shape, dtype=np.uint16)
        return bits if dtype == "bfloat16" else bits.view(np.float16)
    if dtype in ("float", "complex64"):
        count = 2 if dtype == "complex64" else 1
        bits = rng.integers(0, 1 << 32, size=shape + (count,),
                            dtype=np.uint32)
        values = bits.view(np.float32)
        if dtype == "float":
            return values.reshape(shape)
        return values.view(np.complex64).reshape(shape)
    if dtype in ("double", "complex128"):
        count = 2 if dtype == "complex128" else 1
        bits = rng.integers(0, 1 << 64, size=shape + (count,),
                            dtype=np.uint64)
        values = bits.view(np.float64)
        if dtype == "double":
            return values.reshape(shape)
        return values.view(np.complex128).reshape(shape)
    info = np.iinfo(NUMPY[dtype])
    return rng.integers(info.min, info.max, size=shape, dtype=NUMPY[dtype],
                        endpoint=True)


#===----------------------------------------------------------------------===#
# TensorProto encoding
#===----------------------------------------------------------------------===#

def pack_4bit(values):
    """Packs 4-bit values two per byte, the first in the low nibble."""
    flat = [int(v) & 0xF for v in np.asarray(values).reshape(-1)]
    if len(flat) % 2:
        flat.append(0)
    return bytes(flat[i] | (flat[i + 1] << 4) for i in range(0, len(flat), 2))


def make_tensor(name, dtype, values, raw=True):
    """A TensorProto of ONNX type `dtype` holding `values` (a numpy array)
    in raw_data (raw=True) or in the typed field ONNX prescribes."""
    values = np.asarray(values, dtype=NUMPY[dtype])
    tensor = onnx.TensorProto()
    if name:
        tensor.name = name
    tensor.data_type = DTYPES[dtype]
    tensor.dims.extend(int(d) for d in values.shape)
    flat = values.reshape(-1)
    if dtype == "string":
        if raw:
            raise ValueError("strings have no raw_data form")
        tensor.string_data.extend(
            v if isinstance(v, bytes) else str(v).encode("utf-8")
            for v in flat)
        return tensor
    if raw:
        if dtype in ("int4", "uint4"):
            tensor.raw_data = pack_4bit(flat)
        elif dtype == "bool":
            tensor.raw_data = flat.astype(np.uint8).tobytes()
        else:
            tensor.raw_data = flat.astype(RAW_DTYPE[dtype]).tobytes()
        return tensor
    if dtype in ("int4", "uint4"):
        tensor.int32_data.extend(pack_4bit(flat))
    elif dtype in ("bool", "int8", "int16", "int32", "uint8", "uint16"):
        tensor.int32_data.extend(int(v) for v in flat)
    elif dtype in ("float16", "bfloat16"):
        # 16-bit floats are stored as their bit patterns.
        tensor.int32_data.extend(int(v) for v in flat.view(np.uint16))
    elif dtype == "int64":
        tensor.int64_data.extend(int(v) for v in flat)
    elif dtype in ("uint32", "uint64"):
        tensor.uint64_data.extend(int(v) for v in flat)
    elif dtype in ("float", "complex64"):
        # float_data is a packed float field: the bits survive as they are.
        parts = flat.view(np.float32) if dtype == "complex64" else flat
        tensor.float_data.extend(parts.tolist())
    elif dtype in ("double", "complex128"):
        parts = flat.view(np.float64) if dtype == "complex128" else flat
        tensor.double_data.extend(parts.tolist())
    else:
        raise ValueError("no typed field for " + dtype)
    return tensor


def dtype_name(code):
    for name, value in DTYPES.items():
        if value == code:
            return name
    raise ValueError("ONNX data type %d is not known here" % code)


def unpack_4bit(data, count, signed):
    out = []
    for i in range(count):
        nibble = (data[i // 2] >> (4 * (i % 2))) & 0xF
        out.append(nibble - 16 if signed and nibble >= 8 else nibble)
    return np.asarray(out, dtype=np.int8 if signed else np.uint8)


def decode_tensor(tensor):
    """(dtype name, numpy array) of a TensorProto in raw_data or a typed
    field: an implementation independent of sonnx's C++ one, used to check
    it."""
    dtype = dtype_name(tensor.data_type)
    shape = tuple(tensor.dims)
    count = int(np.prod(shape, dtype=np.int64))
    if dtype == "string":
        flat = np.empty((count,), dtype=object)
        for i, v in enumerate(tensor.string_data):
            flat[i] = bytes(v)
        return dtype, flat.reshape(shape)
    if tensor.HasField("raw_data"):
        raw = tensor.raw_data
        if dtype in ("int4", "uint4"):
            flat = unpack_4bit(raw, count, dtype == "int4")
        elif dtype == "bool":
            flat = np.frombuffer(raw, dtype=np.uint8).astype(np.bool_)
        else:
            flat = np.frombuffer(raw, dtype=RAW_DTYPE[dtype]).astype(
                NUMPY[dtype])
        return dtype, flat.reshape(shape)
    if dtype in ("int4", "uint4"):
        flat = unpack_4bit(bytes(tensor.int32_data), count, dtype == "int4")
    elif dtype in ("float16", "bfloat16"):
        flat = np.asarray(tensor.int32_data, dtype=np.uint16)
        if dtype == "float16":
            flat = flat.view(np.float16)
    elif dtype in ("bool", "int8", "int16", "int32", "uint8", "uint16"):
        flat = np.asarray(tensor.int32_data).astype(NUMPY[dtype])
    elif dtype == "int64":
        flat = np.asarray(tensor.int64_data, dtype=np.int64)
    elif dtype in ("uint32", "uint64"):
        flat = np.asarray(tensor.uint64_data, dtype=np.uint64).astype(
            NUMPY[dtype])
    elif dtype in ("float", "complex64"):
        flat = np.asarray(tensor.float_data, dtype=np.float32)
        if dtype == "complex64":
            flat = flat.view(np.complex64)
    else:
        flat = np.asarray(tensor.double_data, dtype=np.float64)
        if dtype == "complex128":
            flat = flat.view(np.complex128)
    return dtype, flat.reshape(shape)


def same_bits(a, b):
    """Whether two arrays hold the same elements bit for bit (strings by
    value)."""
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if a.dtype == object:
        return all(x == y for x, y in zip(a.reshape(-1), b.reshape(-1)))
    return a.tobytes() == b.tobytes()


def quiet_nans(values):
    """Sets the quiet bit of float32 NaNs: the typed float_data field goes
    through Python floats (doubles), which quiet signalling NaNs."""
    values = np.array(values)
    view = values.view(np.uint32).reshape(-1)
    nan = ((view & 0x7F800000) == 0x7F800000) & ((view & 0x7FFFFF) != 0)
    view[nan] |= 0x400000
    return values


def value_info(name, dtype, shape):
    """A ValueInfoProto of a tensor; `shape` None means no shape, a str
    entry a symbolic size."""
    info = onnx.ValueInfoProto()
    info.name = name
    tensor_type = info.type.tensor_type
    tensor_type.elem_type = DTYPES[dtype] if isinstance(dtype, str) else dtype
    if shape is not None:
        tensor_type.shape.SetInParent()
        for dim in shape:
            entry = tensor_type.shape.dim.add()
            if isinstance(dim, str):
                entry.dim_param = dim
            else:
                entry.dim_value = int(dim)
    return info


def make_model(nodes, inputs, outputs, opset, initializers=(),
               value_infos=(), name="sonnx_case", ir_version=None):
    graph = helper.make_graph(list(nodes), name, list(inputs), list(outputs),
                              initializer=list(initializers),
                              value_info=list(value_infos))
    model = helper.make_model(graph, producer_name="sonnx-gen",
                              opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = ir_version or ir_version_for(opset)
    return model


def serialize(message):
    return message.SerializeToString(deterministic=True)


def save_model(model, path):
    with open(path, "wb") as f:
        f.write(serialize(model))


#===----------------------------------------------------------------------===#
# Reference semantics (numpy): the shape ops only move data.
#===----------------------------------------------------------------------===#

def ref_reshape(x, shape, allowzero=0):
    shape = [int(s) for s in shape]
    if not allowzero:
        shape = [x.shape[i] if s == 0 else s for i, s in enumerate(shape)]
    return np.reshape(x, shape)


def ref_unsqueeze(x, axes):
    rank = x.ndim + len(axes)
    out = x
    for axis in sorted(a + rank if a < 0 else a for a in axes):
        out = np.expand_dims(out, axis)
    return out


def ref_flatten(x, axis):
    if axis < 0:
        axis += x.ndim
    outer = int(np.prod(x.shape[:axis], dtype=np.int64))
    inner = int(np.prod(x.shape[axis:], dtype=np.int64))
    return np.reshape(x, (outer, inner))


def ref_expand(x, shape):
    target = np.broadcast_shapes(x.shape, tuple(int(s) for s in shape))
    return np.broadcast_to(x, target).copy()


#===----------------------------------------------------------------------===#
# Cases
#===----------------------------------------------------------------------===#

class Case:
    def __init__(self, name, model, inputs=(), outputs=(), expect="pass",
                 rule=None, strict_rule=None, description=""):
        self.name = name
        self.model = model
        # (name, dtype, numpy array) for each graph input and output.
        self.inputs = list(inputs)
        self.outputs = list(outputs)
        self.expect = expect
        self.rule = rule
        self.strict_rule = strict_rule
        self.description = description

    def write(self, out_dir):
        case_dir = os.path.join(out_dir, self.name)
        data_dir = os.path.join(case_dir, "test_data_set_0")
        os.makedirs(data_dir)
        save_model(self.model, os.path.join(case_dir, "model.onnx"))
        for k, (name, dtype, array) in enumerate(self.inputs):
            with open(os.path.join(data_dir, "input_%d.pb" % k), "wb") as f:
                f.write(serialize(make_tensor(name, dtype, array,
                                              raw=dtype != "string")))
        if self.expect == "pass":
            for k, (name, dtype, array) in enumerate(self.outputs):
                path = os.path.join(data_dir, "output_%d.pb" % k)
                with open(path, "wb") as f:
                    f.write(serialize(make_tensor(name, dtype, array,
                                                  raw=dtype != "string")))
        meta = {"expect": self.expect, "rule": self.rule,
                "strict_rule": self.strict_rule,
                "description": self.description}
        with open(os.path.join(case_dir, "case.json"), "w") as f:
            json.dump(meta, f, indent=1, sort_keys=True)
            f.write("\n")


def opset_for(dtype, opset):
    """ONNX added bfloat16 at opset 13 and int4/uint4 at opset 21."""
    if dtype in ("int4", "uint4"):
        return max(opset, 21)
    if dtype == "bfloat16":
        return max(opset, 13)
    return opset


def i64(values):
    return np.asarray(values, dtype=np.int64)


def single_op_case(name, op, dtype, x, second=None, attrs=None, opset=13,
                   ref=None, second_as="input", description="",
                   expect="pass", rule=None, strict_rule=None,
                   declared=None, exact_opset=False):
    """A model of one node `op` on a graph input `x` and, for the ops that
    take one, a second operand (shape or axes) given as a graph input
    (second_as="input"), an initializer or a Constant node. `ref` gives the
    expected output; `declared` overrides the declared output
    (dtype, shape); `exact_opset` keeps `opset` even where it predates the
    data type (a model that an older op version must refuse)."""
    attrs = dict(attrs or {})
    inputs = [value_info("x", dtype, x.shape)]
    data = [("x", dtype, x)]
    initializers, nodes = [], []
    node_inputs = ["x"]
    if second is not None:
        second = np.asarray(second)
        second_dtype = {np.dtype(np.int64): "int64",
                        np.dtype(np.int32): "int32"}[second.dtype]
        node_inputs.append("s")
        if second_as == "input":
            inputs.append(value_info("s", second_dtype, second.shape))
            data.append(("s", second_dtype, second))
        elif second_as == "initializer":
            initializers.append(make_tensor("s", second_dtype, second))
        else:
            nodes.append(helper.make_node(
                "Constant", [], ["s"], name="shape_const",
                value=make_tensor("", second_dtype, second)))
    nodes.append(helper.make_node(op, node_inputs, ["y"], name="n0",
                                  **attrs))
    outputs, expected = [], []
    y = ref() if ref is not None and expect == "pass" else None
    if declared is not None:
        outputs.append(value_info("y", declared[0], declared[1]))
    elif y is not None:
        outputs.append(value_info("y", dtype, y.shape))
    else:
        outputs.append(value_info("y", dtype, None))
    if y is not None:
        expected.append(("y", dtype, y))
    model = make_model(nodes, inputs, outputs,
                       opset if exact_opset else opset_for(dtype, opset),
                       initializers=initializers, name=name)
    return Case(name, model, data, expected, expect=expect, rule=rule,
                strict_rule=strict_rule, description=description)


def type_cases():
    """Every element type through every op, data as graph inputs in
    raw_data (strings in string_data): "type_<dtype>_<op>" where the op
    takes the type, "invalid_type_<dtype>_<op>" (refused citing the op's
    *.types rule) where it does not."""
    cases = []

    def add(dtype, op_name, op, x, second, attrs, opset, ref, what):
        if op_takes(op, dtype):
            cases.append(single_op_case(
                "type_%s_%s" % (dtype, op_name), op, dtype, x, second,
                attrs=attrs, opset=opset, ref=ref,
                description="%s of %s data%s" % (what, dtype, (
                    ", %s input" % ("axes" if op == "Unsqueeze" else "shape")
                    if second is not None else ""))))
        else:
            cases.append(single_op_case(
                "invalid_type_%s_%s" % (dtype, op_name), op, dtype, x,
                second, attrs=attrs, opset=opset, expect="invalid",
                rule=OP_RULES[op],
                description="%s does not take %s (%s)" % (
                    what, dtype, OP_RULES[op])))

    for dtype in PROFILE_TYPES + COMPLEX_TYPES:
        seed = seed_for(dtype)
        x = sample(dtype, (2, 3, 4), seed)
        add(dtype, "reshape", "Reshape", x, i64([4, -1]), {"allowzero": 0},
            14, lambda x=x: ref_reshape(x, [4, -1]), "Reshape-14")
        x2 = sample(dtype, (3, 4), seed + 1)
        add(dtype, "unsqueeze", "Unsqueeze", x2, i64([0, -1]), None, 13,
            lambda x=x2: ref_unsqueeze(x, [0, -1]), "Unsqueeze-13")
        add(dtype, "flatten", "Flatten", x, None, {"axis": 2}, 13,
            lambda x=x: ref_flatten(x, 2), "Flatten-13")
        x3 = sample(dtype, (3, 1), seed + 2)
        add(dtype, "expand", "Expand", x3, i64([2, 1, 4]), None, 13,
            lambda x=x3: ref_expand(x, [2, 1, 4]), "Expand-13")
    return cases


def initializer_cases():
    """Every element type as an initializer, in raw_data and in the typed
    field, reshaped by a constant shape (flattened for the 4-bit types,
    which Reshape does not take)."""
    cases = []
    for dtype in PROFILE_TYPES + COMPLEX_TYPES:
        for raw in (True, False):
            if dtype == "string" and raw:
                continue
            name = "init_%s_%s" % (dtype, "raw" if raw else "typed")
            x = sample(dtype, (2, 3), seed_for(name))
            if not raw and dtype in ("float", "complex64"):
                x = quiet_nans(x)
            if op_takes("Reshape", dtype):
                y = ref_reshape(x, [3, 2])
                nodes = [helper.make_node("Reshape", ["w", "s"], ["y"],
                                          name="n0", allowzero=0)]
                inits = [make_tensor("s", "int64", i64([3, 2]), raw=not raw)]
            else:
                y = ref_flatten(x, 1)
                nodes = [helper.make_node("Flatten", ["w"], ["y"], name="n0",
                                          axis=1)]
                inits = []
            model = make_model(
                nodes, [], [value_info("y", dtype, y.shape)],
                opset_for(dtype, 14),
                initializers=[make_tensor("w", dtype, x, raw=raw)] + inits,
                name=name)
            cases.append(Case(name, model, [], [("y", dtype, y)],
                              description="%s initializer in %s" % (
                                  dtype, "raw_data" if raw
                                  else "its typed field")))
    return cases


def opset_cases():
    """The op versions: attributes in old opsets, inputs in new ones."""
    cases = []
    f = sample("float", (2, 3, 4), 1)
    shape = [3, -1]
    # Reshape-1: shape attribute.
    cases.append(single_op_case(
        "reshape_opset1", "Reshape", "float", f, attrs={"shape": shape},
        opset=1, ref=lambda: ref_reshape(f, shape),
        description="Reshape-1, shape attribute"))
    for opset in (5, 9, 11, 13):
        cases.append(single_op_case(
            "reshape_opset%d" % opset, "Reshape", "float", f, i64(shape),
            opset=opset, ref=lambda: ref_reshape(f, shape),
            description="Reshape-%d, shape input" % opset))
    cases.append(single_op_case(
        "reshape_opset13_initializer", "Reshape", "float", f, i64([0, 12]),
        opset=13, second_as="initializer",
        ref=lambda: ref_reshape(f, [0, 12]),
        description="Reshape-13, shape initializer with a 0 (copy)"))
    cases.append(single_op_case(
        "reshape_opset13_constant", "Reshape", "float", f, i64([4, 0, -1]),
        opset=13, second_as="constant",
        ref=lambda: ref_reshape(f, [4, 0, -1]),
        description="Reshape-13, shape from a Constant node"))
    for allowzero in (0, 1):
        cases.append(single_op_case(
            "reshape_opset14_allowzero%d" % allowzero, "Reshape", "float", f,
            i64([2, 12]), attrs={"allowzero": allowzero}, opset=14,
            ref=lambda: ref_reshape(f, [2, 12]),
            description="Reshape-14, explicit allowzero"))
    cases.append(single_op_case(
        "reshape_opset25", "Reshape", "float", f, i64([24]),
        attrs={"allowzero": 0}, opset=25, ref=lambda: ref_reshape(f, [24]),
        description="Reshape at the highest supported opset"))
    cases.append(single_op_case(
        "reshape_default_allowzero", "Reshape", "float", f, i64([6, 4]),
        opset=14, ref=lambda: ref_reshape(f, [6, 4]),
        strict_rule="profile.GR4",
        description="Reshape-14 without allowzero (default 0)"))

    g = sample("float", (3, 4), 2)
    cases.append(single_op_case(
        "unsqueeze_opset1", "Unsqueeze", "float", g,
        attrs={"axes": [0, 3]}, opset=1,
        ref=lambda: ref_unsqueeze(g, [0, 3]),
        description="Unsqueeze-1, axes attribute"))
    cases.append(single_op_case(
        "unsqueeze_opset11", "Unsqueeze", "float", g,
        attrs={"axes": [-1, 0]}, opset=11,
        ref=lambda: ref_unsqueeze(g, [-1, 0]),
        description="Unsqueeze-11, negative axes attribute"))
    cases.append(single_op_case(
        "unsqueeze_opset13", "Unsqueeze", "float", g, i64([1]), opset=13,
        ref=lambda: ref_unsqueeze(g, [1]),
        description="Unsqueeze-13, axes input"))
    cases.append(single_op_case(
        "unsqueeze_opset13_initializer", "Unsqueeze", "float", g,
        i64([-3, 3]), opset=13, second_as="initializer",
        ref=lambda: ref_unsqueeze(g, [-3, 3]),
        description="Unsqueeze-13, axes initializer"))
    cases.append(single_op_case(
        "unsqueeze_opset25", "Unsqueeze", "float", g, i64([2]), opset=25,
        ref=lambda: ref_unsqueeze(g, [2]),
        description="Unsqueeze at the highest supported opset"))

    i = sample("int32", (2, 3, 4), 3)
    cases.append(single_op_case(
        "flatten_opset1", "Flatten", "float", f, attrs={"axis": 0}, opset=1,
        ref=lambda: ref_flatten(f, 0), description="Flatten-1 (float only)"))
    cases.append(single_op_case(
        "flatten_opset9", "Flatten", "int32", i, attrs={"axis": 3}, opset=9,
        ref=lambda: ref_flatten(i, 3), description="Flatten-9, int32"))
    cases.append(single_op_case(
        "flatten_opset11", "Flatten", "int32", i, attrs={"axis": -2},
        opset=11, ref=lambda: ref_flatten(i, -2),
        description="Flatten-11, negative axis"))
    cases.append(single_op_case(
        "flatten_opset13", "Flatten", "int32", i, attrs={"axis": 1},
        opset=13, ref=lambda: ref_flatten(i, 1), description="Flatten-13"))
    cases.append(single_op_case(
        "flatten_opset25", "Flatten", "int32", i, attrs={"axis": 1},
        opset=25, ref=lambda: ref_flatten(i, 1),
        description="Flatten at the highest supported opset"))
    cases.append(single_op_case(
        "flatten_default_axis", "Flatten", "int32", i, opset=13,
        ref=lambda: ref_flatten(i, 1), strict_rule="profile.GR4",
        description="Flatten without axis (default 1)"))

    e = sample("float", (3, 1), 4)
    for opset in (8, 9, 13, 25):
        cases.append(single_op_case(
            "expand_opset%d" % opset, "Expand", "float", e, i64([2, 1, 5]),
            opset=opset, ref=lambda: ref_expand(e, [2, 1, 5]),
            description="Expand-%d, shape input" % opset))
    cases.append(single_op_case(
        "expand_opset13_initializer", "Expand", "float", e, i64([3, 4]),
        opset=13, second_as="initializer",
        ref=lambda: ref_expand(e, [3, 4]),
        description="Expand-13, shape initializer"))
    cases.append(single_op_case(
        "expand_shape_shorter", "Expand", "float", e, i64([1]), opset=13,
        ref=lambda: ref_expand(e, [1]),
        description="Expand with a shape shorter than the input"))
    return cases


def edge_cases():
    """Scalars, zero-size tensors, negative axes, Identity, chains."""
    cases = []
    s = sample("float", (), 10)
    cases.append(single_op_case(
        "scalar_reshape_to_1x1", "Reshape", "float", s, i64([1, 1]),
        attrs={"allowzero": 0}, opset=14,
        ref=lambda: ref_reshape(s, [1, 1]),
        description="a scalar reshaped to 1x1"))
    one = sample("int64", (1, 1), 11)
    cases.append(single_op_case(
        "scalar_reshape_from_1x1", "Reshape", "int64", one,
        np.zeros((0,), dtype=np.int64), attrs={"allowzero": 0}, opset=14,
        ref=lambda: ref_reshape(one, []),
        description="an empty shape makes a scalar"))
    cases.append(single_op_case(
        "scalar_unsqueeze", "Unsqueeze", "float", s, i64([0, -1]),
        opset=13, ref=lambda: ref_unsqueeze(s, [0, -1]),
        description="a scalar unsqueezed twice"))
    cases.append(single_op_case(
        "scalar_flatten", "Flatten", "float", s, attrs={"axis": 0},
        opset=13, ref=lambda: ref_flatten(s, 0),
        description="a scalar flattened to 1x1"))
    cases.append(single_op_case(
        "scalar_expand", "Expand", "float", s, i64([2, 3]), opset=13,
        ref=lambda: ref_expand(s, [2, 3]),
        description="a scalar expanded to 2x3"))

    z = sample("float", (0, 3, 4), 12)
    cases.append(single_op_case(
        "zero_reshape_allowzero", "Reshape", "float", z, i64([3, 4, 0]),
        attrs={"allowzero": 1}, opset=14,
        ref=lambda: ref_reshape(z, [3, 4, 0], allowzero=1),
        description="allowzero=1: a 0 in the shape is a size 0"))
    cases.append(single_op_case(
        "zero_reshape_minus1", "Reshape", "float", z, i64([-1, 3]),
        attrs={"allowzero": 0}, opset=14,
        ref=lambda: ref_reshape(z, [0, 3]),
        description="-1 resolves to 0 for a zero-size input"))
    cases.append(single_op_case(
        "zero_unsqueeze", "Unsqueeze", "float", z, i64([1]), opset=13,
        ref=lambda: ref_unsqueeze(z, [1]),
        description="unsqueeze of a zero-size tensor"))
    z2 = sample("int8", (2, 0, 3), 13)
    cases.append(single_op_case(
        "zero_flatten", "Flatten", "int8", z2, attrs={"axis": 1}, opset=13,
        ref=lambda: ref_flatten(z2, 1),
        description="flatten of a zero-size tensor"))
    e = sample("float", (1, 3), 14)
    cases.append(single_op_case(
        "zero_expand", "Expand", "float", e, i64([0, 1]), opset=13,
        ref=lambda: ref_expand(e, [0, 1]),
        description="expand to a zero-size result"))
    z3 = sample("string", (0, 1), 15)
    cases.append(single_op_case(
        "zero_expand_strings", "Expand", "string", z3, i64([0, 4]),
        opset=13, ref=lambda: ref_expand(z3, [0, 4]),
        description="zero-size string expand"))

    n = sample("uint16", (2, 3), 16)
    cases.append(single_op_case(
        "negative_unsqueeze", "Unsqueeze", "uint16", n, i64([-1, -4]),
        opset=13, ref=lambda: ref_unsqueeze(n, [-1, -4]),
        description="negative axes count from the result's rank"))
    cases.append(single_op_case(
        "negative_flatten", "Flatten", "uint16", n, attrs={"axis": -2},
        opset=13, ref=lambda: ref_flatten(n, -2),
        description="axis -r flattens to 1 x everything"))
    cases.append(single_op_case(
        "negative_reshape", "Reshape", "uint16", n, i64([-1]),
        attrs={"allowzero": 0}, opset=14, ref=lambda: ref_reshape(n, [-1]),
        description="-1 alone flattens"))

    # A chain through every op, with Identity and a Constant.
    x = sample("float16", (2, 3), 17)
    y = ref_expand(ref_flatten(ref_unsqueeze(ref_reshape(x, [3, 2]),
                                             [0]), 2), [4, 3, 2])
    nodes = [
        helper.make_node("Constant", [], ["s"], name="c0",
                         value=make_tensor("", "int64", i64([3, 2]))),
        helper.make_node("Reshape", ["x", "s"], ["r"], name="n0",
                         allowzero=0),
        helper.make_node("Identity", ["r"], ["r2"], name="n1"),
        helper.make_node("Unsqueeze", ["r2", "a"], ["u"], name="n2"),
        helper.make_node("Flatten", ["u"], ["f"], name="n3", axis=2),
        helper.make_node("Expand", ["f", "e"], ["y"], name="n4"),
    ]
    model = make_model(
        nodes, [value_info("x", "float16", x.shape)],
        [value_info("y", "float16", y.shape)], 14,
        initializers=[make_tensor("a", "int64", i64([0])),
                      make_tensor("e", "int64", i64([4, 1, 1]), raw=False)],
        name="chain_all_ops")
    cases.append(Case("chain_all_ops", model, [("x", "float16", x)],
                      [("y", "float16", y)],
                      description="Constant, Reshape, Identity, Unsqueeze, "
                                  "Flatten, Expand in a chain"))

    # Two outputs, one of them an Identity of an input.
    x = sample("int16", (4,), 18)
    model = make_model(
        [helper.make_node("Identity", ["x"], ["y0"], name="id"),
         helper.make_node("Unsqueeze", ["x"], ["y1"], name="u", axes=[1])],
        [value_info("x", "int16", x.shape)],
        [value_info("y0", "int16", (4,)), value_info("y1", "int16", (4, 1))],
        11, name="two_outputs")
    cases.append(Case("two_outputs", model, [("x", "int16", x)],
                      [("y0", "int16", x),
                       ("y1", "int16", ref_unsqueeze(x, [1]))],
                      description="an Identity output and an Unsqueeze-11 "
                                  "output"))
    return cases


def invalid(name, op, dtype, shape, second=None, attrs=None, opset=13,
            second_as="initializer", rule=None, declared=None,
            description="", exact_opset=False):
    x = sample(dtype, shape, seed_for(name))
    return single_op_case(name, op, dtype, x, second, attrs=attrs,
                          opset=opset, second_as=second_as, expect="invalid",
                          rule=rule, declared=declared,
                          description=description, exact_opset=exact_opset)


def invalid_cases():
    """One model per constraint that an ONNX model can break at compile
    time (broadcast.* and expand.axes_mapping have no ONNX form)."""
    i32 = lambda v: np.asarray(v, dtype=np.int32)
    return [
        invalid("invalid_reshape_S_rank_int32", "Reshape", "float", (2, 3),
                i32([3, 2]), rule="reshape.S.rank",
                description="shape is int32"),
        invalid("invalid_reshape_S_rank_2d", "Reshape", "float", (2, 3),
                i64([[3, 2]]), rule="reshape.S.rank",
                description="shape is 2-D"),
        invalid("invalid_reshape_S_below", "Reshape", "float", (2, 3),
                i64([-2, 3]), rule="reshape.S.below",
                description="a size below -1"),
        invalid("invalid_reshape_S_minus1", "Reshape", "float", (2, 3),
                i64([-1, -1]), rule="reshape.S.minus1",
                description="two -1"),
        invalid("invalid_reshape_S_zero_index", "Reshape", "float", (2, 3),
                i64([1, 6, 0]), rule="reshape.S.zero-index",
                description="a 0 past the input's rank"),
        invalid("invalid_reshape_allowzero_minus1", "Reshape", "float",
                (2, 3), i64([0, -1]), attrs={"allowzero": 1}, opset=14,
                rule="reshape.allowzero.minus1",
                description="allowzero=1 with 0 and -1"),
        invalid("invalid_reshape_count", "Reshape", "float", (2, 3),
                i64([4, 2]), rule="reshape.count",
                description="8 elements for 6"),
        invalid("invalid_reshape_count_minus1", "Reshape", "float", (2, 3),
                i64([4, -1]), rule="reshape.count",
                description="-1 cannot be inferred"),
        invalid("invalid_reshape_Y_shape", "Reshape", "float", (2, 3),
                i64([3, 2]), rule="reshape.Y.shape",
                declared=("float", (3, 3)),
                description="declared output shape disagrees"),
        invalid("invalid_reshape_type", "Reshape", "float", (2, 3),
                i64([3, 2]), rule="reshape.type",
                declared=("int32", (3, 2)),
                description="declared output type disagrees"),
        invalid("invalid_unsqueeze_A_rank_int32", "Unsqueeze", "float",
                (2, 3), i32([0]), rule="unsqueeze.A.rank",
                description="axes is int32"),
        invalid("invalid_unsqueeze_A_rank_2d", "Unsqueeze", "float", (2, 3),
                i64([[0]]), rule="unsqueeze.A.rank",
                description="axes is 2-D"),
        invalid("invalid_unsqueeze_A_C1", "Unsqueeze", "float", (2, 3),
                i64([3]), rule="unsqueeze.A.C1",
                description="axis 3 for a result of rank 3"),
        invalid("invalid_unsqueeze_A_C1_negative", "Unsqueeze", "float",
                (2, 3), i64([-4]), rule="unsqueeze.A.C1",
                description="axis -4 for a result of rank 3"),
        invalid("invalid_unsqueeze_A_C1_opset1", "Unsqueeze", "float",
                (2, 3), attrs={"axes": [-1]}, opset=1,
                rule="unsqueeze.A.C1",
                description="negative axis before opset 11"),
        invalid("invalid_unsqueeze_A_C2", "Unsqueeze", "float", (2, 3),
                i64([1, -3]), rule="unsqueeze.A.C2",
                description="1 and -3 are the same axis of a rank-4 result"),
        invalid("invalid_unsqueeze_Y_C1", "Unsqueeze", "float", (2, 3),
                i64([0]), rule="unsqueeze.Y.C1",
                declared=("float", (2, 1, 3)),
                description="declared output shape disagrees"),
        invalid("invalid_unsqueeze_type", "Unsqueeze", "float", (2, 3),
                i64([0]), rule="unsqueeze.type",
                declared=("double", (1, 2, 3)),
                description="declared output type disagrees"),
        invalid("invalid_flatten_axis_C2", "Flatten", "float", (2, 3),
                attrs={"axis": 3}, rule="flatten.axis.C2",
                description="axis 3 for rank 2"),
        invalid("invalid_flatten_axis_C2_negative", "Flatten", "float",
                (2, 3), attrs={"axis": -3}, rule="flatten.axis.C2",
                description="axis -3 for rank 2"),
        invalid("invalid_flatten_axis_C2_opset9", "Flatten", "float",
                (2, 3), attrs={"axis": -1}, opset=9, rule="flatten.axis.C2",
                description="negative axis before opset 11"),
        invalid("invalid_flatten_scalar_default_axis", "Flatten", "float",
                (), opset=13, rule="flatten.axis.C2",
                description="the default axis 1 is out of range for a "
                            "scalar"),
        invalid("invalid_flatten_Y_C1", "Flatten", "float", (2, 3),
                attrs={"axis": 1}, rule="flatten.Y.C1",
                declared=("float", (6, 1)),
                description="declared output shape disagrees"),
        invalid("invalid_flatten_type", "Flatten", "float", (2, 3),
                attrs={"axis": 1}, rule="flatten.type",
                declared=("float16", (2, 3)),
                description="declared output type disagrees"),
        invalid("invalid_expand_S_rank_int32", "Expand", "float", (3, 1),
                i32([3, 4]), rule="expand.S.rank",
                description="shape is int32"),
        invalid("invalid_expand_S_rank_2d", "Expand", "float", (3, 1),
                i64([[3, 4]]), rule="expand.S.rank",
                description="shape is 2-D"),
        invalid("invalid_expand_S_negative", "Expand", "float", (3, 1),
                i64([-1, 4]), rule="expand.S.negative",
                description="a negative size"),
        invalid("invalid_expand_E1", "Expand", "float", (3, 2), i64([3, 4]),
                rule="expand.E1", description="2 against 4"),
        invalid("invalid_expand_E1_zero", "Expand", "float", (3, 1),
                i64([0, 0]), rule="expand.E1",
                description="3 against 0"),
        invalid("invalid_expand_Y_shape", "Expand", "float", (3, 1),
                i64([3, 4]), rule="expand.Y.shape",
                declared=("float", (3, 5)),
                description="declared output shape disagrees"),
        invalid("invalid_expand_type", "Expand", "float", (3, 1),
                i64([3, 4]), rule="expand.type",
                declared=("int8", (3, 4)),
                description="declared output type disagrees"),
        invalid_type_case(),
        # A complex Flatten (flatten.types) is invalid_type_complex64_flatten.
        # The element types of the imported op version (reshape.types).
        invalid("invalid_reshape1_int32", "Reshape", "int32", (2, 3),
                attrs={"shape": [3, 2]}, opset=1, rule="reshape.types",
                description="Reshape-1 takes float16, float, double only"),
        invalid("invalid_reshape5_bfloat16", "Reshape", "bfloat16", (2, 3),
                i64([3, 2]), opset=12, exact_opset=True, rule="reshape.types",
                description="Reshape-5 takes no bfloat16"),
    ]


def invalid_type_case():
    """A float8 input: not an element type of the profile."""
    model = make_model(
        [helper.make_node("Flatten", ["x"], ["y"], name="n0", axis=1)],
        [value_info("x", "float8e4m3fn", (2, 3))],
        [value_info("y", "float8e4m3fn", (2, 3))], 19,
        name="invalid_profile_types_float8")
    x = np.zeros((2, 3), dtype=np.uint8)
    tensor = onnx.TensorProto()
    tensor.name = "x"
    tensor.data_type = DTYPES["float8e4m3fn"]
    tensor.dims.extend([2, 3])
    tensor.raw_data = x.tobytes()
    case = Case("invalid_profile_types_float8", model, [], [],
                expect="invalid", rule="profile.types",
                description="float8 is not an element type of the profile")
    case.raw_inputs = [tensor]
    return case


def runtime_cases():
    """Valid models whose test data breaks a value-dependent rule."""
    def case(name, op, x, second, rule, attrs=None, description=""):
        c = single_op_case(name, op, "float", x, second, attrs=attrs,
                           opset=14 if op == "Reshape" else 13,
                           expect="runtime-error", rule=rule,
                           description=description)
        return c
    x = sample("float", (2, 3), 20)
    return [
        case("runtime_reshape_count", "Reshape", x, i64([4, 2]),
             "reshape.count", attrs={"allowzero": 0},
             description="the shape input asks for 8 elements"),
        case("runtime_reshape_S_minus1", "Reshape", x, i64([-1, -1]),
             "reshape.S.minus1", attrs={"allowzero": 0},
             description="the shape input holds two -1"),
        case("runtime_reshape_S_below", "Reshape", x, i64([-3, 2]),
             "reshape.S.below", attrs={"allowzero": 0},
             description="the shape input holds -3"),
        case("runtime_unsqueeze_A_C1", "Unsqueeze", x, i64([5]),
             "unsqueeze.A.C1", description="the axes input is out of range"),
        case("runtime_unsqueeze_A_C2", "Unsqueeze", x, i64([0, 0]),
             "unsqueeze.A.C2", description="the axes input repeats 0"),
        case("runtime_expand_E1", "Expand", x, i64([2, 4]), "expand.E1",
             description="the shape input does not broadcast with 2x3"),
        case("runtime_expand_S_negative", "Expand", x, i64([-2, 3]),
             "expand.S.negative", description="the shape input holds -2"),
    ]


# Bit patterns that a float conversion or float arithmetic would change or
# lose: signaling NaNs (with payloads, negative), a quiet NaN with a
# payload, negative zero, subnormals, infinities, and one ordinary value.
SPECIAL_BITS = {
    "float16": [0x7C01, 0x7D55, 0xFC01, 0x7E01, 0x8000, 0x0001, 0x03FF,
                0x8001, 0x7C00, 0xFC00, 0x3C00],
    "bfloat16": [0x7F81, 0x7FA5, 0xFF81, 0x7FC1, 0x8000, 0x0001, 0x007F,
                 0x8001, 0x7F80, 0xFF80, 0x3F80],
    "float": [0x7F800001, 0x7FA5A5A5, 0xFF800001, 0x7FC00001, 0x80000000,
              0x00000001, 0x007FFFFF, 0x80000001, 0x7F800000, 0xFF800000,
              0x3F800000],
    "double": [0x7FF0000000000001, 0x7FF5A5A5A5A5A5A5, 0xFFF0000000000001,
               0x7FF8000000000001, 0x8000000000000000, 0x0000000000000001,
               0x000FFFFFFFFFFFFF, 0x8000000000000001, 0x7FF0000000000000,
               0xFFF0000000000000, 0x3FF0000000000000],
}


def special_values(dtype):
    """A 1-D array of the values of `dtype` whose bits a conversion would
    change (SPECIAL_BITS), or the extremes of an integer type."""
    bits_of = {"float16": (np.uint16, np.float16),
               "bfloat16": (np.uint16, np.uint16),
               "float": (np.uint32, np.float32),
               "double": (np.uint64, np.float64)}
    if dtype in bits_of:
        unsigned, view = bits_of[dtype]
        return np.array(SPECIAL_BITS[dtype], dtype=unsigned).view(view)
    if dtype in ("complex64", "complex128"):
        part = special_values("float" if dtype == "complex64" else "double")
        # Real parts in order, imaginary parts reversed.
        return np.stack([part, part[::-1]], axis=-1).copy().view(
            NUMPY[dtype]).reshape(-1)
    if dtype == "bool":
        return np.array([True, False, False, True], dtype=np.bool_)
    if dtype == "string":
        # Without the NUL byte, which the C interface cannot pass (the
        # aot-nul gap of the type_string_* cases).
        return np.array([v for v in STRING_POOL if b"\x00" not in v],
                        dtype=object)
    if dtype == "int4":
        return np.arange(-8, 8, dtype=np.int8)
    if dtype == "uint4":
        return np.arange(0, 16, dtype=np.uint8)
    info = np.iinfo(NUMPY[dtype])
    return np.array([info.min, info.max, 0, 1, info.max - 1, info.min + 1],
                    dtype=NUMPY[dtype])


def bit_cases():
    """Every element type broadcast from a scalar and from a size-1
    dimension to sizes that the shape input gives at run time
    ("bits_<dtype>_expand_scalar", "..._expand_dim1"), with the bit
    patterns of special_values: the five modes of sonnx-run compare every
    output bit for bit (docs/pipeline.md, "Bits are moved, never
    converted"). The 4-bit types, which no op with a shape input takes,
    go through Flatten, whose sizes the dynamic mode leaves to run time
    ("bits_<dtype>_flatten")."""
    cases = []
    for dtype in PROFILE_TYPES + COMPLEX_TYPES:
        values = special_values(dtype)
        if not op_takes("Expand", dtype):
            x = values.reshape(2, -1, 1)
            cases.append(single_op_case(
                "bits_%s_flatten" % dtype, "Flatten", dtype, x,
                attrs={"axis": 1}, opset=21, ref=lambda x=x: ref_flatten(x, 1),
                description="Flatten of every %s value" % dtype))
            continue
        scalar = values[:1].reshape(())
        cases.append(single_op_case(
            "bits_%s_expand_scalar" % dtype, "Expand", dtype, scalar,
            i64([2, 3]), opset=13,
            ref=lambda x=scalar: ref_expand(x, [2, 3]),
            description="a %s scalar (%s) broadcast to a run-time size"
            % (dtype, "a signaling NaN" if dtype in SPECIAL_BITS else
               "the first special value")))
        column = values.reshape(-1, 1)
        cases.append(single_op_case(
            "bits_%s_expand_dim1" % dtype, "Expand", dtype, column,
            i64([2, len(values), 5]), opset=13,
            ref=lambda x=column, n=len(values): ref_expand(x, [2, n, 5]),
            description="a size-1 dimension of special %s values broadcast "
            "to a run-time size" % dtype))
    return cases


def all_cases():
    cases = (type_cases() + initializer_cases() + opset_cases() +
             edge_cases() + invalid_cases() + runtime_cases() + bit_cases())
    names = [c.name for c in cases]
    if len(set(names)) != len(names):
        raise SystemExit("gen_onnx_models.py: duplicate case names")
    return sorted(cases, key=lambda c: c.name)


def main(argv):
    parser = argparse.ArgumentParser(
        description="Generate sonnx's extra ONNX test cases in the ONNX "
                    "backend-test layout.")
    parser.add_argument("--out", help="output directory (replaced)")
    parser.add_argument("--list", action="store_true",
                        help="print the case names and what they expect")
    args = parser.parse_args(argv)
    cases = all_cases()
    if args.list:
        for c in cases:
            print("%-45s %-13s %s" % (c.name, c.expect,
                                      c.rule or c.strict_rule or ""))
        return 0
    if not args.out:
        parser.error("--out is required")
    if os.path.exists(args.out):
        shutil.rmtree(args.out)
    os.makedirs(args.out)
    for c in cases:
        c.write(args.out)
        for k, tensor in enumerate(getattr(c, "raw_inputs", [])):
            path = os.path.join(args.out, c.name, "test_data_set_0",
                                "input_%d.pb" % k)
            with open(path, "wb") as f:
                f.write(serialize(tensor))
    print("wrote %d cases to %s" % (len(cases), args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
