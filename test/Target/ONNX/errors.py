# Every error of the importer: a message naming the problem (and the node,
# value or tensor it is about) and exit code 1, never a crash. The broken
# constraints themselves are covered one by one by generated-cases.test.
#
# RUN: rm -rf %t && %python %s %t
# DEFINE: %{fail} = %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx

import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from lit_models import *  # noqa: E402,F403

x23 = value_info("x", "float", [2, 3])
y = value_info("y", "float", None)


def flatten_model(opset=13, **kwargs):
    return model1(node("Flatten", ["x"], ["y"], name="f", axis=1), [x23], [y],
                  opset, **kwargs)


# Files that are not ONNX models.
# RUN: %{fail} %t/missing.onnx 2>&1 | FileCheck %s --check-prefix=MISSING
# MISSING: cannot open input file '{{.*}}missing.onnx': No such file or directory
# RUN: %{fail} %t/empty.onnx 2>&1 | FileCheck %s --check-prefix=EMPTY
# EMPTY: empty.onnx: error: the file is empty, not an ONNX model
save_bytes("empty.onnx", b"")
# RUN: %{fail} %t/garbage.onnx 2>&1 | FileCheck %s --check-prefix=GARBAGE
# GARBAGE: garbage.onnx: error: the file is not a valid ONNX model (malformed or truncated protobuf data)
save_bytes("garbage.onnx", b"this is not an ONNX model\n")
# RUN: %{fail} %t/truncated.onnx 2>&1 | FileCheck %s --check-prefix=TRUNCATED
# TRUNCATED: truncated.onnx: error: the file is not a valid ONNX model (malformed or truncated protobuf data)
save_bytes("truncated.onnx", serialize(flatten_model())[:-7])
# RUN: %{fail} %t/nograph.onnx 2>&1 | FileCheck %s --check-prefix=NOGRAPH
# NOGRAPH: nograph.onnx: error: the file is not a valid ONNX model: it has no graph
nograph = onnx.ModelProto()
nograph.ir_version = 7
save("nograph", nograph)

# Opsets and ops.
# RUN: %{fail} %t/opset26.onnx 2>&1 | FileCheck %s --check-prefix=OPSET26
# OPSET26: opset26.onnx: error: opset 26 of the default ONNX domain is not supported (supported: 1 to 25)
save("opset26", flatten_model(26))
# RUN: %{fail} %t/noopset.onnx 2>&1 | FileCheck %s --check-prefix=NOOPSET
# NOOPSET: error: the model imports no opset of the default ONNX domain (opset_import)
noopset = flatten_model()
del noopset.opset_import[:]
noopset.opset_import.extend([helper.make_opsetid("ai.onnx.ml", 3)])
save("noopset", noopset)
# RUN: %{fail} %t/unsupported.onnx 2>&1 | FileCheck %s --check-prefix=UNSUPPORTEDOP
# UNSUPPORTEDOP: unsupported.onnx: error: node 0 'adder' (Add): op 'Add' is not supported; supported ops: Constant, Expand, Flatten, Identity, Reshape, Unsqueeze
save("unsupported", model1(node("Add", ["x", "x"], ["y"], name="adder"),
                           [x23], [y], 13))
# RUN: %{fail} %t/domain.onnx 2>&1 | FileCheck %s --check-prefix=DOMAIN
# DOMAIN: error: node 0 'r' (Reshape): op 'Reshape' of domain 'com.example' is not supported; supported: the ONNX ops Constant, Expand, Flatten, Identity, Reshape, Unsqueeze
domain = model1(node("Reshape", ["x", "x"], ["y"], name="r"), [x23], [y], 13)
domain.graph.node[0].domain = "com.example"
save("domain", domain)
# RUN: %{fail} %t/expand7.onnx 2>&1 | FileCheck %s --check-prefix=EXPAND7
# EXPAND7: error: node 0 'e' (Expand): Expand does not exist before opset 8 (the model imports opset 7)
save("expand7", model1(node("Expand", ["x", "s"], ["y"], name="e"),
                       [x23, value_info("s", "int64", [2])], [y], 7))

# Types.
# RUN: %{fail} %t/float8.onnx 2>&1 | FileCheck %s --check-prefix=FLOAT8
# FLOAT8: error: graph input 'x' has ONNX type FLOAT8E4M3FN, which is not an element type of the profile [profile.types]
save("float8", model1(node("Flatten", ["x"], ["y"], axis=1),
                      [value_info("x", "float8e4m3fn", [2])], [y], 19))
# RUN: %{fail} %t/sequence.onnx 2>&1 | FileCheck %s --check-prefix=SEQUENCE
# SEQUENCE: error: graph input 'x' has a sequence type; only tensors are supported
sequence = flatten_model()
sequence.graph.input[0].type.Clear()
sequence.graph.input[0].type.sequence_type.elem_type.tensor_type.elem_type = 1
save("sequence", sequence)
# RUN: %{fail} %t/unranked.onnx 2>&1 | FileCheck %s --check-prefix=UNRANKED
# UNRANKED: error: graph input 'x' has no declared shape; sonnx needs the rank of every graph input
save("unranked", model1(node("Flatten", ["x"], ["y"], axis=1),
                        [value_info("x", "float", None)], [y], 13))
# RUN: %{fail} %t/negative_dim.onnx 2>&1 | FileCheck %s --check-prefix=NEGDIM
# NEGDIM: error: graph input 'x' has a negative size -2 in its declared shape
save("negative_dim", model1(node("Flatten", ["x"], ["y"], axis=1),
                            [value_info("x", "float", [-2])], [y], 13))
# RUN: %{fail} %t/identity_declared.onnx 2>&1 | FileCheck %s --check-prefix=IDDECL
# IDDECL: error: node 0 'i' (Identity): value 'y' is declared as tensor<2x3xi32> but has type tensor<2x3xf32>
save("identity_declared", model1(node("Identity", ["x"], ["y"], name="i"),
                                 [x23], [value_info("y", "int32", [2, 3])],
                                 13))
# RUN: %{fail} %t/output_declared.onnx 2>&1 | FileCheck %s --check-prefix=OUTDECL
# OUTDECL: error: graph output 'x': value 'x' is declared as tensor<3x2xf32> but has type tensor<2x3xf32>
save("output_declared", make_model([], [x23], [value_info("x", "float",
                                                          [3, 2])], 13))

# Graph structure.
# RUN: %{fail} %t/arity.onnx 2>&1 | FileCheck %s --check-prefix=ARITY
# ARITY: error: node 0 'r' (Reshape): expects 2 input(s) at opset 13, got 1
save("arity", model1(node("Reshape", ["x"], ["y"], name="r"), [x23], [y],
                     13))
# RUN: %{fail} %t/outputs.onnx 2>&1 | FileCheck %s --check-prefix=OUTPUTS
# OUTPUTS: error: node 0 'f' (Flatten): expects 1 output, got 2
save("outputs", model1(node("Flatten", ["x"], ["y", "z"], name="f", axis=1),
                       [x23], [y], 13))
# RUN: %{fail} %t/unnamed_output.onnx 2>&1 | FileCheck %s --check-prefix=UNNAMED
# UNNAMED: error: node 0 'f' (Flatten): its output has no name
save("unnamed_output", model1(node("Flatten", ["x"], [""], name="f", axis=1),
                              [x23], [y], 13))
# RUN: %{fail} %t/missing_input.onnx 2>&1 | FileCheck %s --check-prefix=MISSINGIN
# MISSINGIN: error: node 0 'e' (Expand): input #1 is missing
save("missing_input", model1(node("Expand", ["x", ""], ["y"], name="e"),
                             [x23], [y], 13))
# RUN: %{fail} %t/undefined.onnx 2>&1 | FileCheck %s --check-prefix=UNDEFINED
# UNDEFINED: error: node 0 'f' (Flatten): input 'nowhere' is not defined before the node (no graph input, initializer or earlier node defines it)
save("undefined", model1(node("Flatten", ["nowhere"], ["y"], name="f",
                              axis=1), [x23], [y], 13))
# RUN: %{fail} %t/not_produced.onnx 2>&1 | FileCheck %s --check-prefix=NOTPRODUCED
# NOTPRODUCED: error: graph output 'z' is not produced by the graph (no input, initializer or node defines it)
save("not_produced", flatten_model())
m = flatten_model()
m.graph.output.extend([value_info("z", "float", None)])
save("not_produced", m)
# RUN: %{fail} %t/duplicate.onnx 2>&1 | FileCheck %s --check-prefix=DUPLICATE
# DUPLICATE: error: node 1 'f2' (Flatten): value 'y' is already defined (each ONNX value has one producer)
save("duplicate", make_model(
    [node("Flatten", ["x"], ["y"], name="f1", axis=1),
     node("Flatten", ["x"], ["y"], name="f2", axis=0)], [x23], [y], 13))
# RUN: %{fail} %t/duplicate_input.onnx 2>&1 | FileCheck %s --check-prefix=DUPINPUT
# DUPINPUT: error: graph input 'x' is listed twice
save("duplicate_input", make_model([], [x23, x23], [y], 13))
# RUN: %{fail} %t/rank_unknown.onnx 2>&1 | FileCheck %s --check-prefix=RANK
# RANK: error: node 1 'f' (Flatten): the rank of input 'r' (tensor<*xf32>) is not known at compile time; sonnx ops need ranked inputs
save("rank_unknown", make_model(
    [node("Reshape", ["x", "s"], ["r"], name="r"),
     node("Flatten", ["r"], ["y"], name="f", axis=1)],
    [x23, value_info("s", "int64", ["n"])], [y], 13))

# Attributes.
# RUN: %{fail} %t/attr_unexpected.onnx 2>&1 | FileCheck %s --check-prefix=UNEXPECTED
# UNEXPECTED: error: node 0 'f' (Flatten): unexpected attribute 'axes' (expected axis)
save("attr_unexpected", model1(node("Flatten", ["x"], ["y"], name="f",
                                    axes=[1]), [x23], [y], 13))
# RUN: %{fail} %t/attr_none_expected.onnx 2>&1 | FileCheck %s --check-prefix=NONEEXPECTED
# NONEEXPECTED: error: node 0 'r' (Reshape): unexpected attribute 'allowzero' (this op version takes no attributes)
save("attr_none_expected", model1(
    node("Reshape", ["x", "s"], ["y"], name="r", allowzero=0),
    [x23, value_info("s", "int64", [1])], [y], 13))
# RUN: %{fail} %t/attr_type.onnx 2>&1 | FileCheck %s --check-prefix=ATTRTYPE
# ATTRTYPE: error: node 0 'f' (Flatten): attribute 'axis' has type FLOAT, expected INT
save("attr_type", model1(node("Flatten", ["x"], ["y"], name="f", axis=1.0),
                         [x23], [y], 13))
# RUN: %{fail} %t/attr_twice.onnx 2>&1 | FileCheck %s --check-prefix=ATTRTWICE
# ATTRTWICE: error: node 0 'f' (Flatten): attribute 'axis' is given twice
twice = flatten_model()
twice.graph.node[0].attribute.extend([helper.make_attribute("axis", 0)])
save("attr_twice", twice)
# RUN: %{fail} %t/reshape1_no_shape.onnx 2>&1 | FileCheck %s --check-prefix=NOSHAPE
# NOSHAPE: error: node 0 'r' (Reshape): attribute 'shape' is required at opset 1
save("reshape1_no_shape", model1(node("Reshape", ["x"], ["y"], name="r"),
                                 [x23], [y], 1))
# RUN: %{fail} %t/unsqueeze11_no_axes.onnx 2>&1 | FileCheck %s --check-prefix=NOAXES
# NOAXES: error: node 0 'u' (Unsqueeze): attribute 'axes' is required at opset 11
save("unsqueeze11_no_axes", model1(node("Unsqueeze", ["x"], ["y"], name="u"),
                                   [x23], [y], 11))
# RUN: %{fail} %t/allowzero2.onnx 2>&1 | FileCheck %s --check-prefix=ALLOWZERO
# ALLOWZERO: error: node 0 'r' (Reshape): attribute 'allowzero' must be 0 or 1, got 2
save("allowzero2", model1(
    node("Reshape", ["x", "s"], ["y"], name="r", allowzero=2),
    [x23, value_info("s", "int64", [1])], [y], 14))
# RUN: %{fail} %t/constant_old_attr.onnx 2>&1 | FileCheck %s --check-prefix=CONSTOLD
# CONSTOLD: error: node 0 'c' (Constant): unexpected attribute 'value_ints' (expected value, sparse_value)
save("constant_old_attr", make_model(
    [node("Constant", [], ["y"], name="c", value_ints=[1])], [], [y], 11))
# RUN: %{fail} %t/constant_none.onnx 2>&1 | FileCheck %s --check-prefix=CONSTNONE
# CONSTNONE: error: node 0 'c' (Constant): expects exactly one of the attributes value, sparse_value, value_float, value_floats, value_int, value_ints, value_string, value_strings, got 0
save("constant_none", make_model([node("Constant", [], ["y"], name="c")], [],
                                 [y], 13))
# RUN: %{fail} %t/constant_sparse.onnx 2>&1 | FileCheck %s --check-prefix=CONSTSPARSE
# CONSTSPARSE: error: node 0 'c' (Constant): sparse constants are not supported
sparse = onnx.SparseTensorProto()
sparse.dims.extend([4])
sparse.values.CopyFrom(make_tensor("v", "float", np.zeros(1, np.float32)))
sparse.indices.CopyFrom(make_tensor("i", "int64", i64([0])))
save("constant_sparse", make_model(
    [node("Constant", [], ["y"], name="c", sparse_value=sparse)], [], [y], 13))
# RUN: %{fail} %t/sparse_initializer.onnx 2>&1 | FileCheck %s --check-prefix=SPARSEINIT
# SPARSEINIT: error: sparse initializer 'v' is not supported
m = flatten_model()
m.graph.sparse_initializer.extend([sparse])
save("sparse_initializer", m)

# Tensor data.
def with_initializer(tensor, opset=13):
    return make_model([node("Identity", [tensor.name], ["y"])], [], [y],
                      opset, initializers=[tensor])


# RUN: %{fail} %t/external.onnx 2>&1 | FileCheck %s --check-prefix=EXTERNAL
# EXTERNAL: error: initializer tensor 'w' uses external data, which is not supported; store the values in the model
w = onnx.TensorProto(name="w", data_type=1, dims=[2])
w.data_location = onnx.TensorProto.EXTERNAL
w.external_data.extend([onnx.StringStringEntryProto(key="location",
                                                    value="w.bin")])
save("external", with_initializer(w))
# RUN: %{fail} %t/raw_size.onnx 2>&1 | FileCheck %s --check-prefix=RAWSIZE
# RAWSIZE: error: initializer tensor 'w' has 3 element(s) of type f32, which take 12 byte(s) of raw_data, but raw_data holds 8 byte(s)
save("raw_size", with_initializer(onnx.TensorProto(
    name="w", data_type=1, dims=[3], raw_data=b"\0" * 8)))
# RUN: %{fail} %t/raw_int4_size.onnx 2>&1 | FileCheck %s --check-prefix=RAWINT4
# RAWINT4: error: initializer tensor 'w' has 3 element(s) of type i4, which take 2 byte(s) of raw_data, but raw_data holds 3 byte(s)
save("raw_int4_size", with_initializer(onnx.TensorProto(
    name="w", data_type=22, dims=[3], raw_data=b"\0" * 3), 21))
# RUN: %{fail} %t/typed_size.onnx 2>&1 | FileCheck %s --check-prefix=TYPEDSIZE
# TYPEDSIZE: error: initializer tensor 'w' has 2 element(s) but int64_data holds 0 value(s), expected 2
save("typed_size", with_initializer(onnx.TensorProto(
    name="w", data_type=7, dims=[2])))
# RUN: %{fail} %t/typed_int4_size.onnx 2>&1 | FileCheck %s --check-prefix=TYPEDINT4
# TYPEDINT4: error: initializer tensor 'w' has 3 element(s) but int32_data holds 3 value(s), expected 2
save("typed_int4_size", with_initializer(onnx.TensorProto(
    name="w", data_type=21, dims=[3], int32_data=[1, 2, 3]), 21))
# RUN: %{fail} %t/typed_range.onnx 2>&1 | FileCheck %s --check-prefix=RANGE
# RANGE: error: initializer tensor 'w': int32_data[1] = 300 does not fit ONNX type INT8 (expected a value in [-128, 127])
save("typed_range", with_initializer(onnx.TensorProto(
    name="w", data_type=3, dims=[2], int32_data=[1, 300])))
# RUN: %{fail} %t/typed_f16_range.onnx 2>&1 | FileCheck %s --check-prefix=F16RANGE
# F16RANGE: error: initializer tensor 'w': int32_data[0] = -1 does not fit ONNX type FLOAT16 (expected a value in [0, 65535])
save("typed_f16_range", with_initializer(onnx.TensorProto(
    name="w", data_type=10, dims=[1], int32_data=[-1])))
# RUN: %{fail} %t/typed_uint32_range.onnx 2>&1 | FileCheck %s --check-prefix=U32RANGE
# U32RANGE: error: initializer tensor 'w': uint64_data[0] = 4294967296 does not fit ONNX type UINT32
save("typed_uint32_range", with_initializer(onnx.TensorProto(
    name="w", data_type=12, dims=[1], uint64_data=[2**32])))
# RUN: %{fail} %t/bool_raw.onnx 2>&1 | FileCheck %s --check-prefix=BOOLRAW
# BOOLRAW: error: initializer tensor 'w': BOOL element 1 has the byte value 2, expected 0 or 1
save("bool_raw", with_initializer(onnx.TensorProto(
    name="w", data_type=9, dims=[2], raw_data=b"\x01\x02")))
# RUN: %{fail} %t/both_fields.onnx 2>&1 | FileCheck %s --check-prefix=BOTH
# BOTH: error: initializer tensor 'w' holds data in both raw_data and int64_data
save("both_fields", with_initializer(onnx.TensorProto(
    name="w", data_type=7, dims=[1], raw_data=b"\0" * 8, int64_data=[1])))
# RUN: %{fail} %t/wrong_field.onnx 2>&1 | FileCheck %s --check-prefix=WRONGFIELD
# WRONGFIELD: error: initializer tensor 'w' of ONNX type INT64 stores data in float_data; that type's values belong in int64_data or raw_data
save("wrong_field", with_initializer(onnx.TensorProto(
    name="w", data_type=7, dims=[1], float_data=[1.0])))
# RUN: %{fail} %t/string_raw.onnx 2>&1 | FileCheck %s --check-prefix=STRINGRAW
# STRINGRAW: error: initializer tensor 'w' is a STRING tensor with raw_data; strings must be stored in string_data
save("string_raw", with_initializer(onnx.TensorProto(
    name="w", data_type=8, dims=[1], raw_data=b"abc")))
# RUN: %{fail} %t/negative_tensor_dim.onnx 2>&1 | FileCheck %s --check-prefix=TENSORDIM
# TENSORDIM: error: initializer tensor 'w' has a negative size -1
save("negative_tensor_dim", with_initializer(onnx.TensorProto(
    name="w", data_type=1, dims=[-1])))
# RUN: %{fail} %t/huge_tensor.onnx 2>&1 | FileCheck %s --check-prefix=HUGE
# HUGE: error: initializer tensor 'w' has more elements than int64 can count
save("huge_tensor", with_initializer(onnx.TensorProto(
    name="w", data_type=1, dims=[2**62, 2**62], raw_data=b"")))
# RUN: %{fail} %t/no_data_type.onnx 2>&1 | FileCheck %s --check-prefix=NODATATYPE
# NODATATYPE: error: initializer tensor 'w' has no data type
save("no_data_type", with_initializer(onnx.TensorProto(name="w", dims=[1])))

# A broken constraint: the verifier's message, prefixed with the node.
# RUN: %{fail} %t/constraint.onnx 2>&1 | FileCheck %s --check-prefix=CONSTRAINT
# CONSTRAINT: constraint.onnx: error: node 0 'r' (Reshape): 'sonnx.reshape' op input shape [2, 3] has 6 elements but shape [5] resolves to [5] with 5 elements [reshape.count]
save("constraint", model1(
    node("Reshape", ["x", "s"], ["y"], name="r"), [x23], [y], 13,
    initializers=[make_tensor("s", "int64", i64([5]))]))

# The command line.
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate %t/constraint.onnx 2>&1 | FileCheck %s --check-prefix=NOMODE
# NOMODE: sonnx-translate: error: give exactly one of --import-onnx, --import-tensor, --export-tensor, --export-onnx, --mlir-to-c, --compare-tensors
# RUN: %{fail} %t/constraint.onnx %t/constraint.onnx 2>&1 | FileCheck %s --check-prefix=TWOFILES
# TWOFILES: sonnx-translate: Too many positional arguments specified!
# As with mlir-translate, the output file is opened before the input is
# translated; a failed translation leaves no output file behind.
# RUN: %{fail} %t/opset26.onnx --strict-profile -o %t/no/such/dir/out.mlir 2>&1 | FileCheck %s --check-prefix=OUTFILE
# RUN: %{fail} %t/opset26.onnx -o %t/opset26.mlir 2>&1 | FileCheck %s --check-prefix=OPSET26
# RUN: not test -e %t/opset26.mlir
save("ok", flatten_model())
# RUN: %{fail} %t/ok.onnx -o %t/no/such/dir/out.mlir 2>&1 | FileCheck %s --check-prefix=OUTFILE
# OUTFILE: cannot open output file '{{.*}}out.mlir': No such file or directory
