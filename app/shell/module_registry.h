#pragma once
/**
 * @file module_registry.h
 * The app's modules by identifier, in registration order (which is also the order of their docks
 * in the View menu and of the hook calls). The shell fills it from registerBuiltinModules()
 * (modules/builtin_modules.h); tests fill it with the modules they need.
 */

#include "module.h"

#include <QStringList>

#include <memory>
#include <vector>

namespace myriad::app
{

class ModuleRegistry
{
public:
  ModuleRegistry() = default;
  ~ModuleRegistry();
  ModuleRegistry(const ModuleRegistry&) = delete;
  ModuleRegistry& operator=(const ModuleRegistry&) = delete;

  /** Add a module; throws std::invalid_argument when its id is taken. */
  Module& add(std::unique_ptr<Module> module);
  /** Call create() on every module not created yet, in registration order. */
  void createAll(AppContext& context);
  /** The module with `id`, nullptr when none. */
  Module* find(const QString& id) const;
  /** The module with `id` as a T, nullptr when none or of another type. */
  template <class T>
  T* get(const QString& id) const
  {
    return dynamic_cast<T*>(find(id));
  }
  QStringList ids() const;

  void documentReplaced();
  void sceneEdited(const engine::edit::ChangeSet& changes);
  void releaseGraphics();
  void documentLeaving();
  /** Destroy all modules (last registered first). */
  void clear();

private:
  std::vector<std::unique_ptr<Module>> m_modules;
  std::size_t m_created = 0;
};

} // namespace myriad::app
