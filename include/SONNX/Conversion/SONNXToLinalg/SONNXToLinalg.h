//===- SONNXToLinalg.h - sonnx to tensor/linalg lowering --------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The pieces of `--convert-sonnx-to-linalg`, exposed so that other passes and
// tools can lower sonnx ops together with their own patterns.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_CONVERSION_SONNXTOLINALG_SONNXTOLINALG_H
#define SONNX_CONVERSION_SONNXTOLINALG_SONNXTOLINALG_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace sonnx {

/// What a string handle is in the lowered code.
enum class StringHandleKind {
  /// An `i64`, the address of the string's storage: the LLVM lowering
  /// (`--sonnx-to-llvm`), whose string constants are LLVM globals.
  Integer,
  /// A `!ptr.ptr` (the C output, `--sonnx-to-emitc`): a type of its own,
  /// which the EmitC conversion tells from the integers to make it a C
  /// `const char *`; constant string tensors stay constants of it.
  Pointer,
};

/// The type converter of the lowering: `!sonnx.string` becomes the handle
/// that represents a string at run time (`kind`), in scalars and in tensor
/// element types. Every other type is kept, signed and unsigned integers
/// included.
class SONNXToLinalgTypeConverter : public TypeConverter {
public:
  explicit SONNXToLinalgTypeConverter(
      StringHandleKind kind = StringHandleKind::Integer);

  /// The type of a string handle of `kind`.
  static Type
  getStringHandleType(MLIRContext *context,
                      StringHandleKind kind = StringHandleKind::Integer);
};

/// Adds the patterns that lower the five sonnx ops to tensor, linalg, arith,
/// scf and cf ops, and the patterns that convert the types of function
/// signatures, calls, returns and other region-free ops carrying strings.
void populateSONNXToLinalgConversionPatterns(const TypeConverter &typeConverter,
                                             RewritePatternSet &patterns);

/// Adds the patterns that lower sonnx.reshape, sonnx.unsqueeze and
/// sonnx.flatten to views (tensor.collapse_shape, tensor.expand_shape,
/// tensor.cast, tensor.reshape), with their run-time checks.
void populateSONNXViewOpsToLinalgPatterns(const TypeConverter &typeConverter,
                                          RewritePatternSet &patterns);

/// Adds the patterns that lower sonnx.broadcast and sonnx.expand to
/// linalg.generic, with their run-time checks.
void populateSONNXBroadcastOpsToLinalgPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns);

/// Makes the sonnx dialect illegal and every other op legal once its types
/// (and, for functions, its signature and body) are legal for
/// `typeConverter`.
void configureSONNXToLinalgConversionTarget(ConversionTarget &target,
                                            const TypeConverter &typeConverter);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_CONVERSION_SONNXTOLINALG_SONNXTOLINALG_H
