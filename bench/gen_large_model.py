#!/usr/bin/env python3
"""Generates an ONNX model with large float weights, to measure the memory
sonnx-convert and sonnx-check use on it (docs/sonnx-convert.md, "Large
models").

The graph adds N weights of SIZE_MB MiB each (random float32 values, shape
[rows, 65536]) to a graph input of rank 1, so that sonnx-convert has a
broadcast to make explicit per Add (x is unsqueezed to rank 2), and ends with
a Reshape whose shape comes from a Shape node.

Usage: gen_large_model.py OUT.onnx [--weights N] [--size-mb SIZE_MB]
       [--external]   (the weights in OUT.onnx.data, save_as_external_data)
"""

import argparse
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

COLUMNS = 65536


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output")
    parser.add_argument("--weights", type=int, default=4)
    parser.add_argument("--size-mb", type=int, default=100)
    parser.add_argument("--external", action="store_true")
    args = parser.parse_args()

    rows = args.size_mb * (1 << 20) // (4 * COLUMNS)
    rng = np.random.default_rng(0)
    inits, nodes = [], []
    current = "x"
    for k in range(args.weights):
        w = rng.standard_normal((rows, COLUMNS), dtype=np.float32)
        inits.append(numpy_helper.from_array(w, f"w{k}"))
        nodes.append(helper.make_node("Add", [current, f"w{k}"], [f"sum{k}"],
                                      name=f"add{k}"))
        current = f"sum{k}"
    nodes.append(helper.make_node("Shape", ["x"], ["x_shape"], name="shape"))
    inits.append(numpy_helper.from_array(np.array([-1], np.int64), "minus1"))
    nodes.append(helper.make_node("Concat", ["minus1", "x_shape"], ["target"],
                                  name="concat", axis=0))
    nodes.append(helper.make_node("Reshape", [current, "target"], ["y"],
                                  name="reshape"))
    graph = helper.make_graph(
        nodes, "large",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [COLUMNS])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
        inits)
    model = helper.make_model(graph, producer_name="gen_large_model",
                              opset_imports=[helper.make_opsetid("", 14)])
    model.ir_version = 8
    if args.external:
        onnx.save(model, args.output, save_as_external_data=True,
                  all_tensors_to_one_file=True,
                  location=os.path.basename(args.output) + ".data")
    else:
        onnx.save(model, args.output)


if __name__ == "__main__":
    main()
