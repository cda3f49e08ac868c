//===- SONNXRules.h - the rules of the constraint catalogue -----*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The ops of the profile, as a type: ProfileOp, generated from the one table
// SONNXProfileOps.def (each op's ONNX op type, opsets and storage). The
// rules that sonnx enforces, as types: RuleID, generated from the one table
// SONNXRules.def, with each rule's stable ID text, its op, its status code
// and its role; ProfileRule, the `profile.*` rules of the same table.
// Every layer names a rule by its RuleID: the shape rules and verifications,
// the run-time checks of the lowering (the `sonnx.rule` attribute of their
// cf.assert), the status codes of sonnx-compile's objects, the JIT's errors
// and the header. The ID text is for people (diagnostics,
// messages, docs); no code reads a rule back out of a message.
//
// Header-only and free of IR, so that any tool or runtime can use it.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXRULES_H
#define SONNX_DIALECT_SONNX_IR_SONNXRULES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
namespace sonnx {

/// The ops of the profile (SONNXProfileOps.def).
enum class ProfileOp : uint8_t {
#define SONNX_PROFILE_OP(NAME, CLASS, ONNX, FIRST, SHAPE, STORAGE, OPERAND)    \
  NAME,
#include "SONNX/Dialect/SONNX/IR/SONNXProfileOps.def"
};

/// How an op's result holds its elements.
enum class OpStorage : uint8_t {
  /// The data operand in another shape: the identity index map of
  /// row-major order, a reshape without a copy.
  View,
  /// Built element by element: the broadcast index map, a loop nest.
  Copy
};

/// A row of SONNXProfileOps.def.
struct ProfileOpInfo {
  ProfileOp op;
  /// The default-domain ONNX op type ("Reshape"); empty for broadcast.
  llvm::StringLiteral onnxOpType;
  /// The first ONNX opset whose op the importer takes (0: no ONNX op).
  int64_t firstOpset;
  /// The first ONNX opset where the shape or axes are input 1 (0: none).
  int64_t shapeOperandOpset;
  OpStorage storage;
  /// The operand whose values are the result's shape or the axes ("shape",
  /// "axes"), as the op's ODS definition names it; empty for flatten.
  llvm::StringLiteral shapeOperandName;
};

/// The table, in the order of SONNXProfileOps.def (the order of ProfileOp).
inline constexpr ProfileOpInfo kProfileOps[] = {
#define SONNX_PROFILE_OP(NAME, CLASS, ONNX, FIRST, SHAPE, STORAGE, OPERAND)    \
  {ProfileOp::NAME, ONNX, FIRST, SHAPE, OpStorage::STORAGE, OPERAND},
#include "SONNX/Dialect/SONNX/IR/SONNXProfileOps.def"
};

/// What a rule constrains.
enum class RuleRole : uint8_t {
  /// The element types the op takes (`*.types`).
  ElementTypes,
  /// The result keeps the input's element type (`*.type`, `broadcast.X.C1`).
  ResultElementType,
  /// The type of the shape/axes operand (`*.S.rank`, `unsqueeze.A.rank`).
  OperandType,
  /// The declared result shape agrees with the inferred one (`*.Y.shape`,
  /// `unsqueeze.Y.C1`, `flatten.Y.C1`, `broadcast.Z.shape`).
  ResultShape,
  /// Any other rule on the values and sizes.
  Value
};

/// A rule of the catalogue (SONNXRules.def).
enum class RuleID : uint8_t {
#define SONNX_RULE(NAME, ID, OP, STATUS, ROLE) NAME,
#include "SONNX/Dialect/SONNX/IR/SONNXRules.def"
};

/// A rule of the profile as a whole (the SONNX_PROFILE_RULE rows of
/// SONNXRules.def, CONSTRAINTS.md "General restrictions of the profile"):
/// a rule of a whole model, not of one op, checked by sonnx-check.
enum class ProfileRule : uint8_t {
#define SONNX_PROFILE_RULE(NAME, ID) NAME,
#include "SONNX/Dialect/SONNX/IR/SONNXRules.def"
};

/// The stable IDs of the profile rules, in the order of ProfileRule.
inline constexpr llvm::StringLiteral kProfileRuleIDs[] = {
#define SONNX_PROFILE_RULE(NAME, ID) ID,
#include "SONNX/Dialect/SONNX/IR/SONNXRules.def"
};

/// Every profile rule, in the order of SONNXRules.def.
inline constexpr ProfileRule kProfileRules[] = {
#define SONNX_PROFILE_RULE(NAME, ID) ProfileRule::NAME,
#include "SONNX/Dialect/SONNX/IR/SONNXRules.def"
};

/// The stable ID text of `rule` ("profile.types").
constexpr llvm::StringRef getProfileRuleText(ProfileRule rule) {
  return kProfileRuleIDs[static_cast<size_t>(rule)];
}

/// A row of SONNXRules.def.
struct RuleInfo {
  RuleID rule;
  /// The stable ID of the catalogue ("reshape.count").
  llvm::StringLiteral id;
  ProfileOp op;
  /// The status code of a failing run-time check of the rule (from 1).
  int32_t status;
  RuleRole role;
};

/// The table, in the order of SONNXRules.def (the order of RuleID).
inline constexpr RuleInfo kRules[] = {
#define SONNX_RULE(NAME, ID, OP, STATUS, ROLE)                                 \
  {RuleID::NAME, ID, ProfileOp::OP, STATUS, RuleRole::ROLE},
#include "SONNX/Dialect/SONNX/IR/SONNXRules.def"
};

inline constexpr size_t kNumRules = std::size(kRules);

namespace detail {
/// Whether the table is well formed: each row at the index of its RuleID,
/// status codes positive and unique (a new rule takes a new code, wherever
/// its row goes: codes are never renumbered), and the rows of each op
/// contiguous.
constexpr bool isWellFormedRuleTable() {
  for (size_t i = 0; i < kNumRules; ++i) {
    if (static_cast<size_t>(kRules[i].rule) != i || kRules[i].status < 1)
      return false;
    for (size_t j = i + 1; j < kNumRules; ++j) {
      if (kRules[j].status == kRules[i].status)
        return false;
      if (kRules[j].op == kRules[i].op && kRules[j - 1].op != kRules[i].op)
        return false;
    }
  }
  return true;
}
} // namespace detail

static_assert(detail::isWellFormedRuleTable(),
              "SONNXRules.def: rows out of RuleID order, a status code not "
              "positive or used twice, or the rows of an op not contiguous");

/// The row of `rule`.
constexpr const RuleInfo &getRuleInfo(RuleID rule) {
  return kRules[static_cast<size_t>(rule)];
}

/// The stable ID text of `rule` ("reshape.count").
constexpr llvm::StringRef getRuleText(RuleID rule) {
  return getRuleInfo(rule).id;
}

/// " [<ID>]" ("[reshape.count]" after a space): how every diagnostic and
/// run-time check message of a broken rule ends, for people (code reads the
/// RuleID, never this text).
inline std::string getRuleCitation(RuleID rule) {
  return " [" + getRuleText(rule).str() + "]";
}

/// The status code of a failing run-time check of `rule` (positive).
constexpr int32_t getRuleStatus(RuleID rule) {
  return getRuleInfo(rule).status;
}

/// The rule of status code `status`, if any (0 is success).
constexpr std::optional<RuleID> getRuleOfStatus(int32_t status) {
  for (const RuleInfo &info : kRules)
    if (info.status == status)
      return info.rule;
  return std::nullopt;
}

/// Every rule of `op`, in the order its verification checks them.
inline llvm::ArrayRef<RuleInfo> getOpRuleInfos(ProfileOp op) {
  const RuleInfo *begin = kRules;
  while (begin->op != op)
    ++begin;
  const RuleInfo *end = begin;
  while (end != std::end(kRules) && end->op == op)
    ++end;
  return {begin, end};
}

/// The rule of `op` with `role` (ElementTypes, ResultElementType,
/// OperandType or ResultShape: one per op; std::nullopt for flatten and
/// broadcast's OperandType, which have no shape operand).
inline std::optional<RuleID> getOpRule(ProfileOp op, RuleRole role) {
  for (const RuleInfo &info : getOpRuleInfos(op))
    if (info.role == role)
      return info.rule;
  return std::nullopt;
}

/// The rule whose ID text is exactly `id`: what reads the `sonnx.rule`
/// attribute of IR written by hand, where a misspelt rule is an error.
inline std::optional<RuleID> lookupRule(llvm::StringRef id) {
  for (const RuleInfo &info : kRules)
    if (info.id == id)
      return info.rule;
  return std::nullopt;
}

/// The ID texts of `rules`, joined by ", " ("reshape.types, reshape.type").
inline std::string formatRules(llvm::ArrayRef<RuleID> rules) {
  std::string text;
  for (RuleID rule : rules) {
    if (!text.empty())
      text += ", ";
    text += getRuleText(rule);
  }
  return text;
}

inline constexpr size_t kNumProfileOps = std::size(kProfileOps);

namespace detail {
/// Whether each row of SONNXProfileOps.def is at the index of its ProfileOp,
/// an ONNX op has a first opset and no shape operand before it.
constexpr bool isWellFormedProfileOpTable() {
  for (size_t i = 0; i < kNumProfileOps; ++i) {
    const ProfileOpInfo &info = kProfileOps[i];
    if (static_cast<size_t>(info.op) != i)
      return false;
    if (info.onnxOpType.empty() != (info.firstOpset == 0))
      return false;
    if (info.shapeOperandOpset != 0 && info.shapeOperandOpset < info.firstOpset)
      return false;
  }
  return true;
}

/// Whether every op has rules in SONNXRules.def, among them its element
/// types (RuleRole::ElementTypes).
constexpr bool everyProfileOpHasRules() {
  for (const ProfileOpInfo &op : kProfileOps) {
    bool types = false;
    for (const RuleInfo &rule : kRules)
      types |= rule.op == op.op && rule.role == RuleRole::ElementTypes;
    if (!types)
      return false;
  }
  return true;
}
} // namespace detail

static_assert(detail::isWellFormedProfileOpTable(),
              "SONNXProfileOps.def: rows out of ProfileOp order, an ONNX op "
              "without a first opset, or a shape operand before it");
static_assert(detail::everyProfileOpHasRules(),
              "SONNXRules.def: an op of SONNXProfileOps.def without a "
              "*.types rule");

/// The row of `op`.
constexpr const ProfileOpInfo &getProfileOpInfo(ProfileOp op) {
  return kProfileOps[static_cast<size_t>(op)];
}

/// The ONNX op type of `op` ("Reshape"), empty for broadcast, which is no
/// ONNX op.
constexpr llvm::StringRef getONNXOpType(ProfileOp op) {
  return getProfileOpInfo(op).onnxOpType;
}

/// The profile op of the default-domain ONNX op type `opType`, if any.
inline std::optional<ProfileOp> lookupONNXOp(llvm::StringRef opType) {
  if (opType.empty())
    return std::nullopt;
  for (const ProfileOpInfo &info : kProfileOps)
    if (info.onnxOpType == opType)
      return info.op;
  return std::nullopt;
}

/// Whether input 1 of the ONNX op of `op` at `opset` is its shape or axes
/// operand (before that opset, an attribute).
constexpr bool takesShapeOperand(ProfileOp op, int64_t opset) {
  int64_t since = getProfileOpInfo(op).shapeOperandOpset;
  return since != 0 && opset >= since;
}

} // namespace sonnx
} // namespace mlir

#endif // SONNX_DIALECT_SONNX_IR_SONNXRULES_H
