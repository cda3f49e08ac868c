//===- AOTRunner.cpp - run a sonnx function compiled ahead of time --------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// AOTExecutable::build writes the object (or C source) and header of
// compileAOT and a harness C program to a temporary directory and links them
// with the system C compiler; AOTExecutable::call runs the harness in the
// sandbox of the JIT (Sandbox.h), with the packed inputs on its standard input.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Runtime/AOTRunner.h"

#include "Marshalling.h"

#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "SONNX/Runtime/Sandbox.h"
#include "SONNX/Support/SizeProduct.h"
#include "SONNX/Support/TensorUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

#include <fcntl.h>
#include <unistd.h>

using namespace mlir;
using namespace mlir::sonnx;

namespace {
/// Exit codes of the harness besides 0 (status 0 and outputs written).
enum HarnessExit : int {
  /// PREFIX_run returned a nonzero status; the harness printed it with its
  /// constraint ID on the standard error.
  HarnessStatus = 80,
  /// The standard input held fewer bytes than the inputs take.
  HarnessShortInput = 81,
  /// The outputs could not be written.
  HarnessWriteFailed = 82,
  /// The harness could not be executed (exec failed in the child).
  HarnessExecFailed = 83,
};
} // namespace

//===----------------------------------------------------------------------===//
// The harness
//===----------------------------------------------------------------------===//

/// The C source of the program that reads the inputs of `PREFIX_run` from
/// its standard input, calls it through the header `headerName` and writes
/// the status code and the outputs to its standard output. Every size comes
/// from the header's macros, and the program checks them against the
/// parameters it was written for (a header of another model does not
/// build). With an argument (AOTExecutable::runWithPrefill), the outputs'
/// initial contents follow the inputs on the standard input: a validation
/// fills them with values the function must overwrite.
static std::string writeHarness(llvm::StringRef headerName,
                                llvm::StringRef prefix,
                                llvm::ArrayRef<AOTParameter> parameters) {
  std::string text;
  llvm::raw_string_ostream os(text);
  std::string macro = prefix.upper();
  auto elements = [&](const AOTParameter &param) {
    return macro + "_" + param.identifier + "_ELEMENTS";
  };
  auto isString = [](const AOTParameter &param) {
    return isa<sonnx::StringType>(param.type.getElementType());
  };
  // Only the helpers that main uses (the program builds with -Werror).
  auto uses = [&](bool output, bool string) {
    return llvm::any_of(parameters, [&](const AOTParameter &param) {
      return param.isOutput == output && isString(param) == string;
    });
  };
  bool readsNumbers = uses(false, false) || uses(true, false),
       readsStrings = uses(false, true) || uses(true, true);
  bool writesNumbers = uses(true, false), writesStrings = uses(true, true);
  os << "/* The harness of sonnx-run's aot mode (lib/Runtime/AOTRunner.cpp):"
        "\n * reads the inputs of "
     << prefix
     << "_run from the standard input, calls it\n * and writes its outputs "
        "to the standard output; a string is a 64-bit\n * length and its "
        "bytes. */\n"
     << "#include \"" << headerName << "\"\n\n#include <stdio.h>\n";
  if (readsStrings)
    os << "#include <stdlib.h>\n";
  if (writesStrings)
    os << "#include <string.h>\n";
  os << "\n";
  // The header's sizes are those of the parameters (a negative array size
  // stops the build otherwise).
  for (const AOTParameter &param : parameters)
    os << "typedef char check_" << param.identifier << "[" << elements(param)
       << " == UINT64_C(" << param.elements << ") ? 1 : -1];\n";
  for (const AOTParameter &param : parameters)
    os << "static " << param.cElementType << " arg_" << param.identifier << "["
       << elements(param) << " > 0 ? " << elements(param) << " : 1];\n";
  if (readsNumbers)
    os << "\nstatic int read_all(void *data, size_t size, uint64_t count) {\n"
          "  return count == 0 || fread(data, size, (size_t)count, stdin) == "
          "count;\n}\n";
  if (readsStrings)
    os << "\nstatic int read_strings(const char **data, uint64_t count) {\n"
          "  uint64_t i, length;\n  char *bytes;\n"
          "  for (i = 0; i < count; ++i) {\n"
          "    if (fread(&length, sizeof length, 1, stdin) != 1)\n"
          "      return 0;\n"
          "    bytes = malloc((size_t)length + 1);\n"
          "    if (!bytes || (length != 0 &&\n"
          "                   fread(bytes, 1, (size_t)length, stdin) != "
          "length))\n"
          "      return 0;\n"
          "    bytes[length] = 0;\n    data[i] = bytes;\n  }\n"
          "  return 1;\n}\n";
  if (writesNumbers)
    os << "\nstatic int write_all(const void *data, size_t size, uint64_t "
          "count) {\n"
          "  return count == 0 || fwrite(data, size, (size_t)count, stdout) "
          "== count;\n}\n";
  if (writesStrings)
    os << "\nstatic int write_strings(const char *const *data, uint64_t "
          "count) {\n"
          "  uint64_t i, length;\n"
          "  for (i = 0; i < count; ++i) {\n"
          "    length = strlen(data[i]);\n"
          "    if (fwrite(&length, sizeof length, 1, stdout) != 1 ||\n"
          "        (length != 0 &&\n"
          "         fwrite(data[i], 1, (size_t)length, stdout) != length))\n"
          "      return 0;\n  }\n  return 1;\n}\n";
  os << "\nint main(int argc, char **argv) {\n  int32_t status;\n"
        "  const char *rule;\n  (void)argv;\n";
  auto read = [&](const AOTParameter &param) {
    if (isString(param))
      os << "  if (!read_strings(arg_" << param.identifier << ", "
         << elements(param) << "))\n";
    else
      os << "  if (!read_all(arg_" << param.identifier << ", sizeof arg_"
         << param.identifier << "[0], " << elements(param) << "))\n";
    os << "    return " << HarnessShortInput << ";\n";
  };
  for (const AOTParameter &param : parameters)
    if (!param.isOutput)
      read(param);
  os << "  if (argc > 1) {\n";
  for (const AOTParameter &param : parameters)
    if (param.isOutput)
      read(param);
  os << "  }\n  status = " << prefix << "_run(";
  llvm::interleave(
      parameters, os,
      [&](const AOTParameter &param) { os << "arg_" << param.identifier; },
      ", ");
  os << ");\n"
     << "  if (status != " << macro << "_STATUS_OK) {\n"
     << "    rule = " << prefix << "_status_rule(status);\n"
     << "    fprintf(stderr, \"" << prefix
     << "_run returned status %d [%s]\\n\", (int)status,\n"
     << "            rule ? rule : \"no constraint ID\");\n"
     // The status itself, as data: what the runner reads (the line above
     // is for people).
     << "    (void)fwrite(&status, sizeof status, 1, stdout);\n"
     << "    (void)fflush(stdout);\n"
     << "    return " << HarnessStatus << ";\n  }\n";
  for (const AOTParameter &param : parameters) {
    if (!param.isOutput)
      continue;
    if (isString(param))
      os << "  if (!write_strings(arg_" << param.identifier << ", "
         << elements(param) << "))\n";
    else
      os << "  if (!write_all(arg_" << param.identifier << ", sizeof arg_"
         << param.identifier << "[0], " << elements(param) << "))\n";
    os << "    return " << HarnessWriteFailed << ";\n";
  }
  os << "  return fflush(stdout) == 0 ? 0 : " << HarnessWriteFailed << ";\n}\n";
  return text;
}

/// Writes `contents` to `path`.
static llvm::Error writeFile(llvm::StringRef path, llvm::StringRef contents) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (!ec) {
    os << contents;
    os.close();
    ec = os.error();
  }
  if (ec)
    return makeError("cannot write '" + path + "': " + ec.message());
  return llvm::Error::success();
}

/// The last lines of the file `path` (at most 20), or "".
static std::string readLog(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return "";
  llvm::SmallVector<llvm::StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n', -1, /*KeepEmpty=*/false);
  if (lines.size() > 20)
    lines.erase(lines.begin(), lines.end() - 20);
  return llvm::join(lines, "\n");
}

//===----------------------------------------------------------------------===//
// AOTExecutable
//===----------------------------------------------------------------------===//

AOTExecutable::~AOTExecutable() {
  if (!directory.empty())
    (void)llvm::sys::fs::remove_directories(directory);
}

/// The path of the program `name` (a path, or looked up in PATH).
static llvm::Expected<std::string> findProgram(llvm::StringRef name,
                                               llvm::StringRef what) {
  if (name.contains('/'))
    return name.str();
  llvm::ErrorOr<std::string> found = llvm::sys::findProgramByName(name);
  if (!found)
    return makeError("cannot find " + what + " '" + name + "' in PATH");
  return *found;
}

llvm::Expected<std::unique_ptr<AOTExecutable>>
AOTExecutable::build(ModuleOp module, const AOTBuildOptions &options) {
  // Find the programs before the work.
  auto compiler = findProgram(options.cCompiler, "the C compiler");
  if (!compiler)
    return compiler.takeError();
  auto artifacts = compileAOT(module, options.compile);
  if (!artifacts)
    return artifacts.takeError();
  return link(std::move(*artifacts), options);
}

llvm::Expected<std::unique_ptr<AOTExecutable>>
AOTExecutable::link(AOTArtifacts artifacts, const AOTBuildOptions &options) {
  auto compiler = findProgram(options.cCompiler, "the C compiler");
  if (!compiler)
    return compiler.takeError();
  std::string emulator;
  if (!options.emulator.empty()) {
    auto found = findProgram(options.emulator, "the emulator");
    if (!found)
      return found.takeError();
    emulator = *found;
  }

  std::unique_ptr<AOTExecutable> executable(new AOTExecutable());
  executable->emulator = emulator;
  llvm::SmallString<128> directory;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("sonnx-aot", directory))
    return makeError("cannot create a temporary directory: " + ec.message());
  executable->directory = directory.str().str();
  auto path = [&](llvm::StringRef name) {
    llvm::SmallString<128> result(directory);
    llvm::sys::path::append(result, name);
    return result.str().str();
  };
  const std::string &prefix = options.compile.prefix;
  // The name the C source includes (compileAOT: PREFIX.h by default).
  std::string headerName = options.compile.headerName.empty()
                               ? prefix + ".h"
                               : options.compile.headerName;
  bool emitC = options.compile.output == AOTOutput::C;
  // With --emit=c the model is C source, which the C compiler optimises.
  std::string object = path(prefix + (emitC ? ".c" : ".o")),
              source = path("harness.c");
  executable->program = path("harness");
  if (llvm::Error error = writeFile(path(headerName), artifacts.header))
    return std::move(error);
  if (llvm::Error error = writeFile(object, artifacts.object))
    return std::move(error);
  if (llvm::Error error = writeFile(
          source, writeHarness(headerName, prefix, artifacts.parameters)))
    return std::move(error);

  if (!options.saveDirectory.empty()) {
    if (std::error_code ec =
            llvm::sys::fs::create_directories(options.saveDirectory))
      return makeError("cannot create the directory '" + options.saveDirectory +
                       "': " + ec.message());
    auto saved = [&](llvm::StringRef name) {
      llvm::SmallString<128> result(options.saveDirectory);
      llvm::sys::path::append(result, name);
      return result.str().str();
    };
    if (llvm::Error error = writeFile(saved(headerName), artifacts.header))
      return std::move(error);
    if (llvm::Error error =
            writeFile(saved(prefix + (emitC ? ".c" : ".o")), artifacts.object))
      return std::move(error);
    AOTCompileOptions analysis = options.compile;
    analysis.headerName = headerName;
    if (llvm::Error error =
            writeFile(saved(prefix + "_analysis.c"),
                      writeAnalysisHarness(analysis, artifacts.parameters)))
      return std::move(error);
  }

  // The header must be strict C99 for the harness to build.
  std::string log = path("cc.log");
  llvm::SmallVector<llvm::StringRef> arguments = {
      *compiler, "-std=c99",  "-Wall", "-Wextra",
      "-Werror", "-pedantic", "-I",    directory,
      source,    object,      "-o",    executable->program};
  if (emitC)
    arguments.push_back("-O2");
  for (const std::string &flag : options.linkFlags)
    arguments.push_back(flag);
  std::optional<llvm::StringRef> redirects[] = {
      llvm::StringRef(""), llvm::StringRef(log), llvm::StringRef(log)};
  std::string message;
  int code =
      llvm::sys::ExecuteAndWait(*compiler, arguments, std::nullopt, redirects,
                                options.compilerTimeoutSeconds,
                                /*MemoryLimit=*/0, &message);
  if (code != 0) {
    std::string output = readLog(log);
    return makeError(llvm::formatv(
        "the C compiler '{0}' failed to build the program around the "
        "{4} ({1}){2}{3}",
        *compiler, code < 0 ? message : "exit code " + std::to_string(code),
        output.empty() ? "" : ":\n", output, emitC ? "C source" : "object"));
  }
  executable->parameters = std::move(artifacts.parameters);
  executable->sources = std::move(artifacts.sources);
  return executable;
}

llvm::Expected<llvm::SmallVector<DenseElementsAttr>>
AOTExecutable::call(llvm::ArrayRef<DenseElementsAttr> arguments,
                    const JITRunOptions &options,
                    llvm::ArrayRef<std::string> names) const {
  llvm::SmallVector<RankedTensorType> inputTypes;
  llvm::SmallVector<const AOTParameter *> outputs;
  for (const AOTParameter &param : parameters) {
    if (param.isOutput)
      outputs.push_back(&param);
    else
      inputTypes.push_back(param.type);
  }
  if (llvm::Error error = checkCallArguments(arguments, inputTypes, names))
    return std::move(error);

  // The inputs, one after the other in the storage of the C interface; a
  // string as its 64-bit length and its bytes.
  std::string input;
  for (auto [i, pair] : llvm::enumerate(llvm::zip(arguments, inputTypes))) {
    auto [value, type] = pair;
    if (isa<sonnx::StringType>(type.getElementType())) {
      for (auto [k, string] :
           llvm::enumerate(value.getValues<llvm::StringRef>())) {
        size_t nul = string.find('\0');
        if (nul != llvm::StringRef::npos)
          return runError(
              JITRunFailure::InvalidArguments,
              llvm::formatv("argument {0}{1}, element {2}: the string has a "
                            "NUL byte at offset {3}, which a C string of the "
                            "interface cannot hold (docs/deployment.md)",
                            i,
                            i < names.size() && !names[i].empty()
                                ? " ('" + names[i] + "')"
                                : std::string(),
                            k, nul));
        uint64_t length = string.size();
        input.append(reinterpret_cast<const char *>(&length), sizeof(length));
        input.append(string.begin(), string.end());
      }
      continue;
    }
    // The byte count of an interface type fits (checkInterfaceType).
    size_t bytes = static_cast<size_t>(
        getByteCount(type.getShape(),
                     getElementStorage(type.getElementType())->bytes)
            .value_or(0));
    size_t offset = input.size();
    input.resize(offset + bytes);
    packNumericElements(value, input.data() + offset);
  }
  auto output = run(input, /*prefill=*/false, options);
  if (!output)
    return output.takeError();
  llvm::StringRef data = *output;
  llvm::SmallVector<DenseElementsAttr> results;
  size_t pos = 0;
  auto tooFew = [&](size_t output) {
    return runError(JITRunFailure::Internal,
                    llvm::formatv("the ahead-of-time program wrote {0} bytes, "
                                  "too few for output {1}",
                                  data.size(), output));
  };
  for (auto [r, param] : llvm::enumerate(outputs)) {
    if (isa<sonnx::StringType>(param->type.getElementType())) {
      llvm::SmallVector<llvm::StringRef> strings;
      for (int64_t i = 0; i < param->elements; ++i) {
        uint64_t length;
        if (data.size() - pos < sizeof(length))
          return tooFew(r);
        std::memcpy(&length, data.data() + pos, sizeof(length));
        pos += sizeof(length);
        if (data.size() - pos < length)
          return tooFew(r);
        strings.push_back(data.substr(pos, length));
        pos += length;
      }
      results.push_back(DenseStringElementsAttr::get(param->type, strings));
      continue;
    }
    size_t bytes = static_cast<size_t>(
        getByteCount(param->type.getShape(),
                     getElementStorage(param->type.getElementType())->bytes)
            .value_or(0));
    if (data.size() - pos < bytes)
      return tooFew(r);
    auto value = unpackNumericElements(
        param->type, llvm::ArrayRef<char>(data.data() + pos, bytes), r);
    if (!value)
      return value.takeError();
    results.push_back(*value);
    pos += bytes;
  }
  if (pos != data.size())
    return runError(JITRunFailure::Internal,
                    llvm::formatv("the ahead-of-time program wrote {0} bytes "
                                  "for outputs of {1}",
                                  data.size(), pos));
  return results;
}

llvm::Expected<std::string>
AOTExecutable::run(llvm::StringRef stdinBytes, bool prefill,
                   const JITRunOptions &options) const {
  llvm::SmallString<128> inputPath(directory);
  llvm::sys::path::append(inputPath, "inputs.bin");
  if (llvm::Error error = writeFile(inputPath, stdinBytes))
    return runError(JITRunFailure::Internal, llvm::toString(std::move(error)));

  SandboxLimits limits;
  limits.timeoutSeconds = options.timeoutSeconds;
  limits.maxMemoryBytes = options.maxMemoryBytes;
  const char *programPath = program.c_str();
  const char *emulatorPath = emulator.empty() ? nullptr : emulator.c_str();
  const char *inputFile = inputPath.c_str();
  auto outcome = runInSandbox(
      [&](int dataFd) {
        // The inputs on the standard input, the results to the data file;
        // the standard error stays the sandbox's output.
        int inputFd = ::open(inputFile, O_RDONLY);
        if (inputFd < 0 || ::dup2(inputFd, 0) < 0 || ::dup2(dataFd, 1) < 0)
          return static_cast<int>(HarnessExecFailed);
        // With an emulator: `emulator program [prefill]`.
        char prefillArgument[] = "prefill";
        char *argv[4] = {nullptr, nullptr, nullptr, nullptr};
        unsigned count = 0;
        if (emulatorPath)
          argv[count++] = const_cast<char *>(emulatorPath);
        argv[count++] = const_cast<char *>(programPath);
        if (prefill)
          argv[count++] = prefillArgument;
        ::execv(argv[0], argv);
        // Only reached when exec failed.
        const char text[] = "cannot execute the ahead-of-time program\n";
        (void)!::write(2, text, sizeof(text) - 1);
        return static_cast<int>(HarnessExecFailed);
      },
      limits);
  if (!outcome)
    return runError(JITRunFailure::Internal,
                    llvm::toString(outcome.takeError()));
  if (outcome->exitCode == HarnessStatus) {
    // The harness wrote the status code alone to the data file.
    std::optional<RuleID> rule;
    int32_t status = 0;
    if (outcome->data && outcome->data->size() == sizeof status) {
      std::memcpy(&status, outcome->data->data(), sizeof status);
      rule = getRuleOfStatus(status);
    }
    return runError(JITRunFailure::RuntimeCheck,
                    "run-time check failed: " +
                        llvm::StringRef(outcome->output).trim(),
                    rule);
  }
  // An ahead-of-time program reports its checks by status, never by abort.
  if (llvm::Error error = describeChildFailure(*outcome, options))
    return std::move(error);
  if (!outcome->data)
    return runError(JITRunFailure::Internal,
                    "cannot read the outputs of the ahead-of-time program");

  return std::move(*outcome->data);
}

llvm::Expected<ValidationReport>
AOTExecutable::validate(const JITRunOptions &options) const {
  std::vector<ValidatedValue> inputs, outputs;
  for (const AOTParameter &param : parameters)
    (param.isOutput ? outputs : inputs)
        .push_back({param.name, param.type, param.elements});
  ValidatedFunction function;
  function.inputs = inputs;
  function.outputs = outputs;
  function.sources = sources;
  auto run = [&](llvm::StringRef stdinBytes) {
    return this->run(stdinBytes, /*prefill=*/true, options);
  };
  function.run = run;
  return validateFunction(function);
}

llvm::Expected<ValidationReport> mlir::sonnx::validateArtifacts(
    AOTArtifacts artifacts, const AOTCompileOptions &compile,
    const ValidationHost &host, const JITRunOptions &options) {
  AOTBuildOptions build;
  build.compile = compile;
  build.cCompiler = host.cCompiler;
  build.linkFlags = host.linkFlags;
  build.emulator = host.emulator;
  auto executable = AOTExecutable::link(std::move(artifacts), build);
  if (!executable)
    return executable.takeError();
  return (*executable)->validate(options);
}
