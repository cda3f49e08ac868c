/*===- sonnx-capi-test.c - test of the sonnx C API -----------------*- C
-*-===*\
|*                                                                            *|
|* Part of the sonnx project.                                                 *|
|*                                                                            *|
|* Embeds sonnx the way a compiler written against MLIR's C API would:        *|
|* registers the dialect, parses and verifies IR, uses the string type.       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "SONNX-c/Dialects.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/IR.h"

#include <stdio.h>

static void printToStdout(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stdout);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diag, void *userData) {
  (void)userData;
  fputs("diagnostic: ", stdout);
  mlirDiagnosticPrint(diag, printToStdout, NULL);
  fputs("\n", stdout);
  return mlirLogicalResultSuccess();
}

static int parseAndVerify(MlirContext ctx, const char *source) {
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(source));
  if (mlirModuleIsNull(module)) {
    printf("parse or verify failed\n");
    return 1;
  }
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\n");
  mlirModuleDestroy(module);
  return 0;
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__func__(), ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__arith__(), ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__sonnx__(), ctx);
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);

  MlirType str = sonnxStringTypeGet(ctx);
  printf("string type: ");
  mlirTypePrint(str, printToStdout, NULL);
  printf(", is string: %d, f32 is string: %d\n", sonnxTypeIsAString(str),
         sonnxTypeIsAString(mlirF32TypeGet(ctx)));

  int failures = parseAndVerify(
      ctx,
      "func.func @f(%x: tensor<2x3x!sonnx.string>) -> tensor<6x!sonnx.string> "
      "{\n"
      "  %s = arith.constant dense<[-1]> : tensor<1xi64>\n"
      "  %y = sonnx.reshape %x, %s : (tensor<2x3x!sonnx.string>, tensor<1xi64>)"
      " -> tensor<6x!sonnx.string>\n"
      "  return %y : tensor<6x!sonnx.string>\n"
      "}\n");
  /* An invalid op: the verifier's diagnostic reaches the handler. */
  failures += parseAndVerify(
      ctx, "func.func @g(%x: tensor<3x4xf32>) {\n"
           "  %a = arith.constant dense<[1, 1]> : tensor<2xi64>\n"
           "  %y = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<2xi64>)"
           " -> tensor<3x1x1x4xf32>\n"
           "  return\n"
           "}\n");
  mlirContextDestroy(ctx);
  printf("failures: %d\n", failures);
  return failures == 1 ? 0 : 1;
}
