//===- ToEmitC.h - the EmitC conversion of the C output ---------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// `--sonnx-convert-to-emitc`: upstream's arith, func, memref and scf
// conversions to EmitC with one type converter, plus the element types that
// the C interface of sonnx-compile defines (docs/deployment.md): complex
// numbers and string handles, as the one table of C element types
// (SONNX/Support/CElementTypes.h) holds them.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_CONVERSION_TOEMITC_TOEMITC_H
#define SONNX_CONVERSION_TOEMITC_TOEMITC_H

#include "SONNX/Support/CElementTypes.h"

namespace mlir {
class TypeConverter;
namespace sonnx {

/// Adds the conversions of the element types whose storage is an opaque
/// EmitC type (complex<f32>, complex<f64>, string handles) to that type.
void populateSONNXToEmitCTypeConversions(TypeConverter &typeConverter);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_CONVERSION_TOEMITC_TOEMITC_H
