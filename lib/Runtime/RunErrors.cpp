//===- RunErrors.cpp - how a call of compiled code fails ------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// What the JIT (JITFunction::call, JITCompiler.cpp) and the ahead-of-time
// runner (AOTExecutable::call, AOTRunner.cpp) share about a call: the
// JITRunError of SONNX/Runtime/RunErrors.h and the constraint ID it cites,
// the check of the arguments, and the error that the way a sandboxed child
// ended becomes (Marshalling.h).
//
//===----------------------------------------------------------------------===//

#include "SONNX/Runtime/RunErrors.h"

#include "Marshalling.h"

#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Runtime/Sandbox.h"
#include "SONNX/Support/SizeProduct.h"
#include "SONNX/Support/TensorUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <csignal>
#include <cstring>

using namespace mlir;
using namespace mlir::sonnx;

char JITRunError::ID = 0;

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

llvm::Error mlir::sonnx::runError(JITRunFailure kind,
                                  const llvm::Twine &message,
                                  std::optional<RuleID> rule) {
  return llvm::make_error<JITRunError>(kind, message.str(), rule);
}

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

static std::string argumentName(llvm::ArrayRef<std::string> names, size_t i) {
  if (i < names.size() && !names[i].empty())
    return llvm::formatv("argument {0} ('{1}')", i, names[i]).str();
  return llvm::formatv("argument {0}", i).str();
}

llvm::Error
mlir::sonnx::checkCallArguments(llvm::ArrayRef<DenseElementsAttr> arguments,
                                llvm::ArrayRef<RankedTensorType> argumentTypes,
                                llvm::ArrayRef<std::string> names) {
  if (arguments.size() != argumentTypes.size())
    return runError(JITRunFailure::InvalidArguments,
                    llvm::formatv("{0} arguments given, the function takes {1}",
                                  arguments.size(), argumentTypes.size()));
  for (auto [i, pair] : llvm::enumerate(llvm::zip(arguments, argumentTypes))) {
    auto [value, type] = pair;
    if (!value)
      return runError(JITRunFailure::InvalidArguments,
                      argumentName(names, i) + " is missing");
    if (!isCompatibleTensorType(type, value.getType()))
      return runError(
          JITRunFailure::InvalidArguments,
          llvm::formatv("{0} has type {1}, the function expects {2}",
                        argumentName(names, i), typeToString(value.getType()),
                        typeToString(type)));
    // A splat attribute may have a type whose byte count does not fit: the
    // call frame could not hold it.
    std::optional<ElementStorage> storage =
        getElementStorage(type.getElementType());
    if (!getByteCount(value.getType().getShape(), storage ? storage->bytes : 1))
      return runError(
          JITRunFailure::InvalidArguments,
          llvm::formatv("{0} of type {1} has more bytes than int64 can count",
                        argumentName(names, i), typeToString(value.getType())));
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// How the child ended
//===----------------------------------------------------------------------===//

/// The last `maxLines` non-empty lines of `text`, joined by " | ".
static std::string lastLines(llvm::StringRef text, size_t maxLines = 3) {
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n', -1, /*KeepEmpty=*/false);
  llvm::SmallVector<llvm::StringRef> kept;
  for (llvm::StringRef line : lines)
    if (!line.trim().empty())
      kept.push_back(line.trim());
  if (kept.size() > maxLines)
    kept.erase(kept.begin(), kept.end() - maxLines);
  return llvm::join(kept.begin(), kept.end(), " | ");
}

llvm::Error mlir::sonnx::describeChildFailure(const SandboxOutcome &outcome,
                                              const JITRunOptions &options) {
  if (outcome.timedOut)
    return runError(JITRunFailure::Timeout,
                    llvm::formatv("the compiled code did not finish within "
                                  "{0} s (--timeout) and was killed",
                                  options.timeoutSeconds));
  if (int sig = outcome.signal) {
    std::string tail = lastLines(outcome.output);
    // The lowered code does not check what malloc returns: an allocation
    // beyond the memory limit ends as a fault.
    bool mayBeMemory =
        (sig == SIGSEGV || sig == SIGBUS) && options.maxMemoryBytes != 0;
    return runError(
        JITRunFailure::Crash,
        llvm::formatv("the compiled code was killed by signal {0} ({1}){2}{3}",
                      sig, strsignal(sig),
                      mayBeMemory ? "; an allocation beyond the memory "
                                    "limit (--max-memory) also ends this way"
                                  : "",
                      tail.empty() ? "" : ": " + tail));
  }
  if (int code = outcome.exitCode) {
    std::string tail = lastLines(outcome.output);
    JITRunFailure kind =
        code == ChildTooLarge ? JITRunFailure::Crash : JITRunFailure::Internal;
    return runError(kind, llvm::formatv("the compiled code failed (exit code "
                                        "{0}){1}",
                                        code, tail.empty() ? "" : ": " + tail));
  }
  return llvm::Error::success();
}
