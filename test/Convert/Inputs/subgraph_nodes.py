#!/usr/bin/env python3
"""Prints the nodes of an ONNX model, those of its subgraphs under the node
that holds them (indented, after the subgraph's initializers and the
values of those of up to 8 elements), for the tests' FileCheck:

    If 'pick' ['flag'] -> ['y']
      then_branch: initializers newshape=[2, 3, 1]
        Reshape 'reshape_t' ['x', 'newshape'] -> ['y_t']

Usage: subgraph_nodes.py MODEL.onnx
"""
import sys

import onnx
from onnx import numpy_helper


def describe(init):
    values = numpy_helper.to_array(init)
    if values.size > 8:
        return init.name
    return "%s=%s" % (init.name, values.reshape(-1).tolist())


def show(graph, indent):
    for node in graph.node:
        print("%s%s '%s' %s -> %s" % (indent, node.op_type, node.name,
                                      list(node.input), list(node.output)))
        for attr in node.attribute:
            graphs = list(attr.graphs) + ([attr.g] if attr.HasField("g")
                                          else [])
            for body in graphs:
                inits = " ".join(describe(i) for i in body.initializer)
                print(("%s  %s: initializers %s" % (indent, attr.name,
                                                    inits)).rstrip())
                show(body, indent + "    ")


def main():
    show(onnx.load(sys.argv[1]).graph, "")


if __name__ == "__main__":
    main()
