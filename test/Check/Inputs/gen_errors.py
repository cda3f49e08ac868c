#!/usr/bin/env python3
"""Writes the models of test/Check/errors.test into OUTPUT_DIR."""
import os
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper


def save(out, name, nodes, inputs, outputs, opsets, inits=()):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    model = helper.make_model(graph, opset_imports=opsets)
    model.ir_version = 8
    with open(os.path.join(out, name + ".onnx"), "wb") as f:
        f.write(model.SerializeToString(deterministic=True))


def main():
    out = sys.argv[1]
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    save(out, "opset26", [helper.make_node("Relu", ["x"], ["y"])], [x], [y],
         [helper.make_opsetid("", 26)])
    save(out, "training",
         [helper.make_node("Adagrad", ["x"], ["y"],
                           domain="ai.onnx.preview.training")], [x], [y],
         [helper.make_opsetid("ai.onnx.preview.training", 1)])
    shape = helper.make_tensor("shape", TensorProto.INT64, [1], [6])
    save(out, "invalid_node",
         [helper.make_node("Reshape", ["x", "shape"], ["r"], name="r",
                           axis=1),
          helper.make_node("Flatten", ["x"], ["y"], name="f", axis=1)],
         [x], [y], [helper.make_opsetid("", 14)], [shape])
    # Shape and axes operands of unknown rank (no shape declared): int64,
    # the rules wait for run time; float, the type rule is broken anyway.
    unranked = helper.make_tensor_value_info("s", TensorProto.INT64, None)
    unranked_float = helper.make_tensor_value_info("s", TensorProto.FLOAT,
                                                   None)
    for op in ("Reshape", "Unsqueeze", "Expand"):
        save(out, "unranked_" + op.lower(),
             [helper.make_node(op, ["x", "s"], ["y"], name="n")],
             [x, unranked], [y], [helper.make_opsetid("", 13)])
    save(out, "unranked_float_shape",
         [helper.make_node("Reshape", ["x", "s"], ["y"], name="n")],
         [x, unranked_float], [y], [helper.make_opsetid("", 13)])
    # Data of unknown rank: the element type still decides the op's types
    # rule (bfloat16 is no type of Unsqueeze: broken; float: holds, and
    # only the rules that need the rank are left to run time).
    axes = numpy_helper.from_array(np.asarray([0], dtype=np.int64), "a")
    for name, elem in (("unranked_data_bf16", TensorProto.BFLOAT16),
                       ("unranked_data_float", TensorProto.FLOAT)):
        save(out, name,
             [helper.make_node("Unsqueeze", ["d", "a"], ["y"], name="n")],
             [helper.make_tensor_value_info("d", elem, None)],
             [helper.make_tensor_value_info("y", elem, None)],
             [helper.make_opsetid("", 13)], [axes])
    # A symbolic batch size, for --input-shape in the three tools.
    symbolic = helper.make_tensor_value_info("x", TensorProto.FLOAT,
                                             ["N", 3])
    save(out, "symbolic",
         [helper.make_node("Flatten", ["x"], ["y"], name="f", axis=0)],
         [symbolic], [y], [helper.make_opsetid("", 13)])
    data = numpy_helper.from_array(
        np.arange(6, dtype=np.float32).reshape(2, 3), "x")
    with open(os.path.join(out, "x_2x3.pb"), "wb") as f:
        f.write(data.SerializeToString())


if __name__ == "__main__":
    main()
