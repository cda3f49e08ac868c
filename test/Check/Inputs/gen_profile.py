#!/usr/bin/env python3
"""Writes the models of test/Check/profile.test into OUTPUT_DIR: the
general rules of the profile (profile.types, profile.GR4) and the element
types of the shape ops, over whole models.

Usage: gen_profile.py OUTPUT_DIR
"""
import os
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper

FLOAT8E4M3FN = 17  # not in ONNX 1.12's enum; a valid ONNX type since 1.14


def save(out, name, nodes, inputs, outputs, opset, inits=(), value_info=()):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(inits),
                              value_info=list(value_info))
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    with open(os.path.join(out, name + ".onnx"), "wb") as f:
        f.write(model.SerializeToString(deterministic=True))


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    shape = numpy_helper.from_array(np.asarray([3, 2], dtype=np.int64),
                                    "shape")
    # Defaults left out: Flatten's axis (a shape node) and Gemm's alpha,
    # beta, transA, transB (another node).
    save(out, "defaults", [
        helper.make_node("Flatten", ["x"], ["f"], name="flat"),
        helper.make_node("Gemm", ["f", "w"], ["y"], name="fc"),
    ], [x], [y], 13, [numpy_helper.from_array(
        np.ones((3, 4), dtype=np.float32), "w")])
    # A float8 value (no element type of the profile) reshaped.
    f8 = helper.make_tensor_value_info("f8", FLOAT8E4M3FN, [2, 3])
    r8 = helper.make_tensor_value_info("r8", FLOAT8E4M3FN, None)
    save(out, "float8", [
        helper.make_node("Cast", ["x"], ["f8"], name="to_f8",
                         to=FLOAT8E4M3FN),
        helper.make_node("Reshape", ["f8", "shape"], ["r8"], name="r"),
    ], [x], [r8], 19, [shape], [f8])
    # Reshape-1 (opset 4) takes float16, float and double only.
    xi = helper.make_tensor_value_info("x", TensorProto.INT32, [2, 3])
    yi = helper.make_tensor_value_info("y", TensorProto.INT32, None)
    save(out, "reshape1_int32", [
        helper.make_node("Reshape", ["x"], ["y"], name="r", shape=[3, 2]),
    ], [xi], [yi], 4)
    # Unsqueeze takes no bfloat16 (sonnx-unsqueeze.md).
    xb = helper.make_tensor_value_info("x", TensorProto.BFLOAT16, [2, 3])
    yb = helper.make_tensor_value_info("y", TensorProto.BFLOAT16, None)
    save(out, "unsqueeze_bf16", [
        helper.make_node("Unsqueeze", ["x", "axes"], ["y"], name="u"),
    ], [xb], [yb], 13, [numpy_helper.from_array(
        np.asarray([0], dtype=np.int64), "axes")])
    # A sequence graph input.
    seq = helper.make_tensor_sequence_value_info("s", TensorProto.FLOAT,
                                                 None)
    save(out, "sequence", [
        helper.make_node("SequenceLength", ["s"], ["n"], name="len"),
    ], [seq], [helper.make_tensor_value_info("n", TensorProto.INT64, [])],
        13)

    # Inside an If's branches: a value declared as a sequence (then) and a
    # Softmax leaving its axis to the default (else, strict mode).
    seq_s = helper.make_tensor_sequence_value_info("s", TensorProto.FLOAT,
                                                   None)
    then_graph = helper.make_graph([
        helper.make_node("SequenceConstruct", ["x"], ["s"], name="make_seq"),
        helper.make_node("ConcatFromSequence", ["s"], ["t"], name="concat",
                         axis=0),
    ], "then", [], [helper.make_tensor_value_info("t", TensorProto.FLOAT,
                                                  None)], value_info=[seq_s])
    else_graph = helper.make_graph([
        helper.make_node("Softmax", ["x"], ["e"], name="soft"),
    ], "else", [], [helper.make_tensor_value_info("e", TensorProto.FLOAT,
                                                  None)])
    save(out, "in_branches", [
        helper.make_node("If", ["c"], ["y"], name="choose",
                         then_branch=then_graph, else_branch=else_graph),
    ], [x, helper.make_tensor_value_info("c", TensorProto.BOOL, [])], [y],
        13)


if __name__ == "__main__":
    main()
