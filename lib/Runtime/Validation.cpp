//===- Validation.cpp - Check an object against the index map -------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// validateFunction (see the header): the tags, the expected bits of every
// output element in every run, the runs and the comparison.
//
// The byte order of the storage is the host's; the targets that run here
// (x86-64, and aarch64 under qemu-aarch64) are little-endian, like it.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Runtime/Validation.h"

#include "Marshalling.h"

#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "SONNX/Support/SizeProduct.h"
#include "SONNX/Support/TensorUtils.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <cstring>

using namespace mlir;
using namespace mlir::sonnx;

namespace {

/// How the elements of one type carry tags.
struct TagFormat {
  enum class Kind { Integer, Float, Complex, String };
  Kind kind = Kind::Integer;
  /// Bytes per element in the storage of the C interface.
  unsigned bytes = 0;
  /// Integer: the bits a tag may use (1 for bool, 4 for int4 and uint4).
  /// Float, complex: the bits of one float and of its mantissa.
  unsigned width = 0;
  unsigned mantissa = 0;
  /// The bits of the index each run carries, and how many chunks of them
  /// the largest index needs.
  unsigned chunkBits = 0;
  unsigned chunks = 1;
  /// Integer: the byte holds the value sign-extended (int4 is an int8_t of
  /// -8..7, docs/deployment.md "Element types"); else zero-extended.
  bool signExtend = false;

  /// The runs that carry every chunk, plain and complemented (floats: as
  /// signaling NaNs, then as subnormals).
  unsigned getRuns() const {
    switch (kind) {
    case Kind::String:
      return 2;
    case Kind::Integer:
      return 2 * chunks;
    case Kind::Float:
    case Kind::Complex:
      return 4 * chunks;
    }
    return 2;
  }
};

uint64_t lowBits(unsigned bits) {
  return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
}

/// The format of `type` for tags up to `maxTag`.
TagFormat getTagFormat(Type type, uint64_t maxTag) {
  TagFormat format;
  auto setFloat = [&](FloatType part) {
    format.width = part.getWidth();
    format.mantissa = part.getFPMantissaWidth() - 1;
    // Below the quiet bit, above the bit that is always set.
    format.chunkBits = format.mantissa - 2;
  };
  if (isa<sonnx::StringType>(type)) {
    format.kind = TagFormat::Kind::String;
    format.bytes = 8;
    return format;
  }
  format.bytes = getElementStorage(type)->bytes;
  if (auto complex = dyn_cast<ComplexType>(type)) {
    format.kind = TagFormat::Kind::Complex;
    setFloat(cast<FloatType>(complex.getElementType()));
  } else if (auto floatType = dyn_cast<FloatType>(type)) {
    format.kind = TagFormat::Kind::Float;
    setFloat(floatType);
  } else {
    format.kind = TagFormat::Kind::Integer;
    format.width = type.getIntOrFloatBitWidth();
    format.chunkBits = format.width;
    format.signExtend = format.width == 4 && !type.isUnsignedInteger();
  }
  unsigned needed =
      std::max(1u, 64 - static_cast<unsigned>(llvm::countl_zero(maxTag)));
  format.chunks =
      std::max(1u, (needed + format.chunkBits - 1) / format.chunkBits);
  return format;
}

/// What run `run` carries in elements of `format`.
struct RunTags {
  unsigned chunk = 0;
  bool complemented = false;
  bool subnormal = false;
};

RunTags getRunTags(const TagFormat &format, unsigned run) {
  unsigned r = run % format.getRuns();
  RunTags tags;
  tags.complemented = r % 2;
  if (format.kind == TagFormat::Kind::String)
    return tags;
  unsigned perKind = 2 * format.chunks;
  tags.subnormal = r >= perKind;
  tags.chunk = (r % perKind) / 2;
  return tags;
}

/// The chunk of `tag` that `tags` carries.
uint64_t getChunk(const TagFormat &format, const RunTags &tags, uint64_t tag) {
  unsigned shift = tags.chunk * format.chunkBits;
  uint64_t value = shift >= 64 ? 0 : (tag >> shift) & lowBits(format.chunkBits);
  return tags.complemented ? value ^ lowBits(format.chunkBits) : value;
}

/// The bits of one float part carrying `chunk`.
uint64_t getFloatBits(const TagFormat &format, const RunTags &tags,
                      uint64_t chunk, bool negative) {
  uint64_t mantissa = (chunk << 1) | 1;
  unsigned exponentBits = format.width - 1 - format.mantissa;
  uint64_t bits = tags.subnormal
                      ? mantissa
                      : (lowBits(exponentBits) << format.mantissa) | mantissa;
  if (negative)
    bits |= uint64_t(1) << (format.width - 1);
  return bits;
}

/// Writes the element of tag `tag` to `out` (format.bytes bytes).
void writeTag(const TagFormat &format, const RunTags &tags, uint64_t tag,
              char *out) {
  uint64_t chunk = getChunk(format, tags, tag);
  switch (format.kind) {
  case TagFormat::Kind::Integer:
    if (format.signExtend)
      chunk =
          static_cast<uint64_t>(llvm::SignExtend64(chunk, format.chunkBits));
    std::memcpy(out, &chunk, format.bytes);
    return;
  case TagFormat::Kind::Float: {
    uint64_t bits = getFloatBits(format, tags, chunk, false);
    std::memcpy(out, &bits, format.bytes);
    return;
  }
  case TagFormat::Kind::Complex: {
    unsigned part = format.bytes / 2;
    uint64_t real = getFloatBits(format, tags, chunk, false);
    uint64_t imag = getFloatBits(format, tags, chunk, true);
    std::memcpy(out, &real, part);
    std::memcpy(out + part, &imag, part);
    return;
  }
  case TagFormat::Kind::String:
    return;
  }
}

/// The string of tag `tag`.
std::string getStringTag(const RunTags &tags, uint64_t tag) {
  return (tags.complemented ? "t" : "s") + std::to_string(tag);
}

/// The tag that `bits` carry in a run, when that run's chunk is the whole
/// index (one chunk) and the bits are a tag of the format.
std::optional<uint64_t> decodeTag(const TagFormat &format, const RunTags &tags,
                                  llvm::StringRef bits) {
  if (format.chunks != 1)
    return std::nullopt;
  if (format.kind == TagFormat::Kind::String) {
    llvm::StringRef text = bits;
    uint64_t tag;
    if (!text.consume_front(tags.complemented ? "t" : "s") ||
        text.getAsInteger(10, tag))
      return std::nullopt;
    return tag;
  }
  if (bits.size() != format.bytes)
    return std::nullopt;
  uint64_t value = 0;
  unsigned partBytes =
      format.kind == TagFormat::Kind::Complex ? format.bytes / 2 : format.bytes;
  std::memcpy(&value, bits.data(), partBytes);
  uint64_t chunk;
  if (format.kind == TagFormat::Kind::Integer) {
    chunk = value & lowBits(format.chunkBits);
  } else {
    chunk = (value & lowBits(format.mantissa)) >> 1;
    if (getFloatBits(format, tags, chunk, false) != value)
      return std::nullopt;
  }
  return tags.complemented ? chunk ^ lowBits(format.chunkBits) : chunk;
}

/// "[1, 2]": the multi-index of row-major element `k` of `shape`.
std::string formatIndex(llvm::ArrayRef<int64_t> shape, int64_t k) {
  llvm::SmallVector<int64_t> strides = getRowMajorStrides(shape);
  llvm::SmallVector<std::string> parts;
  for (auto [size, stride] : llvm::zip_equal(shape, strides))
    parts.push_back(std::to_string((k / stride) % size));
  return "[" + llvm::join(parts, ", ") + "]";
}

std::string formatBits(llvm::StringRef bytes) {
  std::string text = "0x";
  for (size_t i = bytes.size(); i-- > 0;)
    text += llvm::utohexstr(static_cast<unsigned char>(bytes[i]),
                            /*LowerCase=*/true, /*Width=*/2);
  return text;
}

std::string formatValue(bool isString, llvm::StringRef bytes) {
  if (isString)
    return "\"" + llvm::StringRef(bytes).str() + "\"";
  return "bits " + formatBits(bytes);
}

/// The XOR mask that turns a stored element into one that differs from it
/// in every bit it may hold: bool holds 0 or 1, uint4 its 4 bits, int4 a
/// value of -8..7 (whose complement is one too), any other type its bytes.
unsigned char getPrefillMask(Type type) {
  if (type.isInteger(1))
    return 0x01;
  if (type.isInteger(4) && type.isUnsignedInteger())
    return 0x0f;
  return 0xff;
}

void appendString(std::string &out, llvm::StringRef text) {
  uint64_t length = text.size();
  out.append(reinterpret_cast<const char *>(&length), sizeof(length));
  out.append(text.begin(), text.end());
}

/// What every output element must hold in each run, and the runs' inputs.
class Expectation {
public:
  Expectation(const ValidatedFunction &function) : function(function) {
    uint64_t offset = 0;
    for (const ValidatedValue &param : function.inputs) {
      inputs.push_back(&param);
      offsets.push_back(offset);
      offset += static_cast<uint64_t>(param.elements);
    }
    totalTags = offset;
    for (const ValidatedValue &param : function.outputs)
      outputs.push_back(&param);
  }

  /// Checks that every output's source is known; evaluates the index map
  /// of every output element once.
  llvm::Error prepare();

  unsigned getRuns() const { return runs; }
  std::string describeRun(unsigned run) const;

  /// Sets the expected outputs of run `run` and returns its standard
  /// input: the inputs, then the outputs' pre-filled contents.
  std::string startRun(unsigned run);

  /// Compares what run `run` wrote with what it must; counts the wrong
  /// elements of each output in `wrong` and describes the first in
  /// `first`.
  void compare(unsigned run, llvm::StringRef written, ValidationReport &report,
               std::vector<uint64_t> &wrong,
               std::vector<std::string> &first) const;

private:
  TagFormat getFormat(const ValidatedValue &param) const {
    return getTagFormat(param.type.getElementType(), totalTags);
  }
  /// What source element `index` of output `o` is, for messages.
  std::string describeSource(unsigned o, int64_t index) const;
  std::string describeTag(uint64_t tag) const;

  const ValidatedFunction &function;
  llvm::SmallVector<const ValidatedValue *> inputs, outputs;
  llvm::SmallVector<uint64_t> offsets;
  uint64_t totalTags = 0;
  unsigned runs = 2;
  /// Per output: the source index of each element (the index map,
  /// evaluated once), its constant in the storage of the interface
  /// (numbers) or as strings.
  std::vector<std::vector<int64_t>> sourceIndices;
  std::vector<std::string> constantBytes;
  std::vector<std::vector<std::string>> constantStrings;
  /// Per output, in the current run: the expected elements (numbers: in
  /// the storage of the interface; strings: one each).
  std::vector<std::string> expectedBytes;
  std::vector<std::vector<std::string>> expectedStrings;
};

llvm::Error Expectation::prepare() {
  llvm::ArrayRef<OutputSource> sources = function.sources;
  if (sources.size() != outputs.size())
    return makeError(llvm::formatv(
        "the function has {0} outputs and a known source for {1} of them",
        outputs.size(), sources.size()));
  for (auto [o, source] : llvm::enumerate(sources)) {
    const ValidatedValue &param = *outputs[o];
    constantBytes.emplace_back();
    constantStrings.emplace_back();
    sourceIndices.emplace_back();
    if (param.elements == 0)
      continue;
    if (source.kind == OutputSource::Kind::Unknown)
      return makeError("output '" + param.name +
                       "' cannot be validated: its elements are " + source.why);
    std::vector<int64_t> &indices = sourceIndices.back();
    indices.resize(static_cast<size_t>(param.elements));
    for (int64_t k = 0; k < param.elements; ++k)
      indices[k] = source.getSourceIndex(k);
    if (source.kind != OutputSource::Kind::Constant)
      continue;
    DenseElementsAttr constant = source.constant;
    if (isa<sonnx::StringType>(constant.getElementType())) {
      for (llvm::StringRef text : constant.getValues<llvm::StringRef>())
        constantStrings.back().push_back(text.str());
      continue;
    }
    std::string &bytes = constantBytes.back();
    bytes.resize(static_cast<size_t>(constant.getNumElements()) *
                 getElementStorage(constant.getElementType())->bytes);
    packNumericElements(constant, bytes.data());
    toInterfaceStorage(constant.getElementType(),
                       llvm::MutableArrayRef<char>(bytes.data(), bytes.size()));
  }
  for (const ValidatedValue *param : inputs)
    runs = std::max(runs, getFormat(*param).getRuns());
  expectedBytes.resize(outputs.size());
  expectedStrings.resize(outputs.size());
  return llvm::Error::success();
}

std::string Expectation::describeRun(unsigned run) const {
  llvm::SmallVector<std::string> parts;
  llvm::SmallVector<Type> seen;
  for (const ValidatedValue *param : inputs) {
    Type type = param->type.getElementType();
    if (llvm::is_contained(seen, type) || param->elements == 0)
      continue;
    seen.push_back(type);
    TagFormat format = getFormat(*param);
    RunTags tags = getRunTags(format, run);
    std::string text = typeToString(type);
    if (format.kind == TagFormat::Kind::String) {
      text += tags.complemented ? " as \"t<index>\"" : " as \"s<index>\"";
    } else {
      if (format.kind != TagFormat::Kind::Integer)
        text += tags.subnormal ? " as subnormals" : " as signaling NaNs";
      unsigned low = tags.chunk * format.chunkBits;
      text += llvm::formatv(", index bits {0}-{1}", low,
                            low + format.chunkBits - 1);
      if (tags.complemented)
        text += ", complemented";
    }
    parts.push_back(text);
  }
  return llvm::formatv("run {0} of {1}: {2}", run + 1, runs,
                       parts.empty() ? std::string("no inputs")
                                     : llvm::join(parts, "; "));
}

std::string Expectation::startRun(unsigned run) {
  std::string input;
  for (auto [i, param] : llvm::enumerate(inputs)) {
    TagFormat format = getFormat(*param);
    RunTags tags = getRunTags(format, run);
    if (format.kind == TagFormat::Kind::String) {
      for (int64_t j = 0; j < param->elements; ++j)
        appendString(input, getStringTag(tags, offsets[i] + j + 1));
      continue;
    }
    size_t start = input.size();
    input.resize(start + static_cast<size_t>(param->elements) * format.bytes);
    for (int64_t j = 0; j < param->elements; ++j)
      writeTag(format, tags, offsets[i] + j + 1,
               input.data() + start + j * format.bytes);
  }
  llvm::ArrayRef<OutputSource> sources = function.sources;
  for (auto [o, param] : llvm::enumerate(outputs)) {
    TagFormat format = getFormat(*param);
    RunTags tags = getRunTags(format, run);
    const OutputSource &source = sources[o];
    const std::vector<int64_t> &indices = sourceIndices[o];
    bool fromArgument = source.kind == OutputSource::Kind::Argument;
    uint64_t base = fromArgument ? offsets[source.argument] + 1 : 0;
    if (format.kind == TagFormat::Kind::String) {
      std::vector<std::string> &strings = expectedStrings[o];
      strings.clear();
      for (int64_t k = 0; k < param->elements; ++k) {
        strings.push_back(fromArgument ? getStringTag(tags, base + indices[k])
                                       : constantStrings[o][indices[k]]);
        // Never what the element must hold.
        appendString(input, strings.back() + "~");
      }
      continue;
    }
    std::string &bytes = expectedBytes[o];
    bytes.assign(static_cast<size_t>(param->elements) * format.bytes, '\0');
    for (int64_t k = 0; k < param->elements; ++k) {
      char *out = bytes.data() + k * format.bytes;
      if (fromArgument)
        writeTag(format, tags, base + indices[k], out);
      else
        std::memcpy(out, constantBytes[o].data() + indices[k] * format.bytes,
                    format.bytes);
    }
    unsigned char mask = getPrefillMask(param->type.getElementType());
    size_t start = input.size();
    input += bytes;
    for (size_t i = start, e = input.size(); i != e; ++i)
      input[i] = static_cast<char>(static_cast<unsigned char>(input[i]) ^ mask);
  }
  return input;
}

std::string Expectation::describeTag(uint64_t tag) const {
  if (tag == 0 || tag > totalTags)
    return "";
  for (size_t i = inputs.size(); i-- > 0;)
    if (tag > offsets[i])
      return "element " +
             formatIndex(inputs[i]->type.getShape(),
                         static_cast<int64_t>(tag - 1 - offsets[i])) +
             " of input '" + inputs[i]->name + "'";
  return "";
}

std::string Expectation::describeSource(unsigned o, int64_t index) const {
  const OutputSource &source = function.sources[o];
  if (source.kind == OutputSource::Kind::Argument)
    return describeTag(offsets[source.argument] + index + 1);
  auto type = cast<RankedTensorType>(source.constant.getType());
  llvm::SmallVector<std::string> labels = getSourceLabels(source.constantLoc);
  return "element " + formatIndex(type.getShape(), index) +
         " of the constant " +
         (labels.empty() ? source.constantOpName : labels.front());
}

void Expectation::compare(unsigned run, llvm::StringRef written,
                          ValidationReport &report,
                          std::vector<uint64_t> &wrong,
                          std::vector<std::string> &first) const {
  size_t pos = 0;
  for (auto [o, param] : llvm::enumerate(outputs)) {
    TagFormat format = getFormat(*param);
    bool isString = format.kind == TagFormat::Kind::String;
    Type type = param->type.getElementType();
    report.comparedElements += static_cast<uint64_t>(param->elements);
    // Numbers: the whole output at once, element by element only when it
    // differs.
    if (!isString) {
      llvm::StringRef expected = expectedBytes[o];
      llvm::StringRef found =
          written.substr(std::min(pos, written.size()), expected.size());
      pos += expected.size();
      if (found == expected)
        continue;
    }
    size_t start = pos - (isString ? 0 : expectedBytes[o].size());
    pos = start;
    unsigned char mask = getPrefillMask(type);
    for (int64_t k = 0; k < param->elements; ++k) {
      // The element as the harness wrote it, and what it must be.
      llvm::StringRef found, expected;
      std::string prefill;
      if (isString) {
        uint64_t length = 0;
        if (written.size() - std::min(pos, written.size()) >= sizeof(length))
          std::memcpy(&length, written.data() + pos, sizeof(length));
        pos += sizeof(length);
        found = written.substr(std::min(pos, written.size()), length);
        pos += length;
        expected = expectedStrings[o][k];
        prefill = expected.str() + "~";
      } else {
        found = written.substr(std::min(pos, written.size()), format.bytes);
        pos += format.bytes;
        expected = llvm::StringRef(expectedBytes[o])
                       .substr(k * format.bytes, format.bytes);
        prefill = expected.str();
        for (char &byte : prefill)
          byte = static_cast<char>(static_cast<unsigned char>(byte) ^ mask);
      }
      if (found == expected || wrong[o]++ != 0)
        continue;
      std::string text = llvm::formatv(
          "output '{0}' element {1}: expected {2} ({3}), found {4}",
          param->name, formatIndex(param->type.getShape(), k),
          describeSource(o, sourceIndices[o][k]),
          formatValue(isString, expected), formatValue(isString, found));
      if (found == prefill) {
        text += ", the value it was pre-filled with: the element was not "
                "written";
      } else if (std::optional<uint64_t> tag =
                     decodeTag(format, getRunTags(format, run), found)) {
        std::string what = describeTag(*tag);
        if (!what.empty())
          text += ", which is " + what;
      }
      first[o] = text + " (" + describeRun(run) + ")";
    }
  }
}

} // namespace

llvm::Expected<ValidationReport>
mlir::sonnx::validateFunction(const ValidatedFunction &function) {
  Expectation expectation(function);
  if (llvm::Error error = expectation.prepare())
    return std::move(error);
  ValidationReport report;
  size_t outputCount = function.sources.size();
  std::vector<uint64_t> wrong(outputCount, 0);
  std::vector<std::string> first(outputCount);
  for (unsigned run = 0, e = expectation.getRuns(); run != e; ++run) {
    report.runDescriptions.push_back(expectation.describeRun(run));
    ++report.runs;
    auto written = function.run(expectation.startRun(run));
    if (!written) {
      report.mismatches.push_back(expectation.describeRun(run) + ": " +
                                  llvm::toString(written.takeError()));
      return report;
    }
    expectation.compare(run, *written, report, wrong, first);
  }
  for (size_t o = 0; o != outputCount; ++o)
    if (wrong[o] != 0)
      report.mismatches.push_back(
          first[o] +
          (wrong[o] > 1
               ? llvm::formatv("; {0} wrong elements over all runs", wrong[o])
                     .str()
               : std::string()));
  return report;
}

llvm::Expected<unsigned>
mlir::sonnx::requireValidated(llvm::Expected<ValidationReport> report) {
  if (!report)
    return makeError("cannot validate the compiled code: " +
                     llvm::toString(report.takeError()));
  if (!report->isValidated())
    return makeError("the validation of the compiled code failed: " +
                     llvm::join(report->mismatches, "; "));
  return report->runs;
}

ValidationHost mlir::sonnx::getValidationHost(llvm::StringRef triple,
                                              llvm::StringRef cCompiler,
                                              llvm::StringRef emulator) {
  ValidationHost host;
  llvm::Triple target(llvm::Triple::normalize(triple));
  llvm::Triple here(llvm::sys::getProcessTriple());
  bool foreign = !triple.empty() && target.getArch() != here.getArch();
  host.cCompiler = !cCompiler.empty() ? cCompiler.str()
                   : foreign          ? triple.str() + "-gcc"
                                      : std::string("cc");
  if (foreign) {
    // A static program: the emulator needs no target libraries.
    host.linkFlags.push_back("-static");
    host.emulator = "qemu-" + target.getArchName().str();
  }
  if (!emulator.empty())
    host.emulator = emulator.str();
  return host;
}

void mlir::sonnx::printValidationReport(const ValidationReport &report,
                                        llvm::StringRef what,
                                        llvm::StringRef staticHalf,
                                        llvm::raw_ostream &out) {
  out << "validated: " << what
      << ": every element of every output is the input element or constant "
         "that the specifications' index map names, for every input\n"
      << "  static half: " << staticHalf << "\n"
      << "  dynamic half: " << report.runs << " runs, "
      << report.comparedElements << " output elements compared\n";
  for (const std::string &run : report.runDescriptions)
    out << "    " << run << "\n";
}
