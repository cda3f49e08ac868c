//===- ONNXConvert.h - write an ONNX model in the profile's form -*- C++
//-*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The library behind sonnx-convert (docs/sonnx-convert.md): checks a model
// as sonnx-check does (checkONNXModel) and, when no rule of the profile is
// broken, writes it again with the rewrites that keep every output
// bit-identical: the attributes left to their defaults written explicitly
// (profile.GR4), the implicit rank broadcasting of elementwise nodes made
// explicit with an Unsqueeze (broadcast.E1's "reshape upon broadcast"),
// and with --input-shape the shapes of the graph inputs fixed, the values
// the check computes from them folded into initializers, the Ifs whose
// condition folds replaced by their branch, and the nodes left dead
// removed (in the main graph and the bodies of If, Loop and Scan). The model
// written is a modified copy of the one read: what the rewrites leave
// alone (doc strings, value names, metadata, functions) stays as it was.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_TARGET_ONNX_ONNXCONVERT_H
#define SONNX_TARGET_ONNX_ONNXCONVERT_H

#include "SONNX/Target/ONNX/ONNXCheck.h"
#include "SONNX/Target/ONNX/ONNXImport.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
class MLIRContext;
namespace sonnx {

/// The rewrites of sonnx-convert.
enum class ConvertRewrite {
  /// An attribute left to its ONNX default written with that value.
  ExplicitDefault,
  /// An input of an elementwise node of lower rank than the broadcast
  /// unsqueezed to it.
  ExplicitBroadcast,
  /// A graph input's symbolic sizes fixed by --input-shape.
  FixedInputShape,
  /// With --input-shape: a node (of the main graph or of an If, Loop or Scan
  /// body at any depth) whose outputs the check computed replaced by
  /// initializers.
  FoldedNode,
  /// With --input-shape: an If (in any of those graphs) whose condition the
  /// check computed replaced by the nodes of the branch it takes.
  InlinedIf,
  /// With --input-shape: a node (in any of those graphs) whose outputs
  /// nothing reads any more removed.
  RemovedDeadNode,
  /// With --input-shape: a Reshape, Unsqueeze, Flatten or Expand (in any of
  /// those graphs) whose result has its input's static type (it conforms)
  /// removed, its readers reading its input.
  RemovedIdentity,
  /// With --input-shape: an initializer (in any of those graphs) nothing
  /// reads any more removed.
  RemovedInitializer,
  /// An Unsqueeze or Squeeze whose axes, or a Reshape whose shape, is an
  /// attribute moved to an input (the forms of opsets 13 and 5), the
  /// model's default-domain opset moved with it (index -1: the model),
  /// when every other op of the model keeps its version.
  OpsetForm,
};

/// "explicit-default", "explicit-broadcast", "fixed-input-shape",
/// "folded-node", "inlined-if", "removed-dead-node", "removed-identity",
/// "removed-initializer", "opset-form".
llvm::StringRef getConvertRewriteName(ConvertRewrite rewrite);

/// One change of the model, at one node (or graph input).
struct ConvertChange {
  ConvertRewrite rewrite = ConvertRewrite::ExplicitDefault;
  /// The node changed, as sonnx-check names it (its scopes, index, name, op
  /// type); for FixedInputShape and RemovedInitializer, index is -1 and
  /// name the graph input's or the initializer's (with the scopes of its
  /// graph).
  llvm::SmallVector<NodeScope, 0> scopes;
  int64_t index = -1;
  std::string name;
  std::string opType;
  /// What changed ("attribute 'axis' = 1 written") and why the outputs
  /// stay bit-identical.
  std::string change;
  std::string reason;
  /// "node 3 'n' (Conv)", with its path; "graph input 'x'", "initializer
  /// 'w'".
  std::string getLabel() const;
};

struct ConvertOptions {
  /// The check's options (input shapes, source name).
  ImportOptions import;
  /// Apply the rewrites (false: --no-rewrite, the model is written back
  /// with the same nodes).
  bool rewrite = true;
};

struct ConvertResult {
  /// sonnx-check's verdicts on the model read.
  ONNXCheckResult check;
  /// Whether the model was converted (no rule is broken): it is then
  /// rewritten in place, and ONNXModel::write writes it.
  bool converted = false;
  /// Every change, in model order.
  llvm::SmallVector<ConvertChange> changes;
  /// The rewrites not made, and why: the nodes left in an old opset form
  /// because the model's opset cannot move (rewrite OpsetForm).
  llvm::SmallVector<ConvertChange> kept;
};

/// Checks `model` (checkONNXModel with options.import) and, unless a rule
/// is broken, rewrites it in place (a model that breaks a rule is left as
/// it was read); ONNXModel::write then writes it. The weights are never
/// copied: the one copy the conversion makes of them is the check's
/// constants. Fails, after emitting an error, when the model cannot be
/// checked or is too large to be written.
FailureOr<ConvertResult> convertONNXModel(ONNXModel &model,
                                          MLIRContext *context,
                                          const ConvertOptions &options);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_TARGET_ONNX_ONNXCONVERT_H
