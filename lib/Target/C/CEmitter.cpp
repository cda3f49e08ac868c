//===- CEmitter.cpp - C source of a compiled sonnx function ---------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The C names and types of the interface that sonnx-compile declares, the
// C99 source of a module lowered by `--sonnx-to-emitc` (emitCSource) and
// the harness of its static analysis (writeCAnalysisHarness); moved from
// lib/Runtime/AOTCompiler.cpp, which calls them. The contracts and the
// loop annotations are written by CAnnotations.cpp.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Target/C/CEmitter.h"

#include "CAnnotations.h"
#include "CPrinter.h"

#include "SONNX/Target/C/CSpecification.h"
#include "SONNX/Target/C/CTranslation.h"

#include "SONNX/Conversion/ToEmitC/ToEmitC.h"
#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "SONNX/Support/SizeProduct.h"
#include "SONNX/Support/TensorUtils.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::sonnx;

//===----------------------------------------------------------------------===//
// C names and types
//===----------------------------------------------------------------------===//

std::string mlir::sonnx::sanitizeCIdentifier(llvm::StringRef name) {
  static const char *const keywords[] = {
      "auto",     "bool",    "break",    "case",      "char",     "const",
      "continue", "default", "do",       "double",    "else",     "enum",
      "extern",   "false",   "float",    "for",       "goto",     "if",
      "inline",   "int",     "long",     "register",  "restrict", "return",
      "short",    "signed",  "sizeof",   "static",    "struct",   "switch",
      "true",     "typedef", "union",    "unsigned",  "void",     "volatile",
      "while",    "_Bool",   "_Complex", "_Imaginary"};
  std::string result;
  for (char c : name)
    result.push_back(llvm::isAlnum(c) || c == '_' ? c : '_');
  if (result.empty() || llvm::isDigit(result.front()))
    result = "v_" + result;
  if (llvm::is_contained(keywords, llvm::StringRef(result)))
    result += "_";
  return result;
}

/// The C type of one element of `type` in the interface: the header's
/// column of the element-type table (lookupCElementType, ToEmitC.h).
std::optional<std::string> mlir::sonnx::getCElementType(Type type) {
  if (std::optional<CElementType> row = lookupCElementType(type))
    return row->interfaceName;
  return std::nullopt;
}

/// `text` safe inside a C block comment on one line.
std::string mlir::sonnx::commentSafe(llvm::StringRef text) {
  std::string result;
  for (char c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      c = '?';
    // No "*/" may end the comment early.
    if (c == '/' && !result.empty() && result.back() == '*')
      result.push_back(' ');
    result.push_back(c);
  }
  return result;
}

/// "d0 x d1 x ..." or "scalar".
std::string mlir::sonnx::formatShape(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "scalar";
  return llvm::join(
      llvm::map_range(shape, [](int64_t size) { return std::to_string(size); }),
      " x ");
}

/// The declaration of `param` in the prototype: `const T *x` for an
/// input, `T *y` for an output (for strings `const char *const *x` and
/// `const char **y`).
std::string mlir::sonnx::declareParameter(const AOTParameter &param) {
  return declareCPointerParameter(param.cElementType, param.identifier,
                                  param.isOutput);
}

//===----------------------------------------------------------------------===//
// C source
//===----------------------------------------------------------------------===//

/// The header's `params` as the attribute sonnx.c_parameters; see the
/// header.
ArrayAttr mlir::sonnx::getCParametersAttr(MLIRContext *context,
                                          llvm::ArrayRef<AOTParameter> params) {
  Builder builder(context);
  return builder.getArrayAttr(
      llvm::map_to_vector(params, [&](const AOTParameter &param) -> Attribute {
        return builder.getDictionaryAttr({
            builder.getNamedAttr("name", builder.getStringAttr(param.name)),
            builder.getNamedAttr("identifier",
                                 builder.getStringAttr(param.identifier)),
            builder.getNamedAttr("type", TypeAttr::get(param.type)),
            builder.getNamedAttr("output", builder.getBoolAttr(param.isOutput)),
        });
      }));
}

namespace {
/// How the header's parameters reach the compute function: those it takes
/// (`passed`, its arguments in order, described by `signature`) and those
/// it does not (`empty`, voided in PREFIX_run).
struct ParameterBinding {
  llvm::SmallVector<std::string> passed;
  llvm::BitVector empty;
  ComputeSignature signature;
};
} // namespace

/// How the header's `params` reach the arguments of the compute function
/// `func`, as --sonnx-prepare-c-entry left them: each argument named by
/// its parameter's identifier (kCNameAttrName), in order, the parameters
/// that the model does not read or write removed. `producers`: for each
/// output, the label of the node whose value it is, or empty.
static llvm::Error readBinding(emitc::FuncOp func,
                               llvm::ArrayRef<AOTParameter> params,
                               llvm::ArrayRef<std::string> producers,
                               ParameterBinding &binding) {
  llvm::StringMap<unsigned> indexOf;
  llvm::SmallVector<std::string> producerOf(params.size());
  unsigned outputIndex = 0;
  for (auto [i, param] : llvm::enumerate(params)) {
    indexOf[param.identifier] = i;
    if (param.isOutput && outputIndex < producers.size())
      producerOf[i] = producers[outputIndex];
    outputIndex += param.isOutput;
  }
  binding.empty.resize(params.size(), true);
  ComputeSignature &signature = binding.signature;
  unsigned next = 0;
  for (unsigned k = 0; k < func.getNumArguments(); ++k) {
    auto name = func.getArgAttrOfType<StringAttr>(k, kCNameAttrName);
    auto found = name ? indexOf.find(name.getValue()) : indexOf.end();
    auto array = dyn_cast<emitc::ArrayType>(func.getArgument(k).getType());
    if (found == indexOf.end() || found->second < next || !array ||
        array.getRank() != 1)
      return makeError("argument " + llvm::Twine(k) + " of '" +
                       func.getSymName() +
                       "' is not the next parameter of the header "
                       "(--sonnx-prepare-c-entry)");
    unsigned i = found->second;
    next = i + 1;
    binding.empty.reset(i);
    binding.passed.push_back(params[i].identifier);
    signature.sizes.push_back(array.getShape().front());
    signature.isOutput.push_back(params[i].isOutput);
    signature.identifiers.push_back(params[i].identifier);
    signature.producers.push_back(producerOf[i]);
  }
  return llvm::Error::success();
}

/// The buffers that the compute function writes: the globals that are
/// not constant, with their sizes.
static llvm::SmallVector<std::pair<std::string, int64_t>>
getBuffers(ModuleOp module) {
  llvm::SmallVector<std::pair<std::string, int64_t>> buffers;
  for (auto global : module.getOps<emitc::GlobalOp>()) {
    auto array = dyn_cast<emitc::ArrayType>(global.getType());
    if (!global.getConstSpecifier() && array && array.getRank() == 1)
      buffers.emplace_back(global.getSymName().str(), array.getShape().front());
  }
  return buffers;
}

/// The comment, includes and file-scope definitions that precede the
/// compute function in the C source.
static void writePreamble(llvm::raw_ostream &os, const CEmitterOptions &options,
                          llvm::StringRef headerName, llvm::StringRef compute,
                          llvm::StringRef macros, bool functional,
                          const CFunctionalSpec &spec,
                          const ConstantTables &constants,
                          llvm::StringRef notFunctional) {
  const std::string &p = options.prefix;
  os << "/* " << p << ".c - generated by sonnx-compile --emit=c; do not edit.\n"
     << " *\n"
     << " * Model: "
     << commentSafe(options.sourceName.empty() ? "(unnamed)"
                                               : options.sourceName)
     << "\n * Standalone C99 (standard headers only): the header "
     << commentSafe(headerName)
     << "\n * documents the interface; buffers are static storage, no heap, "
        "no I/O.\n"
     << " * The comments that begin with '@' are ACSL contracts and loop "
        "annotations,\n * for Frama-C (docs/deployment.md).\n */\n"
     << "#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n\n"
     << "#include \"" << headerName << "\"\n\n";
  if (!macros.empty())
    os << "/* Loop bounds: the sizes of the tensors that the loop nests "
          "run over. */\n"
       << macros << "\n";
  if (functional)
    os << "/* What the function computes: the index maps of the profile's "
          "ops, and\n * the maps of the model's nodes and constants, with "
          "which the contracts\n * of "
       << compute << " and " << p
       << "_run state every output element\n * (docs/deployment.md, "
          "\"Functional contracts\"). */\n"
       << getIndexMapsACSL() << "\n"
       << spec.definitions << "\n";
  if (!constants.definitions.empty())
    os << "/* The const arrays that the loop annotations read, as logic "
          "functions of their\n * initializers (WP relates each array to its "
          "function where the code reads\n * it). */\n"
       << constants.definitions << "\n";
  if (!notFunctional.empty() && !spec.clauses.empty())
    os << "/* No functional contract: the C has " << commentSafe(notFunctional)
       << ". */\n\n";
  for (const std::string &unstated : spec.unstated)
    os << "/* Not stated by the contract: " << unstated << ". */\n\n";
}

/// Translates the EmitC `module` to C99 source: the compute function and
/// `PREFIX_run`, a verbatim after it (--sonnx-prepare-c-entry), whose
/// contract this puts before it, and `PREFIX_status_rule`
/// (--sonnx-add-status-rule-to-emitc), all printed by printCSource.
/// `producers`: for each output, the label of the node whose value it is, or
/// empty.
llvm::Expected<std::string> mlir::sonnx::emitCSource(
    ModuleOp module, const CEmitterOptions &options,
    llvm::ArrayRef<AOTParameter> params, llvm::ArrayRef<CompiledNode> nodes,
    llvm::ArrayRef<RuleID> rules, llvm::ArrayRef<std::string> producers,
    const CFunctionalSpec &spec) {
  const std::string &p = options.prefix;
  // --sonnx-prepare-c-entry has made the entry function the internal
  // compute function, its parameters the header's pointers, which
  // PREFIX_run below passes on.
  std::string compute = p + "_compute";
  auto func = module.lookupSymbol<emitc::FuncOp>(compute);
  if (!func)
    return makeError("the module has no EmitC function '" + compute +
                     "' (--sonnx-prepare-c-entry)");
  if (!module.lookupSymbol<emitc::FuncOp>(p + "_status_rule"))
    return makeError("the module has no EmitC function '" + p +
                     "_status_rule' (--sonnx-add-status-rule-to-emitc)");
  if (!isa_and_nonnull<emitc::VerbatimOp>(func->getNextNode()))
    return makeError("the module has no '" + p + "_run' after '" + compute +
                     "' (--sonnx-prepare-c-entry)");
  ParameterBinding binding;
  if (llvm::Error error = readBinding(func, params, producers, binding))
    return std::move(error);
  ComputeSignature &signature = binding.signature;
  // The globals have the prefix already (--sonnx-prefix-c-globals).
  llvm::SmallVector<std::pair<std::string, int64_t>> buffers =
      getBuffers(module);

  // The C names of the function's values, chosen before the annotations
  // are written, as the printer chooses them: the parameters are the
  // header's identifiers (their sonnx.c_name), a suffix for one that a
  // global takes.
  llvm::SmallVector<std::string> globals = llvm::map_to_vector(
      module.getOps<emitc::GlobalOp>(),
      [](emitc::GlobalOp global) { return global.getSymName().str(); });
  CNames names(binding.passed, globals);
  signature.names.assign(names.getParameters().begin(),
                         names.getParameters().end());

  std::string macros, notFunctional;
  ConstantTables constants;
  for (const std::string &name : binding.passed)
    constants.taken.insert(name);
  for (llvm::StringRef name : names.getParameters())
    constants.taken.insert(name);
  for (const std::string &name : globals)
    constants.taken.insert(name);
  // What a loop that is not one copy may assign: what the function may.
  makeReadable(func, nodes, signature, names, llvm::StringRef(p).upper(),
               writeAssigned(signature.names, signature.sizes,
                             signature.isOutput, buffers),
               spec.index, constants, macros, notFunctional);
  // The contract states what the outputs hold when the annotations of
  // every loop nest state what it writes: in the compute function, with
  // its parameters' names; in PREFIX_run, with the header's identifiers.
  llvm::SmallVector<std::string> functional, runFunctional;
  if (notFunctional.empty()) {
    llvm::SmallVector<std::string> computeNames;
    unsigned next = 0;
    for (auto [i, param] : llvm::enumerate(params))
      computeNames.push_back(binding.empty.test(i)
                                 ? param.identifier
                                 : names.getParameter(next++).str());
    for (const std::string &clause : spec.clauses) {
      functional.push_back(CFunctionalSpec::instantiate(
          clause, [&](unsigned i) { return computeNames[i]; }));
      runFunctional.push_back(CFunctionalSpec::instantiate(
          clause, [&](unsigned i) { return params[i].identifier; }));
    }
  }
  {
    OpBuilder builder(func);
    emitc::VerbatimOp::create(builder, func.getLoc(),
                              writeContract(signature.names, signature.sizes,
                                            signature.isOutput, buffers,
                                            rules.empty(), functional));
  }

  // The contract of PREFIX_run, which --sonnx-prepare-c-entry has put
  // after the compute function.
  {
    OpBuilder builder(func->getNextNode());
    emitc::VerbatimOp::create(
        builder, func.getLoc(),
        "\n/* The header's ABI: one pointer per tensor, in the row-major "
        "layout of the\n * arrays of " +
            compute + ". */\n" +
            writeContract(binding.passed, signature.sizes, signature.isOutput,
                          buffers, rules.empty(), runFunctional));
  }

  std::string text;
  llvm::raw_string_ostream os(text);
  std::string headerName =
      options.headerName.empty() ? p + ".h" : options.headerName;
  writePreamble(os, options, headerName, compute, macros, !functional.empty(),
                spec, constants, notFunctional);
  if (llvm::Error error = printCSource(module, os))
    return std::move(error);
  return text;
}

/// `main` for a static analysis of the C output; see the header.
std::string
mlir::sonnx::writeCAnalysisHarness(const CEmitterOptions &options,
                                   llvm::ArrayRef<AOTParameter> params) {
  const std::string &p = options.prefix;
  std::string macro = llvm::StringRef(p).upper();
  std::string headerName =
      options.headerName.empty() ? p + ".h" : options.headerName;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "/* " << p
     << "_harness.c - generated by sonnx-compile --harness; do not edit.\n"
     << " *\n"
     << " * The entry point of a static analysis of " << p
     << "_run (Frama-C EVA,\n"
     << " * docs/deployment.md): main passes arrays of the sizes that "
     << commentSafe(headerName) << "\n"
     << " * declares, inputs of any value (each byte, or bool, read from a "
        "volatile\n"
     << " * object, which the analyser takes as any value), then asks " << p
     << "_status_rule\n"
     << " * for the status and for any code. Also a plain C99 program that "
        "returns 0.\n */\n"
     << "#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n\n"
     << "#include \"" << headerName << "\"\n\n";
  bool anyBool = false, anyBytes = false;
  llvm::SmallVector<std::string> arguments;
  std::string arrays;
  for (const AOTParameter &param : params) {
    if (param.elements == 0) {
      arguments.push_back("NULL");
      continue;
    }
    std::string array = "sonnx_" + param.identifier;
    arrays += "static " + param.cElementType + " " + array + "[" + macro + "_" +
              param.identifier + "_ELEMENTS];\n";
    arguments.push_back(array);
    if (!param.isOutput) {
      anyBool |= param.type.getElementType().isInteger(1);
      anyBytes |= !param.type.getElementType().isInteger(1);
    }
  }
  // An input without elements reads no byte (-Wunused-variable).
  if (anyBool || anyBytes)
    os << "static volatile unsigned char sonnx_any_byte;\n";
  os << "static volatile int32_t sonnx_any_status;\n\n" << arrays;
  if (anyBytes)
    os << "\n/* Each byte of the `size` bytes at `data`: any value. */\n"
       << "static void sonnx_fill_bytes(unsigned char *data, size_t size) {\n"
       << "  for (size_t i = 0; i < size; i += 1U) {\n"
       << "    data[i] = sonnx_any_byte;\n  }\n}\n";
  if (anyBool)
    os << "\n/* Each of the `count` bools at `data`: false or true. */\n"
       << "static void sonnx_fill_bools(bool *data, size_t count) {\n"
       << "  for (size_t i = 0; i < count; i += 1U) {\n"
       << "    data[i] = (sonnx_any_byte & 1U) != 0U;\n  }\n}\n";
  os << "\nint main(void) {\n";
  for (auto [param, argument] : llvm::zip(params, arguments)) {
    if (param.isOutput || argument == "NULL")
      continue;
    if (param.type.getElementType().isInteger(1))
      os << "  sonnx_fill_bools(" << argument << ", sizeof " << argument
         << " / sizeof " << argument << "[0]);\n";
    else
      os << "  sonnx_fill_bytes((unsigned char *)" << argument << ", sizeof "
         << argument << ");\n";
  }
  os << "  int32_t status = " << p << "_run(" << llvm::join(arguments, ", ")
     << ");\n"
     << "  (void)" << p << "_status_rule(status);\n"
     << "  (void)" << p << "_status_rule(sonnx_any_status);\n"
     << "  return 0;\n}\n";
  return text;
}
