//===- Registration.h - register every sonnx dialect and pass ---*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// One place that registers what a tool hosting sonnx needs: the upstream
// mlir-opt plugin, the C API (sonnxRegisterPasses) and sonnx-lsp-server.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_REGISTRATION_REGISTRATION_H
#define SONNX_REGISTRATION_REGISTRATION_H

namespace mlir {
class DialectRegistry;
namespace sonnx {

/// Registers every sonnx pass (dialect transforms, conversions, codegen
/// transforms) and the `--sonnx-to-llvm` pipeline with the global pass
/// registry. Safe to call more than once: the registration happens once.
void registerAllSONNXPasses();

/// Adds to `registry` the sonnx dialect, the dialects a module of sonnx ops
/// uses (func, arith, tensor, scf) and everything `--sonnx-to-llvm` needs.
void registerAllSONNXDialects(DialectRegistry &registry);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_REGISTRATION_REGISTRATION_H
