#!/usr/bin/env python3
"""Writes the models of test/Check/subgraphs.test into OUTPUT_DIR: shape
nodes inside the subgraphs of If, Loop and Scan nodes (at every depth), of
a GRAPHS attribute, and inside a model-local function, which sonnx-check
does not check yet (the verdict "unchecked", exit code 3).

Usage: gen_subgraphs.py OUTPUT_DIR
"""
import os
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper


def save(out, name, nodes, inputs, outputs, inits=(), functions=(),
         opsets=(("", 13),)):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid(d, v) for d, v in opsets])
    model.ir_version = 8
    if functions:
        model.functions.extend(functions)
    with open(os.path.join(out, name + ".onnx"), "wb") as f:
        f.write(model.SerializeToString(deterministic=True))


def const(name, values):
    return helper.make_node(
        "Constant", [], [name], name=name,
        value=numpy_helper.from_array(np.asarray(values, dtype=np.int64),
                                      name))


def tensor(name, shape, elem=TensorProto.FLOAT):
    return helper.make_tensor_value_info(name, elem, shape)


def if_node(name, cond, then_nodes, then_out, else_nodes, else_out, output):
    then_graph = helper.make_graph(then_nodes, name + "_then", [],
                                   [tensor(then_out, None)])
    else_graph = helper.make_graph(else_nodes, name + "_else", [],
                                   [tensor(else_out, None)])
    return helper.make_node("If", [cond], [output], name=name,
                            then_branch=then_graph, else_branch=else_graph)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    x = tensor("x", [2, 3])
    c = tensor("c", [], TensorProto.BOOL)
    y = tensor("y", None)
    z = tensor("z", None)
    main_shape = numpy_helper.from_array(np.asarray([3, 2], dtype=np.int64),
                                         "main_shape")
    bad_shape = numpy_helper.from_array(np.asarray([4, 4], dtype=np.int64),
                                        "bad_shape")

    # A Reshape in the main graph (conforms), and an If whose branches hold
    # a Reshape (then) and an Unsqueeze and a Reshape that breaks
    # reshape.count (else): exit 3, the If's nodes unchecked.
    def branches(name):
        return if_node(
            name, "c",
            [const("t_shape", [6]),
             helper.make_node("Reshape", ["x", "t_shape"], ["t_out"],
                              name="t_reshape")], "t_out",
            [const("e_axes", [0]),
             helper.make_node("Unsqueeze", ["x", "e_axes"], ["e_u"],
                              name="e_unsqueeze"),
             const("e_shape", [4, 4]),
             helper.make_node("Reshape", ["e_u", "e_shape"], ["e_out"],
                              name="e_reshape")], "e_out", "z")

    save(out, "if_branches", [
        helper.make_node("Reshape", ["x", "main_shape"], ["y"],
                         name="main_reshape"),
        branches("if_0"),
    ], [x, c], [y, z], [main_shape])
    # The same with a broken Reshape in the main graph: exit 1 wins.
    save(out, "if_broken_main", [
        helper.make_node("Reshape", ["x", "bad_shape"], ["y"],
                         name="main_reshape"),
        branches("if_0"),
    ], [x, c], [y, z], [bad_shape])

    # A Loop whose body reads the outer x through a Reshape; and one whose
    # body holds an If (nested) with a Flatten and an Expand.
    trip = numpy_helper.from_array(np.asarray(2, dtype=np.int64), "trip")
    cond = numpy_helper.from_array(np.asarray(True), "cond")
    body_inputs = [tensor("i", [], TensorProto.INT64),
                   tensor("cond_in", [], TensorProto.BOOL), tensor("v", None)]
    body_outputs = [tensor("cond_out", [], TensorProto.BOOL),
                    tensor("v_out", None)]
    body = helper.make_graph([
        helper.make_node("Identity", ["cond_in"], ["cond_out"], name="keep"),
        const("l_shape", [6]),
        helper.make_node("Reshape", ["v", "l_shape"], ["v_flat"],
                         name="l_reshape"),
        helper.make_node("Reshape", ["v_flat", "main_shape"], ["v_out"],
                         name="l_back"),
    ], "loop_body", body_inputs, body_outputs)
    save(out, "loop_body", [
        helper.make_node("Loop", ["trip", "cond", "x"], ["y"], name="loop",
                         body=body),
    ], [x], [y], [trip, cond, main_shape])

    nested_body = helper.make_graph([
        helper.make_node("Identity", ["cond_in"], ["cond_out"], name="keep"),
        if_node("inner", "cond_in",
                [helper.make_node("Flatten", ["v"], ["f_out"],
                                  name="in_flatten", axis=1)], "f_out",
                [const("x_shape", [2, 3]),
                 helper.make_node("Expand", ["v", "x_shape"], ["x_out"],
                                  name="in_expand")], "x_out", "v_out"),
    ], "nested_body", body_inputs, body_outputs)
    save(out, "nested_if_in_loop", [
        helper.make_node("Loop", ["trip", "cond", "x"], ["y"], name="loop",
                         body=nested_body),
    ], [x], [y], [trip, cond])

    # A Scan over the rows of x, each row Reshaped to a column.
    scan_body = helper.make_graph([
        helper.make_node("Add", ["s_in", "row"], ["s_out"], name="acc"),
        const("col", [3, 1]),
        helper.make_node("Reshape", ["row", "col"], ["row_col"],
                         name="scan_reshape"),
    ], "scan_body", [tensor("s_in", [3]), tensor("row", [3])],
        [tensor("s_out", [3]), tensor("row_col", [3, 1])])
    s0 = numpy_helper.from_array(np.zeros(3, dtype=np.float32), "s0")
    save(out, "scan_body", [
        helper.make_node("Scan", ["s0", "x"], ["s", "y"], name="scan",
                         body=scan_body, num_scan_inputs=1),
    ], [x], [tensor("s", None), y], [s0])

    # A node of another domain with a GRAPHS attribute: each graph's shape
    # node is named by its position.
    graphs = [helper.make_graph([
        const("g_axes", [0]),
        helper.make_node("Unsqueeze", ["x", "g_axes"], ["g_out"],
                         name="g_unsqueeze"),
    ], "g%d" % k, [], [tensor("g_out", None)]) for k in range(2)]
    switch = helper.make_node("Switch", ["x"], ["y"], name="switch",
                              domain="custom")
    switch.attribute.extend([helper.make_attribute("branches", graphs)])
    save(out, "graphs_attribute", [switch], [x], [y],
         opsets=(("", 13), ("custom", 1)))

    # A model-local function holding a Reshape, called by the main graph.
    function = helper.make_function(
        "custom", "Flat", ["a"], ["b"],
        [const("f_shape", [-1]),
         helper.make_node("Reshape", ["a", "f_shape"], ["b"],
                          name="f_reshape")],
        [helper.make_opsetid("", 13)])
    save(out, "local_function", [
        helper.make_node("Flat", ["x"], ["y"], name="call", domain="custom"),
    ], [x], [y], functions=[function], opsets=(("", 13), ("custom", 1)))


if __name__ == "__main__":
    main()
