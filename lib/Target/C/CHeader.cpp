//===- CHeader.cpp - the C header of a compiled sonnx function ------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// writeCHeader: the header that sonnx-compile writes for an object or the
// C output (docs/deployment.md), and readCStorage, the static storage of
// the C output. Moved from lib/Runtime/AOTCompiler.cpp, which calls them.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Target/C/CHeader.h"

#include "SONNX/Conversion/ToEmitC/ToEmitC.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::sonnx;

//===----------------------------------------------------------------------===//
// Header
//===----------------------------------------------------------------------===//

/// Writes `text` as lines of a comment that start with `lead`, wrapped at
/// spaces before 79 columns; `next` leads the lines after the first.
static void writeWrapped(llvm::raw_ostream &os, llvm::StringRef text,
                         llvm::StringRef lead, llvm::StringRef next) {
  std::string current = lead.str();
  bool empty = true;
  for (llvm::StringRef word : llvm::split(text, ' ')) {
    if (!empty && current.size() + 1 + word.size() > 78) {
      os << current << "\n";
      current = next.str();
      empty = true;
    }
    if (!empty)
      current += ' ';
    current += commentSafe(word);
    empty = false;
  }
  os << current << "\n";
}

/// The header's budget (docs/deployment.md, "What the object uses"): a
/// comment of what each figure is and where it comes from, and a macro per
/// figure that is known.
static void writeBudget(llvm::raw_ostream &os, const CHeaderOptions &options,
                        const ResourceBudget &budget) {
  std::string macro = llvm::StringRef(options.prefix).upper();
  const std::string &p = options.prefix;
  bool emitC = options.cSource;
  auto line = [&](const llvm::Twine &text) {
    writeWrapped(os, text.str(), " * ", " *   ");
  };
  auto item = [&](const llvm::Twine &text) {
    writeWrapped(os, text.str(), " *   ", " *     ");
  };
  os << "/* What " << (emitC ? p + ".c" : std::string("the object"))
     << " uses, for a memory and time budget (docs/deployment.md).\n *\n";

  // Static storage.
  if (emitC) {
    line("Static storage: the static arrays of " + p + ".c" +
         (budget.storageBytes
              ? ", " + std::to_string(*budget.storageBytes) +
                    " bytes in all (each its elements times the size of "
                    "their type):"
              : std::string(":")));
  } else {
    std::string sections = llvm::join(
        llvm::map_range(budget.sections,
                        [](const std::pair<std::string, uint64_t> &section) {
                          return section.first + " " +
                                 std::to_string(section.second);
                        }),
        ", ");
    line("Static storage: " + std::to_string(budget.storageBytes.value_or(0)) +
         " bytes, the sizes of the object's data sections" +
         (sections.empty() ? std::string(" (none)") : " (" + sections + ")") +
         "; its globals, as LLVM names them (local symbols of the object, "
         "whose sizes llvm-nm -S shows on ELF):");
  }
  uint64_t named = 0;
  for (const StorageItem &storage : budget.storage) {
    named += storage.bytes;
    item(storage.name + ": " +
         (storage.bytes || !emitC ? std::to_string(storage.bytes) + " bytes, "
                                  : std::string()) +
         storage.what);
  }
  if (budget.storage.empty())
    item("(none)");
  if (!emitC && budget.storageBytes && *budget.storageBytes > named)
    item("alignment padding and the code generator's data (constant pools, "
         "jump tables): " +
         std::to_string(*budget.storageBytes - named) + " bytes");
  if (!budget.storageBytes)
    line("The total is not stated: " + budget.storageUnstated + ".");

  // Stack.
  os << " *\n";
  if (budget.runStack && budget.ruleStack) {
    line("Stack: " + p + "_run " + std::to_string(*budget.runStack) +
         " bytes, " + p + "_status_rule " + std::to_string(*budget.ruleStack) +
         " bytes: the frame sizes of the object's .stack_sizes section "
         "(llvm-readobj --stack-sizes), without what the call instruction "
         "pushes (the return address on x86).");
    if (!budget.undefined.empty())
      line("Not included: the stack of " + llvm::join(budget.undefined, ", ") +
           ", which the object calls and the C library defines.");
  } else {
    line("Stack: not stated: " + budget.stackUnstated + ".");
  }

  // Element moves.
  os << " *\n";
  if (budget.moves)
    line("Element moves: " + llvm::Twine(*budget.moves) +
         " element stores in a call that returns " + macro +
         "_STATUS_OK (each element written into an output or an "
         "intermediate buffer, a vector store counting its elements; a call "
         "that returns another status stores fewer or as many). Counted by "
         "--sonnx-count-element-stores on the buffers of the lowering, "
         "before the loops and " +
         (emitC ? "the C compiler's" : "LLVM's") +
         " optimisation, which may remove stores it proves redundant.");
  else
    line("Element moves: not stated: " + budget.movesUnstated + ".");
  os << " */\n";

  if (budget.storageBytes)
    os << "#define " << macro << "_STATIC_STORAGE_BYTES UINT64_C("
       << *budget.storageBytes << ")\n";
  if (budget.runStack && budget.ruleStack)
    os << "#define " << macro << "_STACK_BYTES UINT64_C(" << *budget.runStack
       << ")\n#define " << macro << "_STATUS_RULE_STACK_BYTES UINT64_C("
       << *budget.ruleStack << ")\n";
  if (budget.moves)
    os << "#define " << macro << "_ELEMENT_MOVES UINT64_C(" << *budget.moves
       << ")\n";
  os << "\n";
}

std::string mlir::sonnx::writeCHeader(const CHeaderOptions &options,
                                      llvm::ArrayRef<AOTParameter> params,
                                      llvm::ArrayRef<CompiledNode> nodes,
                                      llvm::ArrayRef<RuleID> rules,
                                      const ResourceBudget &budget) {
  std::string text;
  llvm::raw_string_ostream os(text);
  std::string macro = llvm::StringRef(options.prefix).upper();
  std::string guard = macro + "_SONNX_H";
  const std::string &p = options.prefix;

  os << "/* " << p << " - generated by sonnx-compile; do not edit.\n"
     << " *\n"
     << " * Model: "
     << commentSafe(options.sourceName.empty() ? "(unnamed)"
                                               : options.sourceName);
  if (options.opset)
    os << ", ONNX opset " << *options.opset;
  if (options.cSource)
    os << "\n * Target: C99 source (" << commentSafe(options.prefix)
       << ".c from sonnx-compile --emit=c)\n";
  else
    os << "\n * Target: " << commentSafe(options.triple) << ", CPU "
       << commentSafe(options.cpu) << "\n";
  os << " * Nodes compiled, with the constraints of the SONNX profile "
        "checked\n * (IDs: docs/traceability.md):\n";
  if (nodes.empty())
    os << " *   (none)\n";
  for (const CompiledNode &node : nodes) {
    // The node and its op, then what was checked, indented and wrapped at
    // spaces.
    os << " *   " << commentSafe(node.label + ": " + node.opName) << "\n";
    std::string checked = node.getCheckedLines();
    llvm::SmallVector<llvm::StringRef> lines;
    llvm::StringRef(checked).split(lines, '\n');
    for (llvm::StringRef text : lines)
      writeWrapped(os, text, " *     ", " *       ");
  }
  os << " *\n"
     << " * ABI (docs/deployment.md): one pointer per input and output, "
        "row-major;\n"
     << " * outputs are written into the caller's buffers; intermediate "
        "buffers are\n"
     << " * static storage of the object, so calls must not overlap (not "
        "re-entrant).\n"
     << " * No heap, no I/O, no abort: the function returns a status "
        "code.\n"
     << " */\n"
     << "#ifndef " << guard << "\n#define " << guard << "\n\n"
     << "#include <stdbool.h>\n#include <stdint.h>\n\n"
     << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n";

  auto hasElementType = [&](llvm::function_ref<bool(Type)> predicate) {
    return llvm::any_of(params, [&](const AOTParameter &param) {
      return predicate(param.type.getElementType());
    });
  };
  if (hasElementType([](Type type) { return isa<ComplexType>(type); }))
    os << "/* Complex elements: the IEEE-754 bits of the real part, then of "
          "the\n * imaginary part (the layout of C99's float _Complex and "
          "double _Complex). */\n"
       << "#ifndef SONNX_COMPLEX_TYPES_DEFINED\n"
       << "#define SONNX_COMPLEX_TYPES_DEFINED\n"
       << "typedef struct {\n  uint32_t re;\n  uint32_t im;\n} "
       << kComplex64CType << ";\n"
       << "typedef struct {\n  uint64_t re;\n  uint64_t im;\n} "
       << kComplex128CType << ";\n#endif\n\n";
  if (hasElementType([](Type type) { return isa<sonnx::StringType>(type); }))
    os << "/* String elements are C strings (NUL-terminated; a string with a "
          "NUL byte\n * inside cannot pass this interface). The model only "
          "moves pointers: an\n * output string points to an input string "
          "of the same call or to a constant\n * of the object, and lives as "
          "long as that one. */\n\n";

  os << "#define " << macro << "_INPUT_COUNT "
     << llvm::count_if(params,
                       [](const AOTParameter &x) { return !x.isOutput; })
     << "\n#define " << macro << "_OUTPUT_COUNT "
     << llvm::count_if(params, [](const AOTParameter &x) { return x.isOutput; })
     << "\n\n";
  for (const AOTParameter &param : params) {
    std::string name = macro + "_" + param.identifier;
    // A float is passed as its bits (docs/deployment.md, "Element types").
    Type element = param.type.getElementType();
    std::string bits = isa<FloatType>(element) ? " (the IEEE-754 bits of " +
                                                     typeToString(element) + ")"
                                               : std::string();
    os << "/* " << (param.isOutput ? "output" : "input") << " '"
       << commentSafe(param.name) << "': " << param.cElementType << bits << ", "
       << formatShape(param.type.getShape()) << " */\n";
    os << "#define " << name << "_RANK " << param.type.getRank() << "\n";
    if (param.type.getRank() > 0) {
      os << "#define " << name << "_SHAPE {";
      llvm::interleave(param.type.getShape(), os, ", ");
      os << "}\n";
    }
    os << "#define " << name << "_ELEMENTS UINT64_C(" << param.elements
       << ")\n\n";
  }

  writeBudget(os, options, budget);

  os << "/* Status codes of " << p
     << "_run: 0 on success, else the code "
        "of the\n * constraint a run-time check found broken. */\n"
     << "enum " << p << "_status {\n  " << macro << "_STATUS_OK = 0,\n";
  for (RuleID rule : rules)
    os << "  " << macro << "_STATUS_"
       << llvm::StringRef(sanitizeCIdentifier(getRuleText(rule))).upper()
       << " = " << getRuleStatus(rule) << ", /* [" << getRuleText(rule)
       << "] */\n";
  os << "};\n\n";
  if (rules.empty())
    os << "/* With static shapes and constant shape/axes operands every "
          "constraint\n * is decided at compile time: "
       << p << "_run always returns " << macro << "_STATUS_OK. */\n";

  os << "/* The constraint ID of a status code, NULL for " << macro
     << "_STATUS_OK and\n * unknown codes. */\n"
     << "const char *" << p << "_status_rule(int32_t status);\n\n";

  os << "/* Runs the model.\n";
  for (const AOTParameter &param : params)
    os << " *   " << param.identifier << ": "
       << (param.isOutput ? "output" : "input") << " '"
       << commentSafe(param.name) << "', " << param.cElementType << "["
       << formatShape(param.type.getShape()) << "]\n";
  os << " * Returns " << macro << "_STATUS_OK (0) or a status code. */\n"
     << "int32_t " << p << "_run(";
  llvm::interleave(
      params, os,
      [&](const AOTParameter &param) { os << declareParameter(param); }, ", ");
  os << ");\n\n#ifdef __cplusplus\n}\n#endif\n\n#endif /* " << guard << " */\n";
  return text;
}

//===----------------------------------------------------------------------===//
// Static storage of the C output
//===----------------------------------------------------------------------===//

void mlir::sonnx::readCStorage(ModuleOp module, ResourceBudget &budget) {
  uint64_t total = 0;
  std::vector<std::string> unsized;
  for (auto global : module.getOps<emitc::GlobalOp>()) {
    auto array = dyn_cast<emitc::ArrayType>(global.getType());
    Type element = array ? array.getElementType() : global.getType();
    int64_t count = array ? array.getNumElements() : 1;
    std::optional<uint64_t> elementBytes;
    if (auto integer = dyn_cast<IntegerType>(element);
        integer && integer.getWidth() % 8 == 0)
      elementBytes = integer.getWidth() / 8;
    else if (auto opaque = dyn_cast<emitc::OpaqueType>(element)) {
      // Two uint32_t or two uint64_t (no padding between members of one
      // type on the targets C compilers know).
      if (opaque.getValue() == kComplex64CType)
        elementBytes = 8;
      else if (opaque.getValue() == kComplex128CType)
        elementBytes = 16;
    }
    std::string what = global.getConstSpecifier()
                           ? "constant, read-only"
                           : "intermediate buffer, writable, zero-filled";
    if (!elementBytes) {
      unsized.push_back(global.getSymName().str());
      budget.storage.push_back({global.getSymName().str(),
                                what + "; " + std::to_string(count) +
                                    " elements whose size is the C "
                                    "compiler's",
                                0});
      continue;
    }
    uint64_t bytes = *elementBytes * static_cast<uint64_t>(count);
    budget.storage.push_back({global.getSymName().str(), what, bytes});
    total += bytes;
  }
  if (unsized.empty())
    budget.storageBytes = total;
  else
    budget.storageUnstated = "the size of the elements of " +
                             llvm::join(unsized, ", ") +
                             " (pointers to string literals, or bool) is the "
                             "C compiler's";
}
