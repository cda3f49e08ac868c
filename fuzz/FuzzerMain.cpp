//===- FuzzerMain.cpp - run a fuzz target on given inputs -----------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The main of a fuzz target built without libFuzzer: runs the target once
// on each file named on the command line (options starting with '-' are
// ignored), as LLVM's own fuzzers do when built without libFuzzer. The suite
// replays the seed corpora and the regression inputs of fuzz/ this way.
//
//===----------------------------------------------------------------------===//

#include "llvm/FuzzMutate/FuzzerCLI.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv);

int main(int argc, char **argv) {
  return llvm::runFuzzerOnInputs(argc, argv, LLVMFuzzerTestOneInput,
                                 LLVMFuzzerInitialize);
}
