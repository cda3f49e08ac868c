# lit_models.py - model builders for the ONNX importer's lit tests.
#
# Part of the sonnx project.
#
# A test is a Python file whose RUN lines first execute it with the output
# directory as argument (`%python %s %t`); it builds its models with the
# helpers of scripts/gen_onnx_models.py and saves them with save(). The
# RUN lines then import them with sonnx-translate.

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(_HERE, "..", "..", "..", "..", "scripts"))

from gen_onnx_models import (  # noqa: E402,F401
    DTYPES, NUMPY, helper, i64, make_model, make_tensor, np, onnx, pack_4bit,
    save_model, serialize, value_info)

OUT = sys.argv[1] if len(sys.argv) > 1 else "."
os.makedirs(OUT, exist_ok=True)


def node(op, inputs, outputs, name=None, **attrs):
    return helper.make_node(op, inputs, outputs, name=name, **attrs)


def save(name, model):
    """Writes `model` to OUT/<name>.onnx."""
    save_model(model, os.path.join(OUT, name + ".onnx"))


def save_bytes(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def model1(op_node, inputs, outputs, opset, **kwargs):
    """A model of a single node."""
    return make_model([op_node], inputs, outputs, opset, **kwargs)
