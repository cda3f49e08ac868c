//===- Sandbox.cpp - run code in a limited child process ------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The child holds the write end of a pipe (the lifeline) until it ends: the
// parent sees the end as a hang-up, which it waits for with poll() and the
// timeout, without polling the child's status.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Runtime/Sandbox.h"

#include "SONNX/Support/TensorUtils.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace mlir;
using namespace mlir::sonnx;

/// The exit code of a child whose parent is already gone (nobody reads it).
static constexpr int kParentGone = 92;

namespace {
/// An unlinked temporary file, closed on destruction.
class TempFile {
public:
  TempFile() {
    const char *dir = std::getenv("TMPDIR");
    std::string path =
        std::string(dir && *dir ? dir : "/tmp") + "/sonnx-run-XXXXXX";
    fd = ::mkstemp(path.data());
    if (fd >= 0)
      ::unlink(path.c_str());
  }
  ~TempFile() {
    if (fd >= 0)
      ::close(fd);
  }
  TempFile(const TempFile &) = delete;
  TempFile &operator=(const TempFile &) = delete;

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

static llvm::Error systemError(const llvm::Twine &what, int error) {
  return makeError(what + ": " + std::strerror(error));
}

/// Lets the calling process map at most `extraBytes` more than it has
/// mapped now, so that an oversized allocation fails in the child instead
/// of exhausting the machine's memory.
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

/// In the child: dies with the parent, dumps no core, reports faults by
/// their signal (not through the parent's crash handlers), and writes its
/// standard output and error to `outputFd`. It keeps its end of the
/// lifeline, `lifeline`, across an exec: a program the body executes holds
/// it until it ends, and ends at the timeout and with the parent too (the
/// death signal and the limits stay).
static void setUpChild(pid_t parent, int outputFd, int lifeline,
                       const SandboxLimits &limits) {
  ::fcntl(lifeline, F_SETFD, 0);
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent)
    ::_exit(kParentGone);
  struct rlimit noCore = {0, 0};
  ::setrlimit(RLIMIT_CORE, &noCore);
  if (limits.maxMemoryBytes != 0)
    limitAddressSpace(limits.maxMemoryBytes);
  for (int sig : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP})
    ::signal(sig, SIG_DFL);
  ::dup2(outputFd, 1);
  ::dup2(outputFd, 2);
}

/// In the parent: waits for the hang-up of `lifeline` (the child's end), at
/// most `timeoutSeconds` (0: no limit). Returns true at the timeout; kills
/// the child when poll fails.
static bool waitForHangUp(int lifeline, pid_t pid, unsigned timeoutSeconds) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point deadline =
      Clock::now() + std::chrono::seconds(timeoutSeconds);
  while (true) {
    int waitMs = -1;
    if (timeoutSeconds != 0) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - Clock::now());
      if (left.count() <= 0)
        return true;
      waitMs = static_cast<int>(std::min<int64_t>(left.count() + 1, 1 << 30));
    }
    struct pollfd entry = {lifeline, POLLIN, 0};
    int ready = ::poll(&entry, 1, waitMs);
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready < 0) {
      ::kill(pid, SIGKILL);
      return false;
    }
    if (ready > 0)
      return false;
  }
}

llvm::Expected<SandboxOutcome>
mlir::sonnx::runInSandbox(llvm::function_ref<int(int dataFd)> body,
                          const SandboxLimits &limits) {
  TempFile output, data;
  if (output.get() < 0 || data.get() < 0)
    return systemError("cannot create a temporary file", errno);
  int lifeline[2];
  if (::pipe2(lifeline, O_CLOEXEC) != 0)
    return systemError("cannot create a pipe", errno);

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
    return systemError("cannot create a process", error);
  }
  if (pid == 0) {
    setUpChild(parent, output.get(), lifeline[1], limits);
    int code = body(data.get());
    std::fflush(nullptr);
    ::_exit(code);
  }

  ::close(lifeline[1]);
  SandboxOutcome outcome;
  outcome.timedOut = waitForHangUp(lifeline[0], pid, limits.timeoutSeconds);
  ::close(lifeline[0]);
  if (outcome.timedOut)
    ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR)
      return systemError("cannot wait for the child process", errno);
  }
  if (WIFSIGNALED(status))
    outcome.signal = WTERMSIG(status);
  if (WIFEXITED(status))
    outcome.exitCode = WEXITSTATUS(status);
  output.readAll(outcome.output);
  std::string bytes;
  if (data.readAll(bytes))
    outcome.data = std::move(bytes);
  return outcome;
}
