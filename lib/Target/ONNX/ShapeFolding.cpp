//===- ShapeFolding.cpp - fold the shape computations of a graph ----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Each fold reads integer tensors as int64 values with their shape and
// writes the result in the element type ONNX gives it. The semantics are
// those of the ONNX operator documents (opset 1 to 25); whatever a fold
// cannot compute exactly, it leaves unknown.
//
//===----------------------------------------------------------------------===//

#include "ShapeFolding.h"

#include "SONNX/Support/SizeProduct.h"
#include "SONNX/Target/ONNX/TensorProtoConversion.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include "onnx/onnx_pb.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::sonnx;

namespace {

/// An integer tensor: its shape, its values in row-major order and its
/// element type.
struct IntTensor {
  SmallVector<int64_t> shape;
  SmallVector<int64_t> values;
  IntegerType type;
};

using Folded = std::optional<SmallVector<DenseElementsAttr, 1>>;

} // namespace

/// The values of `attr` when it is an integer tensor whose values all fit
/// int64.
static std::optional<IntTensor> readInts(DenseElementsAttr attr) {
  if (!attr)
    return std::nullopt;
  auto type = dyn_cast<IntegerType>(attr.getElementType());
  if (!type || attr.getNumElements() > kMaxFoldedElements)
    return std::nullopt;
  IntTensor tensor;
  tensor.type = type;
  auto shapedType = cast<ShapedType>(attr.getType());
  tensor.shape.assign(shapedType.getShape().begin(),
                      shapedType.getShape().end());
  for (const APInt &value : attr.getValues<APInt>()) {
    if (type.isUnsigned() || type.getWidth() == 1) {
      if (value.getActiveBits() > 63)
        return std::nullopt;
      tensor.values.push_back(static_cast<int64_t>(value.getZExtValue()));
    } else {
      tensor.values.push_back(value.getSExtValue());
    }
  }
  return tensor;
}

/// Whether `value` is representable in `type`.
static bool fits(int64_t value, IntegerType type) {
  unsigned width = type.getWidth();
  if (width == 1)
    return value == 0 || value == 1;
  if (width >= 64)
    return !type.isUnsigned() || value >= 0;
  if (type.isUnsigned())
    return value >= 0 && value < (int64_t(1) << width);
  return value >= -(int64_t(1) << (width - 1)) &&
         value < (int64_t(1) << (width - 1));
}

static DenseElementsAttr makeInts(ArrayRef<int64_t> shape,
                                  ArrayRef<int64_t> values, IntegerType type) {
  auto tensorType = RankedTensorType::get(shape, type);
  SmallVector<APInt> apValues;
  apValues.reserve(values.size());
  for (int64_t value : values)
    apValues.push_back(
        APInt(type.getWidth(), static_cast<uint64_t>(value),
              /*isSigned=*/!type.isUnsigned() && type.getWidth() > 1,
              /*implicitTrunc=*/true));
  return DenseElementsAttr::get(tensorType, apValues);
}

static Folded one(DenseElementsAttr attr) {
  if (!attr)
    return std::nullopt;
  return SmallVector<DenseElementsAttr, 1>{attr};
}

/// The INT attribute `name` of `node`, or `otherwise`.
static int64_t getIntAttr(const onnx::NodeProto &node, StringRef name,
                          int64_t otherwise) {
  for (const onnx::AttributeProto &attr : node.attribute())
    if (attr.name() == name && attr.type() == onnx::AttributeProto::INT)
      return attr.i();
  return otherwise;
}

/// The INTS attribute `name` of `node`, if any.
static std::optional<SmallVector<int64_t>>
getIntsAttr(const onnx::NodeProto &node, StringRef name) {
  for (const onnx::AttributeProto &attr : node.attribute())
    if (attr.name() == name && attr.type() == onnx::AttributeProto::INTS)
      return SmallVector<int64_t>(attr.ints().begin(), attr.ints().end());
  return std::nullopt;
}

static bool hasAttr(const onnx::NodeProto &node, StringRef name) {
  return llvm::any_of(node.attribute(), [&](const onnx::AttributeProto &attr) {
    return attr.name() == name;
  });
}

/// Normalises `axis` for `rank` (axis in [-rank, rank-1]).
static std::optional<int64_t> normaliseAxis(int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank)
    return std::nullopt;
  return axis < 0 ? axis + rank : axis;
}

/// Shape-15 and later take start and end (clamped to [0, rank]).
static Folded foldShape(const onnx::NodeProto &node, int64_t opset,
                        Type inputType) {
  auto type = dyn_cast_or_null<RankedTensorType>(inputType);
  if (!type)
    return std::nullopt;
  int64_t rank = type.getRank();
  int64_t start = 0, end = rank;
  if (opset >= 15) {
    start = getIntAttr(node, "start", 0);
    end = getIntAttr(node, "end", rank);
    if (start < 0)
      start += rank;
    if (end < 0)
      end += rank;
    start = std::clamp<int64_t>(start, 0, rank);
    end = std::clamp<int64_t>(end, 0, rank);
  }
  SmallVector<int64_t> sizes;
  for (int64_t i = start; i < end; ++i) {
    if (type.isDynamicDim(i))
      return std::nullopt;
    sizes.push_back(type.getDimSize(i));
  }
  auto i64 = IntegerType::get(type.getContext(), 64);
  return one(makeInts({static_cast<int64_t>(sizes.size())}, sizes, i64));
}

static Folded foldSize(Type inputType) {
  auto type = dyn_cast_or_null<RankedTensorType>(inputType);
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  std::optional<int64_t> count = getStaticElementCount(type.getShape());
  if (!count)
    return std::nullopt;
  return one(makeInts({}, {*count}, IntegerType::get(type.getContext(), 64)));
}

static Folded foldGather(const onnx::NodeProto &node, const IntTensor &data,
                         const IntTensor &indices) {
  int64_t rank = static_cast<int64_t>(data.shape.size());
  if (rank == 0)
    return std::nullopt;
  std::optional<int64_t> axis =
      normaliseAxis(getIntAttr(node, "axis", 0), rank);
  if (!axis)
    return std::nullopt;
  // Counts of at most kMaxFoldedElements (readInts) unless a size is 0:
  // then nothing is read, whatever the other sizes.
  ArrayRef<int64_t> sizes = data.shape;
  std::optional<int64_t> outer = getStaticElementCount(sizes.take_front(*axis));
  std::optional<int64_t> inner =
      getStaticElementCount(sizes.drop_front(*axis + 1));
  int64_t dim = data.shape[*axis];
  if (!outer || !inner)
    return std::nullopt;
  SmallVector<int64_t> shape(data.shape.begin(), data.shape.begin() + *axis);
  shape.append(indices.shape.begin(), indices.shape.end());
  shape.append(data.shape.begin() + *axis + 1, data.shape.end());
  std::optional<int64_t> count = getStaticElementCount(shape);
  if (!count || *count > kMaxFoldedElements)
    return std::nullopt;
  for (int64_t index : indices.values)
    if (index < -dim || index >= dim)
      return std::nullopt;
  if (*count == 0)
    return one(makeInts(shape, {}, data.type));
  SmallVector<int64_t> values;
  for (int64_t o = 0; o < *outer; ++o)
    for (int64_t index : indices.values) {
      if (index < 0)
        index += dim;
      for (int64_t i = 0; i < *inner; ++i)
        values.push_back(data.values[(o * dim + index) * *inner + i]);
    }
  return one(makeInts(shape, values, data.type));
}

/// Slice of a 1-D tensor (the shapes exporters compute are 1-D): starts,
/// ends, axes, steps as ONNX clamps them.
static Folded foldSlice(const IntTensor &data, ArrayRef<int64_t> starts,
                        ArrayRef<int64_t> ends,
                        std::optional<ArrayRef<int64_t>> axes,
                        std::optional<ArrayRef<int64_t>> steps) {
  if (data.shape.size() != 1 || starts.size() != 1 || ends.size() != 1)
    return std::nullopt;
  if (axes && (axes->size() != 1 || !normaliseAxis((*axes)[0], 1)))
    return std::nullopt;
  int64_t step = 1;
  if (steps) {
    if (steps->size() != 1 || (*steps)[0] == 0)
      return std::nullopt;
    step = (*steps)[0];
  }
  int64_t dim = data.shape[0];
  int64_t start = starts[0], end = ends[0];
  if (start < 0)
    start = start < -dim ? 0 : start + dim;
  if (end < 0)
    end = end < -dim ? -1 : end + dim;
  SmallVector<int64_t> values;
  // Each step is taken only while it stays in range, so that a step near
  // INT64_MAX cannot overflow.
  if (dim == 0) {
    // Nothing to take.
  } else if (step > 0) {
    start = std::clamp<int64_t>(start, 0, dim);
    end = std::clamp<int64_t>(end, 0, dim);
    for (int64_t i = start; i < end; i += step) {
      values.push_back(data.values[i]);
      if (step >= end - i)
        break;
    }
  } else {
    start = std::clamp<int64_t>(start, 0, dim - 1);
    end = std::clamp<int64_t>(end, -1, dim - 1);
    for (int64_t i = start; i > end; i += step) {
      values.push_back(data.values[i]);
      if (step <= end - i)
        break;
    }
  }
  return one(
      makeInts({static_cast<int64_t>(values.size())}, values, data.type));
}

/// Concat of 1-D tensors (or of scalars' 1-D forms) along axis 0.
static Folded foldConcat(const onnx::NodeProto &node,
                         ArrayRef<IntTensor> inputs) {
  if (inputs.empty())
    return std::nullopt;
  if (!normaliseAxis(getIntAttr(node, "axis", 0), 1))
    return std::nullopt;
  SmallVector<int64_t> values;
  for (const IntTensor &input : inputs) {
    if (input.shape.size() != 1 || input.type != inputs[0].type)
      return std::nullopt;
    values.append(input.values.begin(), input.values.end());
  }
  return one(
      makeInts({static_cast<int64_t>(values.size())}, values, inputs[0].type));
}

/// Squeeze: the axes (attribute before opset 13, input 1 from 13) or every
/// size 1.
static Folded foldSqueeze(const IntTensor &data,
                          std::optional<ArrayRef<int64_t>> axes) {
  int64_t rank = static_cast<int64_t>(data.shape.size());
  SmallVector<bool> drop(rank, false);
  if (axes) {
    for (int64_t axis : *axes) {
      std::optional<int64_t> normalised = normaliseAxis(axis, rank);
      if (!normalised || data.shape[*normalised] != 1)
        return std::nullopt;
      drop[*normalised] = true;
    }
  } else {
    for (int64_t i = 0; i < rank; ++i)
      drop[i] = data.shape[i] == 1;
  }
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < rank; ++i)
    if (!drop[i])
      shape.push_back(data.shape[i]);
  return one(makeInts(shape, data.values, data.type));
}

/// Cast between integer types: the value must fit the target type (a cast
/// that wraps is left unknown).
static Folded foldCast(const onnx::NodeProto &node, const IntTensor &input,
                       MLIRContext *context) {
  Type target = getElementTypeForONNX(
      context, static_cast<int32_t>(getIntAttr(node, "to", 0)));
  auto type = dyn_cast_or_null<IntegerType>(target);
  if (!type || type.getWidth() == 1)
    return std::nullopt;
  for (int64_t value : input.values)
    if (!fits(value, type))
      return std::nullopt;
  return one(makeInts(input.shape, input.values, type));
}

/// ConstantOfShape with an integer value.
static Folded foldConstantOfShape(const onnx::NodeProto &node,
                                  const IntTensor &shape,
                                  MLIRContext *context) {
  if (shape.shape.size() != 1)
    return std::nullopt;
  for (int64_t size : shape.values)
    if (size < 0)
      return std::nullopt;
  std::optional<int64_t> count = getStaticElementCount(shape.values);
  if (!count || *count > kMaxFoldedElements)
    return std::nullopt;
  int64_t fill = 0;
  IntegerType type;
  bool found = false;
  for (const onnx::AttributeProto &attr : node.attribute()) {
    if (attr.name() != "value")
      continue;
    found = true;
    if (attr.type() != onnx::AttributeProto::TENSOR)
      return std::nullopt;
    const onnx::TensorProto &tensor = attr.t();
    type = dyn_cast_or_null<IntegerType>(
        getElementTypeForONNX(context, tensor.data_type()));
    if (!type || type.getWidth() == 1)
      return std::nullopt;
    if (tensor.int64_data_size() == 1)
      fill = tensor.int64_data(0);
    else if (tensor.int32_data_size() == 1)
      fill = tensor.int32_data(0);
    else if (tensor.raw_data().size() == type.getWidth() / 8 &&
             type.getWidth() >= 8) {
      // Little-endian raw data.
      const std::string &raw = tensor.raw_data();
      uint64_t bits = 0;
      for (size_t i = raw.size(); i-- > 0;)
        bits = (bits << 8) | static_cast<uint8_t>(raw[i]);
      if (!type.isUnsigned() && type.getWidth() < 64 &&
          (bits >> (type.getWidth() - 1)) & 1)
        bits |= ~uint64_t(0) << type.getWidth();
      fill = static_cast<int64_t>(bits);
    } else {
      return std::nullopt;
    }
  }
  if (!found) // The default: a float 0, not an integer.
    return std::nullopt;
  SmallVector<int64_t> values(*count, fill);
  return one(makeInts(shape.values, values, type));
}

/// The elementwise `compute` of `inputs` with ONNX's multidirectional
/// broadcasting, as a tensor of `type`; std::nullopt when the shapes do not
/// broadcast, the result is too large, or `compute` gives no value.
static Folded broadcastApply(
    ArrayRef<const IntTensor *> inputs, IntegerType type,
    llvm::function_ref<std::optional<int64_t>(ArrayRef<int64_t>)> compute) {
  size_t rank = 0;
  for (const IntTensor *input : inputs)
    rank = std::max(rank, input->shape.size());
  SmallVector<SmallVector<int64_t>> padded;
  for (const IntTensor *input : inputs) {
    SmallVector<int64_t> sizes(rank - input->shape.size(), 1);
    sizes.append(input->shape.begin(), input->shape.end());
    padded.push_back(std::move(sizes));
  }
  SmallVector<int64_t> shape(rank, 1);
  for (size_t i = 0; i < rank; ++i)
    for (const SmallVector<int64_t> &sizes : padded) {
      if (sizes[i] == shape[i] || sizes[i] == 1)
        continue;
      if (shape[i] != 1)
        return std::nullopt;
      shape[i] = sizes[i];
    }
  std::optional<int64_t> count = getStaticElementCount(shape);
  if (!count || *count > kMaxFoldedElements)
    return std::nullopt;
  if (*count == 0)
    return one(makeInts(shape, {}, type));
  // Each input's strides (0 along a broadcast size): the sizes multiply
  // into its element count, at most kMaxFoldedElements.
  SmallVector<SmallVector<int64_t>> strides;
  for (const SmallVector<int64_t> &sizes : padded) {
    SmallVector<int64_t> inputStrides(rank, 0);
    int64_t stride = 1;
    for (size_t i = rank; i-- > 0;) {
      inputStrides[i] = sizes[i] == 1 ? 0 : stride;
      stride *= sizes[i];
    }
    strides.push_back(std::move(inputStrides));
  }
  SmallVector<int64_t> values, index(rank, 0), operands(inputs.size());
  for (int64_t n = 0; n < *count; ++n) {
    for (size_t k = 0; k < inputs.size(); ++k) {
      int64_t offset = 0;
      for (size_t i = 0; i < rank; ++i)
        offset += index[i] * strides[k][i];
      operands[k] = inputs[k]->values[offset];
    }
    std::optional<int64_t> value = compute(operands);
    if (!value || !fits(*value, type))
      return std::nullopt;
    values.push_back(*value);
    for (size_t i = rank; i-- > 0;) {
      if (++index[i] < shape[i])
        break;
      index[i] = 0;
    }
  }
  return one(makeInts(shape, values, type));
}

/// Add, Sub, Mul, Div; Div only when exact or of operands of the same sign
/// (where every rounding agrees).
static Folded foldArithmetic(StringRef opType, const IntTensor &lhs,
                             const IntTensor &rhs) {
  if (lhs.type != rhs.type || lhs.type.getWidth() == 1)
    return std::nullopt;
  return broadcastApply({&lhs, &rhs}, lhs.type,
                        [&](ArrayRef<int64_t> xy) -> std::optional<int64_t> {
                          int64_t x = xy[0], y = xy[1], r = 0;
                          bool overflow = false;
                          if (opType == "Add")
                            overflow = llvm::AddOverflow(x, y, r);
                          else if (opType == "Sub")
                            overflow = llvm::SubOverflow(x, y, r);
                          else if (opType == "Mul")
                            overflow = llvm::MulOverflow(x, y, r);
                          else if (y == 0 || (x == INT64_MIN && y == -1) ||
                                   (x % y != 0 && (x < 0) != (y < 0)))
                            return std::nullopt;
                          else
                            r = x / y;
                          if (overflow)
                            return std::nullopt;
                          return r;
                        });
}

/// Equal of two integer tensors, a bool tensor (exporters compare a shape
/// with -1 to pick the sizes an Expand keeps).
static Folded foldEqual(const IntTensor &lhs, const IntTensor &rhs) {
  if (lhs.type != rhs.type)
    return std::nullopt;
  return broadcastApply({&lhs, &rhs},
                        IntegerType::get(lhs.type.getContext(), 1),
                        [](ArrayRef<int64_t> xy) -> std::optional<int64_t> {
                          return xy[0] == xy[1] ? 1 : 0;
                        });
}

/// Where(condition, x, y) of integer tensors.
static Folded foldWhere(const IntTensor &condition, const IntTensor &x,
                        const IntTensor &y) {
  if (condition.type.getWidth() != 1 || x.type != y.type)
    return std::nullopt;
  return broadcastApply({&condition, &x, &y}, x.type,
                        [](ArrayRef<int64_t> cxy) -> std::optional<int64_t> {
                          return cxy[0] ? cxy[1] : cxy[2];
                        });
}

bool mlir::sonnx::isFoldableONNXOp(StringRef opType) {
  return llvm::StringSwitch<bool>(opType)
      .Cases({"Shape", "Size", "Gather", "Slice", "Concat", "Squeeze"}, true)
      .Cases({"Cast", "ConstantOfShape", "Add", "Sub", "Mul", "Div"}, true)
      .Cases({"Equal", "Where"}, true)
      .Default(false);
}

std::optional<SmallVector<DenseElementsAttr, 1>>
mlir::sonnx::foldONNXNode(const onnx::NodeProto &node, int64_t opset,
                          ArrayRef<DenseElementsAttr> inputs,
                          ArrayRef<Type> inputTypes) {
  StringRef opType = node.op_type();
  if (!isFoldableONNXOp(opType) || node.output_size() != 1 || inputs.empty())
    return std::nullopt;
  auto input = [&](size_t i) -> std::optional<IntTensor> {
    if (i >= inputs.size())
      return std::nullopt;
    return readInts(inputs[i]);
  };
  auto inputList = [&](size_t i) -> std::optional<SmallVector<int64_t>> {
    std::optional<IntTensor> tensor = input(i);
    if (!tensor || tensor->shape.size() != 1)
      return std::nullopt;
    return tensor->values;
  };
  if (opType == "Shape")
    return foldShape(node, opset, inputTypes[0]);
  if (opType == "Size")
    return foldSize(inputTypes[0]);
  if (opType == "Concat") {
    SmallVector<IntTensor> tensors;
    for (size_t i = 0; i < inputs.size(); ++i) {
      std::optional<IntTensor> tensor = input(i);
      if (!tensor)
        return std::nullopt;
      tensors.push_back(std::move(*tensor));
    }
    return foldConcat(node, tensors);
  }
  std::optional<IntTensor> data = input(0);
  if (!data)
    return std::nullopt;
  MLIRContext *context = data->type.getContext();
  if (opType == "Gather") {
    std::optional<IntTensor> indices = input(1);
    if (!indices)
      return std::nullopt;
    return foldGather(node, *data, *indices);
  }
  if (opType == "Slice") {
    if (opset < 10) {
      std::optional<SmallVector<int64_t>> starts = getIntsAttr(node, "starts");
      std::optional<SmallVector<int64_t>> ends = getIntsAttr(node, "ends");
      std::optional<SmallVector<int64_t>> axes = getIntsAttr(node, "axes");
      if (!starts || !ends)
        return std::nullopt;
      std::optional<ArrayRef<int64_t>> axesRef;
      if (axes)
        axesRef = *axes;
      return foldSlice(*data, *starts, *ends, axesRef, std::nullopt);
    }
    std::optional<SmallVector<int64_t>> starts = inputList(1);
    std::optional<SmallVector<int64_t>> ends = inputList(2);
    if (!starts || !ends)
      return std::nullopt;
    std::optional<SmallVector<int64_t>> axes, steps;
    std::optional<ArrayRef<int64_t>> axesRef, stepsRef;
    if (inputTypes.size() > 3 && inputTypes[3]) {
      if (!(axes = inputList(3)))
        return std::nullopt;
      axesRef = *axes;
    }
    if (inputTypes.size() > 4 && inputTypes[4]) {
      if (!(steps = inputList(4)))
        return std::nullopt;
      stepsRef = *steps;
    }
    return foldSlice(*data, *starts, *ends, axesRef, stepsRef);
  }
  if (opType == "Squeeze") {
    if (opset < 13) {
      std::optional<SmallVector<int64_t>> axes = getIntsAttr(node, "axes");
      if (!axes)
        return foldSqueeze(*data, std::nullopt);
      return foldSqueeze(*data, ArrayRef<int64_t>(*axes));
    }
    if (inputTypes.size() < 2 || !inputTypes[1])
      return foldSqueeze(*data, std::nullopt);
    std::optional<SmallVector<int64_t>> axes = inputList(1);
    if (!axes)
      return std::nullopt;
    return foldSqueeze(*data, ArrayRef<int64_t>(*axes));
  }
  if (opType == "Cast")
    return foldCast(node, *data, context);
  if (opType == "Where") {
    std::optional<IntTensor> x = input(1), y = input(2);
    if (!x || !y)
      return std::nullopt;
    return foldWhere(*data, *x, *y);
  }
  if (opType == "ConstantOfShape")
    return foldConstantOfShape(node, *data, context);
  // Add, Sub, Mul, Div: before opset 7 they broadcast only with the
  // `broadcast` attribute, which the fold does not model.
  if (opset < 7 || hasAttr(node, "broadcast") || hasAttr(node, "axis"))
    return std::nullopt;
  std::optional<IntTensor> rhs = input(1);
  if (!rhs)
    return std::nullopt;
  if (opType == "Equal")
    return foldEqual(*data, *rhs);
  return foldArithmetic(opType, *data, *rhs);
}
