//===- NodeAttributes.cpp - the attributes and types of a shape node ----===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// What the importer (ONNXImport.cpp) and its check mode read of a node:
// its attributes, checked against what its op version takes, and the
// message of an input whose element type the op's set does not hold.
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"
#include "ProtoConversion.h"

#include "SONNX/Dialect/SONNX/IR/SONNXElementTypes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include "onnx/onnx_pb.h"

using namespace mlir;
using namespace mlir::sonnx;
using namespace mlir::sonnx::onnx_import;

LogicalResult NodeAttributes::collect(ArrayRef<StringRef> allowed) {
  for (const onnx::AttributeProto &attr : info.node.attribute()) {
    if (!llvm::is_contained(allowed, StringRef(attr.name()))) {
      InFlightDiagnostic diag = emitError();
      diag << "unexpected attribute '" << attr.name() << "'";
      if (allowed.empty())
        diag << " (this op version takes no attributes)";
      else
        diag << " (expected " << llvm::join(allowed, ", ") << ")";
      return failure();
    }
    if (!attr.ref_attr_name().empty())
      return emitError() << "attribute '" << attr.name()
                         << "' refers to a function attribute, which is not "
                            "supported in a main graph";
    if (!attrs.try_emplace(attr.name(), &attr).second)
      return emitError() << "attribute '" << attr.name() << "' is given twice";
  }
  return success();
}

FailureOr<const onnx::AttributeProto *>
NodeAttributes::get(StringRef name,
                    onnx::AttributeProto_AttributeType type) const {
  auto it = attrs.find(name);
  if (it == attrs.end())
    return static_cast<const onnx::AttributeProto *>(nullptr);
  const onnx::AttributeProto *attr = it->second;
  if (attr->type() != type)
    return emitError() << "attribute '" << name << "' has type "
                       << getAttributeTypeName(attr->type()) << ", expected "
                       << getAttributeTypeName(type);
  return attr;
}

FailureOr<std::optional<int64_t>> NodeAttributes::getInt(StringRef name) const {
  FailureOr<const onnx::AttributeProto *> attr =
      get(name, onnx::AttributeProto_AttributeType_INT);
  if (failed(attr))
    return failure();
  if (!*attr)
    return std::optional<int64_t>();
  return std::optional<int64_t>((*attr)->i());
}

FailureOr<std::optional<SmallVector<int64_t>>>
NodeAttributes::getInts(StringRef name) const {
  FailureOr<const onnx::AttributeProto *> attr =
      get(name, onnx::AttributeProto_AttributeType_INTS);
  if (failed(attr))
    return failure();
  if (!*attr)
    return std::optional<SmallVector<int64_t>>();
  return std::optional<SmallVector<int64_t>>(
      SmallVector<int64_t>((*attr)->ints().begin(), (*attr)->ints().end()));
}

std::string
onnx_import::formatElementTypeNotAllowed(StringRef input, Type elementType,
                                         const OpElementTypes &types,
                                         int64_t opset) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "input '" << input << "' has element type " << formatType(elementType)
     << ", which is not allowed for " << types.name;
  if (&types != &getOpElementTypes(types.op))
    os << " (the model imports opset " << opset << ")";
  os << " by the profile (" << types.formatMLIRNames() << ")";
  return text;
}
