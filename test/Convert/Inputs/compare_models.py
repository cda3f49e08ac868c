#!/usr/bin/env python3
"""Compares two ONNX models node by node, at every depth of subgraphs: the
nodes (name, op type, domain, attributes with their types and values, as a
multiset: an exporter may write a Constant node earlier), the graph inputs
and outputs (names, element types, ranks) and the initializers (names,
types, shapes, values) that a node reads. Prints "same: N nodes" and exits 0, or prints every
difference and exits 1. With --allow-added-attrs, attributes that only
the second model has are allowed (sonnx-convert writes defaults).

Usage: compare_models.py ORIGINAL.onnx OTHER.onnx [--allow-added-attrs]
"""
import sys

import onnx
from onnx import numpy_helper


def attr_value(attr):
    if attr.type == onnx.AttributeProto.GRAPH:
        return ("graph", describe_graph(attr.g))
    if attr.type == onnx.AttributeProto.GRAPHS:
        return ("graphs", tuple(describe_graph(g) for g in attr.graphs))
    if attr.type == onnx.AttributeProto.TENSOR:
        array = numpy_helper.to_array(attr.t)
        return ("tensor", str(array.dtype), array.shape, array.tobytes())
    value = onnx.helper.get_attribute_value(attr)
    if isinstance(value, list):
        value = tuple(value)
    return (onnx.AttributeProto.AttributeType.Name(attr.type), value)


def describe_value(info):
    t = info.type.tensor_type
    rank = len(t.shape.dim) if t.HasField("shape") else None
    return (info.name, t.elem_type, rank)


def describe_graph(graph):
    nodes = []
    for node in graph.node:
        attrs = tuple(sorted((a.name, attr_value(a)) for a in node.attribute))
        domain = "" if node.domain == "ai.onnx" else node.domain
        # The import elides Identity nodes; the export writes them again,
        # without their names.
        name = "" if node.op_type == "Identity" else node.name
        nodes.append((name, node.op_type, domain, attrs))
    used = {i for node in graph.node for i in node.input}
    used |= {o.name for o in graph.output}
    inits = []
    for init in graph.initializer:
        # An initializer no node reads is dropped by the export; those it
        # writes for the constants the check folded are named sonnx_N.
        if init.name not in used or init.name.startswith("sonnx_"):
            continue
        array = numpy_helper.to_array(init)
        inits.append((init.name, str(array.dtype), array.shape,
                      array.tobytes()))
    return (tuple(sorted(nodes, key=repr)),
            tuple(describe_value(v) for v in graph.input),
            tuple(describe_value(v) for v in graph.output),
            tuple(sorted(inits, key=repr)))


def count(graph):
    n = 0
    for node in graph.node:
        n += 1
        for a in node.attribute:
            if a.type == onnx.AttributeProto.GRAPH:
                n += count(a.g)
            for g in a.graphs:
                n += count(g)
    return n


def diff(a, b, path, allow_added, out):
    nodes_a, ins_a, outs_a, inits_a = a
    nodes_b, ins_b, outs_b, inits_b = b
    # A rank the first model leaves out may be written (inferred) by the
    # second.
    outs_b = tuple((n, t, r if ra is not None else None)
                   for (n, t, r), (_, _, ra) in zip(outs_b, outs_a))
    for what, x, y in (("inputs", ins_a, ins_b), ("outputs", outs_a, outs_b),
                       ("initializers", inits_a, inits_b)):
        if x != y:
            out.append(f"{path}: {what} differ: {x!r:.300} != {y!r:.300}")
    if len(nodes_a) != len(nodes_b):
        out.append(f"{path}: {len(nodes_a)} nodes != {len(nodes_b)} nodes")
        return
    for na, nb in zip(nodes_a, nodes_b):
        if na[:3] != nb[:3]:
            out.append(f"{path}: node {na[:3]} != {nb[:3]}")
            continue
        attrs_a, attrs_b = dict(na[3]), dict(nb[3])
        for name in sorted(set(attrs_a) | set(attrs_b)):
            if name not in attrs_b:
                out.append(f"{path}: node '{na[0]}': attribute '{name}' lost")
            elif name not in attrs_a:
                if not allow_added:
                    out.append(f"{path}: node '{na[0]}': attribute '{name}' "
                               f"added")
            elif attrs_a[name][0] in ("graph", "graphs"):
                ga = attrs_a[name][1]
                gb = attrs_b[name][1]
                if attrs_a[name][0] == "graph":
                    ga, gb = (ga,), (gb,)
                for i, (x, y) in enumerate(zip(ga, gb)):
                    diff(x, y, f"{path} > {na[0]}.{name}[{i}]", allow_added,
                         out)
            elif attrs_a[name] != attrs_b[name]:
                out.append(f"{path}: node '{na[0]}': attribute '{name}': "
                           f"{attrs_a[name]!r:.200} != {attrs_b[name]!r:.200}")


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    allow_added = "--allow-added-attrs" in sys.argv
    a, b = onnx.load(args[0]), onnx.load(args[1])
    out = []
    diff(describe_graph(a.graph), describe_graph(b.graph), "graph",
         allow_added, out)
    if out:
        print("\n".join(out))
        return 1
    print(f"same: {count(a.graph)} nodes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
