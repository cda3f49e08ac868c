#!/usr/bin/env python3
"""Writes the models of test/Check/elementwise.test into OUTPUT_DIR: nodes of
ONNX ops with multidirectional broadcasting (Add, Mul, Where, ...), whose
inputs sonnx-check checks against broadcast.E1 with the rule code of
sonnx.broadcast: sizes that break it, implicit rank broadcasting that keeps
it, sizes known only at run time, the legacy broadcasting of opset 6, and
an elementwise node inside an If branch.

Usage: gen_elementwise.py OUTPUT_DIR
"""
import os
import sys

from onnx import TensorProto, helper


def save(out, name, nodes, inputs, outputs, opset=13):
    graph = helper.make_graph(nodes, name, inputs, outputs)
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8 if opset >= 13 else 3
    with open(os.path.join(out, name + ".onnx"), "wb") as f:
        f.write(model.SerializeToString(deterministic=True))


def tensor(name, shape, elem=TensorProto.FLOAT):
    return helper.make_tensor_value_info(name, elem, shape)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)

    # [3, 4] + [5]: dimension 1 has sizes 4 and 5 (broadcast.E1 broken).
    save(out, "add_breaks", [
        helper.make_node("Add", ["a", "b"], ["y"], name="add"),
    ], [tensor("a", [3, 4]), tensor("b", [5])], [tensor("y", None)])

    # Implicit rank broadcasting that keeps E1: [2, 3, 4] * [4], [3, 1] and
    # a scalar; Where of three inputs ([1, 4] condition, [3, 1], [4]).
    save(out, "implicit_ok", [
        helper.make_node("Mul", ["a", "b"], ["m"], name="mul"),
        helper.make_node("Sub", ["m", "c"], ["s"], name="sub"),
        helper.make_node("Div", ["s", "k"], ["d"], name="div"),
        helper.make_node("Where", ["w", "c", "b"], ["y"], name="where"),
    ], [tensor("a", [2, 3, 4]), tensor("b", [4]), tensor("c", [3, 1]),
        tensor("k", []), tensor("w", [1, 4], TensorProto.BOOL)],
        [tensor("d", None), tensor("y", None)])

    # Sizes known only at run time: [n, 4] + [3, 1] (n against 3), and
    # [n, 4] + [4], decided (only one input has dimension 0).
    save(out, "dynamic", [
        helper.make_node("Add", ["a", "c"], ["y"], name="add_runtime"),
        helper.make_node("Add", ["a", "b"], ["z"], name="add_decided"),
    ], [tensor("a", ["n", 4]), tensor("b", [4]), tensor("c", [3, 1])],
        [tensor("y", None), tensor("z", None)])

    # Opset 6's Add with broadcast = 1 broadcasts the second input along an
    # axis: no rule of the profile (unchecked); without it, E1 applies.
    save(out, "legacy", [
        helper.make_node("Add", ["a", "b"], ["y"], name="legacy_add",
                         broadcast=1, axis=0),
        helper.make_node("Add", ["a", "a"], ["z"], name="plain_add"),
    ], [tensor("a", [3, 4]), tensor("b", [3])],
        [tensor("y", None), tensor("z", None)], opset=6)

    # A Max of three inputs breaking E1 inside an If branch.
    then_graph = helper.make_graph([
        helper.make_node("Max", ["a", "b", "e"], ["t"], name="max3"),
    ], "then", [], [tensor("t", None)])
    else_graph = helper.make_graph([
        helper.make_node("Identity", ["a"], ["u"], name="keep"),
    ], "else", [], [tensor("u", None)])
    save(out, "in_branch", [
        helper.make_node("If", ["c"], ["y"], name="choose",
                         then_branch=then_graph, else_branch=else_graph),
    ], [tensor("a", [2, 4]), tensor("b", [4]), tensor("e", [3, 1]),
        tensor("c", [], TensorProto.BOOL)], [tensor("y", None)])


if __name__ == "__main__":
    main()
