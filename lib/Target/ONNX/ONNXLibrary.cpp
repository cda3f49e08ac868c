//===- ONNXLibrary.cpp - what sonnx-check asks of libonnx -----------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Compiled with -fexceptions (lib/Target/ONNX/CMakeLists.txt): libonnx's
// shape inference throws on a model it cannot infer, and sonnx-check must
// carry on with the declared types rather than abort.
//
//===----------------------------------------------------------------------===//

#include "ONNXLibrary.h"

#include "onnx/defs/schema.h"
#include "onnx/onnx_pb.h"
#include "onnx/shape_inference/implementation.h"

#include <exception>
#include <sstream>

using namespace mlir::sonnx;

std::string mlir::sonnx::inferONNXShapes(onnx::ModelProto &model) {
  try {
    onnx::ShapeInferenceOptions options(/*check_type_val=*/false,
                                        /*strict_mode_val=*/0,
                                        /*data_prop_val=*/true);
    onnx::shape_inference::InferShapes(
        model, onnx::OpSchemaRegistry::Instance(), options);
  } catch (const std::exception &error) {
    std::string message = error.what();
    return message.empty() ? std::string("an unknown error") : message;
  } catch (...) {
    return "an unknown error";
  }
  return "";
}

/// The value of `attr` as text, for messages.
static std::string formatAttribute(const onnx::AttributeProto &attr) {
  std::ostringstream os;
  switch (attr.type()) {
  case onnx::AttributeProto::INT:
    os << attr.i();
    break;
  case onnx::AttributeProto::FLOAT:
    os << attr.f();
    break;
  case onnx::AttributeProto::STRING:
    os << '"' << attr.s() << '"';
    break;
  case onnx::AttributeProto::INTS: {
    os << '[';
    for (int i = 0; i < attr.ints_size(); ++i)
      os << (i ? ", " : "") << attr.ints(i);
    os << ']';
    break;
  }
  case onnx::AttributeProto::FLOATS: {
    os << '[';
    for (int i = 0; i < attr.floats_size(); ++i)
      os << (i ? ", " : "") << attr.floats(i);
    os << ']';
    break;
  }
  default:
    os << "its default";
  }
  return os.str();
}

llvm::SmallVector<std::pair<std::string, std::string>>
mlir::sonnx::getDefaultedAttributes(const onnx::NodeProto &node,
                                    int64_t opset) {
  llvm::SmallVector<std::pair<std::string, std::string>> defaulted;
  std::string domain = node.domain() == "ai.onnx" ? "" : node.domain();
  // The opset of another domain is not known here: its latest schema.
  const onnx::OpSchema *schema =
      domain.empty() ? onnx::OpSchemaRegistry::Schema(
                           node.op_type(), static_cast<int>(opset), domain)
                     : onnx::OpSchemaRegistry::Schema(node.op_type(), domain);
  if (!schema)
    return defaulted;
  for (const auto &[name, attr] : schema->attributes()) {
    if (attr.required ||
        attr.default_value.type() == onnx::AttributeProto::UNDEFINED)
      continue;
    bool given = false;
    for (const onnx::AttributeProto &nodeAttr : node.attribute())
      given |= nodeAttr.name() == name;
    if (!given)
      defaulted.emplace_back(name, formatAttribute(attr.default_value));
  }
  return defaulted;
}
