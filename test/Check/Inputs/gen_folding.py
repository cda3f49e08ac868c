#!/usr/bin/env python3
"""Writes the models of test/Check/folding.test into OUTPUT_DIR: shapes
computed by every op that sonnx-check folds (Shape, Size, Gather, Slice,
Concat, Squeeze, Cast, ConstantOfShape, Add, Sub, Mul, Div, and the shape
ops on constants), and computations it must leave unknown.

Usage: gen_folding.py OUTPUT_DIR
"""
import os
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper

INT64_MAX = 2**63 - 1
INT64_MIN = -2**63


def ints(name, values):
    return numpy_helper.from_array(np.asarray(values, dtype=np.int64), name)


def save(out, name, nodes, inits, opset=13, x_shape=(2, 3, 4)):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, list(x_shape))
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    graph = helper.make_graph(nodes, name, [x], [y], inits)
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    with open(os.path.join(out, name + ".onnx"), "wb") as f:
        f.write(model.SerializeToString(deterministic=True))


def node(op, inputs, outputs, **attrs):
    return helper.make_node(op, inputs, outputs, name=outputs[0], **attrs)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    # [2, 3*4] from Shape, Slice, Gather, Mul, Unsqueeze, Concat.
    save(out, "flatten_last", [
        node("Shape", ["x"], ["s"]),
        node("Slice", ["s", "zero", "one"], ["first"]),
        node("Gather", ["s", "i1"], ["d1"], axis=0),
        node("Gather", ["s", "i2"], ["d2"], axis=0),
        node("Mul", ["d1", "d2"], ["rest"]),
        node("Unsqueeze", ["rest", "zero"], ["rest1"]),
        node("Concat", ["first", "rest1"], ["shape"], axis=0),
        node("Reshape", ["x", "shape"], ["y"]),
    ], [ints("zero", [0]), ints("one", [1]), ints("i1", 1), ints("i2", 2)])
    # The sizes reversed, by a Slice of step -1 from the end to INT64_MIN.
    save(out, "reversed", [
        node("Shape", ["x"], ["s"]),
        node("Slice", ["s", "start", "end", "axes", "steps"], ["shape"]),
        node("Reshape", ["x", "shape"], ["y"]),
    ], [ints("start", [-1]), ints("end", [INT64_MIN]), ints("axes", [0]),
        ints("steps", [-1])])
    # Shape-15's start; a Concat with -1.
    save(out, "shape_start", [
        node("Shape", ["x"], ["tail"], start=1),
        node("Concat", ["minus1", "tail"], ["shape"], axis=0),
        node("Reshape", ["x", "shape"], ["y"]),
    ], [ints("minus1", [-1])], opset=15)
    # Casts to int32 and back; Div, Sub, Add.
    save(out, "arithmetic", [
        node("Shape", ["x"], ["s"]),
        node("Cast", ["s"], ["s32"], to=TensorProto.INT32),
        node("Cast", ["s32"], ["s64"], to=TensorProto.INT64),
        node("Gather", ["s64", "i2"], ["d2"], axis=0),
        node("Div", ["d2", "two"], ["half"]),
        node("Add", ["half", "two"], ["four"]),
        node("Sub", ["four", "one"], ["three"]),
        node("Unsqueeze", ["three", "zero"], ["three1"]),
        node("Concat", ["three1", "minus1"], ["shape"], axis=0),
        node("Reshape", ["x", "shape"], ["y"]),
    ], [ints("i2", 2), ints("two", 2), ints("one", 1), ints("zero", [0]),
        ints("minus1", [-1])])
    # Squeeze (axes as input, opset 13), Size.
    save(out, "squeeze_size", [
        node("Shape", ["x"], ["s"]),
        node("Slice", ["s", "zero", "one"], ["first"]),
        node("Squeeze", ["first", "zero"], ["d0"]),
        node("Size", ["x"], ["n"]),
        node("Div", ["n", "d0"], ["rest"]),
        node("Unsqueeze", ["d0", "zero"], ["d01"]),
        node("Unsqueeze", ["rest", "zero"], ["rest1"]),
        node("Concat", ["d01", "rest1"], ["shape"], axis=0),
        node("Reshape", ["x", "shape"], ["y"]),
    ], [ints("zero", [0]), ints("one", [1])])
    # ConstantOfShape of int64 1s as the shape of an Expand.
    save(out, "constant_of_shape", [
        node("ConstantOfShape", ["rank"], ["ones"],
             value=helper.make_tensor("v", TensorProto.INT64, [1], [1])),
        node("Expand", ["x", "ones"], ["y"]),
    ], [ints("rank", [3])])
    # torch.onnx's expand(-1, -1, 4): the -1s become 1s through
    # Shape/ConstantOfShape/Mul/Equal/Where.
    save(out, "torch_expand", [
        node("Shape", ["target"], ["rank"]),
        node("ConstantOfShape", ["rank"], ["ones"],
             value=helper.make_tensor("v", TensorProto.INT64, [1], [1])),
        node("Mul", ["ones", "minus1"], ["minus_ones"]),
        node("Equal", ["target", "minus_ones"], ["keep"]),
        node("Where", ["keep", "ones", "target"], ["shape"]),
        node("Expand", ["x", "shape"], ["y"]),
    ], [ints("target", [-1, -1, 4]), ints("minus1", -1)], x_shape=(2, 3, 1))
    # A Reshape by a computed shape, then a Transpose and a Flatten: ONNX's
    # inference does not follow the computed shape, sonnx's does, and its
    # type of the Reshape's result goes back to ONNX's inference, which then
    # types the Transpose, so that the Flatten is decided too.
    save(out, "refined", [
        node("Shape", ["x"], ["s"]),
        node("Gather", ["s", "i0"], ["d0"], axis=0),
        node("Unsqueeze", ["d0", "zero"], ["d01"]),
        node("Concat", ["d01", "tail"], ["shape"], axis=0),
        node("Reshape", ["x", "shape"], ["r"]),
        node("Transpose", ["r"], ["t"], perm=[0, 2, 1]),
        node("Flatten", ["t"], ["y"], axis=2),
    ], [ints("i0", 0), ints("zero", [0]), ints("tail", [4, 3])])
    # Twice that: the second Reshape's shape is computed from the Shape of
    # the first Transpose, which ONNX types only after the first round, and
    # the Flatten after the second Transpose is decided in the third round.
    save(out, "refined_twice", [
        node("Shape", ["x"], ["s"]),
        node("Gather", ["s", "i0"], ["d0"], axis=0),
        node("Unsqueeze", ["d0", "zero"], ["d01"]),
        node("Concat", ["d01", "tail"], ["shape"], axis=0),
        node("Reshape", ["x", "shape"], ["r"]),
        node("Transpose", ["r"], ["t"], perm=[0, 2, 1]),
        node("Shape", ["t"], ["ts"]),
        node("Gather", ["ts", "i0"], ["e0"], axis=0),
        node("Unsqueeze", ["e0", "zero"], ["e01"]),
        node("Concat", ["e01", "minus1"], ["shape2"], axis=0),
        node("Reshape", ["t", "shape2"], ["r2"]),
        node("Transpose", ["r2"], ["t2"], perm=[1, 0]),
        node("Flatten", ["t2"], ["y"], axis=1),
    ], [ints("i0", 0), ints("zero", [0]), ints("tail", [4, 3]),
        ints("minus1", [-1])])
    # A folded shape that breaks a rule: 2 x 5 x 4 elements from 24.
    save(out, "broken", [
        node("Shape", ["x"], ["s"]),
        node("Add", ["s", "delta"], ["shape"]),
        node("Reshape", ["x", "shape"], ["y"]),
    ], [ints("delta", [0, 2, 0])])
    # Left unknown: a division that rounds a negative value (ONNX versions
    # and runtimes differ), and an index out of range.
    save(out, "unknown_div", [
        node("Div", ["minus7", "two"], ["q"]),
        node("Concat", ["q", "six"], ["shape"], axis=0),
        node("Reshape", ["x", "shape"], ["y"]),
    ], [ints("minus7", [-7]), ints("two", [2]), ints("six", [6])])
    save(out, "unknown_gather", [
        node("Shape", ["x"], ["s"]),
        node("Gather", ["s", "i5"], ["shape"], axis=0),
        node("Reshape", ["x", "shape"], ["y"]),
    ], [ints("i5", [5])])
    # The same for the axes of an Unsqueeze: the report names its operand
    # "axes" (the op's row of SONNXProfileOps.def).
    save(out, "unknown_axes", [
        node("Div", ["minus7", "two"], ["q"]),
        node("Unsqueeze", ["x", "q"], ["y"]),
    ], [ints("minus7", [-7]), ints("two", [2])])
    # A symbolic size: Shape-15 folds the static part only.
    save(out, "partial", [
        node("Shape", ["x"], ["tail"], start=1),
        node("Concat", ["minus1", "tail"], ["shape"], axis=0),
        node("Reshape", ["x", "shape"], ["y"]),
    ], [ints("minus1", [-1])], opset=15, x_shape=("N", 3, 4))


if __name__ == "__main__":
    main()
