//===- Sandbox.h - run code in a limited child process ----------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Runs a function in a forked child process (POSIX), so that an abort, a
// fault or an endless loop in it ends the child, never the caller: the
// child dies with its parent, dumps no core, may map only a bounded amount
// of memory, and is killed after a timeout. Its standard output and error
// go to a temporary file, and it may write data to a second one; both are
// read back once the child is gone. JITFunction::call runs the compiled
// code this way.
//
// The caller should have a single thread: a fork copies only the calling
// thread, and locks that other threads hold stay locked in the child.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_RUNTIME_SANDBOX_H
#define SONNX_RUNTIME_SANDBOX_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
namespace sonnx {

/// The limits of the child.
struct SandboxLimits {
  /// Seconds after which the child is killed (0: no limit).
  unsigned timeoutSeconds = 0;
  /// Memory, in bytes, that the child may map beyond what it inherits (its
  /// address-space limit). 0: no limit.
  uint64_t maxMemoryBytes = 0;
};

/// How the child ended and what it wrote.
struct SandboxOutcome {
  /// The child was killed at the timeout.
  bool timedOut = false;
  /// The signal that ended the child, 0 when it exited.
  int signal = 0;
  /// The exit code of a child that exited, -1 otherwise.
  int exitCode = -1;
  /// What the child wrote to its standard output and error.
  std::string output;
  /// What the child wrote to its data file; nullopt when it cannot be read.
  std::optional<std::string> data;
};

/// Runs `body` in a child process within `limits`. `body` gets the file
/// descriptor of the data file and returns the child's exit code; it may
/// also replace the child by a program (exec), which then runs within the
/// same limits and whose exit code or signal is the outcome. Fails
/// only when the child cannot be run or waited for (no temporary file, no
/// pipe, no process).
llvm::Expected<SandboxOutcome>
runInSandbox(llvm::function_ref<int(int dataFd)> body,
             const SandboxLimits &limits);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_RUNTIME_SANDBOX_H
