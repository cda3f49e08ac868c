//===- ScopedNameMap.h - names of ONNX values, scoped by subgraphs --------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// A map from ONNX value names to what the importer knows of them, with the
// scoping of ONNX subgraphs: a body sees the names around it and may shadow
// them, and what it defines is gone after it. Closing a scope undoes its
// changes in time proportional to them, not to the size of the map, so a
// model of V values and B bodies imports in O(V + sum of the bodies) rather
// than O(V * B) (copying the map at every body did the latter).
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_TARGET_ONNX_SCOPEDNAMEMAP_H
#define SONNX_LIB_TARGET_ONNX_SCOPEDNAMEMAP_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
namespace sonnx {
namespace onnx_import {

template <typename T> class ScopedNameMap {
public:
  using const_iterator = typename llvm::StringMap<T>::const_iterator;

  const_iterator begin() const { return map.begin(); }
  const_iterator end() const { return map.end(); }
  const_iterator find(StringRef name) const { return map.find(name); }
  bool contains(StringRef name) const { return map.contains(name); }
  /// The value of `name`, or a default-constructed T.
  T lookup(StringRef name) const { return map.lookup(name); }

  /// Sets `name` to `value` in the innermost scope.
  void set(StringRef name, T value) {
    record(name);
    map.insert_or_assign(name, std::move(value));
  }
  /// Defines `name` when no scope defines it; false otherwise.
  bool tryEmplace(StringRef name, T value) {
    if (map.contains(name))
      return false;
    record(name);
    map.try_emplace(name, std::move(value));
    return true;
  }
  void erase(StringRef name) {
    if (!map.contains(name))
      return;
    record(name);
    map.erase(name);
  }
  /// Whether the innermost scope (the whole map outside every scope) set
  /// `name`, as opposed to a scope around it.
  bool isLocal(StringRef name) const {
    return scopes.empty() ? map.contains(name)
                          : scopes.back().names.contains(name);
  }

  /// Calls `fn(name, value)` for each name the innermost scope set and
  /// still defines (not those it erased), in no particular order: time in
  /// proportion to what the scope set, not to the size of the map.
  template <typename Fn> void forEachLocal(Fn fn) const {
    if (scopes.empty())
      return;
    for (const auto &entry : scopes.back().names)
      if (auto it = map.find(entry.getKey()); it != map.end())
        fn(it->getKey(), it->second);
  }

  /// Opens a scope; `closeScope` undoes what it sets. An isolated scope
  /// (a function body) starts empty and sees nothing around it.
  void openScope(bool isolated) {
    Scope &scope = scopes.emplace_back();
    scope.mark = undo.size();
    if (isolated) {
      scope.hidden = std::move(map);
      map = llvm::StringMap<T>();
    }
  }
  void closeScope() {
    Scope &scope = scopes.back();
    if (scope.hidden) {
      map = std::move(*scope.hidden);
      undo.erase(undo.begin() + static_cast<std::ptrdiff_t>(scope.mark),
                 undo.end());
    } else {
      while (undo.size() > scope.mark) {
        auto &[name, previous] = undo.back();
        if (previous)
          map.insert_or_assign(name, std::move(*previous));
        else
          map.erase(name);
        undo.pop_back();
      }
    }
    scopes.pop_back();
  }

private:
  /// Remembers what `name` was before the innermost scope changed it.
  void record(StringRef name) {
    if (scopes.empty())
      return;
    if (!scopes.back().names.insert(name).second)
      return; // The scope's first change of `name` is the one to undo.
    auto it = map.find(name);
    undo.emplace_back(name.str(), it == map.end()
                                      ? std::nullopt
                                      : std::optional<T>(it->second));
  }

  struct Scope {
    /// The size of `undo` when the scope opened.
    size_t mark = 0;
    /// The names the scope set.
    llvm::StringSet<> names;
    /// The map around an isolated scope.
    std::optional<llvm::StringMap<T>> hidden;
  };
  llvm::StringMap<T> map;
  std::vector<std::pair<std::string, std::optional<T>>> undo;
  SmallVector<Scope> scopes;
};

} // namespace onnx_import
} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_TARGET_ONNX_SCOPEDNAMEMAP_H
