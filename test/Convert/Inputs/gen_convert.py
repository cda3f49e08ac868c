#!/usr/bin/env python3
"""Writes the models of test/Convert/*.test into OUTPUT_DIR: attributes
left to their defaults (profile.GR4), implicit rank broadcasting of
elementwise nodes (opset 13, where Unsqueeze takes its axes as an input;
opset 11, as an attribute; inside an If branch), a symbolic batch size for
--input-shape, a Reshape that breaks reshape.count (nothing written),
doc strings, value names, value_info and metadata for the rewrites to
leave alone (fidelity), and weights in external data (ext/: in a file next
to the model; escapes/: at a location outside the model's directory).

Usage: gen_convert.py OUTPUT_DIR
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def save(out, name, nodes, inputs, outputs, inits=(), opset=13,
         producer="gen_convert"):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", opset)],
        producer_name=producer, producer_version="1")
    model.ir_version = 8
    with open(os.path.join(out, name + ".onnx"), "wb") as f:
        f.write(model.SerializeToString(deterministic=True))


def tensor(name, shape, elem=TensorProto.FLOAT):
    return helper.make_tensor_value_info(name, elem, shape)


def init(name, values, dtype=np.float32):
    return numpy_helper.from_array(np.asarray(values, dtype=dtype), name)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(0)

    # Flatten without axis, Gemm without alpha/beta/transA/transB, Softmax
    # without axis, LeakyRelu without alpha, Reshape-14 without allowzero;
    # Transpose with its perm given (nothing to write).
    save(out, "defaults", [
        helper.make_node("Flatten", ["x"], ["flat"], name="flatten"),
        helper.make_node("Gemm", ["flat", "w", "b"], ["gemm"], name="gemm"),
        helper.make_node("LeakyRelu", ["gemm"], ["relu"], name="relu"),
        helper.make_node("Softmax", ["relu"], ["soft"], name="softmax"),
        helper.make_node("Reshape", ["soft", "shape"], ["y"], name="reshape"),
        helper.make_node("Transpose", ["y"], ["z"], name="transpose",
                         perm=[1, 0]),
    ], [tensor("x", [2, 3, 4])], [tensor("z", [4, 5])],
        [init("w", rng.standard_normal((12, 10))),
         init("b", rng.standard_normal(10)),
         init("shape", [5, 4], np.int64)], opset=14)

    # Add of ranks 3 and 1, Where of ranks 2, 3 and 0, Mul of equal ranks
    # (nothing to do), PRelu with a slope of rank 1.
    save(out, "broadcast", [
        helper.make_node("Add", ["x", "bias"], ["a"], name="add_bias"),
        helper.make_node("Where", ["mask", "a", "zero"], ["w"],
                         name="where"),
        helper.make_node("Mul", ["w", "x"], ["m"], name="mul_same"),
        helper.make_node("PRelu", ["m", "slope"], ["y"], name="prelu"),
    ], [tensor("x", [2, 3, 4]), tensor("mask", [3, 4], TensorProto.BOOL)],
        [tensor("y", [2, 3, 4])],
        [init("bias", rng.standard_normal(4)), init("zero", 0.0),
         init("slope", rng.standard_normal(4))])

    # The same Add at opset 11: Unsqueeze takes its axes as an attribute.
    save(out, "broadcast_opset11", [
        helper.make_node("Add", ["x", "bias"], ["y"], name="add_bias"),
    ], [tensor("x", [2, 3, 4])], [tensor("y", [2, 3, 4])],
        [init("bias", rng.standard_normal(4))], opset=11)

    # An Add inside the then branch of an If, on a value of the main graph.
    then_graph = helper.make_graph(
        [helper.make_node("Add", ["x", "bias"], ["t_out"], name="t_add")],
        "then", [], [tensor("t_out", None)])
    else_graph = helper.make_graph(
        [helper.make_node("Identity", ["x"], ["e_out"], name="e_id")],
        "else", [], [tensor("e_out", None)])
    save(out, "broadcast_if", [
        helper.make_node("If", ["c"], ["y"], name="if_0",
                         then_branch=then_graph, else_branch=else_graph),
    ], [tensor("x", [2, 3, 4]), tensor("c", [], TensorProto.BOOL)],
        [tensor("y", None)], [init("bias", rng.standard_normal(4))])

    # A symbolic batch size, fixed by --input-shape.
    save(out, "symbolic", [
        helper.make_node("Add", ["x", "bias"], ["y"], name="add_bias"),
    ], [tensor("x", ["N", 4])], [tensor("y", ["N", 4])],
        [init("bias", rng.standard_normal(4))])

    # 24 elements into 5x5: reshape.count.
    save(out, "broken", [
        helper.make_node("Reshape", ["x", "shape"], ["y"], name="bad"),
    ], [tensor("x", [2, 3, 4])], [tensor("y", [5, 5])],
        [init("shape", [5, 5], np.int64)])

    # What no rewrite touches stays: doc strings of the model, the graph
    # and the nodes, the names of intermediate values, value_info,
    # metadata_props. The Add's broadcast is made explicit around them.
    graph = helper.make_graph([
        helper.make_node("Relu", ["x"], ["relu_out"], name="relu",
                         doc_string="rectifies x"),
        helper.make_node("Add", ["relu_out", "bias"], ["biased"],
                         name="add_bias", doc_string="adds the bias"),
        helper.make_node("Flatten", ["biased"], ["y"], name="flatten",
                         axis=1, doc_string="to rows"),
    ], "fidelity", [tensor("x", [2, 3, 4])], [tensor("y", [2, 12])],
        [init("bias", rng.standard_normal(4))],
        doc_string="the graph's doc string",
        value_info=[tensor("relu_out", [2, 3, 4])])
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", 13)],
        producer_name="gen_convert", producer_version="1",
        doc_string="the model's doc string")
    model.ir_version = 8
    helper.set_model_props(model, {"author": "gen_convert"})
    with open(os.path.join(out, "fidelity.onnx"), "wb") as f:
        f.write(model.SerializeToString(deterministic=True))

    # Weights in external data: ext/ext.onnx keeps 'w' (rank 1, broadcast
    # against x) in ext/ext.data, the Reshape's shape in the model.
    def external(directory, location):
        w = init("w", rng.standard_normal(4))
        os.makedirs(os.path.join(out, directory), exist_ok=True)
        with open(os.path.join(out, directory, "ext.data"), "wb") as f:
            f.write(w.raw_data)
        length = len(w.raw_data)
        w.ClearField("raw_data")
        w.data_location = TensorProto.EXTERNAL
        for key, value in (("location", location), ("offset", "0"),
                           ("length", str(length))):
            entry = w.external_data.add()
            entry.key, entry.value = key, value
        graph = helper.make_graph([
            helper.make_node("Add", ["x", "w"], ["s"], name="add_w"),
            helper.make_node("Reshape", ["s", "shape"], ["y"],
                             name="reshape"),
        ], "external", [tensor("x", [2, 3, 4])], [tensor("y", [6, 4])],
            [w, init("shape", [6, 4], np.int64)])
        model = helper.make_model(
            graph, opset_imports=[helper.make_opsetid("", 14)],
            producer_name="gen_convert", producer_version="1")
        model.ir_version = 8
        with open(os.path.join(out, directory, "ext.onnx"), "wb") as f:
            f.write(model.SerializeToString(deterministic=True))

    external("ext", "ext.data")

    # Shape ops that become identities once the batch size N is fixed: a
    # Reshape to [N, 4] (computed from Shape), an Expand to x's own shape,
    # an Unsqueeze then a Reshape back; and ones that do not: a Reshape to
    # [2N, 2], an identity Reshape whose output is a graph output.
    save(out, "identities", [
        helper.make_node("Shape", ["x"], ["x_shape"], name="shape"),
        helper.make_node("Reshape", ["x", "x_shape"], ["same"],
                         name="reshape_same"),
        helper.make_node("Expand", ["same", "x_shape"], ["expanded"],
                         name="expand_same"),
        helper.make_node("Relu", ["expanded"], ["relu"], name="relu"),
        helper.make_node("Reshape", ["relu", "pairs"], ["paired"],
                         name="reshape_pairs"),
        helper.make_node("Reshape", ["relu", "x_shape"], ["y_same"],
                         name="reshape_out"),
    ], [tensor("x", ["N", 4])],
        [tensor("paired", None), tensor("y_same", None)],
        [init("pairs", [-1, 2], np.int64)])
    external("escapes", "../ext.data")

    # Attribute forms of opset 11 (Unsqueeze and Squeeze axes): with a
    # Conv (Conv-11 at both 11 and 13) the model moves to opset 13; with a
    # Relu (Relu-6 at 11, Relu-13 at 13) it cannot.
    conv = [
        helper.make_node("Conv", ["x", "w"], ["c"], name="conv"),
        helper.make_node("Squeeze", ["c"], ["s"], name="squeeze",
                         axes=[0, 1]),
        helper.make_node("Unsqueeze", ["s"], ["y"], name="unsqueeze",
                         axes=[0]),
    ]
    save(out, "forms_opset11", conv, [tensor("x", [1, 1, 4, 4])],
         [tensor("y", [1, 2, 2])],
         [init("w", rng.standard_normal((1, 1, 3, 3)))], opset=11)
    save(out, "forms_refused", [
        helper.make_node("Relu", ["x"], ["r"], name="relu"),
        helper.make_node("Unsqueeze", ["r"], ["y"], name="unsqueeze",
                         axes=[0]),
    ], [tensor("x", [2, 3])], [tensor("y", [1, 2, 3])], opset=11)
    # A Squeeze whose axes attribute is an INT, not INTS (invalid ONNX; the
    # check does not look at Squeeze): no input form says the same.
    squeeze = helper.make_node("Squeeze", ["x"], ["s"], name="squeeze")
    bad = squeeze.attribute.add()
    bad.name, bad.type, bad.i = "axes", onnx.AttributeProto.INT, 0
    save(out, "forms_bad_attr", [
        squeeze, helper.make_node("Conv", ["s", "w"], ["y"], name="conv"),
    ], [tensor("x", [1, 1, 1, 4, 4])], [tensor("y", None)],
        [init("w", rng.standard_normal((1, 1, 3, 3)))], opset=11)
    # Reshape-1's shape attribute (opset 4): to Reshape-5's input
    # (Identity-1 at both).
    save(out, "forms_opset4", [
        helper.make_node("Identity", ["x"], ["r"], name="identity"),
        helper.make_node("Reshape", ["r"], ["y"], name="reshape",
                         shape=[3, -1]),
    ], [tensor("x", [2, 3])], [tensor("y", [3, 2])], opset=4)


if __name__ == "__main__":
    main()
