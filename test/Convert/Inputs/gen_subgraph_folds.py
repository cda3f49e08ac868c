#!/usr/bin/env python3
"""Writes the models of test/Convert/subgraph-folds.test into OUTPUT_DIR:
shape computations inside the bodies of If, Loop and Scan, for the
--input-shape rewrites inside subgraphs (x=2x3 in every model).

- body_if.onnx: an If on a graph input (it never folds) whose branches
  compute shapes from x: a Shape/Gather/Concat chain and a Reshape to the
  shape Shape computes (an identity). Both branches define 's' and
  'newshape', each with its own value (names shadowed across bodies).
  Also the inputs of both runs (inputs/x.pb, flag_true.pb, flag_false.pb).
- body_loop.onnx: a Loop whose body computes the size of x (loop
  invariant: folded), reshapes x by it, and an If on a condition computed
  from x's shape (inlined); against it, the Shape of the loop-carried 'acc'
  (declared of static shape: the check computes it, but it varies with the
  iterations as far as the check can prove), a Reshape of the carried value
  to it (an identity by the declared types) and an If on a condition
  computed from it: none is folded, removed or inlined; the
  iteration number unsqueezed as a scan output.
- body_nested.onnx: an If on x's row count (folded, inlined) whose taken
  branch holds an If on a condition the branch computes (inlined too),
  whose taken branch holds a Reshape to a shape computed in it.
- body_scan.onnx: a Scan whose body reshapes each slice by a shape computed
  from the outer x (folded), and multiplies it by a scalar initializer
  (explicit-broadcast writes an Unsqueeze of it, which a second conversion
  must not fold).

- body_refine.onnx: an If on a graph input whose then_branch holds an If
  on x's row count (inlined) that unsqueezes x to rank 3 (its else_branch
  keeps rank 2: ONNX's shape inference does not know the If's rank, the
  check does from the branch taken and writes it back into the branch's
  value_info), a Relu of it, and an If on the size of the Relu's last
  dimension: inlined in the first conversion too, so that the round trip
  changes nothing.

Usage: gen_subgraph_folds.py OUTPUT_DIR
"""
import os
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_convert  # noqa: E402
from gen_convert import tensor  # noqa: E402


def save(out, name, nodes, inputs, outputs, inits=()):
    gen_convert.save(out, name, nodes, inputs, outputs, inits,
                     producer="gen_subgraph_folds")


def ints(name, values):
    return numpy_helper.from_array(np.asarray(values, dtype=np.int64), name)


def node(op, inputs, outputs, name, **attrs):
    return helper.make_node(op, inputs, outputs, name=name, **attrs)


def body_if(out):
    # then: s = [2, 3], newshape = [2, 3, 1]; else: s = [2, 3], newshape =
    # [1, 2, 3].
    then_graph = helper.make_graph([
        node("Shape", ["x"], ["s"], "shape_t"),
        node("Gather", ["s", "idx"], ["rows"], "gather_t", axis=0),
        node("Concat", ["rows", "tail"], ["newshape"], "concat_t", axis=0),
        node("Reshape", ["x", "s"], ["xs"], "same_t"),
        node("Reshape", ["xs", "newshape"], ["y_t"], "reshape_t"),
    ], "then", [], [tensor("y_t", None)],
        [ints("idx", [0]), ints("tail", [3, 1])])
    else_graph = helper.make_graph([
        node("Shape", ["x"], ["s"], "shape_e"),
        node("Concat", ["one", "s"], ["newshape"], "concat_e", axis=0),
        node("Reshape", ["x", "newshape"], ["r_e"], "reshape_e"),
        node("Neg", ["r_e"], ["y_e"], "neg_e"),
    ], "else", [], [tensor("y_e", None)], [ints("one", [1])])
    save(out, "body_if", [
        node("If", ["flag"], ["y"], "pick", then_branch=then_graph,
             else_branch=else_graph),
    ], [tensor("x", ["N", 3]), tensor("flag", [], TensorProto.BOOL)],
        [tensor("y", ["a", "b", "c"])])
    inputs = os.path.join(out, "inputs")
    os.makedirs(inputs, exist_ok=True)
    x = np.arange(6, dtype=np.float32).reshape(2, 3) - 2.5
    for name, value in [("x", x), ("flag_true", np.array(True)),
                        ("flag_false", np.array(False))]:
        with open(os.path.join(inputs, name + ".pb"), "wb") as f:
            f.write(numpy_helper.from_array(value, name).SerializeToString())


def body_loop(out):
    pick = node("If", ["two_rows"], ["picked"], "pick_l",
                then_branch=helper.make_graph(
                    [node("Relu", ["xflat"], ["v"], "relu_l")], "then_l", [],
                    [tensor("v", None)]),
                else_branch=helper.make_graph(
                    [node("Neg", ["xflat"], ["v"], "neg_l")], "else_l", [],
                    [tensor("v", None)]))
    varying_if = node("If", ["acc_is_six"], ["from_acc"], "varying_if",
                      then_branch=helper.make_graph(
                          [node("Abs", ["acc_same"], ["w"], "abs_l")], "then_v",
                          [], [tensor("w", None)]),
                      else_branch=helper.make_graph(
                          [node("Neg", ["acc_same"], ["w"], "neg_v")], "else_v",
                          [], [tensor("w", None)]))
    body = helper.make_graph([
        # Loop invariant: computed from the outer x.
        node("Shape", ["x"], ["sx"], "shape_x"),
        node("Gather", ["sx", "zero"], ["rows"], "rows_x", axis=0),
        node("Gather", ["sx", "one"], ["cols"], "cols_x", axis=0),
        node("Mul", ["rows", "cols"], ["size"], "size_x"),
        node("Reshape", ["x", "sx"], ["xs"], "same_x"),
        node("Reshape", ["xs", "size"], ["xflat"], "flat_x"),
        node("Equal", ["rows", "two"], ["two_rows"], "is_two"),
        pick,
        # Varying: the loop-carried acc and the iteration number.
        node("Shape", ["acc"], ["sa"], "shape_acc"),
        node("Equal", ["sa", "six"], ["acc_is_six"], "acc_six"),
        node("Reshape", ["acc", "sa"], ["acc_same"], "same_acc"),
        varying_if,
        node("Add", ["from_acc", "picked"], ["sum"], "add_l"),
        node("Reshape", ["sum", "sa"], ["acc_out"], "reshape_acc"),
        node("Unsqueeze", ["i", "zero"], ["i_1d"], "unsqueeze_i"),
        node("Identity", ["cond_in"], ["cond_out"], "cond_l"),
    ], "loop_body", [
        tensor("i", [], TensorProto.INT64),
        tensor("cond_in", [], TensorProto.BOOL),
        tensor("acc", [6]),
    ], [tensor("cond_out", [], TensorProto.BOOL), tensor("acc_out", [6]),
        tensor("i_1d", [1], TensorProto.INT64)],
        [ints("zero", [0]), ints("one", [1]), ints("two", [2]),
         ints("six", [6])])
    save(out, "body_loop", [
        node("Loop", ["trips", "keep_going", "acc0"], ["acc_final", "iters"],
             "loop", body=body),
    ], [tensor("x", ["N", 3])],
        [tensor("acc_final", [6]), tensor("iters", [3, 1], TensorProto.INT64)],
        [ints("trips", 3),
         numpy_helper.from_array(np.array(True), "keep_going"),
         numpy_helper.from_array(np.linspace(-1, 1, 6, dtype=np.float32),
                                 "acc0")])


def body_nested(out):
    inner = node("If", ["is_three"], ["inner_y"], "inner_if",
                 then_branch=helper.make_graph([
                     node("Concat", ["rows", "minus_one"], ["flat_shape"],
                          "concat_i", axis=0),
                     node("Reshape", ["x", "flat_shape"], ["r"], "reshape_i"),
                     node("Relu", ["r"], ["inner_t"], "relu_i"),
                 ], "inner_then", [], [tensor("inner_t", None)],
                     [ints("minus_one", [-1])]),
                 else_branch=helper.make_graph(
                     [node("Neg", ["x"], ["inner_e"], "neg_i")], "inner_else",
                     [], [tensor("inner_e", None)]))
    outer = node("If", ["is_two"], ["y"], "outer_if",
                 then_branch=helper.make_graph([
                     node("Gather", ["s", "one"], ["cols"], "cols_o", axis=0),
                     node("Equal", ["cols", "three"], ["is_three"],
                          "eq_three"),
                     inner,
                 ], "outer_then", [], [tensor("inner_y", None)],
                     [ints("one", [1]), ints("three", [3])]),
                 else_branch=helper.make_graph(
                     [node("Abs", ["x"], ["outer_e"], "abs_o")], "outer_else",
                     [], [tensor("outer_e", None)]))
    save(out, "body_nested", [
        node("Shape", ["x"], ["s"], "shape"),
        node("Gather", ["s", "zero"], ["rows"], "rows", axis=0),
        node("Equal", ["rows", "two"], ["is_two"], "eq_two"),
        outer,
    ], [tensor("x", ["N", 3])], [tensor("y", ["N", 3])],
        [ints("zero", [0]), ints("two", [2])])


def body_scan(out):
    body = helper.make_graph([
        node("Shape", ["x"], ["sx"], "shape_s"),
        node("Gather", ["sx", "one"], ["cols"], "cols_s", axis=0),
        node("Concat", ["cols", "one"], ["col_shape"], "concat_s", axis=0),
        node("Reshape", ["row", "col_shape"], ["col"], "reshape_s"),
        node("Add", ["sum_in", "col"], ["sum_out"], "add_s"),
        node("Mul", ["col", "half"], ["col_out"], "half_s"),
    ], "scan_body", [tensor("sum_in", [3, 1]), tensor("row", [3])],
        [tensor("sum_out", [3, 1]), tensor("col_out", [3, 1])],
        [ints("one", [1]),
         numpy_helper.from_array(np.array(0.5, dtype=np.float32), "half")])
    save(out, "body_scan", [
        node("Scan", ["sum0", "x"], ["sum", "col_stack"], "scan", body=body,
             num_scan_inputs=1),
    ], [tensor("x", ["N", 3])],
        [tensor("sum", [3, 1]), tensor("col_stack", ["N", 3, 1])],
        [numpy_helper.from_array(np.zeros((3, 1), dtype=np.float32), "sum0")])


def body_refine(out):
    unsqueeze_if = node(
        "If", ["two_rows"], ["m"], "unsqueeze_if",
        then_branch=helper.make_graph(
            [node("Unsqueeze", ["x", "two"], ["u"], "unsqueeze_u")],
            "unsqueeze_then", [], [tensor("u", None)]),
        else_branch=helper.make_graph(
            [node("Neg", ["x"], ["n"], "neg_n")], "unsqueeze_else", [],
            [tensor("n", None)]))
    inner = node("If", ["is_one"], ["y_t"], "inner_if",
                 then_branch=helper.make_graph(
                     [node("Relu", ["rm"], ["a"], "relu_a")], "inner_then",
                     [], [tensor("a", None)]),
                 else_branch=helper.make_graph(
                     [node("Neg", ["rm"], ["b"], "neg_b")], "inner_else", [],
                     [tensor("b", None)]))
    then_graph = helper.make_graph([
        node("Shape", ["x"], ["s"], "shape_t"),
        node("Gather", ["s", "zero"], ["rows"], "rows_t", axis=0),
        node("Equal", ["rows", "two"], ["two_rows"], "eq_two"),
        unsqueeze_if,
        node("Relu", ["m"], ["rm"], "relu_m"),
        node("Shape", ["rm"], ["sr"], "shape_r"),
        node("Gather", ["sr", "two"], ["last"], "last_r", axis=0),
        node("Equal", ["last", "one"], ["is_one"], "eq_one"),
        inner,
    ], "then", [], [tensor("y_t", None)],
        [ints("zero", [0]), ints("two", [2]), ints("one", [1])])
    else_graph = helper.make_graph(
        [node("Abs", ["x"], ["y_e"], "abs_e")], "else", [],
        [tensor("y_e", None)])
    save(out, "body_refine", [
        node("If", ["flag"], ["y"], "pick", then_branch=then_graph,
             else_branch=else_graph),
    ], [tensor("x", ["N", 3]), tensor("flag", [], TensorProto.BOOL)],
        [tensor("y", None)])


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    body_if(out)
    body_loop(out)
    body_nested(out)
    body_scan(out)
    body_refine(out)


if __name__ == "__main__":
    main()
