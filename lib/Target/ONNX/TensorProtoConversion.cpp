//===- TensorProtoConversion.cpp - ONNX TensorProto <-> MLIR --------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The storage rules follow onnx.proto (TensorProto): raw_data is
// little-endian with one byte per bool and two 4-bit values per byte (the
// first in the low nibble); without raw_data, each data type has exactly one
// typed field. Every length and value is checked before it is used, so a
// malformed tensor is an error, never an out-of-bounds read or a huge
// allocation.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Target/ONNX/TensorProtoConversion.h"

#include "ProtoConversion.h"

#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "SONNX/Support/SizeProduct.h"
#include "SONNX/Support/TensorUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "onnx/onnx_pb.h"

#include <climits>

using namespace mlir;
using namespace mlir::sonnx;
using llvm::APFloat;
using llvm::APInt;

//===----------------------------------------------------------------------===//
// Data types
//===----------------------------------------------------------------------===//

std::string mlir::sonnx::getONNXDataTypeName(int32_t dataType) {
  switch (static_cast<ONNXDataType>(dataType)) {
  case ONNXDataType::Undefined:
    return "UNDEFINED";
  case ONNXDataType::Float:
    return "FLOAT";
  case ONNXDataType::UInt8:
    return "UINT8";
  case ONNXDataType::Int8:
    return "INT8";
  case ONNXDataType::UInt16:
    return "UINT16";
  case ONNXDataType::Int16:
    return "INT16";
  case ONNXDataType::Int32:
    return "INT32";
  case ONNXDataType::Int64:
    return "INT64";
  case ONNXDataType::String:
    return "STRING";
  case ONNXDataType::Bool:
    return "BOOL";
  case ONNXDataType::Float16:
    return "FLOAT16";
  case ONNXDataType::Double:
    return "DOUBLE";
  case ONNXDataType::UInt32:
    return "UINT32";
  case ONNXDataType::UInt64:
    return "UINT64";
  case ONNXDataType::Complex64:
    return "COMPLEX64";
  case ONNXDataType::Complex128:
    return "COMPLEX128";
  case ONNXDataType::BFloat16:
    return "BFLOAT16";
  case ONNXDataType::Float8E4M3FN:
    return "FLOAT8E4M3FN";
  case ONNXDataType::Float8E4M3FNUZ:
    return "FLOAT8E4M3FNUZ";
  case ONNXDataType::Float8E5M2:
    return "FLOAT8E5M2";
  case ONNXDataType::Float8E5M2FNUZ:
    return "FLOAT8E5M2FNUZ";
  case ONNXDataType::UInt4:
    return "UINT4";
  case ONNXDataType::Int4:
    return "INT4";
  case ONNXDataType::Float4E2M1:
    return "FLOAT4E2M1";
  }
  return llvm::formatv("<{0}>", dataType).str();
}

StringRef mlir::sonnx::getAttributeTypeName(int type) {
  switch (type) {
  case onnx::AttributeProto_AttributeType_FLOAT:
    return "FLOAT";
  case onnx::AttributeProto_AttributeType_INT:
    return "INT";
  case onnx::AttributeProto_AttributeType_STRING:
    return "STRING";
  case onnx::AttributeProto_AttributeType_TENSOR:
    return "TENSOR";
  case onnx::AttributeProto_AttributeType_GRAPH:
    return "GRAPH";
  case onnx::AttributeProto_AttributeType_SPARSE_TENSOR:
    return "SPARSE_TENSOR";
  case onnx::AttributeProto_AttributeType_TYPE_PROTO:
    return "TYPE_PROTO";
  case onnx::AttributeProto_AttributeType_FLOATS:
    return "FLOATS";
  case onnx::AttributeProto_AttributeType_INTS:
    return "INTS";
  case onnx::AttributeProto_AttributeType_STRINGS:
    return "STRINGS";
  case onnx::AttributeProto_AttributeType_TENSORS:
    return "TENSORS";
  case onnx::AttributeProto_AttributeType_GRAPHS:
    return "GRAPHS";
  case onnx::AttributeProto_AttributeType_SPARSE_TENSORS:
    return "SPARSE_TENSORS";
  case onnx::AttributeProto_AttributeType_TYPE_PROTOS:
    return "TYPE_PROTOS";
  default:
    return "UNDEFINED";
  }
}

Type mlir::sonnx::getElementTypeForONNX(MLIRContext *context,
                                        int32_t dataType) {
  auto signless = [&](unsigned width) -> Type {
    return IntegerType::get(context, width);
  };
  auto unsignedInt = [&](unsigned width) -> Type {
    return IntegerType::get(context, width, IntegerType::Unsigned);
  };
  switch (static_cast<ONNXDataType>(dataType)) {
  case ONNXDataType::Bool:
    return signless(1);
  case ONNXDataType::Int4:
    return signless(4);
  case ONNXDataType::Int8:
    return signless(8);
  case ONNXDataType::Int16:
    return signless(16);
  case ONNXDataType::Int32:
    return signless(32);
  case ONNXDataType::Int64:
    return signless(64);
  case ONNXDataType::UInt4:
    return unsignedInt(4);
  case ONNXDataType::UInt8:
    return unsignedInt(8);
  case ONNXDataType::UInt16:
    return unsignedInt(16);
  case ONNXDataType::UInt32:
    return unsignedInt(32);
  case ONNXDataType::UInt64:
    return unsignedInt(64);
  case ONNXDataType::Float16:
    return Float16Type::get(context);
  case ONNXDataType::BFloat16:
    return BFloat16Type::get(context);
  case ONNXDataType::Float:
    return Float32Type::get(context);
  case ONNXDataType::Double:
    return Float64Type::get(context);
  case ONNXDataType::Complex64:
    return ComplexType::get(Float32Type::get(context));
  case ONNXDataType::Complex128:
    return ComplexType::get(Float64Type::get(context));
  case ONNXDataType::String:
    return StringType::get(context);
  default:
    return Type();
  }
}

std::optional<int32_t> mlir::sonnx::getONNXDataTypeFor(Type elementType) {
  auto code = [](ONNXDataType t) { return static_cast<int32_t>(t); };
  if (auto intType = dyn_cast<IntegerType>(elementType)) {
    bool isUnsigned = intType.isUnsigned();
    switch (intType.getWidth()) {
    case 1:
      if (intType.isSignless())
        return code(ONNXDataType::Bool);
      return std::nullopt;
    case 4:
      return code(isUnsigned ? ONNXDataType::UInt4 : ONNXDataType::Int4);
    case 8:
      return code(isUnsigned ? ONNXDataType::UInt8 : ONNXDataType::Int8);
    case 16:
      return code(isUnsigned ? ONNXDataType::UInt16 : ONNXDataType::Int16);
    case 32:
      return code(isUnsigned ? ONNXDataType::UInt32 : ONNXDataType::Int32);
    case 64:
      return code(isUnsigned ? ONNXDataType::UInt64 : ONNXDataType::Int64);
    default:
      return std::nullopt;
    }
  }
  if (elementType.isF16())
    return code(ONNXDataType::Float16);
  if (elementType.isBF16())
    return code(ONNXDataType::BFloat16);
  if (elementType.isF32())
    return code(ONNXDataType::Float);
  if (elementType.isF64())
    return code(ONNXDataType::Double);
  if (auto complexType = dyn_cast<ComplexType>(elementType)) {
    if (complexType.getElementType().isF32())
      return code(ONNXDataType::Complex64);
    if (complexType.getElementType().isF64())
      return code(ONNXDataType::Complex128);
    return std::nullopt;
  }
  if (isa<StringType>(elementType))
    return code(ONNXDataType::String);
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// How the values of an element type are stored.
namespace {
enum class Storage { Integer, Float, Complex, String };

struct ElementInfo {
  Storage storage;
  /// Bit width of an element (of one component for complex).
  unsigned bits;
  bool isSigned;
};
} // namespace

static ElementInfo getElementInfo(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return {Storage::Integer, intType.getWidth(), !intType.isUnsigned()};
  if (auto floatType = dyn_cast<FloatType>(type))
    return {Storage::Float, floatType.getWidth(), true};
  if (auto complexType = dyn_cast<ComplexType>(type))
    return {Storage::Complex,
            cast<FloatType>(complexType.getElementType()).getWidth(), true};
  return {Storage::String, 0, false};
}

static const llvm::fltSemantics &getSemantics(unsigned bits, bool isBF16) {
  if (isBF16)
    return APFloat::BFloat();
  switch (bits) {
  case 16:
    return APFloat::IEEEhalf();
  case 32:
    return APFloat::IEEEsingle();
  default:
    return APFloat::IEEEdouble();
  }
}

/// Reads a little-endian unsigned value of `bytes` bytes at `data`.
static uint64_t readLE(const char *data, unsigned bytes) {
  uint64_t value = 0;
  for (unsigned i = 0; i < bytes; ++i)
    value |= static_cast<uint64_t>(static_cast<uint8_t>(data[i])) << (8 * i);
  return value;
}

/// Appends `value` as `bytes` little-endian bytes.
static void appendLE(std::string &out, uint64_t value, unsigned bytes) {
  for (unsigned i = 0; i < bytes; ++i)
    out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

/// The number of elements of the TensorProto dims `dims`, or an error for a
/// negative size (ONNX has no unknown size in a tensor) or a product that
/// does not fit int64 (getStaticElementCount).
static llvm::Expected<int64_t> getDimsElementCount(llvm::ArrayRef<int64_t> dims,
                                                   llvm::StringRef what) {
  for (int64_t dim : dims)
    if (dim < 0)
      return makeError(
          llvm::formatv("{0} has a negative size {1}", what, dim).str());
  std::optional<int64_t> count = getStaticElementCount(dims);
  if (!count)
    return makeError(
        llvm::formatv("{0} has more elements than int64 can count", what)
            .str());
  return *count;
}

//===----------------------------------------------------------------------===//
// TensorProto -> attribute
//===----------------------------------------------------------------------===//

namespace {
/// Decodes the data of one TensorProto of `count` elements of `type`.
class TensorDecoder {
public:
  TensorDecoder(const onnx::TensorProto &tensor, RankedTensorType type,
                int64_t count, std::string what, bool isBF16)
      : tensor(tensor), type(type), count(count), what(std::move(what)),
        info(getElementInfo(type.getElementType())), isBF16(isBF16) {}

  llvm::Expected<DenseElementsAttr> decode();

private:
  llvm::Expected<DenseElementsAttr> decodeRaw();
  llvm::Expected<DenseElementsAttr> decodeTyped();
  llvm::Error checkOnlyField(llvm::StringRef field);
  /// `want` is unsigned: a complex tensor of up to INT64_MAX elements wants
  /// twice as many values.
  llvm::Error checkFieldSize(llvm::StringRef field, int64_t have,
                             uint64_t want);
  DenseElementsAttr fromBits(llvm::ArrayRef<uint64_t> bits);

  const onnx::TensorProto &tensor;
  RankedTensorType type;
  int64_t count;
  std::string what;
  ElementInfo info;
  bool isBF16;
};
} // namespace

/// Builds the attribute from one bit pattern per element (two per complex
/// element: real then imaginary).
DenseElementsAttr TensorDecoder::fromBits(llvm::ArrayRef<uint64_t> bits) {
  switch (info.storage) {
  case Storage::Integer: {
    llvm::SmallVector<APInt> values;
    values.reserve(bits.size());
    for (uint64_t v : bits)
      values.push_back(APInt(info.bits, v, /*isSigned=*/false,
                             /*implicitTrunc=*/true));
    return DenseElementsAttr::get(type, values);
  }
  case Storage::Float: {
    const llvm::fltSemantics &sem = getSemantics(info.bits, isBF16);
    llvm::SmallVector<APFloat> values;
    values.reserve(bits.size());
    for (uint64_t v : bits)
      values.push_back(APFloat(sem, APInt(info.bits, v)));
    return DenseElementsAttr::get(type, values);
  }
  case Storage::Complex:
    return getComplexAttr(type, bits);
  case Storage::String:
    break;
  }
  return {};
}

llvm::Error TensorDecoder::checkFieldSize(llvm::StringRef field, int64_t have,
                                          uint64_t want) {
  if (have >= 0 && static_cast<uint64_t>(have) == want)
    return llvm::Error::success();
  return makeError(llvm::formatv("{0} has {1} element(s) but {2} holds {3} "
                                 "value(s), expected {4}",
                                 what, count, field, have, want)
                       .str());
}

/// Fails when a typed field other than `field` (or raw_data) holds data: ONNX
/// allows exactly one place for the values of a tensor.
llvm::Error TensorDecoder::checkOnlyField(llvm::StringRef field) {
  struct Field {
    llvm::StringRef name;
    int size;
  };
  Field fields[] = {
      {"raw_data", tensor.has_raw_data() ? 1 : 0},
      {"int32_data", tensor.int32_data_size()},
      {"int64_data", tensor.int64_data_size()},
      {"uint64_data", tensor.uint64_data_size()},
      {"float_data", tensor.float_data_size()},
      {"double_data", tensor.double_data_size()},
      {"string_data", tensor.string_data_size()},
  };
  for (const Field &f : fields) {
    if (f.name == field || f.size == 0)
      continue;
    if (field == "raw_data")
      return makeError(
          llvm::formatv("{0} holds data in both raw_data and {1}", what, f.name)
              .str());
    return makeError(llvm::formatv("{0} of ONNX type {1} stores data in {2}; "
                                   "that type's values belong in {3} or "
                                   "raw_data",
                                   what,
                                   getONNXDataTypeName(tensor.data_type()),
                                   f.name, field)
                         .str());
  }
  return llvm::Error::success();
}

llvm::Expected<DenseElementsAttr> TensorDecoder::decode() {
  if (tensor.has_raw_data())
    return decodeRaw();
  return decodeTyped();
}

llvm::Expected<DenseElementsAttr> TensorDecoder::decodeRaw() {
  if (llvm::Error err = checkOnlyField("raw_data"))
    return std::move(err);
  if (info.storage == Storage::String)
    return makeError(
        llvm::formatv("{0} is a STRING tensor with raw_data; strings must be "
                      "stored in string_data",
                      what)
            .str());
  const std::string &raw = tensor.raw_data();
  // Sizes in bytes; count is bounded by the check against raw.size() below
  // before anything is allocated.
  uint64_t elementBytes = info.bits <= 8 ? 1 : info.bits / 8;
  uint64_t components = info.storage == Storage::Complex ? 2 : 1;
  // More bytes than uint64 can count: more than any raw_data holds.
  uint64_t wantBytes =
      info.bits == 4
          ? static_cast<uint64_t>(count) / 2 + count % 2
          : getByteCount(type.getShape(), elementBytes * components, UINT64_MAX)
                .value_or(UINT64_MAX);
  if (raw.size() != wantBytes)
    return makeError(
        llvm::formatv("{0} has {1} element(s) of type {2}, which "
                      "take {3} byte(s) of raw_data, but "
                      "raw_data holds {4} byte(s)",
                      what, count, typeToString(type.getElementType()),
                      wantBytes == UINT64_MAX ? std::string("more than 2^64")
                                              : std::to_string(wantBytes),
                      raw.size())
            .str());

  // Byte-aligned numbers already have MLIR's storage layout on a
  // little-endian host: take them as they are (the common case of large
  // weights).
  if (llvm::endianness::native == llvm::endianness::little &&
      info.bits % 8 == 0 && info.bits > 1) {
    llvm::ArrayRef<char> buffer(raw.data(), raw.size());
    bool splat = false;
    if (DenseElementsAttr::isValidRawBuffer(type, buffer, splat))
      return DenseElementsAttr::getFromRawBuffer(type, buffer);
  }

  std::vector<uint64_t> bits;
  bits.reserve(count * components);
  if (info.bits == 4) {
    for (int64_t i = 0; i < count; ++i) {
      auto byte = static_cast<uint8_t>(raw[i / 2]);
      bits.push_back((i % 2 == 0) ? (byte & 0xF) : (byte >> 4));
    }
  } else if (info.bits == 1) {
    for (int64_t i = 0; i < count; ++i) {
      auto byte = static_cast<uint8_t>(raw[i]);
      if (byte > 1)
        return makeError(llvm::formatv("{0}: BOOL element {1} has the byte "
                                       "value {2}, expected 0 or 1",
                                       what, i, byte)
                             .str());
      bits.push_back(byte);
    }
  } else {
    for (uint64_t i = 0; i < count * components; ++i)
      bits.push_back(readLE(raw.data() + i * elementBytes, elementBytes));
  }
  return fromBits(bits);
}

llvm::Expected<DenseElementsAttr> TensorDecoder::decodeTyped() {
  auto dataType = static_cast<ONNXDataType>(tensor.data_type());
  std::vector<uint64_t> bits;

  // int32_data holds one element per value (two packed 4-bit elements for
  // INT4/UINT4); each value must fit the element type.
  auto fromInt32 = [&](int64_t lo, int64_t hi, bool isPacked) -> llvm::Error {
    if (llvm::Error err = checkOnlyField("int32_data"))
      return err;
    // count / 2 + count % 2: (count + 1) / 2 overflows for INT64_MAX.
    int64_t want = isPacked ? count / 2 + count % 2 : count;
    if (llvm::Error err =
            checkFieldSize("int32_data", tensor.int32_data_size(), want))
      return err;
    bits.reserve(count);
    for (int i = 0, e = tensor.int32_data_size(); i < e; ++i) {
      int64_t v = tensor.int32_data(i);
      if (v < lo || v > hi)
        return makeError(llvm::formatv("{0}: int32_data[{1}] = {2} does not "
                                       "fit ONNX type {3} (expected a value "
                                       "in [{4}, {5}])",
                                       what, i, v,
                                       getONNXDataTypeName(tensor.data_type()),
                                       lo, hi)
                             .str());
      if (!isPacked) {
        bits.push_back(static_cast<uint64_t>(v));
        continue;
      }
      bits.push_back(v & 0xF);
      if (static_cast<int64_t>(bits.size()) < count)
        bits.push_back((v >> 4) & 0xF);
    }
    return llvm::Error::success();
  };

  llvm::Error err = llvm::Error::success();
  switch (dataType) {
  case ONNXDataType::Bool:
    err = fromInt32(0, 1, false);
    break;
  case ONNXDataType::Int4:
  case ONNXDataType::UInt4:
    err = fromInt32(0, 255, true);
    break;
  case ONNXDataType::Int8:
    err = fromInt32(INT8_MIN, INT8_MAX, false);
    break;
  case ONNXDataType::UInt8:
    err = fromInt32(0, UINT8_MAX, false);
    break;
  case ONNXDataType::Int16:
    err = fromInt32(INT16_MIN, INT16_MAX, false);
    break;
  case ONNXDataType::UInt16:
  case ONNXDataType::Float16:
  case ONNXDataType::BFloat16:
    // 16-bit floats are stored as their bit pattern, an unsigned integer.
    err = fromInt32(0, UINT16_MAX, false);
    break;
  case ONNXDataType::Int32:
    err = fromInt32(INT32_MIN, INT32_MAX, false);
    break;
  case ONNXDataType::Int64: {
    if ((err = checkOnlyField("int64_data")))
      break;
    if ((err = checkFieldSize("int64_data", tensor.int64_data_size(), count)))
      break;
    for (int64_t v : tensor.int64_data())
      bits.push_back(static_cast<uint64_t>(v));
    break;
  }
  case ONNXDataType::UInt32:
  case ONNXDataType::UInt64: {
    if ((err = checkOnlyField("uint64_data")))
      break;
    if ((err = checkFieldSize("uint64_data", tensor.uint64_data_size(), count)))
      break;
    for (int i = 0, e = tensor.uint64_data_size(); i < e; ++i) {
      uint64_t v = tensor.uint64_data(i);
      if (dataType == ONNXDataType::UInt32 && v > UINT32_MAX) {
        err = makeError(llvm::formatv("{0}: uint64_data[{1}] = {2} does not "
                                      "fit ONNX type UINT32",
                                      what, i, v)
                            .str());
        break;
      }
      bits.push_back(v);
    }
    break;
  }
  case ONNXDataType::Float:
  case ONNXDataType::Complex64: {
    int64_t components = dataType == ONNXDataType::Complex64 ? 2 : 1;
    if ((err = checkOnlyField("float_data")))
      break;
    if ((err = checkFieldSize("float_data", tensor.float_data_size(),
                              static_cast<uint64_t>(count) * components)))
      break;
    for (float v : tensor.float_data())
      bits.push_back(llvm::bit_cast<uint32_t>(v));
    break;
  }
  case ONNXDataType::Double:
  case ONNXDataType::Complex128: {
    int64_t components = dataType == ONNXDataType::Complex128 ? 2 : 1;
    if ((err = checkOnlyField("double_data")))
      break;
    if ((err = checkFieldSize("double_data", tensor.double_data_size(),
                              static_cast<uint64_t>(count) * components)))
      break;
    for (double v : tensor.double_data())
      bits.push_back(llvm::bit_cast<uint64_t>(v));
    break;
  }
  case ONNXDataType::String: {
    if ((err = checkOnlyField("string_data")))
      break;
    if ((err = checkFieldSize("string_data", tensor.string_data_size(), count)))
      break;
    llvm::SmallVector<llvm::StringRef> strings;
    strings.reserve(count);
    for (const std::string &s : tensor.string_data())
      strings.push_back(s);
    return DenseElementsAttr::get(type, strings);
  }
  default:
    err = makeError(llvm::formatv("{0}: unsupported ONNX type {1}", what,
                                  getONNXDataTypeName(tensor.data_type()))
                        .str());
    break;
  }
  if (err)
    return std::move(err);
  return fromBits(bits);
}

llvm::Expected<DenseElementsAttr>
mlir::sonnx::convertTensorProtoToAttr(const onnx::TensorProto &tensor,
                                      MLIRContext *context) {
  std::string what = tensor.name().empty()
                         ? std::string("tensor")
                         : llvm::formatv("tensor '{0}'", tensor.name()).str();
  if (tensor.data_location() == onnx::TensorProto_DataLocation_EXTERNAL ||
      tensor.external_data_size() != 0)
    return makeError(llvm::formatv("{0} uses external data, which is not "
                                   "supported; store the values in the model",
                                   what)
                         .str());
  if (tensor.has_segment())
    return makeError(
        llvm::formatv("{0} is a segment of a tensor, which is not supported",
                      what)
            .str());
  if (!tensor.has_data_type() ||
      tensor.data_type() == static_cast<int32_t>(ONNXDataType::Undefined))
    return makeError(llvm::formatv("{0} has no data type", what).str());
  Type elementType = getElementTypeForONNX(context, tensor.data_type());
  if (!elementType)
    return makeError(llvm::formatv("{0} has ONNX type {1}, which is not an "
                                   "element type of the profile "
                                   "[profile.types]",
                                   what,
                                   getONNXDataTypeName(tensor.data_type()))
                         .str());

  llvm::SmallVector<int64_t> dims(tensor.dims().begin(), tensor.dims().end());
  llvm::Expected<int64_t> count = getDimsElementCount(dims, what);
  if (!count)
    return count.takeError();
  auto type = RankedTensorType::get(dims, elementType);
  bool isBF16 =
      tensor.data_type() == static_cast<int32_t>(ONNXDataType::BFloat16);
  return TensorDecoder(tensor, type, *count, what, isBF16).decode();
}

//===----------------------------------------------------------------------===//
// Attribute -> TensorProto
//===----------------------------------------------------------------------===//

llvm::Expected<onnx::TensorProto>
mlir::sonnx::convertAttrToTensorProto(DenseElementsAttr attr,
                                      llvm::StringRef name) {
  onnx::TensorProto tensor;
  if (!attr)
    return makeError("no value to convert to a TensorProto");
  auto type = dyn_cast<RankedTensorType>(attr.getType());
  if (!type || !type.hasStaticShape())
    return makeError(llvm::formatv("cannot write a value of type {0} as a "
                                   "TensorProto: it needs a static shape",
                                   typeToString(attr.getType()))
                         .str());
  Type elementType = type.getElementType();
  std::optional<int32_t> dataType = getONNXDataTypeFor(elementType);
  if (!dataType)
    return makeError(llvm::formatv("element type {0} has no ONNX equivalent",
                                   typeToString(elementType))
                         .str());
  tensor.set_name(name.str());
  tensor.set_data_type(*dataType);
  for (int64_t dim : type.getShape())
    tensor.add_dims(dim);

  ElementInfo info = getElementInfo(elementType);
  if (info.storage == Storage::String) {
    for (llvm::StringRef s : attr.getValues<llvm::StringRef>())
      tensor.add_string_data(s.str());
    return tensor;
  }

  std::string raw;
  unsigned bytes = info.bits <= 8 ? 1 : info.bits / 8;
  switch (info.storage) {
  case Storage::Integer: {
    if (info.bits == 4) {
      raw.assign((attr.getNumElements() + 1) / 2, '\0');
      int64_t i = 0;
      for (const APInt &v : attr.getValues<APInt>()) {
        uint8_t nibble = v.getZExtValue() & 0xF;
        raw[i / 2] = static_cast<char>(static_cast<uint8_t>(raw[i / 2]) |
                                       (i % 2 == 0 ? nibble : nibble << 4));
        ++i;
      }
      break;
    }
    raw.reserve(getByteCount(attr.getType().getShape(), bytes).value_or(0));
    for (const APInt &v : attr.getValues<APInt>())
      appendLE(raw, v.getZExtValue(), bytes);
    break;
  }
  case Storage::Float:
    raw.reserve(getByteCount(attr.getType().getShape(), bytes).value_or(0));
    for (const APFloat &v : attr.getValues<APFloat>())
      appendLE(raw, v.bitcastToAPInt().getZExtValue(), bytes);
    break;
  case Storage::Complex:
    raw.reserve(getByteCount(attr.getType().getShape(), 2 * bytes).value_or(0));
    for (const ComplexElement &v : getComplexElements(attr)) {
      appendLE(raw, v.real.bitcastToAPInt().getZExtValue(), bytes);
      appendLE(raw, v.imag.bitcastToAPInt().getZExtValue(), bytes);
    }
    break;
  case Storage::String:
    break;
  }
  tensor.set_raw_data(std::move(raw));
  return tensor;
}

//===----------------------------------------------------------------------===//
// Files and types
//===----------------------------------------------------------------------===//

/// Parses the bytes of a serialized TensorProto; `source` names them in the
/// message of a failure.
static llvm::Expected<onnx::TensorProto> parseBytes(llvm::StringRef bytes,
                                                    llvm::StringRef source) {
  onnx::TensorProto tensor;
  if (bytes.size() > static_cast<size_t>(INT_MAX) ||
      !tensor.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    return makeError(
        llvm::formatv("'{0}' is not a valid serialized ONNX TensorProto "
                      "(malformed or truncated)",
                      source)
            .str());
  return tensor;
}

llvm::Expected<DenseElementsAttr>
mlir::sonnx::parseTensorProto(llvm::StringRef bytes, llvm::StringRef source,
                              MLIRContext *context) {
  llvm::Expected<onnx::TensorProto> tensor = parseBytes(bytes, source);
  if (!tensor)
    return tensor.takeError();
  return convertTensorProtoToAttr(*tensor, context);
}

llvm::Expected<DenseElementsAttr>
mlir::sonnx::readTensorFile(llvm::StringRef path, MLIRContext *context) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/false);
  if (!buffer)
    return makeError(llvm::formatv("cannot read '{0}': {1}", path,
                                   buffer.getError().message())
                         .str());
  llvm::Expected<onnx::TensorProto> tensor =
      parseBytes((*buffer)->getBuffer(), path);
  if (!tensor)
    return tensor.takeError();
  llvm::Expected<DenseElementsAttr> value =
      convertTensorProtoToAttr(*tensor, context);
  if (!value)
    return llvm::createFileError(path, value.takeError());
  return value;
}

/// Converts and serializes `attr`; `failure` is the message of a failed
/// serialization.
static llvm::Expected<std::string> serialize(DenseElementsAttr attr,
                                             llvm::StringRef name,
                                             const llvm::Twine &failure) {
  llvm::Expected<onnx::TensorProto> tensor =
      convertAttrToTensorProto(attr, name);
  if (!tensor)
    return tensor.takeError();
  std::string bytes;
  if (!tensor->SerializeToString(&bytes))
    return makeError(failure);
  return bytes;
}

llvm::Expected<std::string>
mlir::sonnx::serializeTensorProto(DenseElementsAttr attr,
                                  llvm::StringRef name) {
  return serialize(attr, name, "cannot serialize the tensor");
}

llvm::Error mlir::sonnx::writeTensorFile(DenseElementsAttr attr,
                                         llvm::StringRef name,
                                         llvm::StringRef path) {
  llvm::Expected<std::string> bytes = serialize(
      attr, name, "cannot serialize the TensorProto for '" + path + "'");
  if (!bytes)
    return bytes.takeError();
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return makeError(
        llvm::formatv("cannot write '{0}': {1}", path, ec.message()).str());
  os << *bytes;
  os.close();
  if (os.has_error()) {
    std::string message = os.error().message();
    os.clear_error();
    return makeError(
        llvm::formatv("cannot write '{0}': {1}", path, message).str());
  }
  return llvm::Error::success();
}

llvm::Expected<TensorType>
mlir::sonnx::convertONNXType(const onnx::TypeProto &type, MLIRContext *context,
                             llvm::StringRef what) {
  switch (type.value_case()) {
  case onnx::TypeProto::kTensorType:
    break;
  case onnx::TypeProto::kSequenceType:
  case onnx::TypeProto::kMapType:
  case onnx::TypeProto::kOptionalType:
  case onnx::TypeProto::kSparseTensorType:
  case onnx::TypeProto::kOpaqueType: {
    static const char *const names[] = {
        "",           "",           "",
        "",           "a sequence", "a map",
        "",           "an opaque",  "a sparse tensor",
        "an optional"};
    int kase = static_cast<int>(type.value_case());
    return makeError(llvm::formatv("{0} has {1} type; only tensors are "
                                   "supported",
                                   what, names[kase])
                         .str());
  }
  default:
    return makeError(llvm::formatv("{0} has no type", what).str());
  }
  const onnx::TypeProto_Tensor &tensorType = type.tensor_type();
  if (!tensorType.has_elem_type() ||
      tensorType.elem_type() == static_cast<int32_t>(ONNXDataType::Undefined))
    return makeError(llvm::formatv("{0} has no element type", what).str());
  Type elementType = getElementTypeForONNX(context, tensorType.elem_type());
  if (!elementType)
    return makeError(llvm::formatv("{0} has ONNX type {1}, which is not an "
                                   "element type of the profile "
                                   "[profile.types]",
                                   what,
                                   getONNXDataTypeName(tensorType.elem_type()))
                         .str());
  if (!tensorType.has_shape())
    return TensorType(UnrankedTensorType::get(elementType));
  llvm::SmallVector<int64_t> shape;
  for (const onnx::TensorShapeProto_Dimension &dim : tensorType.shape().dim()) {
    if (dim.value_case() != onnx::TensorShapeProto_Dimension::kDimValue) {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    if (dim.dim_value() < 0)
      return makeError(llvm::formatv("{0} has a negative size {1} in its "
                                     "declared shape",
                                     what, dim.dim_value())
                           .str());
    shape.push_back(dim.dim_value());
  }
  return TensorType(RankedTensorType::get(shape, elementType));
}
