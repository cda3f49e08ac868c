"""Writes the ONNX graphs of the gqa benchmark (bench/gqa.py), f32.

Usage: make_gqa_onnx.py OUTPUT KIND FORM H HKV SQ S D
KIND: scores (Q x K^T) or attention (scores, Softmax, x V).
FORM: expand, repeat_kv as in Hugging Face and ONNX's Attention function
body (Unsqueeze(2) -> Expand -> Reshape, then MatMul); broadcast, the
non-copying 5-D rewrite (Q reshaped to [1,HKV,n,SQ,D], K and V unsqueezed
to [1,HKV,1,S,D], MatMul broadcasting, result reshaped to 4-D).
Opset 13. Run with /usr/bin/python3 (Debian's python3-onnx).
"""

import sys

import onnx
from onnx import TensorProto, helper


def main():
    output, kind, form = sys.argv[1:4]
    h, hkv, sq, s, d = (int(x) for x in sys.argv[4:9])
    rep = h // hkv
    f = TensorProto.FLOAT
    inits = [
        helper.make_tensor("axes", TensorProto.INT64, [1], [2]),
        helper.make_tensor("shape5", TensorProto.INT64, [5], [1, hkv, rep, s, d]),
        helper.make_tensor("shape4", TensorProto.INT64, [4], [1, h, s, d]),
        helper.make_tensor("q5", TensorProto.INT64, [5], [1, hkv, rep, sq, d]),
        helper.make_tensor("y4", TensorProto.INT64, [4], [1, h, sq, s]),
        helper.make_tensor("o4", TensorProto.INT64, [4], [1, h, sq, d]),
    ]
    nodes = []
    inputs = [helper.make_tensor_value_info("q", f, [1, h, sq, d]),
              helper.make_tensor_value_info("k", f, [1, hkv, s, d])]
    if kind == "attention":
        inputs.append(helper.make_tensor_value_info("v", f, [1, hkv, s, d]))

    def repeat(x):
        if form == "expand":
            nodes.append(helper.make_node("Unsqueeze", [x, "axes"], [x + "u"]))
            nodes.append(helper.make_node("Expand", [x + "u", "shape5"], [x + "e"]))
            nodes.append(helper.make_node("Reshape", [x + "e", "shape4"], [x + "r"]))
            return x + "r"
        nodes.append(helper.make_node("Unsqueeze", [x, "axes"], [x + "u"]))
        return x + "u"

    qx = "q"
    if form == "broadcast":
        nodes.append(helper.make_node("Reshape", ["q", "q5"], ["q5r"]))
        qx = "q5r"
    kr = repeat("k")
    perm = [0, 1, 3, 2] if form == "expand" else [0, 1, 2, 4, 3]
    nodes.append(helper.make_node("Transpose", [kr], ["kt"], perm=perm))
    nodes.append(helper.make_node("MatMul", [qx, "kt"], ["scores"]))
    last = "scores"
    if kind == "attention":
        nodes.append(helper.make_node("Softmax", ["scores"], ["p"], axis=-1))
        vr = repeat("v")
        nodes.append(helper.make_node("MatMul", ["p", vr], ["o"]))
        last = "o"
    out_dims = [1, h, sq, s] if kind == "scores" else [1, h, sq, d]
    if form == "broadcast":
        nodes.append(helper.make_node(
            "Reshape", [last, "y4" if kind == "scores" else "o4"], ["y"]))
    else:
        nodes.append(helper.make_node("Identity", [last], ["y"]))
    graph = helper.make_graph(nodes, "gqa", inputs,
                              [helper.make_tensor_value_info("y", f, out_dims)],
                              inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 7
    onnx.checker.check_model(model)
    onnx.save(model, output)


if __name__ == "__main__":
    main()
