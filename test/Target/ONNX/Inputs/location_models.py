# location_models.py - models whose ops must be located at their ONNX node.
#
# Part of the sonnx project.
#
# Usage: location_models.py OUT
# Writes OUT/<name>.onnx for the importer's tests (locations.test) and, in
# the ONNX backend-test layout, OUT/<name>/model.onnx with test_data_set_0
# for sonnx-run's (test/Conformance/node-locations.test). In every model the
# node that breaks a rule is not the first, so a message that cites the
# wrong index, or none, fails the tests; named and unnamed nodes alike.

import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lit_models import *  # noqa: E402,F403

x23 = value_info("x", "float", [2, 3])
y = value_info("y", "float", None)
X = np.arange(6, dtype=np.float32).reshape(2, 3)

# Every kind of located element: a graph input, an initializer, a named
# Constant node, an unnamed Reshape and a named Unsqueeze.
save("chain", make_model(
    [node("Constant", [], ["s"], name="shape_c",
          value=make_tensor("v", "int64", i64([3, 2]))),
     node("Reshape", ["x", "s"], ["r"], allowzero=0),
     node("Unsqueeze", ["r", "axes"], ["y"], name="u")],
    [x23], [y], 14, initializers=[make_tensor("axes", "int64", i64([0]))]))


def two_nodes(reshape_name, first_name="first", shape=None):
    """Flatten (node 0) then Reshape (node 1) by the initializer `shape`,
    or by the graph input `s` when `shape` is None."""
    inputs = [x23]
    initializers = []
    if shape is None:
        inputs.append(value_info("s", "int64", [2]))
    else:
        initializers.append(make_tensor("s", "int64", i64(shape)))
    return make_model(
        [node("Flatten", ["x"], ["f"], name=first_name, axis=1),
         node("Reshape", ["f", "s"], ["y"], name=reshape_name, allowzero=0)],
        inputs, [y], 14, initializers=initializers)


# A shape that breaks reshape.count at compile time.
save("invalid_named", two_nodes("reshape_1", shape=[5]))
save("invalid_unnamed", two_nodes(None, shape=[5]))
# ONNX node names need not be unique: the index tells the nodes apart.
save("invalid_same_name", two_nodes("n", first_name="n", shape=[5]))


def write_case(name, model, inputs):
    """A backend-test directory with one data set and no expected output
    (the tests expect the run to fail before comparing)."""
    directory = os.path.join(OUT, name)
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(os.path.join(directory, "test_data_set_0"))
    save_model(model, os.path.join(directory, "model.onnx"))
    for k, (dtype, values) in enumerate(inputs):
        path = os.path.join(directory, "test_data_set_0", "input_%d.pb" % k)
        with open(path, "wb") as f:
            f.write(serialize(make_tensor("", dtype, values, raw=True)))


# The shape input asks for 8 elements of 6: reshape.count fails at run time
# (at compile time with --mode=constant-inputs).
S42 = np.array([4, 2], dtype=np.int64)
write_case("runtime_named", two_nodes("reshape_1"),
           [("float", X), ("int64", S42)])
write_case("runtime_unnamed", two_nodes(None),
           [("float", X), ("int64", S42)])
