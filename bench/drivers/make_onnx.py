"""Writes an ONNX model of one Expand per input, for onnxruntime.

Usage: make_onnx.py OUTPUT DTYPE OUT_SHAPE IN_SHAPE...
Output k is Expand(input k, OUT_SHAPE). Opset 13. Run with /usr/bin/python3
(Debian's python3-onnx).
"""

import sys

import onnx
from onnx import TensorProto, helper


def main():
    output, dtype, out_shape = sys.argv[1:4]
    in_shapes = sys.argv[4:]
    elem = {"f32": TensorProto.FLOAT, "f16": TensorProto.FLOAT16,
            "i8": TensorProto.INT8}[dtype]
    out_dims = [int(s) for s in out_shape.split("x")]
    shape = helper.make_tensor("shape", TensorProto.INT64, [len(out_dims)],
                               out_dims)
    inputs, outputs, nodes = [], [], []
    for k, s in enumerate(in_shapes):
        dims = [int(d) for d in s.split("x")]
        inputs.append(helper.make_tensor_value_info(f"x{k}", elem, dims))
        outputs.append(helper.make_tensor_value_info(f"y{k}", elem, out_dims))
        nodes.append(helper.make_node("Expand", [f"x{k}", "shape"], [f"y{k}"]))
    graph = helper.make_graph(nodes, "expand", inputs, outputs, [shape])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 7
    onnx.checker.check_model(model)
    onnx.save(model, output)


if __name__ == "__main__":
    main()
