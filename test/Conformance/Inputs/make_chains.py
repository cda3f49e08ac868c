# make_chains.py - chains of shape ops fed by run-time shape and axes inputs.
#
# Part of the sonnx project.
#
# Usage: make_chains.py OUT
# Writes, in the ONNX backend-test layout (model.onnx,
# test_data_set_N/input_K.pb, output_K.pb), chains of 2 and 3 ops in which
# a graph input of symbolic length ("L", "K", ...) is the shape of a
# Reshape or Expand or the axes of an Unsqueeze whose result feeds another
# op, so that the rank of that result is only known from the data. The
# intermediate values have no declared type.
#
# valid_*: every data set runs; the data sets give the run-time inputs
# different lengths and x different shapes, and the expected outputs come
# from numpy.
# invalid_*: one data set whose run breaks the rule the directory's
# `rule` file names (no expected output).
#
# Uses the helpers of scripts/gen_onnx_models.py; deterministic.

import os
import shutil
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(_HERE, "..", "..", "..", "scripts"))

from gen_onnx_models import (  # noqa: E402
    helper, make_model, make_tensor, np, ref_expand, ref_flatten,
    ref_reshape, ref_unsqueeze, save_model, serialize, value_info)

OUT = sys.argv[1]
OPSET = 14


def i64(values):
    return np.asarray(values, dtype=np.int64)


def f32(shape):
    return np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape)


# A step: (op, second operand, attributes). The second operand is
# ("input", name): a graph input of symbolic length given by the data set;
# ("init", values): an initializer; None for Flatten.
REFS = {
    "Reshape": lambda x, s, a: ref_reshape(x, s, a.get("allowzero", 0)),
    "Unsqueeze": lambda x, s, a: ref_unsqueeze(x, [int(v) for v in s]),
    "Expand": lambda x, s, a: ref_expand(x, s),
    "Flatten": lambda x, s, a: ref_flatten(x, a["axis"]),
}


def write_chain(name, x_decl, steps, data_sets, rule=None, identity=False,
                error=False, declared=None):
    """data_sets: dicts from input name to numpy array ("x" and every
    ("input", name) of `steps`). With `identity`, each run-time input goes
    through an Identity node first. With `rule` or `error`, the data sets
    have no expected output. `declared` maps a run-time input to its
    declared shape (default: one symbolic size)."""
    nodes, inputs, inits = [], [value_info("x", "float", x_decl)], []
    current = "x"
    for k, (op, second, attrs) in enumerate(steps):
        out = "y" if k == len(steps) - 1 else "t%d" % (k + 1)
        operands = [current]
        if second is not None:
            kind, value = second
            if kind == "input":
                shape = (declared or {}).get(value, ["len_" + value])
                inputs.append(value_info(value, "int64", shape))
                operand = value
                if identity:
                    operand = value + "_id"
                    nodes.append(helper.make_node("Identity", [value],
                                                  [operand],
                                                  name="id_" + value))
                operands.append(operand)
            else:
                init = "c%d" % (k + 1)
                inits.append(make_tensor(init, "int64", i64(value)))
                operands.append(init)
        node_attrs = dict(attrs)
        if op == "Reshape":
            node_attrs.setdefault("allowzero", 0)
        nodes.append(helper.make_node(op, operands, [out], name="n%d" % k,
                                      **node_attrs))
        current = out
    model = make_model(nodes, inputs, [value_info("y", "float", None)],
                       OPSET, initializers=inits, name=name)

    directory = os.path.join(OUT, name)
    if os.path.exists(directory):
        shutil.rmtree(directory)
    os.makedirs(directory)
    save_model(model, os.path.join(directory, "model.onnx"))
    if rule:
        with open(os.path.join(directory, "rule"), "w") as f:
            f.write(rule + "\n")
    input_names = [info.name for info in inputs]
    for n, data in enumerate(data_sets):
        set_dir = os.path.join(directory, "test_data_set_%d" % n)
        os.makedirs(set_dir)
        for k, input_name in enumerate(input_names):
            value = data[input_name]
            dtype = "float" if input_name == "x" else "int64"
            with open(os.path.join(set_dir, "input_%d.pb" % k), "wb") as f:
                f.write(serialize(make_tensor(input_name, dtype, value)))
        if rule or error:
            continue
        y = data["x"]
        for op, second, attrs in steps:
            s = None
            if second is not None:
                kind, value = second
                s = data[value] if kind == "input" else i64(value)
            y = REFS[op](y, s, attrs)
        with open(os.path.join(set_dir, "output_0.pb"), "wb") as f:
            f.write(serialize(make_tensor("y", "float",
                                          np.ascontiguousarray(y))))


S = ("input", "s")
A = ("input", "a")
E = ("input", "e")
S2 = ("input", "s2")
FLAT1 = ("Flatten", None, {"axis": 1})

# Valid 2-op chains. Data sets 0 and 2 give the run-time inputs the same
# lengths (a compilation with static lengths serves both).
write_chain("valid_reshape_flatten", ["N", 3], [("Reshape", S, {}), FLAT1], [
    {"x": f32((2, 3)), "s": i64([3, 2])},
    {"x": f32((4, 3)), "s": i64([2, 3, 2])},
    {"x": f32((4, 3)), "s": i64([6, -1])}])
write_chain("valid_reshape_unsqueeze", ["N", 3],
            [("Reshape", S, {}), ("Unsqueeze", ("init", [0]), {})], [
    {"x": f32((2, 3)), "s": i64([3, 2])},
    {"x": f32((4, 3)), "s": i64([12])},
    {"x": f32((4, 3)), "s": i64([2, 6])}])
write_chain("valid_reshape_expand", ["N", 3],
            [("Reshape", S, {}), ("Expand", ("init", [2, 1, 1]), {})], [
    {"x": f32((2, 3)), "s": i64([3, 2])},
    {"x": f32((4, 3)), "s": i64([12])},
    {"x": f32((1, 3)), "s": i64([1, 3])}])
write_chain("valid_reshape_reshape", ["N", 3],
            [("Reshape", S, {}), ("Reshape", S2, {})], [
    {"x": f32((2, 3)), "s": i64([3, 2]), "s2": i64([6])},
    {"x": f32((4, 3)), "s": i64([12]), "s2": i64([2, 2, 3])},
    {"x": f32((4, 3)), "s": i64([2, 6]), "s2": i64([-1])}])
write_chain("valid_unsqueeze_flatten", ["N", 3], [("Unsqueeze", A, {}),
                                                  ("Flatten", None,
                                                   {"axis": 2})], [
    {"x": f32((2, 3)), "a": i64([0])},
    {"x": f32((4, 3)), "a": i64([-1, 1])},
    {"x": f32((1, 3)), "a": i64([2])}])
write_chain("valid_unsqueeze_reshape", ["N", 3],
            [("Unsqueeze", A, {}), ("Reshape", ("init", [-1, 3]), {})], [
    {"x": f32((2, 3)), "a": i64([1])},
    {"x": f32((4, 3)), "a": i64([0, 3])}])
write_chain("valid_expand_flatten", ["N", 1], [("Expand", E, {}), FLAT1], [
    {"x": f32((2, 1)), "e": i64([2, 3])},
    {"x": f32((3, 1)), "e": i64([2, 1, 4])},
    {"x": f32((1, 1)), "e": i64([1, 5])}])
write_chain("valid_expand_unsqueeze", ["N", 1],
            [("Expand", E, {}), ("Unsqueeze", A, {})], [
    {"x": f32((2, 1)), "e": i64([2, 3]), "a": i64([0])},
    {"x": f32((3, 1)), "e": i64([2, 1, 4]), "a": i64([-1, 0])}])
# Through Identity nodes.
write_chain("valid_identity_reshape_flatten", ["N", 3],
            [("Reshape", S, {}), FLAT1], [
    {"x": f32((2, 3)), "s": i64([3, 2])},
    {"x": f32((4, 3)), "s": i64([2, 3, 2])}], identity=True)
# Valid 3-op chains.
write_chain("valid_reshape_unsqueeze_flatten", ["N", 3],
            [("Reshape", S, {}), ("Unsqueeze", A, {}),
             ("Flatten", None, {"axis": 2})], [
    {"x": f32((2, 3)), "s": i64([3, 2]), "a": i64([0])},
    {"x": f32((4, 3)), "s": i64([12]), "a": i64([1, -1])},
    {"x": f32((2, 3)), "s": i64([6, 1]), "a": i64([2])}])
write_chain("valid_unsqueeze_expand_reshape", ["N", 3],
            [("Unsqueeze", A, {}), ("Expand", E, {}), ("Reshape", S, {})], [
    {"x": f32((2, 3)), "a": i64([0]), "e": i64([2, 1, 1]),
     "s": i64([-1])},
    {"x": f32((1, 3)), "a": i64([0, 1]), "e": i64([2, 1, 1, 1]),
     "s": i64([2, 3])}])

# Invalid chains: the rule each breaks, at the first or a later op.
write_chain("invalid_reshape_count", ["N", 3], [("Reshape", S, {}), FLAT1],
            [{"x": f32((2, 3)), "s": i64([4, 2])}], rule="reshape.count")
write_chain("invalid_unsqueeze_range", ["N", 3],
            [("Unsqueeze", A, {}), FLAT1],
            [{"x": f32((2, 3)), "a": i64([3])}], rule="unsqueeze.A.C1")
write_chain("invalid_unsqueeze_duplicate", ["N", 3],
            [("Unsqueeze", A, {}), FLAT1],
            [{"x": f32((2, 3)), "a": i64([0, -4])}], rule="unsqueeze.A.C2")
write_chain("invalid_expand_incompatible", ["N", 3],
            [("Expand", E, {}), FLAT1],
            [{"x": f32((2, 3)), "e": i64([4, 3])}], rule="expand.E1")
write_chain("invalid_flatten_axis_second", ["N", 3],
            [("Reshape", S, {}), ("Flatten", None, {"axis": 3})],
            [{"x": f32((2, 3)), "s": i64([3, 2])}], rule="flatten.axis.C2")
write_chain("invalid_reshape_count_second", ["N", 3],
            [("Reshape", S, {}), ("Reshape", S2, {})],
            [{"x": f32((2, 3)), "s": i64([3, 2]), "s2": i64([5])}],
            rule="reshape.count")
write_chain("invalid_unsqueeze_range_third", ["N", 3],
            [("Reshape", S, {}), ("Unsqueeze", A, {}), FLAT1],
            [{"x": f32((2, 3)), "s": i64([6]), "a": i64([-3])}],
            rule="unsqueeze.A.C1")
# A shape input declared 2-D breaks its rule with any data: the dynamic
# mode reports it as it is, without taking lengths from the data.
write_chain("invalid_shape_rank", ["N", 3], [("Reshape", S, {}), FLAT1],
            [{"x": f32((2, 3)), "s": i64([[3, 2]])}], rule="reshape.S.rank",
            declared={"s": [1, "L"]})
# An unsupported op after a run-time shape: static lengths change nothing,
# the dynamic mode reports the op as the other modes do.
write_chain("unsupported_after_reshape", ["N", 3],
            [("Reshape", S, {}), ("Abs", None, {})],
            [{"x": f32((2, 3)), "s": i64([3, 2])}], error=True)
print("wrote chains to %s" % OUT)
