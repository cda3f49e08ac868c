//===- SONNXRules.h - the rules of the constraint catalogue -----*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The rules that sonnx enforces, as a type: RuleID, generated from the one
// table SONNXRules.def, with each rule's stable ID text, its op, its status
// code and its role. Every layer names a rule by its RuleID: the shape rules
// and verifications, the run-time checks of the lowering (the `sonnx.rule`
// attribute of their cf.assert), the status codes of sonnx-compile's objects,
// the JIT's errors and the header. The ID text is for people (diagnostics,
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

/// The ops of the profile.
enum class ProfileOp : uint8_t {
  Reshape,
  Unsqueeze,
  Flatten,
  Broadcast,
  Expand
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

/// The ONNX op type of `op` ("Reshape"), empty for broadcast, which is no
/// ONNX op.
constexpr llvm::StringRef getONNXOpType(ProfileOp op) {
  switch (op) {
  case ProfileOp::Reshape:
    return "Reshape";
  case ProfileOp::Unsqueeze:
    return "Unsqueeze";
  case ProfileOp::Flatten:
    return "Flatten";
  case ProfileOp::Broadcast:
    return "";
  case ProfileOp::Expand:
    return "Expand";
  }
  return "";
}

/// The profile op of the default-domain ONNX op type `opType`, if any.
inline std::optional<ProfileOp> lookupONNXOp(llvm::StringRef opType) {
  for (ProfileOp op : {ProfileOp::Reshape, ProfileOp::Unsqueeze,
                       ProfileOp::Flatten, ProfileOp::Expand})
    if (getONNXOpType(op) == opType)
      return op;
  return std::nullopt;
}

} // namespace sonnx
} // namespace mlir

#endif // SONNX_DIALECT_SONNX_IR_SONNXRULES_H
