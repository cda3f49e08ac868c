/*===- sonnx-capi-test.c - test of the sonnx C API ------------------*- C
-*-===*\
|*                                                                            *|
|* Part of the sonnx project.                                                 *|
|*                                                                            *|
|* Embeds sonnx the way a compiler written against MLIR's C API would:        *|
|* registers the dialect, parses and verifies IR, uses the string type,       *|
|* builds and runs the --sonnx-to-llvm pipeline and, given ONNX model files   *|
|* as arguments (builds with ONNX), imports them.                             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "SONNX-c/Dialects.h"
#include "SONNX-c/Passes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#ifdef SONNX_ENABLE_ONNX
#include "SONNX-c/ONNXImport.h"
#endif

#include <stdio.h>
#include <string.h>

static void printToStdout(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stdout);
}

/// An error callback: prints the message on its own line, counts it.
static void printError(MlirStringRef message, void *userData) {
  ++*(int *)userData;
  fputs("error: ", stdout);
  fwrite(message.data, 1, message.length, stdout);
  fputs("\n", stdout);
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

/// Adds --sonnx-to-llvm with `options` to a new pass manager and runs it
/// on a reshape; prints whether the module is all LLVM dialect afterwards.
static int runPipeline(MlirContext ctx, const char *anchor,
                       const char *options) {
  MlirModule module = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(
               "func.func @f(%x: tensor<2x3xf32>) -> tensor<6xf32> {\n"
               "  %s = arith.constant dense<[6]> : tensor<1xi64>\n"
               "  %y = sonnx.reshape %x, %s : (tensor<2x3xf32>, "
               "tensor<1xi64>) -> tensor<6xf32>\n"
               "  return %y : tensor<6xf32>\n"
               "}\n"));
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString(anchor));
  int errors = 0;
  MlirLogicalResult added = sonnxAddSONNXToLLVMPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString(options), printError, &errors);
  printf("pipeline '%s' on %s: %s, %d error(s)\n", options, anchor,
         mlirLogicalResultIsSuccess(added) ? "added" : "refused", errors);
  int failed = mlirLogicalResultIsFailure(added);
  if (!failed) {
    MlirLogicalResult ran =
        mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
    printf("run: %s, first op: ",
           mlirLogicalResultIsSuccess(ran) ? "succeeded" : "failed");
    MlirOperation first = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(first));
    fwrite(name.data, 1, name.length, stdout);
    printf("\n");
  }
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  return failed;
}

#ifdef SONNX_ENABLE_ONNX
/// Imports an ONNX file; prints the module or the errors.
static int importONNX(MlirContext ctx, const char *path) {
  int errors = 0;
  MlirModule module = sonnxImportONNXFile(
      ctx, mlirStringRefCreateFromCString(path), printError, &errors);
  printf("import %s: %s, %d error(s)\n", path,
         mlirModuleIsNull(module) ? "failed" : "succeeded", errors);
  if (mlirModuleIsNull(module))
    return 1;
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\n");
  /* And back: PATH.export.onnx. */
  char exported[4096];
  snprintf(exported, sizeof(exported), "%s.export.onnx", path);
  bool written = sonnxExportONNXFile(
      module, mlirStringRefCreateFromCString(exported), printError, &errors);
  printf("export %s: %s\n", exported, written ? "succeeded" : "failed");
  mlirModuleDestroy(module);
  return written ? 0 : 1;
}
#endif

int main(int argc, char **argv) {
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__func__(), ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__arith__(), ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__sonnx__(), ctx);
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);

  /* Given ONNX files: import each, nothing else. */
  if (argc > 1) {
    int failures = 0;
#ifdef SONNX_ENABLE_ONNX
    for (int i = 1; i < argc; ++i)
      failures += importONNX(ctx, argv[i]);
#else
    printf("built without ONNX: cannot import %s\n", argv[1]);
    failures = argc - 1;
#endif
    mlirContextDestroy(ctx);
    printf("failures: %d\n", failures);
    return 0;
  }

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
  printf("failures: %d\n", failures);

  /* The passes and the pipeline. Registered twice: the second call does
     nothing. The pipeline needs the dialects and interfaces it lowers
     through. */
  sonnxRegisterPasses();
  sonnxRegisterPasses();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  sonnxRegisterDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  int pipelineFailures = 0;
  pipelineFailures += runPipeline(ctx, "builtin.module", "");
  pipelineFailures +=
      runPipeline(ctx, "builtin.module", "vector-bytes=0 fuse-elementwise=0");
  pipelineFailures += runPipeline(ctx, "builtin.module", "no-such-option=1");
  pipelineFailures += runPipeline(ctx, "builtin.module", "vector-bytes=many");
  pipelineFailures += runPipeline(ctx, "func.func", "");

  /* The registered passes parse by name in a textual pipeline; an unknown
     one is refused with a message. */
  int parsed = 0;
  const char *pipelines[] = {
      "builtin.module(func.func(sonnx-canonicalize),convert-sonnx-to-linalg)",
      "builtin.module(no-such-pass)"};
  for (int i = 0; i < 2; ++i) {
    MlirPassManager pm = mlirPassManagerCreate(ctx);
    int errors = 0;
    MlirLogicalResult result = mlirParsePassPipeline(
        mlirPassManagerGetAsOpPassManager(pm),
        mlirStringRefCreateFromCString(pipelines[i]), printError, &errors);
    printf("textual pipeline %s: %s\n", pipelines[i],
           mlirLogicalResultIsSuccess(result) ? "parsed" : "refused");
    parsed += mlirLogicalResultIsSuccess(result);
    mlirPassManagerDestroy(pm);
  }

  mlirContextDestroy(ctx);
  printf("pipeline failures: %d\n", pipelineFailures);
  return failures == 1 && pipelineFailures == 3 && parsed == 1 ? 0 : 1;
}
