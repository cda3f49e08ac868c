//===- SONNXAttrs.td - sonnx attribute definitions --------*- tablegen -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXATTRS_TD
#define SONNX_DIALECT_SONNX_IR_SONNXATTRS_TD

include "SONNX/Dialect/SONNX/IR/SONNXDialect.td"
include "mlir/IR/AttrTypeBase.td"

def SONNX_ONNXNodeAttr : AttrDef<SONNX_Dialect, "ONNXNode"> {
  let mnemonic = "onnx_node";
  let summary = "The ONNX node an op was imported from";
  let description = [{
    The identity of an ONNX node as data: its index in the graph, its name
    (empty for an unnamed node), its op type and the opset of the default
    domain the model imports. The importer locates each op of a node at
    `loc(fused<#sonnx.onnx_node<...>>["node 3 'name' (OpType)"(file)])`:
    the metadata of a fused location, which rewrites keep when they fuse
    locations. Every layer reads it through `getONNXNodes`
    (SONNXLocations.h): diagnostics, run-time check messages, the header
    and the C comments of sonnx-compile.

    ```mlir
    #sonnx.onnx_node<index = 3, name = "reshape_1", opType = "Reshape", opset = 14>
    ```
  }];
  let parameters = (ins "int64_t":$index,
                        StringRefParameter<"the node's name">:$name,
                        StringRefParameter<"the node's op type">:$opType,
                        "int64_t":$opset);
  let assemblyFormat = "`<` struct(params) `>`";
  let extraClassDeclaration = [{
    /// "node 3 'name' (OpType)", or "node 3 (OpType)" for an unnamed node:
    /// how messages name the node. 3 is the node's index in the graph's
    /// node list (from 0): node names need not be unique in ONNX; the index
    /// is.
    std::string getLabel() const;
  }];
}

def SONNX_RuleAttr : AttrDef<SONNX_Dialect, "Rule"> {
  let mnemonic = "rule";
  let summary = "A rule of the constraint catalogue";
  let description = [{
    A rule of `SONNXRules.def` as data: the value of the `sonnx.rule`
    attribute of a run-time check (the sonnx dialect rejects any other
    attribute there). It holds the rule's `RuleID`; its text is the rule's
    stable ID, and a text that names no rule does not parse. The module
    attribute that the assert lowering writes for the runtimes
    (`sonnx.status_rules`) outlives the dialect, on IR that upstream tools
    parse: it holds the ID strings, which the dialect verifies name rules.

    ```mlir
    cf.assert %ok, "... [reshape.count]" {sonnx.rule = #sonnx.rule<"reshape.count">}
    ```
  }];
  let parameters = (ins "::mlir::sonnx::RuleID":$rule);
  let hasCustomAssemblyFormat = 1;
}

#endif // SONNX_DIALECT_SONNX_IR_SONNXATTRS_TD
