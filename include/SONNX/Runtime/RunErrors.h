//===- RunErrors.h - the options and errors of a call -----------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// What the JIT (JITRunner.h) and the ahead-of-time runner (AOTRunner.h)
// share about one call of compiled code, which runs in a sandboxed child
// process (Sandbox.h): its limits (JITRunOptions) and the error of a failed
// call (JITRunError), which gives the rule of a failed run-time check as a
// value (a RuleID mapped from the check's status code), never read back
// from text. Implemented in lib/Runtime/RunErrors.cpp (SONNXRuntimeCommon).
// The names keep the JIT prefix they had when the JIT alone had them.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_RUNTIME_RUNERRORS_H
#define SONNX_RUNTIME_RUNERRORS_H

#include "SONNX/Dialect/SONNX/IR/SONNXRules.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
namespace sonnx {

/// Options of one call.
struct JITRunOptions {
  /// Seconds after which the child process running the code is killed and
  /// the call fails (0: no limit).
  unsigned timeoutSeconds = 300;
  /// Largest total size of the results, in bytes, that a call may return; a
  /// larger result fails the call instead of exhausting memory.
  uint64_t maxResultBytes = uint64_t(1) << 32;
  /// Memory, in bytes, that the child process may map beyond what it
  /// inherits (its address-space limit); an allocation of the compiled code
  /// beyond it fails, and so does the call. 0: no limit.
  uint64_t maxMemoryBytes = uint64_t(1) << 33;
};

/// Why a call failed (every kind is an error of the model or its data, or
/// a fault; none is a result mismatch).
enum class JITRunFailure {
  /// Arguments that do not match the function's signature.
  InvalidArguments,
  /// A run-time check of the generated code failed: getRule gives the rule
  /// (from the check's status code), the message the check's text, which
  /// cites the constraint ID for people.
  RuntimeCheck,
  /// The generated code was killed by a signal other than a run-time check.
  Crash,
  /// The call took longer than JITRunOptions::timeoutSeconds.
  Timeout,
  /// Anything else (process creation, I/O, an inconsistent result).
  Internal,
};

/// The error of a failed call; `message` is one line.
class JITRunError : public llvm::ErrorInfo<JITRunError> {
public:
  static char ID;
  JITRunError(JITRunFailure kind, std::string message,
              std::optional<RuleID> rule = std::nullopt)
      : kind(kind), message(std::move(message)), rule(rule) {}
  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  JITRunFailure getKind() const { return kind; }
  const std::string &getMessage() const { return message; }
  /// The rule of a failed run-time check (RuntimeCheck), from the status
  /// code the check reported (getRuleOfStatus; the JIT's handler and the
  /// ahead-of-time program's return value alike).
  std::optional<RuleID> getRule() const { return rule; }

private:
  JITRunFailure kind;
  std::string message;
  std::optional<RuleID> rule;
};

} // namespace sonnx
} // namespace mlir

#endif // SONNX_RUNTIME_RUNERRORS_H
