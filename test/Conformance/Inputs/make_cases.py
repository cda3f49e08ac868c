# make_cases.py - ONNX test directories for sonnx-run's own lit tests.
#
# Part of the sonnx project.
#
# Usage: make_cases.py OUT
# Writes, in the ONNX backend-test layout (model.onnx,
# test_data_set_N/input_K.pb, output_K.pb), one directory per exit code
# path of sonnx-run: good data, wrong expected outputs (exit 1), and
# invalid models, data and files (exit 2). Uses the helpers of
# scripts/gen_onnx_models.py; deterministic.

import os
import shutil
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(_HERE, "..", "..", "..", "scripts"))

from gen_onnx_models import (  # noqa: E402
    helper, make_model, make_tensor, np, save_model, serialize, value_info)

OUT = sys.argv[1]


def write_case(name, model, data_sets, model_bytes=None):
    """data_sets: list of (inputs, outputs), each a list of (dtype, array)
    or raw bytes (written as they are)."""
    directory = os.path.join(OUT, name)
    if os.path.exists(directory):
        shutil.rmtree(directory)
    os.makedirs(directory)
    if model_bytes is not None:
        with open(os.path.join(directory, "model.onnx"), "wb") as f:
            f.write(model_bytes)
    elif model is not None:
        save_model(model, os.path.join(directory, "model.onnx"))
    for n, (inputs, outputs) in enumerate(data_sets):
        set_dir = os.path.join(directory, "test_data_set_%d" % n)
        os.makedirs(set_dir)
        for prefix, tensors in (("input", inputs), ("output", outputs)):
            for k, tensor in enumerate(tensors):
                if tensor is None:
                    continue
                if isinstance(tensor, bytes):
                    data = tensor
                else:
                    dtype, values = tensor
                    data = serialize(make_tensor("", dtype, values,
                                                 raw=dtype != "string"))
                with open(os.path.join(set_dir, "%s_%d.pb" % (prefix, k)),
                          "wb") as f:
                    f.write(data)


def tensor_bytes(dtype, values):
    return serialize(make_tensor("", dtype, values, raw=dtype != "string"))


# Reshape-14 of x (declared 2x3, or Nx3 for `dynamic`) by a shape input s.
def reshape_model(x_shape=(2, 3), y_shape=(3, 2), name="reshape"):
    node = helper.make_node("Reshape", ["x", "s"], ["y"], name="r")
    return make_model([node], [value_info("x", "float", x_shape),
                               value_info("s", "int64", [2])],
                      [value_info("y", "float", y_shape)], 14, name=name)


X = np.arange(6, dtype=np.float32).reshape(2, 3)
S = np.array([3, 2], dtype=np.int64)
Y = X.reshape(3, 2)
GOOD = ([("float", X), ("int64", S)], [("float", Y)])

# Exit 0: two data sets.
X2 = np.array([[-0.0, 1.5, -2.25], [np.inf, -np.inf, 1e-45]],
              dtype=np.float32)
write_case("ok", reshape_model(), [
    GOOD,
    ([("float", X2), ("int64", np.array([-1, 2], dtype=np.int64))],
     [("float", X2.reshape(3, 2))])])

# Exit 1: outputs that differ.
wrong = Y.copy()
wrong[2, 1] = 7.0
write_case("mismatch_value", reshape_model(), [
    ([("float", X), ("int64", S)], [("float", wrong)])])
zero = np.zeros((2, 3), dtype=np.float32)
negzero = zero.reshape(3, 2).copy()
negzero[0, 1] = -0.0
write_case("mismatch_negzero", reshape_model(), [
    ([("float", zero), ("int64", S)], [("float", negzero)])])
nan = np.full((2, 3), np.nan, dtype=np.float32)
payload = nan.reshape(3, 2).copy()
payload.view(np.uint32)[1, 0] = 0x7fc00001
write_case("mismatch_nan_payload", reshape_model(), [
    ([("float", nan), ("int64", S)], [("float", payload)])])
write_case("mismatch_shape", reshape_model(), [
    ([("float", X), ("int64", S)], [("float", X)])])
write_case("mismatch_type", reshape_model(), [
    ([("float", X), ("int64", S)], [("double", Y.astype(np.float64))])])
write_case("mismatch_second_set", reshape_model(), [
    GOOD, ([("float", X), ("int64", S)], [("float", wrong)])])

strings = np.array([[b"a", b"b", b"c"], [b"d", b"x\x00y", b""]],
                   dtype=object)
flatten = helper.make_node("Flatten", ["x"], ["y"], name="f", axis=0)
string_model = make_model([flatten], [value_info("x", "string", [2, 3])],
                          [value_info("y", "string", [1, 6])], 13,
                          name="strings")
write_case("strings_ok", string_model, [
    ([("string", strings)], [("string", strings.reshape(1, 6))])])
bad_strings = strings.reshape(1, 6).copy()
bad_strings[0, 4] = b"x\x00z"
write_case("mismatch_string", string_model, [
    ([("string", strings)], [("string", bad_strings)])])

# Exit 2: invalid data.
write_case("input_type", reshape_model(), [
    ([("int32", X.astype(np.int32)), ("int64", S)], [("float", Y)])])
write_case("input_shape", reshape_model(), [
    ([("float", np.zeros((3, 2), dtype=np.float32)), ("int64", S)],
     [("float", Y)])])
write_case("input_count", reshape_model(), [
    ([("float", X)], [("float", Y)])])
write_case("input_gap", reshape_model(), [
    ([("float", X), None, ("int64", S)], [("float", Y)])])
write_case("missing_output", reshape_model(), [
    ([("float", X), ("int64", S)], [])])
write_case("missing_model", None, [GOOD])
write_case("no_data_set", reshape_model(), [])
good_input = tensor_bytes("float", X)
write_case("truncated_input", reshape_model(), [
    ([good_input[:len(good_input) - 5], ("int64", S)], [("float", Y)])])
good_output = tensor_bytes("float", Y)
write_case("truncated_output", reshape_model(), [
    ([("float", X), ("int64", S)], [good_output[:-3]])])
model_bytes = serialize(reshape_model())
write_case("truncated_model", None, [GOOD],
           model_bytes=model_bytes[:len(model_bytes) // 2])
write_case("empty_model", None, [GOOD], model_bytes=b"")

# Exit 2: a run-time check (a compile-time error in constant-inputs mode).
write_case("runtime_count", reshape_model(y_shape=None), [
    ([("float", X), ("int64", np.array([4, 2], dtype=np.int64))], [])])

# Exit 2: an invalid model and an unsupported one.
init_shape = make_tensor("s", "int64", np.array([5], dtype=np.int64))
invalid = make_model([helper.make_node("Reshape", ["x", "s"], ["y"],
                                       name="r")],
                     [value_info("x", "float", [2, 3])],
                     [value_info("y", "float", None)], 13,
                     initializers=[init_shape], name="invalid")
write_case("invalid_model", invalid, [([("float", X)], [])])
abs_model = make_model([helper.make_node("Abs", ["x"], ["y"], name="a")],
                       [value_info("x", "float", [2, 3])],
                       [value_info("y", "float", [2, 3])], 13, name="abs")
write_case("unsupported_op", abs_model, [([("float", X)], [("float", X)])])

# Data sets of different shapes: one compilation in dynamic mode, one per
# shape in static mode.
dynamic = make_model([helper.make_node("Reshape", ["x", "s"], ["y"],
                                       name="r")],
                     [value_info("x", "float", ["N", 3]),
                      value_info("s", "int64", ["L"])],
                     [value_info("y", "float", None)], 14, name="dynamic")
X4 = np.arange(12, dtype=np.float32).reshape(4, 3)
write_case("two_shapes", dynamic, [
    GOOD,
    ([("float", X4), ("int64", np.array([-1], dtype=np.int64))],
     [("float", X4.reshape(12))]),
    ([("float", X), ("int64", np.array([6], dtype=np.int64))],
     [("float", X.reshape(6))]),
    ([("float", X2), ("int64", np.array([1, 6], dtype=np.int64))],
     [("float", X2.reshape(1, 6))])])
print("wrote cases to %s" % OUT)
