//===- CPrinter.cpp - C99 of the EmitC subset of the C output -------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// See CPrinter.h. The layout is emitc::translateToCpp's (LLVM 22): two
// spaces of indentation per nesting level, each expression a declared
// variable, literals, globals and subscripts written where they are used,
// parentheses where an operand binds no tighter than its operator.
//
//===----------------------------------------------------------------------===//

#include "CPrinter.h"

#include "SONNX/Conversion/ToEmitC/ToEmitC.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Support/CElementTypes.h"
#include "SONNX/Support/TensorUtils.h"
#include "SONNX/Target/C/CEmitter.h"
#include "SONNX/Target/C/CTranslation.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Support/IndentedOstream.h"
#include "mlir/Target/Cpp/CppEmitter.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::sonnx;

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

/// Type names that the C source uses inside functions: a parameter of that
/// name would hide the type.
static constexpr llvm::StringLiteral kTypeNames[] = {
    "size_t",   "int8_t",         "int16_t",           "int32_t",
    "int64_t",  "uint8_t",        "uint16_t",          "uint32_t",
    "uint64_t", "sonnx_string_t", "sonnx_complex64_t", "sonnx_complex128_t",
    "NULL"};

CNames::CNames(llvm::ArrayRef<std::string> parameters,
               llvm::ArrayRef<std::string> fileScope) {
  for (llvm::StringLiteral name : kTypeNames)
    taken.insert(name);
  for (const std::string &name : fileScope)
    taken.insert(name);
  // The header's identifiers are distinct C identifiers already.
  for (const std::string &name : parameters)
    this->parameters.push_back(taken.contains(name) ? fresh(name) : name);
  for (const std::string &name : this->parameters)
    taken.insert(name);
}

std::string CNames::fresh(llvm::StringRef stem) {
  std::string name = stem.str();
  for (int k = 2; taken.contains(name); ++k)
    name = (stem + "_" + llvm::Twine(k)).str();
  taken.insert(name);
  return name;
}

llvm::StringRef CNames::getLoopVariable(unsigned depth) {
  while (loopVariables.size() <= depth)
    loopVariables.push_back(fresh("i" + std::to_string(loopVariables.size())));
  return loopVariables[depth];
}

std::string CNames::getFreshValue() {
  std::string name;
  do
    name = "v" + std::to_string(nextValue++);
  while (taken.contains(name));
  taken.insert(name);
  return name;
}

//===----------------------------------------------------------------------===//
// Printer
//===----------------------------------------------------------------------===//

namespace {

/// The precedence of a binary operator of an index expression (C's).
std::optional<int> getPrecedence(Operation *op) {
  if (isa<emitc::MulOp, emitc::DivOp, emitc::RemOp>(op))
    return 13;
  if (isa<emitc::AddOp, emitc::SubOp>(op))
    return 12;
  return std::nullopt;
}

std::optional<llvm::StringRef> getOperator(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<llvm::StringRef>>(op)
      .Case([](emitc::MulOp) { return "*"; })
      .Case([](emitc::DivOp) { return "/"; })
      .Case([](emitc::RemOp) { return "%"; })
      .Case([](emitc::AddOp) { return "+"; })
      .Case([](emitc::SubOp) { return "-"; })
      .Default([](Operation *) { return std::nullopt; });
}

/// The C text of the value of an emitc.constant, as EmitC writes it.
std::optional<std::string> getConstantText(Attribute value) {
  if (auto opaque = dyn_cast<emitc::OpaqueAttr>(value))
    return opaque.getValue().str();
  auto integer = dyn_cast<IntegerAttr>(value);
  if (!integer)
    return std::nullopt;
  if (integer.getType().isInteger(1))
    return std::string(integer.getValue().isZero() ? "false" : "true");
  bool isUnsigned = integer.getType().isUnsignedInteger() ||
                    isa<emitc::SizeTType, IndexType>(integer.getType());
  const llvm::APInt &number = integer.getValue();
  // An unsigned constant has the suffix U, as those that
  // --sonnx-emitc-literal-constants writes: MISRA C:2012 rules 7.2 and 10.4
  // (`3U - i0`: both operands essentially unsigned), and a decimal constant
  // above INT64_MAX has no type in C99 without it. INT64_MIN is no constant
  // at all (the minus applies to 9223372036854775808, which is too large
  // for long long).
  if (isUnsigned)
    return formatCUnsigned(number);
  if (number.getBitWidth() == 64 && number.isMinSignedValue())
    return std::string("(-9223372036854775807 - 1)");
  return llvm::toString(number, 10, /*Signed=*/true);
}

/// Whether `load` is written where it is used: its one use is the next op,
/// so nothing can store to its operand in between.
bool isInlined(emitc::LoadOp load) {
  return load->hasOneUse() && *load->user_begin() == load->getNextNode();
}

/// The declaration of `name` of the C type `type`: `T name`, or `T *name`.
std::string declare(llvm::StringRef type, llvm::StringRef name) {
  return (type + (type.ends_with("*") ? "" : " ") + name).str();
}

class CPrinter {
public:
  CPrinter(CNamesOfFunction namesOf, llvm::raw_ostream &out)
      : namesOf(namesOf), os(out) {}

  llvm::Error printModule(ModuleOp module);

private:
  llvm::Error unsupported(Operation *op) {
    return makeError("the C printer does not take the op '" +
                     op->getName().getStringRef() +
                     "' in the lowered module (sonnx-compile --emit=c)");
  }
  llvm::Expected<std::string> getTypeName(Type type, Operation *user);
  llvm::Expected<std::string> getOperand(Value value, Operation *user);
  llvm::Expected<llvm::SmallVector<std::string>>
  getOperands(llvm::ArrayRef<Value> values, Operation *user);
  llvm::Error printVerbatim(emitc::VerbatimOp verbatim);
  llvm::Expected<std::string> getExpression(Value value, Region &region,
                                            int parentPrecedence);
  llvm::Error printFunction(emitc::FuncOp func);
  llvm::Error printBlock(Block &block, unsigned depth);
  llvm::Error printStatement(Operation &op, unsigned depth);
  llvm::Error printFor(emitc::ForOp loop, unsigned depth);
  llvm::Error printExpression(emitc::ExpressionOp expression);
  llvm::Error printConstant(emitc::ConstantOp constant);
  llvm::Error printVariable(emitc::VariableOp variable);
  llvm::Error declareValue(Value value, llvm::StringRef type,
                           llvm::StringRef text);
  llvm::Error printSwitch(emitc::SwitchOp switchOp, unsigned depth);
  llvm::Error printLoad(emitc::LoadOp load);

  CNamesOfFunction namesOf;
  /// The names of the function being printed.
  std::optional<CNames> names;
  raw_indented_ostream os;
  llvm::DenseMap<Value, std::string> valueNames;
};

} // namespace

llvm::Expected<std::string> CPrinter::getTypeName(Type type, Operation *user) {
  if (isa<emitc::SizeTType, IndexType>(type))
    return std::string("size_t");
  if (auto opaque = dyn_cast<emitc::OpaqueType>(type))
    return opaque.getValue().str();
  if (auto pointer = dyn_cast<emitc::PointerType>(type)) {
    llvm::Expected<std::string> pointee =
        getTypeName(pointer.getPointee(), user);
    if (!pointee)
      return pointee.takeError();
    return *pointee + " *";
  }
  if (std::optional<std::string> name = getCSourceElementType(type))
    return *name;
  return makeError("the C printer has no C type for " + typeToString(type) +
                   " in '" + user->getName().getStringRef() + "'");
}

/// `value` where an op uses it: the text of a literal, the name of a
/// global, `base[index]` for a subscript, else its name.
llvm::Expected<std::string> CPrinter::getOperand(Value value, Operation *user) {
  Operation *def = value.getDefiningOp();
  if (auto literal = dyn_cast_or_null<emitc::LiteralOp>(def))
    return literal.getValue().str();
  if (auto global = dyn_cast_or_null<emitc::GetGlobalOp>(def))
    return global.getName().str();
  if (auto load = dyn_cast_or_null<emitc::LoadOp>(def); load && isInlined(load))
    return getOperand(load.getOperand(), def);
  if (auto subscript = dyn_cast_or_null<emitc::SubscriptOp>(def)) {
    llvm::Expected<std::string> text = getOperand(subscript.getValue(), def);
    if (!text)
      return text.takeError();
    for (Value index : subscript.getIndices()) {
      llvm::Expected<std::string> indexText = getOperand(index, def);
      if (!indexText)
        return indexText.takeError();
      *text += "[" + *indexText + "]";
    }
    return text;
  }
  auto it = valueNames.find(value);
  if (it == valueNames.end())
    return makeError("the C printer has no name for an operand of '" +
                     user->getName().getStringRef() + "'");
  return it->second;
}

llvm::Expected<llvm::SmallVector<std::string>>
CPrinter::getOperands(llvm::ArrayRef<Value> values, Operation *user) {
  llvm::SmallVector<std::string> texts;
  for (Value value : values) {
    llvm::Expected<std::string> text = getOperand(value, user);
    if (!text)
      return text.takeError();
    texts.push_back(std::move(*text));
  }
  return texts;
}

/// A verbatim op's text, with operands its placeholders `{}` replaced by
/// them; the lines after the first are indented too.
llvm::Error CPrinter::printVerbatim(emitc::VerbatimOp verbatim) {
  if (verbatim.getFmtArgs().empty()) {
    os << verbatim.getValue() << "\n";
    return llvm::Error::success();
  }
  FailureOr<SmallVector<emitc::ReplacementItem>> items =
      verbatim.parseFormatString();
  if (failed(items))
    return unsupported(verbatim);
  auto args = verbatim.getFmtArgs().begin();
  std::string text;
  for (const emitc::ReplacementItem &item : *items) {
    if (auto *literal = std::get_if<llvm::StringRef>(&item)) {
      text += *literal;
      continue;
    }
    llvm::Expected<std::string> operand = getOperand(*args++, verbatim);
    if (!operand)
      return operand.takeError();
    text += *operand;
  }
  os << text << "\n";
  return llvm::Error::success();
}

/// The C expression of `value` inside the expression `region`: operators
/// with their operands, parenthesized when they bind no tighter than the
/// operator they are an operand of (`parentPrecedence`).
llvm::Expected<std::string> CPrinter::getExpression(Value value, Region &region,
                                                    int parentPrecedence) {
  // The body's arguments are the expression's operands.
  Operation *expression = region.getParentOp();
  if (auto argument = dyn_cast<BlockArgument>(value);
      argument && argument.getOwner()->getParent() == &region)
    return getOperand(expression->getOperand(argument.getArgNumber()),
                      expression);
  Operation *def = value.getDefiningOp();
  if (!def || def->getParentRegion() != &region)
    return getOperand(value, expression);
  if (auto load = dyn_cast<emitc::LoadOp>(def))
    return getExpression(load.getOperand(), region, parentPrecedence);
  if (auto constant = dyn_cast<emitc::ConstantOp>(def)) {
    if (std::optional<std::string> text = getConstantText(constant.getValue()))
      return *text;
    return unsupported(def);
  }
  std::optional<int> precedence = getPrecedence(def);
  std::optional<llvm::StringRef> symbol = getOperator(def);
  if (!precedence || !symbol || def->getNumOperands() != 2)
    return unsupported(def);
  llvm::Expected<std::string> lhs =
      getExpression(def->getOperand(0), region, *precedence);
  if (!lhs)
    return lhs.takeError();
  llvm::Expected<std::string> rhs =
      getExpression(def->getOperand(1), region, *precedence);
  if (!rhs)
    return rhs.takeError();
  std::string text = *lhs + " " + symbol->str() + " " + *rhs;
  if (*precedence <= parentPrecedence)
    return "(" + text + ")";
  return text;
}

llvm::Error CPrinter::printFor(emitc::ForOp loop, unsigned depth) {
  llvm::Expected<std::string> type =
      getTypeName(loop.getInductionVar().getType(), loop);
  if (!type)
    return type.takeError();
  std::string iv = names->getLoopVariable(depth).str();
  valueNames[loop.getInductionVar()] = iv;
  auto bounds = getOperands(
      {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()}, loop);
  if (!bounds)
    return bounds.takeError();
  os << "for (" << *type << " " << iv << " = " << (*bounds)[0] << "; " << iv
     << " < " << (*bounds)[1] << "; " << iv << " += " << (*bounds)[2]
     << ") {\n";
  os.indent();
  if (llvm::Error error = printBlock(*loop.getBody(), depth + 1))
    return error;
  os.unindent();
  os << "}\n";
  return llvm::Error::success();
}

/// `T vN = <text>;`: `value` takes a fresh name.
llvm::Error CPrinter::declareValue(Value value, llvm::StringRef type,
                                   llvm::StringRef text) {
  std::string name = names->getFreshValue();
  valueNames[value] = name;
  os << declare(type, name) << " = " << text << ";\n";
  return llvm::Error::success();
}

/// `T vN = <expression>;`: every expression is a variable.
llvm::Error CPrinter::printExpression(emitc::ExpressionOp expression) {
  auto yield =
      dyn_cast<emitc::YieldOp>(expression.getBodyRegion().front().back());
  if (!yield || yield.getNumOperands() != 1)
    return unsupported(expression);
  llvm::Expected<std::string> type =
      getTypeName(expression.getResult().getType(), expression);
  if (!type)
    return type.takeError();
  llvm::Expected<std::string> text =
      getExpression(yield.getOperand(0), expression.getBodyRegion(), -1);
  if (!text)
    return text.takeError();
  return declareValue(expression.getResult(), *type, *text);
}

/// `T vN = <value>;` for a constant that is not written where it is used.
llvm::Error CPrinter::printConstant(emitc::ConstantOp constant) {
  llvm::Expected<std::string> type = getTypeName(constant.getType(), constant);
  if (!type)
    return type.takeError();
  std::optional<std::string> text = getConstantText(constant.getValue());
  if (!text)
    return unsupported(constant);
  return declareValue(constant.getResult(), *type, *text);
}

/// `T name = <value>;`: a local variable, named by its kCNameAttrName when
/// it has one.
llvm::Error CPrinter::printVariable(emitc::VariableOp variable) {
  auto lvalue = dyn_cast<emitc::LValueType>(variable.getType());
  std::optional<std::string> init = getConstantText(variable.getValue());
  if (!lvalue || !init)
    return unsupported(variable);
  llvm::Expected<std::string> type =
      getTypeName(lvalue.getValueType(), variable);
  if (!type)
    return type.takeError();
  Attribute attr = variable->getAttr(kCNameAttrName);
  auto given = dyn_cast_or_null<StringAttr>(attr);
  if (attr && (!given || sanitizeCIdentifier(given) != given.getValue())) {
    std::string text;
    llvm::raw_string_ostream(text) << attr;
    return makeError("an 'emitc.variable' has a '" + kCNameAttrName + "' (" +
                     text + ") that is not a C identifier or is a keyword");
  }
  std::string name =
      given ? names->getLocal(given.getValue()) : names->getFreshValue();
  valueNames[variable.getResult()] = name;
  os << declare(*type, name) << " = " << *init << ";\n";
  return llvm::Error::success();
}

/// `switch (x) { case K: ... break; default: ... break; }`, the case labels
/// at the switch's indentation. A case declares nothing (C99 puts no
/// declaration after a label).
llvm::Error CPrinter::printSwitch(emitc::SwitchOp switchOp, unsigned depth) {
  llvm::Expected<std::string> value = getOperand(switchOp.getArg(), switchOp);
  if (!value)
    return value.takeError();
  os << "switch (" << *value << ") {\n";
  auto printCase = [&](llvm::StringRef label, Block &block) -> llvm::Error {
    for (Operation &op : block)
      if (isa<emitc::ExpressionOp, emitc::ConstantOp, emitc::VariableOp>(op) ||
          (isa<emitc::LoadOp>(op) && !isInlined(cast<emitc::LoadOp>(op))))
        return makeError("the C printer takes no declaration ('" +
                         op.getName().getStringRef() +
                         "') in a case of 'emitc.switch'");
    os << label << ":\n";
    os.indent();
    if (llvm::Error error = printBlock(block, depth))
      return error;
    os << "break;\n";
    os.unindent();
    return llvm::Error::success();
  };
  for (auto [code, region] :
       llvm::zip(switchOp.getCases(), switchOp.getCaseRegions()))
    if (llvm::Error error =
            printCase("case " + std::to_string(code), region.front()))
      return error;
  if (llvm::Error error = printCase("default", switchOp.getDefaultBlock()))
    return error;
  os << "}\n";
  return llvm::Error::success();
}

/// `T vN = <lvalue>;`, unless the load is written where it is used.
llvm::Error CPrinter::printLoad(emitc::LoadOp load) {
  if (isInlined(load))
    return llvm::Error::success();
  llvm::Expected<std::string> type = getTypeName(load.getType(), load);
  if (!type)
    return type.takeError();
  llvm::Expected<std::string> value = getOperand(load.getOperand(), load);
  if (!value)
    return value.takeError();
  return declareValue(load.getResult(), *type, *value);
}

llvm::Error CPrinter::printStatement(Operation &op, unsigned depth) {
  if (auto verbatim = dyn_cast<emitc::VerbatimOp>(op))
    return printVerbatim(verbatim);
  if (auto loop = dyn_cast<emitc::ForOp>(op))
    return printFor(loop, depth);
  if (auto expression = dyn_cast<emitc::ExpressionOp>(op))
    return printExpression(expression);
  if (auto constant = dyn_cast<emitc::ConstantOp>(op))
    return printConstant(constant);
  if (auto variable = dyn_cast<emitc::VariableOp>(op))
    return printVariable(variable);
  if (auto switchOp = dyn_cast<emitc::SwitchOp>(op))
    return printSwitch(switchOp, depth);
  if (auto load = dyn_cast<emitc::LoadOp>(op))
    return printLoad(load);
  if (auto assign = dyn_cast<emitc::AssignOp>(op)) {
    auto sides = getOperands({assign.getVar(), assign.getValue()}, &op);
    if (!sides)
      return sides.takeError();
    os << (*sides)[0] << " = " << (*sides)[1] << ";\n";
    return llvm::Error::success();
  }
  auto ret = dyn_cast<emitc::ReturnOp>(op);
  if (!ret || !ret.getOperand())
    return unsupported(&op);
  llvm::Expected<std::string> value = getOperand(ret.getOperand(), &op);
  if (!value)
    return value.takeError();
  os << "return " << *value << ";\n";
  return llvm::Error::success();
}

llvm::Error CPrinter::printBlock(Block &block, unsigned depth) {
  for (Operation &op : block) {
    // Literals, globals and subscripts are written where they are used.
    if (isa<emitc::LiteralOp, emitc::GetGlobalOp, emitc::SubscriptOp,
            emitc::YieldOp>(op))
      continue;
    if (llvm::Error error = printStatement(op, depth))
      return error;
  }
  return llvm::Error::success();
}

llvm::Error CPrinter::printFunction(emitc::FuncOp func) {
  if (func.getFunctionType().getNumResults() != 1 || func.isExternal())
    return unsupported(func);
  llvm::Expected<std::string> result =
      getTypeName(func.getFunctionType().getResult(0), func);
  if (!result)
    return result.takeError();
  if (auto specifiers = func.getSpecifiers())
    for (Attribute specifier : *specifiers)
      os << cast<StringAttr>(specifier).getValue() << " ";
  os << declare(*result, func.getSymName()) << "(";
  for (auto [k, argument] : llvm::enumerate(func.getArguments())) {
    // An array parameter is `T name[N]`, or a pointer to its elements
    // (kCPointerAttrName, checked by printCSource; sonnx-compile's C output
    // sets it, usePointerParameters).
    auto array = dyn_cast<emitc::ArrayType>(argument.getType());
    llvm::Expected<std::string> type =
        getTypeName(array ? array.getElementType() : argument.getType(), func);
    if (!type)
      return type.takeError();
    std::string name = names->getParameter(k).str();
    valueNames[argument] = name;
    os << (k ? ", " : "");
    if (auto pointer = func.getArgAttrOfType<StringAttr>(k, kCPointerAttrName);
        pointer && array) {
      if (!pointer.getValue().empty())
        os << pointer.getValue() << " ";
      os << *type
         << (func.getArgAttr(k, kCRestrictAttrName) ? " *restrict " : " * ")
         << name;
      continue;
    }
    os << declare(*type, name);
    if (array)
      for (int64_t size : array.getShape())
        os << "[" << size << "]";
  }
  // `f()` declares no prototype in C (MISRA C:2012 rule 8.2).
  if (func.getNumArguments() == 0)
    os << "void";
  os << ") {\n";
  os.indent();
  if (llvm::Error error = printBlock(func.getBody().front(), 0))
    return error;
  os.unindent();
  os << "}\n";
  return llvm::Error::success();
}

llvm::Error CPrinter::printModule(ModuleOp module) {
  for (Operation &op : *module.getBody()) {
    if (auto verbatim = dyn_cast<emitc::VerbatimOp>(op)) {
      if (llvm::Error error = printVerbatim(verbatim))
        return error;
      continue;
    }
    // A global's declaration and initializer, as EmitC writes them.
    if (auto global = dyn_cast<emitc::GlobalOp>(op)) {
      // EmitC writes C++ for some types (std::tuple, Tensor<>, _Float16):
      // only the types the printer names are taken.
      auto array = dyn_cast<emitc::ArrayType>(global.getType());
      llvm::Expected<std::string> type = getTypeName(
          array ? array.getElementType() : global.getType(), global);
      if (!type)
        return type.takeError();
      if (failed(emitc::translateToCpp(&op, os)))
        return makeError("the translation of a global to C failed");
      continue;
    }
    if (auto func = dyn_cast<emitc::FuncOp>(op)) {
      llvm::Expected<CNames> functionNames = namesOf(func);
      if (!functionNames)
        return functionNames.takeError();
      names.emplace(std::move(*functionNames));
      valueNames.clear();
      if (llvm::Error error = printFunction(func))
        return error;
      if (op.getNextNode())
        os << "\n";
      continue;
    }
    return unsupported(&op);
  }
  return llvm::Error::success();
}

llvm::Error mlir::sonnx::printCModule(ModuleOp module, CNamesOfFunction namesOf,
                                      llvm::raw_ostream &os) {
  return CPrinter(namesOf, os).printModule(module);
}
