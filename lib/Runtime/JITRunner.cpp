//===- JITRunner.cpp - compile and run a sonnx function -------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The function is compiled in the calling process; each call forks a child
// that runs the native code, so that a run-time check that aborts, a fault
// or an endless loop in the generated code ends the child, never the
// caller. The child's standard output and error (where a failed run-time
// check prints its message) go to a temporary file, the results to another;
// both are read back by the parent once the child is gone.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Runtime/JITRunner.h"

#include "ErrorCollector.h"

#include "SONNX/Conversion/Pipelines/Pipelines.h"
#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "SONNX/Target/ONNX/ONNXImport.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/TargetSelect.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace mlir;
using namespace mlir::sonnx;

char JITRunError::ID = 0;

static_assert(sizeof(void *) == sizeof(int64_t),
              "memref descriptors are read as arrays of 64-bit words");

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void mlir::sonnx::registerJITRunnerDialects(DialectRegistry &registry) {
  registerONNXImportDialects(registry);
  registerSONNXToLLVMDependencies(registry);
  registry.insert<LLVM::LLVMDialect>();
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

void mlir::sonnx::initializeJITRunnerTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

std::string mlir::sonnx::findCitedRuleID(llvm::StringRef text) {
  // The catalogue's IDs are words of letters, digits, '.', '-' and '_' with
  // at least one '.', written "[id]" at the end of a message.
  std::string found;
  size_t pos = 0;
  while ((pos = text.find('[', pos)) != llvm::StringRef::npos) {
    size_t end = text.find(']', pos);
    if (end == llvm::StringRef::npos)
      break;
    llvm::StringRef id = text.slice(pos + 1, end);
    bool valid = !id.empty() && id.contains('.') && llvm::isAlpha(id[0]) &&
                 llvm::all_of(id, [](char c) {
                   return llvm::isAlnum(c) || c == '.' || c == '-' || c == '_';
                 });
    if (valid)
      found = id.str();
    pos = pos + 1;
  }
  return found;
}

std::string JITRunError::getRuleID() const {
  return kind == JITRunFailure::RuntimeCheck ? findCitedRuleID(message) : "";
}

static llvm::Error runError(JITRunFailure kind, const llvm::Twine &message) {
  return llvm::make_error<JITRunError>(kind, message.str());
}


//===----------------------------------------------------------------------===//
// Element storage
//===----------------------------------------------------------------------===//

namespace {
/// How the elements of a tensor type are stored in its memref.
struct ElementStorage {
  /// Bytes per element.
  unsigned bytes = 0;
  /// `!sonnx.string`: i64 handles.
  bool isString = false;
};
} // namespace

/// The storage of `type` in the memrefs of the lowered code, or nullopt
/// for an element type the runner cannot exchange.
static std::optional<ElementStorage> getElementStorage(Type type) {
  if (isa<sonnx::StringType>(type))
    return ElementStorage{8, true};
  if (auto intType = dyn_cast<IntegerType>(type)) {
    unsigned width = intType.getWidth();
    // LLVM stores i1 and i4 in one byte each.
    if (width == 1 || width == 4 || width == 8)
      return ElementStorage{1, false};
    if (width == 16 || width == 32 || width == 64)
      return ElementStorage{width / 8, false};
    return std::nullopt;
  }
  if (isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(type))
    return ElementStorage{type.getIntOrFloatBitWidth() / 8, false};
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    Type part = complexType.getElementType();
    if (isa<Float32Type, Float64Type>(part))
      return ElementStorage{2 * part.getIntOrFloatBitWidth() / 8, false};
  }
  return std::nullopt;
}

/// True when DenseElementsAttr's raw data of `type` has the layout of the
/// memref (byte-sized elements, little-endian): every type but i1 and i4.
static bool hasMemRefRawLayout(Type elementType) {
  if (auto intType = dyn_cast<IntegerType>(elementType))
    return intType.getWidth() % 8 == 0;
  return true;
}

//===----------------------------------------------------------------------===//
// Compilation
//===----------------------------------------------------------------------===//

JITFunction::~JITFunction() = default;

llvm::Expected<std::unique_ptr<JITFunction>>
JITFunction::compile(OwningOpRef<ModuleOp> module, llvm::StringRef name,
                     const JITCompileOptions &options) {
  if (!module)
    return makeRunnerError("no module to compile");
  MLIRContext *context = module->getContext();
  auto func = module->lookupSymbol<func::FuncOp>(name);
  if (!func || func.isExternal())
    return makeRunnerError("the module has no function '" + name + "' to run");

  std::unique_ptr<JITFunction> result(new JITFunction());
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    auto ranked = dyn_cast<RankedTensorType>(type);
    if (!ranked || !getElementStorage(ranked.getElementType()))
      return makeRunnerError(llvm::formatv("argument {0} of '{1}' has type {2}; "
                                        "the runner passes ranked tensors of "
                                        "the profile's element types only",
                                        i, name, typeToString(type)));
    result->argumentTypes.push_back(ranked);
  }
  for (auto [i, type] : llvm::enumerate(func.getResultTypes())) {
    auto tensor = dyn_cast<TensorType>(type);
    if (!tensor || !getElementStorage(tensor.getElementType()))
      return makeRunnerError(llvm::formatv("result {0} of '{1}' has type {2}; "
                                        "the runner returns tensors of the "
                                        "profile's element types only",
                                        i, name, typeToString(type)));
    result->resultTypes.push_back(tensor);
  }

  // The C interface passes every memref by a pointer to its descriptor and
  // the results through a pointer to their struct: one calling convention
  // for every rank.
  func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                UnitAttr::get(context));

  {
    ErrorCollector errors(context);
    PassManager pm(context, ModuleOp::getOperationName());
    SONNXToLLVMPipelineOptions pipelineOptions;
    pipelineOptions.fuseElementwise = options.fuseElementwise;
    buildSONNXToLLVMPipeline(pm, pipelineOptions);
    if (failed(pm.run(*module))) {
      std::string message = errors.str();
      return makeRunnerError(message.empty()
                              ? "the --sonnx-to-llvm pipeline failed"
                              : message);
    }
  }

  initializeJITRunnerTarget();
  auto machineBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machineBuilder)
    return makeRunnerError("cannot find the host target: " +
                        llvm::toString(machineBuilder.takeError()));
  auto machine = machineBuilder->createTargetMachine();
  if (!machine)
    return makeRunnerError("cannot create the host target machine: " +
                        llvm::toString(machine.takeError()));
  unsigned optLevel = std::min(options.optLevel, 3u);
  auto transformer =
      makeOptimizingTransformer(optLevel, /*sizeLevel=*/0, machine->get());
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel =
      static_cast<llvm::CodeGenOptLevel>(optLevel);
  engineOptions.enableGDBNotificationListener = false;
  engineOptions.enablePerfNotificationListener = false;
  ErrorCollector errors(context);
  auto engine =
      ExecutionEngine::create(*module, engineOptions, std::move(*machine));
  if (!engine) {
    std::string message = llvm::toString(engine.takeError());
    std::string diagnostics = errors.str();
    return makeRunnerError("JIT compilation failed: " + message +
                        (diagnostics.empty() ? "" : "; " + diagnostics));
  }
  result->engine = std::move(*engine);
  result->engine->initialize();
  auto packed = result->engine->lookupPacked("_mlir_ciface_" + name.str());
  if (!packed)
    return makeRunnerError("JIT compilation failed: " +
                        llvm::toString(packed.takeError()));
  result->packedFunction = *packed;

  // The handles of the module's string constants (docs/pipeline.md), so that
  // results may hold them: absent when the module has none.
  auto count = result->engine->lookup("__sonnx_string_constant_count");
  auto table = result->engine->lookup("__sonnx_string_constants");
  if (count && table) {
    int64_t n = *static_cast<const int64_t *>(*count);
    const int64_t *handles = static_cast<const int64_t *>(*table);
    if (n < 0 || n > (int64_t(1) << 32))
      return makeRunnerError("the module's string constant table has the "
                          "invalid size " + llvm::Twine(n));
    result->constantStringHandles.assign(handles, handles + n);
    llvm::sort(result->constantStringHandles);
  }
  if (!count)
    llvm::consumeError(count.takeError());
  if (!table)
    llvm::consumeError(table.takeError());
  return result;
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
JITFunction::checkArguments(llvm::ArrayRef<DenseElementsAttr> arguments,
                            llvm::ArrayRef<std::string> names) const {
  if (arguments.size() != argumentTypes.size())
    return runError(JITRunFailure::InvalidArguments,
                    llvm::formatv("{0} arguments given, the function takes {1}",
                                  arguments.size(), argumentTypes.size()));
  for (auto [i, pair] : llvm::enumerate(llvm::zip(arguments, argumentTypes))) {
    auto [value, type] = pair;
    if (!value)
      return runError(JITRunFailure::InvalidArguments,
                      argumentName(names, i) + " is missing");
    auto valueType = cast<RankedTensorType>(value.getType());
    bool compatible =
        valueType.getElementType() == type.getElementType() &&
        valueType.getRank() == type.getRank() &&
        llvm::all_of(llvm::zip(valueType.getShape(), type.getShape()),
                     [](auto sizes) {
                       auto [given, expected] = sizes;
                       return ShapedType::isDynamic(expected) ||
                              given == expected;
                     });
    if (!compatible)
      return runError(JITRunFailure::InvalidArguments,
                      llvm::formatv("{0} has type {1}, the function expects {2}",
                                    argumentName(names, i),
                                    typeToString(valueType),
                                    typeToString(type)));
  }
  return llvm::Error::success();
}

namespace {
/// The arguments of one call in the layout of the lowered code: element
/// buffers, their memref descriptors, and the strings behind the handles.
struct PackedArguments {
  /// Element storage, 8-byte aligned.
  std::vector<std::unique_ptr<uint64_t[]>> buffers;
  /// One descriptor per argument: {allocated, aligned, offset, sizes...,
  /// strides...}, each a 64-bit word.
  std::vector<std::vector<int64_t>> descriptors;
  /// Handle (address of the characters) -> string number, sorted by handle,
  /// for the child to translate result handles.
  std::vector<std::pair<int64_t, int64_t>> handles;
  /// The strings, by number.
  std::vector<llvm::StringRef> strings;
  /// The input strings in the string record layout of docs/pipeline.md: a
  /// 64-bit byte count, the bytes, a NUL. A handle is the address of the
  /// first byte.
  std::vector<std::unique_ptr<uint64_t[]>> records;
};
} // namespace

/// Row-major strides of `shape`.
static llvm::SmallVector<int64_t> getContiguousStrides(ArrayRef<int64_t> shape) {
  llvm::SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * std::max<int64_t>(shape[i + 1], 1);
  return strides;
}

/// Writes the elements of `value` in memref storage to `out`.
static void packElements(DenseElementsAttr value, ElementStorage storage,
                         char *out, PackedArguments &packed) {
  Type elementType = value.getElementType();
  int64_t count = value.getNumElements();
  if (storage.isString) {
    auto *words = reinterpret_cast<int64_t *>(out);
    for (auto [i, s] : llvm::enumerate(value.getValues<llvm::StringRef>())) {
      size_t recordWords = 1 + (s.size() + 1 + 7) / 8;
      packed.records.emplace_back(new uint64_t[recordWords]());
      uint64_t *record = packed.records.back().get();
      record[0] = s.size();
      char *bytes = reinterpret_cast<char *>(record + 1);
      std::memcpy(bytes, s.data(), s.size());
      int64_t handle =
          static_cast<int64_t>(reinterpret_cast<intptr_t>(bytes));
      int64_t number = static_cast<int64_t>(packed.strings.size());
      packed.strings.push_back(s);
      packed.handles.emplace_back(handle, number);
      words[i] = handle;
    }
    return;
  }
  if (!hasMemRefRawLayout(elementType)) {
    // i1 (bit-packed in the attribute) and i4: one byte per element.
    for (auto [i, v] : llvm::enumerate(value.getValues<APInt>()))
      out[i] = static_cast<char>(v.getZExtValue() & 0xff);
    return;
  }
  llvm::ArrayRef<char> raw = value.getRawData();
  size_t bytes = storage.bytes;
  if (value.isSplat()) {
    for (int64_t i = 0; i < count; ++i)
      std::memcpy(out + i * bytes, raw.data(), bytes);
    return;
  }
  std::memcpy(out, raw.data(), count * bytes);
}

//===----------------------------------------------------------------------===//
// The child process
//===----------------------------------------------------------------------===//

namespace {
/// What the child needs to know about one result, computed before fork.
struct ResultLayout {
  /// Rank of a ranked result, -1 for an unranked one.
  int64_t rank = -1;
  ElementStorage storage;
  /// Offset of its descriptor in the result struct, in 64-bit words.
  size_t wordOffset = 0;
};

/// Buffered writes to a file descriptor, usable in the child (no stdio).
class FdWriter {
public:
  explicit FdWriter(int fd) : fd(fd) {}
  ~FdWriter() { flush(); }
  void write(const void *data, size_t size) {
    const char *p = static_cast<const char *>(data);
    while (size > 0) {
      size_t n = std::min(size, sizeof(buffer) - used);
      std::memcpy(buffer + used, p, n);
      used += n;
      p += n;
      size -= n;
      if (used == sizeof(buffer))
        flush();
    }
  }
  void writeWord(int64_t word) { write(&word, sizeof(word)); }
  bool flush() {
    size_t done = 0;
    while (done < used) {
      ssize_t n = ::write(fd, buffer + done, used - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0) {
        failed = true;
        break;
      }
      done += static_cast<size_t>(n);
    }
    used = 0;
    return !failed;
  }
  bool hasFailed() const { return failed; }

private:
  int fd;
  char buffer[1 << 16];
  size_t used = 0;
  bool failed = false;
};
} // namespace

/// How the child writes a string element that is not an input string
/// (whose number it writes): a compiled-in constant (this tag, its byte
/// count, its bytes), or a handle that designates no known string.
static constexpr int64_t kUnknownString = -1;
static constexpr int64_t kInlineString = -2;

/// Exit codes of the child besides 0 (results written).
enum ChildExit : int {
  ChildBadResult = 90,
  ChildTooLarge = 91,
  ChildWriteFailed = 92,
};

/// Writes a message to the child's standard error without stdio.
static void childMessage(const std::string &message) {
  std::string line = message + "\n";
  ssize_t unused = ::write(2, line.data(), line.size());
  (void)unused;
}

/// Writes the results described by `resultWords` to `fd`: for each result,
/// its rank, its sizes, then its elements in row-major order (strings as
/// input string numbers, or kInlineString and the bytes of a compiled-in
/// constant, or kUnknownString). Returns the child's exit code.
static int writeResults(int fd, const int64_t *resultWords,
                        llvm::ArrayRef<ResultLayout> layouts,
                        const PackedArguments &packed,
                        llvm::ArrayRef<int64_t> constantHandles,
                        uint64_t maxResultBytes) {
  FdWriter out(fd);
  uint64_t totalBytes = 0;
  for (auto [r, layout] : llvm::enumerate(layouts)) {
    const int64_t *descriptor = resultWords + layout.wordOffset;
    int64_t rank = layout.rank;
    if (rank < 0) {
      // Unranked: {rank, pointer to the ranked descriptor}.
      rank = descriptor[0];
      descriptor = reinterpret_cast<const int64_t *>(
          static_cast<intptr_t>(descriptor[1]));
      if (rank < 0 || rank > 1024 || !descriptor) {
        childMessage(llvm::formatv("result {0}: invalid unranked descriptor "
                                   "(rank {1})",
                                   r, rank));
        return ChildBadResult;
      }
    }
    const char *aligned =
        reinterpret_cast<const char *>(static_cast<intptr_t>(descriptor[1]));
    int64_t offset = descriptor[2];
    const int64_t *sizes = descriptor + 3;
    const int64_t *strides = descriptor + 3 + rank;
    uint64_t count = 1;
    for (int64_t i = 0; i < rank; ++i) {
      if (sizes[i] < 0) {
        childMessage(llvm::formatv("result {0}: negative size {1}", r,
                                   sizes[i]));
        return ChildBadResult;
      }
      if (sizes[i] != 0 &&
          count > std::numeric_limits<uint64_t>::max() / sizes[i]) {
        count = std::numeric_limits<uint64_t>::max();
        break;
      }
      count *= static_cast<uint64_t>(sizes[i]);
    }
    uint64_t bytes = count == std::numeric_limits<uint64_t>::max()
                         ? count
                         : count * layout.storage.bytes;
    if (bytes / layout.storage.bytes != count ||
        bytes > maxResultBytes - std::min(maxResultBytes, totalBytes)) {
      childMessage(llvm::formatv("result {0} has {1} elements, more than the "
                                 "limit of {2} bytes of results",
                                 r, count, maxResultBytes));
      return ChildTooLarge;
    }
    totalBytes += bytes;
    out.writeWord(rank);
    for (int64_t i = 0; i < rank; ++i)
      out.writeWord(sizes[i]);
    if (count == 0)
      continue;
    if (!aligned) {
      childMessage(llvm::formatv("result {0}: null data pointer", r));
      return ChildBadResult;
    }
    // Walk the elements in row-major order, honouring the strides.
    llvm::SmallVector<int64_t> index(rank, 0);
    size_t elementBytes = layout.storage.bytes;
    for (uint64_t n = 0; n < count; ++n) {
      int64_t position = offset;
      for (int64_t i = 0; i < rank; ++i)
        position += index[i] * strides[i];
      const char *element = aligned + position * elementBytes;
      if (layout.storage.isString) {
        int64_t handle;
        std::memcpy(&handle, element, sizeof(handle));
        auto it = llvm::lower_bound(
            packed.handles, std::make_pair(handle, int64_t(-1)));
        if (it != packed.handles.end() && it->first == handle) {
          out.writeWord(it->second);
        } else if (std::binary_search(constantHandles.begin(),
                                      constantHandles.end(), handle)) {
          // A string compiled into the module: its record's bytes.
          const char *bytes =
              reinterpret_cast<const char *>(static_cast<intptr_t>(handle));
          int64_t size;
          std::memcpy(&size, bytes - 8, sizeof(size));
          if (size < 0 || static_cast<uint64_t>(size) > maxResultBytes) {
            childMessage(llvm::formatv("result {0}: a string constant has "
                                       "the invalid size {1}",
                                       r, size));
            return ChildBadResult;
          }
          out.writeWord(kInlineString);
          out.writeWord(size);
          out.write(bytes, static_cast<size_t>(size));
        } else {
          out.writeWord(kUnknownString);
        }
      } else {
        out.write(element, elementBytes);
      }
      for (int64_t i = rank - 1; i >= 0; --i) {
        if (++index[i] < sizes[i])
          break;
        index[i] = 0;
      }
    }
  }
  if (!out.flush())
    return ChildWriteFailed;
  return 0;
}

/// Lets the calling process map at most `extraBytes` more than it has
/// mapped now, so that an oversized allocation of the compiled code fails
/// in the child instead of exhausting the machine's memory.
static void limitAddressSpace(uint64_t extraBytes) {
  // The first field of /proc/self/statm is the mapped size in pages.
  int fd = ::open("/proc/self/statm", O_RDONLY);
  if (fd < 0)
    return;
  char buffer[128] = {0};
  ssize_t n = ::read(fd, buffer, sizeof(buffer) - 1);
  ::close(fd);
  if (n <= 0)
    return;
  uint64_t pages = std::strtoull(buffer, nullptr, 10);
  uint64_t mapped = pages * static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
  struct rlimit limit;
  limit.rlim_cur = limit.rlim_max = mapped + extraBytes;
  ::setrlimit(RLIMIT_AS, &limit);
}

/// An unlinked temporary file, closed on destruction.
namespace {
class TempFile {
public:
  TempFile() {
    const char *dir = std::getenv("TMPDIR");
    std::string path = std::string(dir && *dir ? dir : "/tmp") +
                       "/sonnx-run-XXXXXX";
    fd = ::mkstemp(path.data());
    if (fd >= 0)
      ::unlink(path.c_str());
  }
  ~TempFile() {
    if (fd >= 0)
      ::close(fd);
  }
  int get() const { return fd; }
  /// Reads the whole file.
  bool readAll(std::string &out) const {
    out.clear();
    if (::lseek(fd, 0, SEEK_SET) < 0)
      return false;
    char buffer[1 << 16];
    while (true) {
      ssize_t n = ::read(fd, buffer, sizeof(buffer));
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return false;
      if (n == 0)
        return true;
      out.append(buffer, static_cast<size_t>(n));
    }
  }

private:
  int fd = -1;
};
} // namespace

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

/// The line of `text` that cites a constraint ID, or empty.
static std::string findRuntimeCheckLine(llvm::StringRef text) {
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef line : llvm::reverse(lines))
    if (!findCitedRuleID(line).empty())
      return line.trim().str();
  return "";
}

//===----------------------------------------------------------------------===//
// Results
//===----------------------------------------------------------------------===//

/// Reads the string elements of a result of `type` from the child's output
/// `data` at `pos`, advancing `pos`.
static llvm::Expected<DenseElementsAttr>
readStrings(RankedTensorType type, llvm::StringRef data, size_t &pos,
            const PackedArguments &packed, size_t resultNumber) {
  int64_t count = type.getNumElements();
  auto truncated = [&] {
    return runError(JITRunFailure::Internal,
                    llvm::formatv("result {0}: the child's result data is "
                                  "truncated",
                                  resultNumber));
  };
  llvm::SmallVector<llvm::StringRef> strings;
  strings.reserve(count);
  for (int64_t i = 0; i < count; ++i) {
    int64_t number;
    if (data.size() - pos < 8)
      return truncated();
    std::memcpy(&number, data.data() + pos, 8);
    pos += 8;
    if (number == kInlineString) {
      int64_t size;
      if (data.size() - pos < 8)
        return truncated();
      std::memcpy(&size, data.data() + pos, 8);
      pos += 8;
      if (size < 0 || data.size() - pos < static_cast<uint64_t>(size))
        return truncated();
      strings.push_back(data.substr(pos, size));
      pos += size;
      continue;
    }
    if (number < 0 || number >= static_cast<int64_t>(packed.strings.size()))
      return runError(JITRunFailure::Internal,
                      llvm::formatv("result {0}: element {1} holds a string "
                                    "handle that designates neither an input "
                                    "string nor a string constant of the "
                                    "module",
                                    resultNumber, i));
    strings.push_back(packed.strings[number]);
  }
  return DenseElementsAttr(DenseStringElementsAttr::get(type, strings));
}

/// Reads the `bytes` of elements of `type` from the child's output.
static llvm::Expected<DenseElementsAttr>
unpackElements(RankedTensorType type, ElementStorage storage,
               llvm::ArrayRef<char> bytes, size_t resultNumber) {
  int64_t count = type.getNumElements();
  Type elementType = type.getElementType();
  if (!hasMemRefRawLayout(elementType)) {
    unsigned width = elementType.getIntOrFloatBitWidth();
    llvm::SmallVector<APInt> values;
    values.reserve(count);
    for (int64_t i = 0; i < count; ++i)
      values.emplace_back(width, static_cast<uint8_t>(bytes[i]) &
                                     ((1u << width) - 1));
    return DenseElementsAttr::get(type, values);
  }
  if (count == 1) {
    // A one-element buffer is a splat either way.
    return DenseElementsAttr::getFromRawBuffer(type, bytes);
  }
  bool detectedSplat = false;
  if (!DenseElementsAttr::isValidRawBuffer(type, bytes, detectedSplat))
    return runError(JITRunFailure::Internal,
                    llvm::formatv("result {0}: {1} bytes do not hold a {2}",
                                  resultNumber, bytes.size(),
                                  typeToString(type)));
  return DenseElementsAttr::getFromRawBuffer(type, bytes);
}

/// Parses the child's result file.
static llvm::Expected<llvm::SmallVector<DenseElementsAttr>>
readResults(llvm::StringRef data, llvm::ArrayRef<TensorType> resultTypes,
            llvm::ArrayRef<ResultLayout> layouts,
            const PackedArguments &packed) {
  llvm::SmallVector<DenseElementsAttr> results;
  size_t pos = 0;
  auto readWord = [&](int64_t &word) {
    if (data.size() - pos < 8)
      return false;
    std::memcpy(&word, data.data() + pos, 8);
    pos += 8;
    return true;
  };
  auto truncated = [&](size_t r) {
    return runError(JITRunFailure::Internal,
                    llvm::formatv("result {0}: the child's result data is "
                                  "truncated",
                                  r));
  };
  for (auto [r, pair] : llvm::enumerate(llvm::zip(resultTypes, layouts))) {
    auto [type, layout] = pair;
    int64_t rank;
    if (!readWord(rank) || rank < 0 || rank > 1024)
      return truncated(r);
    llvm::SmallVector<int64_t> shape(rank);
    for (int64_t &size : shape)
      if (!readWord(size))
        return truncated(r);
    auto actualType = RankedTensorType::get(shape, type.getElementType());
    // The lowered code must produce what its type promises.
    if (auto ranked = dyn_cast<RankedTensorType>(type)) {
      bool matches =
          ranked.getRank() == rank &&
          llvm::all_of(llvm::zip(ranked.getShape(), shape), [](auto sizes) {
            auto [declared, actual] = sizes;
            return ShapedType::isDynamic(declared) || declared == actual;
          });
      if (!matches)
        return runError(JITRunFailure::Internal,
                        llvm::formatv("result {0} has shape {1} but type {2}",
                                      r, typeToString(actualType),
                                      typeToString(type)));
    }
    if (layout.storage.isString) {
      auto value = readStrings(actualType, data, pos, packed, r);
      if (!value)
        return value.takeError();
      results.push_back(*value);
      continue;
    }
    size_t bytes = static_cast<size_t>(actualType.getNumElements()) *
                   layout.storage.bytes;
    if (data.size() - pos < bytes)
      return truncated(r);
    auto value = unpackElements(actualType, layout.storage,
                                data.substr(pos, bytes), r);
    if (!value)
      return value.takeError();
    pos += bytes;
    results.push_back(*value);
  }
  return results;
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

llvm::Expected<llvm::SmallVector<DenseElementsAttr>>
JITFunction::call(llvm::ArrayRef<DenseElementsAttr> arguments,
                  const JITRunOptions &options,
                  llvm::ArrayRef<std::string> names) const {
  if (llvm::Error error = checkArguments(arguments, names))
    return std::move(error);

  // Arguments in the layout of the lowered code.
  PackedArguments packed;
  for (auto [value, type] : llvm::zip(arguments, argumentTypes)) {
    ElementStorage storage = *getElementStorage(type.getElementType());
    auto valueType = cast<RankedTensorType>(value.getType());
    int64_t count = valueType.getNumElements();
    size_t words = (static_cast<size_t>(count) * storage.bytes + 7) / 8;
    packed.buffers.emplace_back(new uint64_t[std::max<size_t>(words, 1)]());
    char *data = reinterpret_cast<char *>(packed.buffers.back().get());
    packElements(value, storage, data, packed);
    std::vector<int64_t> descriptor;
    int64_t address = static_cast<int64_t>(reinterpret_cast<intptr_t>(data));
    descriptor.push_back(address);
    descriptor.push_back(address);
    descriptor.push_back(0);
    llvm::append_range(descriptor, valueType.getShape());
    llvm::append_range(descriptor,
                       getContiguousStrides(valueType.getShape()));
    packed.descriptors.push_back(std::move(descriptor));
  }
  llvm::sort(packed.handles);

  // The result struct: the descriptors of the results one after the other
  // (every field is a 64-bit word, so there is no padding).
  llvm::SmallVector<ResultLayout> layouts;
  size_t resultWords = 0;
  for (TensorType type : resultTypes) {
    ResultLayout layout;
    layout.storage = *getElementStorage(type.getElementType());
    layout.wordOffset = resultWords;
    if (auto ranked = dyn_cast<RankedTensorType>(type)) {
      layout.rank = ranked.getRank();
      resultWords += 3 + 2 * layout.rank;
    } else {
      resultWords += 2;
    }
    layouts.push_back(layout);
  }
  std::vector<int64_t> resultStruct(std::max<size_t>(resultWords, 1), 0);

  llvm::SmallVector<void *> descriptorPointers;
  for (std::vector<int64_t> &descriptor : packed.descriptors)
    descriptorPointers.push_back(descriptor.data());
  void *resultPointer = resultStruct.data();
  llvm::SmallVector<void *> packedArgs;
  if (!resultTypes.empty())
    packedArgs.push_back(&resultPointer);
  for (void *&pointer : descriptorPointers)
    packedArgs.push_back(&pointer);

  TempFile capture, resultFile;
  if (capture.get() < 0 || resultFile.get() < 0)
    return runError(JITRunFailure::Internal,
                    llvm::Twine("cannot create a temporary file: ") +
                        std::strerror(errno));

  // The child holds the write end of this pipe until it ends: the parent
  // sees the end as a hang-up, without polling the child's status.
  int lifeline[2];
  if (::pipe2(lifeline, O_CLOEXEC) != 0)
    return runError(JITRunFailure::Internal,
                    llvm::Twine("cannot create a pipe: ") +
                        std::strerror(errno));

  // Nothing buffered may be written twice by the child.
  std::fflush(nullptr);
  llvm::outs().flush();
  llvm::errs().flush();
  pid_t parent = ::getpid();
  pid_t pid = ::fork();
  if (pid < 0) {
    int error = errno;
    ::close(lifeline[0]);
    ::close(lifeline[1]);
    return runError(JITRunFailure::Internal,
                    llvm::Twine("cannot create a process: ") +
                        std::strerror(error));
  }
  if (pid == 0) {
    // The child: dies with the parent, dumps no core, reports faults by
    // their signal (not through the parent's crash handlers), and writes
    // everything to the temporary files.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent)
      ::_exit(ChildWriteFailed);
    struct rlimit noCore = {0, 0};
    ::setrlimit(RLIMIT_CORE, &noCore);
    if (options.maxMemoryBytes != 0)
      limitAddressSpace(options.maxMemoryBytes);
    for (int sig : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP})
      ::signal(sig, SIG_DFL);
    ::dup2(capture.get(), 1);
    ::dup2(capture.get(), 2);
    packedFunction(packedArgs.data());
    std::fflush(nullptr);
    ::_exit(writeResults(resultFile.get(), resultStruct.data(), layouts,
                         packed, constantStringHandles,
                         options.maxResultBytes));
  }

  // The parent: wait for the child's end (the hang-up of the lifeline), at
  // most the timeout, then collect its status.
  ::close(lifeline[1]);
  using Clock = std::chrono::steady_clock;
  Clock::time_point deadline =
      Clock::now() + std::chrono::seconds(options.timeoutSeconds);
  bool timedOut = false;
  while (true) {
    int waitMs = -1;
    if (options.timeoutSeconds != 0) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - Clock::now());
      if (left.count() <= 0) {
        timedOut = true;
        break;
      }
      waitMs = static_cast<int>(std::min<int64_t>(left.count() + 1, 1 << 30));
    }
    struct pollfd entry = {lifeline[0], POLLIN, 0};
    int ready = ::poll(&entry, 1, waitMs);
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready < 0) {
      ::kill(pid, SIGKILL);
      break;
    }
    if (ready > 0)
      break;
  }
  ::close(lifeline[0]);
  if (timedOut)
    ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR)
      return runError(JITRunFailure::Internal,
                      llvm::Twine("cannot wait for the child process: ") +
                          std::strerror(errno));
  }

  std::string output;
  capture.readAll(output);
  if (timedOut)
    return runError(JITRunFailure::Timeout,
                    llvm::formatv("the compiled code did not finish within "
                                  "{0} s (--timeout) and was killed",
                                  options.timeoutSeconds));
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    std::string check = findRuntimeCheckLine(output);
    if (sig == SIGABRT && !check.empty())
      return runError(JITRunFailure::RuntimeCheck,
                      "run-time check failed: " + check);
    std::string tail = lastLines(output);
    // The lowered code does not check what malloc returns: an allocation
    // beyond the memory limit ends as a fault.
    bool mayBeMemory = (sig == SIGSEGV || sig == SIGBUS) &&
                       options.maxMemoryBytes != 0;
    return runError(
        JITRunFailure::Crash,
        llvm::formatv("the compiled code was killed by signal {0} ({1}){2}{3}",
                      sig, strsignal(sig),
                      mayBeMemory ? "; an allocation beyond the memory "
                                    "limit (--max-memory) also ends this way"
                                  : "",
                      tail.empty() ? "" : ": " + tail));
  }
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (code != 0) {
    std::string tail = lastLines(output);
    JITRunFailure kind = code == ChildTooLarge ? JITRunFailure::Crash
                                               : JITRunFailure::Internal;
    return runError(kind, llvm::formatv("the compiled code failed (exit code "
                                        "{0}){1}",
                                        code, tail.empty() ? "" : ": " + tail));
  }
  std::string data;
  if (!resultFile.readAll(data))
    return runError(JITRunFailure::Internal,
                    "cannot read the results of the child process");
  return readResults(data, resultTypes, layouts, packed);
}
