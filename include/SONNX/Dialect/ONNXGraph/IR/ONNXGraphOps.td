//===- ONNXGraphOps.td - the opaque ONNX nodes of a checked model -*- tablegen -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_ONNXGRAPH_IR_ONNXGRAPHOPS_TD
#define SONNX_DIALECT_ONNXGRAPH_IR_ONNXGRAPHOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def ONNXGraph_Dialect : Dialect {
  let name = "onnx_graph";
  let cppNamespace = "::mlir::sonnx::onnx_graph";
  let summary = "The ONNX nodes of a checked model that are not sonnx ops";
  let description = [{
    `sonnx-check` imports every node of an ONNX model: the shape ops become
    sonnx ops, every other node an `onnx_graph.node` that keeps its op type,
    domain, attributes, operands and results, so that the checked shape ops
    stay inside the whole graph as valid MLIR (docs/sonnx-check.md). The
    dialect has no semantics of its own: nothing lowers it.
  }];
  let useDefaultTypePrinterParser = 1;
}

def ONNXGraph_OpaqueType : TypeDef<ONNXGraph_Dialect, "Opaque"> {
  let mnemonic = "opaque";
  let summary = "An ONNX value type sonnx has no MLIR type for";
  let description = [{
    The type of a value whose ONNX type is not a tensor of a profile element
    type (a sequence, a map, an optional, a tensor of another element type)
    or is not known: its ONNX type as text, `"?"` when unknown.

    ```mlir
    !onnx_graph.opaque<"seq(tensor(float))">
    ```
  }];
  let parameters = (ins StringRefParameter<"the ONNX type">:$onnxType);
  let assemblyFormat = "`<` $onnxType `>`";
}

def ONNXGraph_NodeOp : Op<ONNXGraph_Dialect, "node"> {
  let summary = "An ONNX node that is not a shape op of the profile";
  let description = [{
    One ONNX node kept as it is: its op type, its domain (empty for the
    default domain), its attributes (`node_attributes`: INT as i64, FLOAT as
    f32, STRING as a string, INTS and FLOATS as arrays, a TENSOR as a dense
    attribute), its inputs in order (`absent_inputs` lists the positions of
    optional inputs the node leaves out) and its outputs. Its location is
    the node (`#sonnx.onnx_node`). It has unknown effects: no rewrite
    removes it.

    The graphs a node holds (an attribute of type GRAPH or GRAPHS: the
    branches of If, the bodies of Loop and Scan) are its regions, in the
    order of its attributes, and `bodies` describes each: the attribute's
    name (`attribute`), the graph's position in a GRAPHS attribute
    (`index`), the graph's name (`graph`) and the names of its inputs and
    outputs (`inputs`, `outputs`). A region has one block: its arguments are
    the graph's inputs, typed from their declarations, and its
    `onnx_graph.yield` the graph's outputs. A body sees the values of the
    graphs around it, as ONNX's scoping rules say: it is not isolated from
    above.

    A node that calls a model-local function (`ModelProto.functions`) has
    the function's body as its last region, checked with the call's input
    types; its `bodies` entry has `function = [domain, name]` and an empty
    `attribute`. That region sees nothing but its arguments (a function is
    isolated), and it is no attribute of the node: an exporter writes the
    call node and the model's functions, not the region.

    ```mlir
    %y = onnx_graph.node "Gemm"(%x, %w, %b) {node_attributes = {transB = 1 : i64}}
        : (tensor<1x800xf32>, tensor<10x800xf32>, tensor<10xf32>) -> tensor<1x10xf32>
    %z = onnx_graph.node "If"(%c) {bodies = [
           {attribute = "then_branch", graph = "then", inputs = [], outputs = ["a"]},
           {attribute = "else_branch", graph = "else", inputs = [], outputs = ["b"]}
         ]} : (tensor<i1>) -> tensor<2x3xf32> ({
      onnx_graph.yield %a : tensor<2x3xf32>
    }, {
      onnx_graph.yield %b : tensor<2x3xf32>
    })
    ```
  }];
  let arguments = (ins StrAttr:$op_type,
                       DefaultValuedStrAttr<StrAttr, "">:$domain,
                       OptionalAttr<DictionaryAttr>:$node_attributes,
                       OptionalAttr<DenseI64ArrayAttr>:$absent_inputs,
                       OptionalAttr<DictArrayAttr>:$bodies,
                       Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs);
  let regions = (region VariadicRegion<SizedRegion<1>>:$graphs);
  let assemblyFormat = [{
    $op_type `(` $inputs `)` attr-dict `:` functional-type($inputs, $outputs)
    (`(` $graphs^ `)`)?
  }];
  let hasVerifier = 1;
}

def ONNXGraph_YieldOp : Op<ONNXGraph_Dialect, "yield",
    [Terminator, HasParent<"NodeOp">, Pure, ReturnLike]> {
  let summary = "The outputs of a graph held by an ONNX node";
  let description = [{
    Ends the body of an `onnx_graph.node` region: its operands are the
    graph's outputs, in the order of `bodies[i].outputs`.
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

#endif // SONNX_DIALECT_ONNXGRAPH_IR_ONNXGRAPHOPS_TD
