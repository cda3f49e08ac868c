//===- ONNXLibrary.cpp - what sonnx-check asks of libonnx -----------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Compiled with -fexceptions (lib/Target/ONNX/CMakeLists.txt): libonnx's
// shape inference throws on a model it cannot infer, and sonnx-check must
// carry on with the declared types rather than abort. It runs in a child
// process (POSIX fork), since it can also crash.
//
//===----------------------------------------------------------------------===//

#include "ONNXLibrary.h"

#include "onnx/defs/schema.h"
#include "onnx/onnx_pb.h"
#include "onnx/shape_inference/implementation.h"

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <exception>
#include <sstream>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace mlir::sonnx;

/// The message of `error` on one line (ONNX's span several).
static std::string describe(const std::exception &error) {
  std::string message;
  for (const char *c = error.what(); *c; ++c) {
    bool space = *c == '\n' || *c == '\r' || *c == '\t' || *c == ' ';
    if (space && (message.empty() || message.back() == ' '))
      continue;
    message += space ? ' ' : *c;
  }
  while (!message.empty() && message.back() == ' ')
    message.pop_back();
  return message.empty() ? std::string("an unknown error") : message;
}

/// Writes all of `data` to `fd`; false on an error.
static bool writeAll(int fd, const char *data, size_t size) {
  while (size > 0) {
    ssize_t written = ::write(fd, data, size);
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0)
      return false;
    data += written;
    size -= static_cast<size_t>(written);
  }
  return true;
}

/// How long ONNX's shape inference may run, in seconds: it takes
/// milliseconds on real networks.
static constexpr unsigned kInferenceSeconds = 10;

/// In the child: runs the inference and writes its outcome to `fd`: one
/// byte ('O' done, 'E' stopped), the length of the message (8 bytes), the
/// message, then the model as far as it was inferred.
[[noreturn]] static void inferInChild(onnx::ModelProto &model, int fd) {
  // A crash ends the child by its signal, silently: not the handlers of the
  // host (LLVM's stack dump, a sanitizer's report), and nothing on stderr.
  for (int signal : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGALRM})
    std::signal(signal, SIG_DFL);
  int null = ::open("/dev/null", O_WRONLY);
  if (null >= 0)
    ::dup2(null, STDERR_FILENO);
  // An inference that loops is stopped like one that crashes. The limit is
  // well under the fuzzers' 60 s per input: ONNX's data propagation of a
  // ConstantOfShape of huge sizes runs for minutes (onnx-import fuzzer,
  // fuzz/regressions/onnx-import/constant-of-shape-huge.onnx).
  alarm(kInferenceSeconds);
  char status = 'O';
  std::string message;
  try {
    onnx::ShapeInferenceOptions options(/*check_type_val=*/false,
                                        /*strict_mode_val=*/0,
                                        /*data_prop_val=*/true);
    onnx::shape_inference::InferShapes(
        model, onnx::OpSchemaRegistry::Instance(), options);
  } catch (const std::exception &error) {
    status = 'E';
    message = describe(error);
  } catch (...) {
    status = 'E';
    message = "an unknown error";
  }
  std::string bytes;
  if (!model.SerializeToString(&bytes))
    _exit(1);
  uint64_t length = message.size();
  bool ok =
      writeAll(fd, &status, 1) &&
      writeAll(fd, reinterpret_cast<const char *>(&length), sizeof(length)) &&
      writeAll(fd, message.data(), message.size()) &&
      writeAll(fd, bytes.data(), bytes.size());
  _exit(ok ? 0 : 1);
}

/// Initializers of more raw data than this go around shape inference (its
/// types need their dims only; the shapes it propagates are far smaller).
static constexpr size_t kLargeRawData = size_t(1) << 20;

std::vector<std::pair<int, std::string>>
mlir::sonnx::takeLargeRawData(onnx::ModelProto &model) {
  std::vector<std::pair<int, std::string>> taken;
  onnx::GraphProto &graph = *model.mutable_graph();
  for (int i = 0; i < graph.initializer_size(); ++i) {
    onnx::TensorProto &init = *graph.mutable_initializer(i);
    if (init.raw_data().size() <= kLargeRawData)
      continue;
    taken.emplace_back(i, std::string());
    init.mutable_raw_data()->swap(taken.back().second);
  }
  return taken;
}

void mlir::sonnx::restoreLargeRawData(
    onnx::ModelProto &model, std::vector<std::pair<int, std::string>> taken) {
  onnx::GraphProto &graph = *model.mutable_graph();
  for (auto &[index, data] : taken)
    if (index < graph.initializer_size())
      graph.mutable_initializer(index)->mutable_raw_data()->swap(data);
}

std::string mlir::sonnx::inferONNXShapes(onnx::ModelProto &model) {
  // The weights stay in this process: the child sees their dims only.
  std::vector<std::pair<int, std::string>> weights = takeLargeRawData(model);
  std::string result = inferWithoutLargeData(model);
  restoreLargeRawData(model, std::move(weights));
  return result;
}

std::string mlir::sonnx::inferWithoutLargeData(onnx::ModelProto &model) {
  // ONNX 1.12's shape inference assumes a valid graph: on an undefined
  // input or a graph input without a type it crashes (byte-mutated models
  // did), and ONNX's checker, which would refuse those, also refuses valid
  // models sonnx takes (outputs declared without a shape). So it runs in a
  // child process: a crash or a hang of libonnx costs the inferred types,
  // never the check.
  int fds[2];
  if (::pipe(fds) != 0)
    return "not run: cannot create a pipe";
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return "not run: cannot create a process";
  }
  if (pid == 0) {
    ::close(fds[0]);
    inferInChild(model, fds[1]);
  }
  ::close(fds[1]);
  std::string output;
  char buffer[1 << 16];
  while (true) {
    ssize_t got = ::read(fds[0], buffer, sizeof(buffer));
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      break;
    output.append(buffer, static_cast<size_t>(got));
  }
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status))
    return WTERMSIG(status) == SIGALRM
               ? "not run: ONNX's shape inference took more than " +
                     std::to_string(kInferenceSeconds) + " s"
               : "not run: ONNX's shape inference crashed (signal " +
                     std::to_string(WTERMSIG(status)) + ")";
  uint64_t length = 0;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
      output.size() < 1 + sizeof(length))
    return "not run: ONNX's shape inference failed";
  std::memcpy(&length, output.data() + 1, sizeof(length));
  if (length > output.size() - 1 - sizeof(length))
    return "not run: ONNX's shape inference failed";
  size_t start = 1 + sizeof(length);
  std::string message = output.substr(start, length);
  onnx::ModelProto inferred;
  size_t modelStart = start + length;
  if (output.size() - modelStart > static_cast<size_t>(INT_MAX) ||
      !inferred.ParseFromArray(output.data() + modelStart,
                               static_cast<int>(output.size() - modelStart)))
    return "not run: ONNX's shape inference failed";
  model.Swap(&inferred);
  return output[0] == 'O' ? std::string() : "stopped: " + message;
}

std::string mlir::sonnx::formatONNXAttribute(const onnx::AttributeProto &attr) {
  std::ostringstream os;
  switch (attr.type()) {
  case onnx::AttributeProto::INT:
    os << attr.i();
    break;
  case onnx::AttributeProto::FLOAT:
    os << attr.f();
    break;
  case onnx::AttributeProto::STRING:
    os << '"' << attr.s() << '"';
    break;
  case onnx::AttributeProto::INTS: {
    os << '[';
    for (int i = 0; i < attr.ints_size(); ++i)
      os << (i ? ", " : "") << attr.ints(i);
    os << ']';
    break;
  }
  case onnx::AttributeProto::FLOATS: {
    os << '[';
    for (int i = 0; i < attr.floats_size(); ++i)
      os << (i ? ", " : "") << attr.floats(i);
    os << ']';
    break;
  }
  default:
    os << "its default";
  }
  return os.str();
}

std::vector<onnx::AttributeProto>
mlir::sonnx::getDefaultAttributeValues(const onnx::NodeProto &node,
                                       int64_t opset) {
  std::vector<onnx::AttributeProto> defaulted;
  std::string domain = node.domain() == "ai.onnx" ? "" : node.domain();
  // The opset of another domain is not known here: its latest schema.
  const onnx::OpSchema *schema =
      domain.empty() ? onnx::OpSchemaRegistry::Schema(
                           node.op_type(), static_cast<int>(opset), domain)
                     : onnx::OpSchemaRegistry::Schema(node.op_type(), domain);
  if (!schema)
    return defaulted;
  for (const auto &[name, attr] : schema->attributes()) {
    if (attr.required ||
        attr.default_value.type() == onnx::AttributeProto::UNDEFINED)
      continue;
    bool given = false;
    for (const onnx::AttributeProto &nodeAttr : node.attribute())
      given |= nodeAttr.name() == name;
    if (given)
      continue;
    defaulted.push_back(attr.default_value);
    defaulted.back().set_name(name);
  }
  return defaulted;
}

llvm::SmallVector<std::pair<std::string, std::string>>
mlir::sonnx::getDefaultedAttributes(const onnx::NodeProto &node,
                                    int64_t opset) {
  llvm::SmallVector<std::pair<std::string, std::string>> defaulted;
  for (const onnx::AttributeProto &attr :
       getDefaultAttributeValues(node, opset))
    defaulted.emplace_back(attr.name(), formatONNXAttribute(attr));
  return defaulted;
}

int mlir::sonnx::getDefaultDomainOpVersion(const std::string &opType,
                                           int64_t opset) {
  const onnx::OpSchema *schema =
      onnx::OpSchemaRegistry::Schema(opType, static_cast<int>(opset), "");
  return schema ? schema->SinceVersion() : 0;
}
