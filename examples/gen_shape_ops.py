#!/usr/bin/python3
# gen_shape_ops.py - writes the bundled example ONNX model and its data.
#
# Part of the sonnx project.
#
# Usage: /usr/bin/python3 examples/gen_shape_ops.py [OUT_DIR]
# (Debian's python3 with python3-onnx and numpy; OUT_DIR defaults to the
# directory of this script). Writes:
#   shape_ops.onnx             the model (opset 14)
#   shape_ops.input_0.pb       a value for its input "tokens"
#   shape_ops.output_K.pb      the outputs numpy computes for that input
# The files are committed; this script regenerates them bit for bit
# (deterministic serialization, fixed values).
#
# The model turns a 2x3 batch of token features into 3 rows of 4 by
# chaining the four shape operators of the profile, every attribute given
# (so that it also passes --strict-profile):
#   tokens [2, 3] --Unsqueeze(axes=[1])--> [2, 1, 3]
#                 --Expand([2, 2, 3])----> [2, 2, 3]      (each token twice)
#                 --Flatten(axis=1)------> rows [2, 6]    (output 1)
#                 --Reshape([3, -1])-----> grid [3, 4]    (output 0)

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(
    os.path.abspath(__file__))
os.makedirs(out, exist_ok=True)


def i64(name, values):
    return numpy_helper.from_array(np.array(values, dtype=np.int64), name)


nodes = [
    helper.make_node("Unsqueeze", ["tokens", "axes"], ["column"],
                     name="add_axis"),
    helper.make_node("Expand", ["column", "repeat"], ["repeated"],
                     name="repeat_tokens"),
    helper.make_node("Flatten", ["repeated"], ["rows"], name="to_rows",
                     axis=1),
    helper.make_node("Reshape", ["rows", "grid_shape"], ["grid"],
                     name="to_grid", allowzero=0),
]
graph = helper.make_graph(
    nodes, "shape_ops",
    [helper.make_tensor_value_info("tokens", TensorProto.FLOAT, [2, 3])],
    [helper.make_tensor_value_info("grid", TensorProto.FLOAT, [3, 4]),
     helper.make_tensor_value_info("rows", TensorProto.FLOAT, [2, 6])],
    initializer=[i64("axes", [1]), i64("repeat", [2, 2, 3]),
                 i64("grid_shape", [3, -1])])
model = helper.make_model(graph, producer_name="sonnx-example",
                          opset_imports=[helper.make_opsetid("", 14)])
model.ir_version = 7
onnx.checker.check_model(model)

tokens = np.array([[0.5, 1.0, 1.5], [-2.0, 0.0, 2.0]], dtype=np.float32)
repeated = np.broadcast_to(tokens[:, np.newaxis, :], (2, 2, 3))
rows = repeated.reshape(2, 6)
grid = rows.reshape(3, 4)


def write(name, message):
    with open(os.path.join(out, name), "wb") as f:
        f.write(message.SerializeToString(deterministic=True))


write("shape_ops.onnx", model)
write("shape_ops.input_0.pb", numpy_helper.from_array(tokens, "tokens"))
write("shape_ops.output_0.pb", numpy_helper.from_array(grid, "grid"))
write("shape_ops.output_1.pb",
      numpy_helper.from_array(np.ascontiguousarray(rows), "rows"))
print("wrote shape_ops.onnx and its data to %s" % out)
