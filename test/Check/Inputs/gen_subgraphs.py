#!/usr/bin/env python3
"""Writes the models of test/Check/subgraphs.test into OUTPUT_DIR: shape
nodes inside the subgraphs of If, Loop and Scan nodes (at every depth) and
of a GRAPHS attribute, which sonnx-check checks with the values of the
graphs around them in scope; If nodes whose condition folds from the input
shapes; and a model-local function, which it does not check yet (the
verdict "unchecked", exit code 3).

Usage: gen_subgraphs.py OUTPUT_DIR
"""
import os
import sys

import numpy as np
import onnx
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

    # The outer scope: a Reshape in a branch reads a shape the main graph
    # computes from Shape(x) (Gather, Unsqueeze, Concat), and folds; the
    # other branch's Reshape computes its shape in the branch from the outer
    # size and breaks reshape.count.
    x3 = tensor("x", [2, 3, 4])
    outer = [
        helper.make_node("Shape", ["x"], ["s"], name="shape"),
        const("zero", 0),
        helper.make_node("Gather", ["s", "zero"], ["b"], name="batch", axis=0),
        const("axes0", [0]),
        helper.make_node("Unsqueeze", ["b", "axes0"], ["b1"], name="b_1d"),
        const("minus1", [-1]),
        helper.make_node("Concat", ["b1", "minus1"], ["flat_shape"],
                         name="cat", axis=0),
        if_node("use_outer", "c",
                [helper.make_node("Reshape", ["x", "flat_shape"], ["t_out"],
                                  name="t_flat")], "t_out",
                [const("five", [5]),
                 helper.make_node("Concat", ["b1", "five"], ["e_shape"],
                                  name="e_cat", axis=0),
                 helper.make_node("Reshape", ["x", "e_shape"], ["e_out"],
                                  name="e_flat")], "e_out", "z"),
    ]
    save(out, "outer_scope", outer, [x3, c], [z])

    # An If whose condition folds when the shape of x is given:
    # Equal(Gather(Shape(x), 0), 1). The then branch Reshapes x to [3], the
    # else branch to [7]; a Reshape after the If reads its output.
    xn = tensor("x", ["n", 3])
    one = numpy_helper.from_array(np.asarray(1, dtype=np.int64), "one")
    folds = [
        helper.make_node("Shape", ["x"], ["s"], name="shape"),
        const("zero", 0),
        helper.make_node("Gather", ["s", "zero"], ["n"], name="rows", axis=0),
        helper.make_node("Equal", ["n", "one"], ["is_one"], name="is_one"),
        if_node("by_rows", "is_one",
                [const("three", [3]),
                 helper.make_node("Reshape", ["x", "three"], ["t_out"],
                                  name="t_row")], "t_out",
                [const("seven", [7]),
                 helper.make_node("Reshape", ["x", "seven"], ["e_out"],
                                  name="e_seven")], "e_out", "r"),
        const("after_shape", [-1, 3]),
        helper.make_node("Reshape", ["r", "after_shape"], ["y"],
                         name="after"),
    ]
    save(out, "if_folds", folds, [xn], [y], [one])

    # A Loop body whose input is declared: its Reshape is decided; and an
    # outer value shadowed by the body's own definition of the same name.
    typed_body = helper.make_graph([
        helper.make_node("Identity", ["cond_in"], ["cond_out"], name="keep"),
        const("main_shape", [6]),
        helper.make_node("Reshape", ["v", "main_shape"], ["v_out"],
                         name="typed_reshape"),
    ], "typed_body", body_inputs[:2] + [tensor("v", [2, 3])],
        [body_outputs[0], tensor("v_out", [6])])
    save(out, "loop_typed", [
        helper.make_node("Loop", ["trip", "cond", "x"], ["y"], name="loop",
                         body=typed_body),
    ], [x], [y], [trip, cond, main_shape])

    # Model-local functions, checked at each call with the call's input
    # types: Halves reshapes its input to [2, -1], fine for the 6 values of
    # x, broken for the 3 of w; FlatAt flattens at the axis its attribute
    # `ax` gives (a reference to the call's attribute: 1 holds for a rank-2
    # input, 5 breaks flatten.axis.C2); Unused is never called (its nodes
    # never run); Again calls itself (not expanded a second time).
    halves = helper.make_function(
        "custom", "Halves", ["a"], ["b"],
        [const("h_shape", [2, -1]),
         helper.make_node("Reshape", ["a", "h_shape"], ["b"],
                          name="h_reshape")],
        [helper.make_opsetid("", 13)])
    flat = helper.make_node("Flatten", ["a"], ["b"], name="f_flatten")
    ref = flat.attribute.add()
    ref.name = "axis"
    ref.ref_attr_name = "ax"
    ref.type = onnx.AttributeProto.INT
    flat_at = helper.make_function("custom", "FlatAt", ["a"], ["b"], [flat],
                                   [helper.make_opsetid("", 13)], ["ax"])
    unused = helper.make_function(
        "custom", "Unused", ["a"], ["b"],
        [const("u_axes", [0]),
         helper.make_node("Unsqueeze", ["a", "u_axes"], ["b"],
                          name="u_unsqueeze")],
        [helper.make_opsetid("", 13)])
    again = helper.make_function(
        "custom", "Again", ["a"], ["b"],
        [const("g_shape", [-1]),
         helper.make_node("Reshape", ["a", "g_shape"], ["g"],
                          name="g_reshape"),
         helper.make_node("Again", ["g"], ["b"], name="g_again",
                          domain="custom")],
        [helper.make_opsetid("", 13)])
    w = tensor("w", [3])
    save(out, "functions", [
        helper.make_node("Halves", ["x"], ["y"], name="halves_x",
                         domain="custom"),
        helper.make_node("Halves", ["w"], ["z"], name="halves_w",
                         domain="custom"),
        helper.make_node("FlatAt", ["x"], ["f1"], name="flat_1",
                         domain="custom", ax=1),
        helper.make_node("FlatAt", ["x"], ["f5"], name="flat_5",
                         domain="custom", ax=5),
        helper.make_node("Again", ["x"], ["r"], name="again",
                         domain="custom"),
    ], [x, w], [y, z, tensor("f1", None), tensor("f5", None),
                tensor("r", None)],
        functions=[halves, flat_at, unused, again],
        opsets=(("", 13), ("custom", 1)))

    # Scopes close: each branch shadows the outer `main_shape` ([3, 2]) with
    # a Constant of its own ([7] in the then branch, [5] in the else
    # branch). The If nested in the else branch sees [5] in its else branch
    # and shadows it with [1, 6] in its then branch; after the nested If,
    # the else branch sees its [5] again, and after the outer If the main
    # graph sees [3, 2] again. The else branch defines `twice` twice: a
    # finding of the model.
    inner = if_node("inner", "c",
                    [const("main_shape", [1, 6]),
                     helper.make_node("Reshape", ["x", "main_shape"],
                                      ["i_t"], name="inner_then")], "i_t",
                    [helper.make_node("Reshape", ["x", "main_shape"],
                                      ["i_e"], name="inner_else")], "i_e",
                    "inner_out")
    save(out, "scope_restored", [
        if_node("shadow", "c",
                [const("main_shape", [7]),
                 helper.make_node("Reshape", ["x", "main_shape"], ["t_out"],
                                  name="t_seven")], "t_out",
                [const("main_shape", [5]), inner,
                 helper.make_node("Reshape", ["x", "main_shape"],
                                  ["e_out"], name="e_five"),
                 helper.make_node("Identity", ["e_out"], ["twice"],
                                  name="first"),
                 helper.make_node("Identity", ["e_out"], ["twice"],
                                  name="second")], "e_out", "r"),
        helper.make_node("Reshape", ["x", "main_shape"], ["y"],
                         name="after"),
    ], [x, c], [y, tensor("r", None)], [main_shape])


if __name__ == "__main__":
    main()
