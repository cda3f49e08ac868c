#!/usr/bin/env python3
"""A model for the scaling of sonnx-check over subgraphs: a chain of V Relu
nodes, then B If nodes, each with a then branch holding one Reshape of the
chain's last value (to an initializer of the main graph) and an else branch
holding an Identity of it. Every body sees the V + B values around it.

Usage: gen_bodies.py V B OUT.onnx
"""
import sys

import onnx
from onnx import TensorProto, helper


def main():
    values, bodies, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    nodes, last = [], "x"
    for i in range(values):
        nodes.append(helper.make_node("Relu", [last], [f"v{i}"]))
        last = f"v{i}"
    outputs = []
    for j in range(bodies):
        then_graph = helper.make_graph(
            [helper.make_node("Reshape", [last, "s"], [f"t{j}"])],
            f"then{j}", [],
            [helper.make_tensor_value_info(f"t{j}", TensorProto.FLOAT, None)])
        else_graph = helper.make_graph(
            [helper.make_node("Identity", [last], [f"e{j}"])], f"else{j}", [],
            [helper.make_tensor_value_info(f"e{j}", TensorProto.FLOAT, None)])
        nodes.append(helper.make_node("If", ["c"], [f"o{j}"],
                                      then_branch=then_graph,
                                      else_branch=else_graph))
        outputs.append(
            helper.make_tensor_value_info(f"o{j}", TensorProto.FLOAT, None))
    graph = helper.make_graph(
        nodes, "bodies",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3]),
         helper.make_tensor_value_info("c", TensorProto.BOOL, [])],
        outputs, initializer=[helper.make_tensor("s", TensorProto.INT64, [1],
                                                 [6])])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    with open(out, "wb") as f:
        f.write(model.SerializeToString(deterministic=True))


if __name__ == "__main__":
    main()
