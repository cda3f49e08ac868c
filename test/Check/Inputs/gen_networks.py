#!/usr/bin/env python3
"""Writes the networks of test/Check into a folder: small, realistic uses of
the shape ops (a CNN that flattens before its classifier, an attention block
whose Reshape shape is computed by Shape/Gather/Concat, a detection head with
Reshape/Transpose/Expand), each valid and broken.

Usage: gen_networks.py OUTPUT_DIR
"""
import os
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper

OPSET = 13


def tensor(name, values, dtype=np.float32):
    return numpy_helper.from_array(np.asarray(values, dtype=dtype), name)


def weights(name, shape, seed):
    rng = np.random.default_rng(seed)
    return tensor(name, rng.standard_normal(shape).astype(np.float32))


def save(out, name, nodes, inputs, outputs, initializers, opset=OPSET):
    graph = helper.make_graph(nodes, name, inputs, outputs, initializers)
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", opset)],
        producer_name="sonnx test/Check")
    model.ir_version = 7
    with open(os.path.join(out, name + ".onnx"), "wb") as f:
        f.write(model.SerializeToString(deterministic=True))


def cnn(out, name, matrix_shape=None, batch=1):
    """Conv -> Relu -> MaxPool -> Flatten (or Reshape) -> Gemm -> Softmax."""
    x = helper.make_tensor_value_info("image", TensorProto.FLOAT,
                                      [batch, 1, 8, 8])
    y = helper.make_tensor_value_info("scores", TensorProto.FLOAT,
                                      [batch, 10])
    inits = [weights("conv_w", [4, 1, 3, 3], 1), weights("conv_b", [4], 2),
             weights("fc_w", [10, 64], 3), weights("fc_b", [10], 4)]
    nodes = [
        helper.make_node("Conv", ["image", "conv_w", "conv_b"], ["c"],
                         name="conv", pads=[1, 1, 1, 1], kernel_shape=[3, 3]),
        helper.make_node("Relu", ["c"], ["r"], name="relu"),
        helper.make_node("MaxPool", ["r"], ["p"], name="pool",
                         kernel_shape=[2, 2], strides=[2, 2]),
    ]
    if matrix_shape is None:
        nodes.append(helper.make_node("Flatten", ["p"], ["m"],
                                      name="to_matrix", axis=1))
    else:
        inits.append(tensor("matrix_shape", matrix_shape, np.int64))
        nodes.append(helper.make_node("Reshape", ["p", "matrix_shape"], ["m"],
                                      name="to_matrix"))
    nodes += [
        helper.make_node("Gemm", ["m", "fc_w", "fc_b"], ["g"], name="fc",
                         transB=1),
        helper.make_node("Softmax", ["g"], ["scores"], name="softmax",
                         axis=1),
    ]
    save(out, name, nodes, [x], [y], inits)


def attention(out, name, heads, head_size, batch=1, seq=4, hidden=16):
    """Splits the heads of a projection: the Reshape shape is
    Concat(Unsqueeze(Gather(Shape(x), 0)), Unsqueeze(Gather(Shape(x), 1)),
    [heads], [head_size]), as exporters write it; then Transpose and MatMul.
    """
    x = helper.make_tensor_value_info("tokens", TensorProto.FLOAT,
                                      [batch, seq, hidden])
    y = helper.make_tensor_value_info("scores", TensorProto.FLOAT, None)
    inits = [weights("wq", [hidden, hidden], 5),
             tensor("zero", 0, np.int64), tensor("one", 1, np.int64),
             tensor("axes0", [0], np.int64),
             tensor("heads", [heads], np.int64),
             tensor("head_size", [head_size], np.int64)]
    nodes = [
        helper.make_node("MatMul", ["tokens", "wq"], ["q"], name="q_proj"),
        helper.make_node("Shape", ["q"], ["q_shape"], name="shape"),
        helper.make_node("Gather", ["q_shape", "zero"], ["b"],
                         name="batch", axis=0),
        helper.make_node("Gather", ["q_shape", "one"], ["t"],
                         name="tokens_count", axis=0),
        helper.make_node("Unsqueeze", ["b", "axes0"], ["b1"], name="b_1d"),
        helper.make_node("Unsqueeze", ["t", "axes0"], ["t1"], name="t_1d"),
        helper.make_node("Concat", ["b1", "t1", "heads", "head_size"],
                         ["split_shape"], name="split_shape", axis=0),
        helper.make_node("Reshape", ["q", "split_shape"], ["q_heads"],
                         name="split_heads"),
        helper.make_node("Transpose", ["q_heads"], ["q_t"], name="heads_first",
                         perm=[0, 2, 1, 3]),
        helper.make_node("Transpose", ["q_heads"], ["k_t"], name="keys_last",
                         perm=[0, 2, 3, 1]),
        helper.make_node("MatMul", ["q_t", "k_t"], ["scores"], name="qk"),
    ]
    save(out, name, nodes, [x], [y], inits)


def detection(out, name, grid_shape):
    """A YOLO-like head: Conv -> Reshape to (batch, anchors, coords, h, w)
    -> Transpose -> Add of an anchor grid Expanded to the boxes' shape."""
    x = helper.make_tensor_value_info("features", TensorProto.FLOAT,
                                      [1, 8, 4, 4])
    y = helper.make_tensor_value_info("boxes", TensorProto.FLOAT, None)
    inits = [weights("head_w", [12, 8, 1, 1], 6), weights("head_b", [12], 7),
             tensor("boxes_shape", [1, 3, 4, 4, 4], np.int64),
             weights("anchors", [1, 3, 1, 1, 4], 8),
             tensor("grid_shape", grid_shape, np.int64)]
    nodes = [
        helper.make_node("Conv", ["features", "head_w", "head_b"], ["h"],
                         name="head", kernel_shape=[1, 1]),
        helper.make_node("Reshape", ["h", "boxes_shape"], ["boxes_raw"],
                         name="to_boxes"),
        helper.make_node("Transpose", ["boxes_raw"], ["boxes_t"],
                         name="coords_last", perm=[0, 1, 3, 4, 2]),
        helper.make_node("Expand", ["anchors", "grid_shape"], ["grid"],
                         name="anchor_grid"),
        helper.make_node("Add", ["boxes_t", "grid"], ["boxes"],
                         name="offset"),
    ]
    save(out, name, nodes, [x], [y], inits)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    cnn(out, "cnn")
    # Two -1s: the classifier's matrix cannot be inferred.
    cnn(out, "cnn_broken", matrix_shape=[-1, -1])
    # A symbolic batch: the Flatten is still decided.
    cnn(out, "cnn_batch", batch="N")
    attention(out, "attention", heads=2, head_size=8)
    # 3 heads of 8 do not hold 16 values per token.
    attention(out, "attention_broken", heads=3, head_size=8)
    # A symbolic batch and sequence: the shape is known only at run time,
    # unless --input-shape fixes it.
    attention(out, "attention_dynamic", heads=2, head_size=8, batch="B",
              seq="T")
    detection(out, "detection", grid_shape=[1, 3, 4, 4, 4])
    # The anchors' last size 4 against 3: not broadcastable.
    detection(out, "detection_broken", grid_shape=[1, 3, 4, 4, 3])


if __name__ == "__main__":
    main()
