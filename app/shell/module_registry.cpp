// ModuleRegistry: modules by identifier, created and notified in registration order.
#include "module_registry.h"

#include <QStringList>

#include <stdexcept>

namespace myriad::app
{

ModuleRegistry::~ModuleRegistry()
{
  clear();
}

Module& ModuleRegistry::add(std::unique_ptr<Module> module)
{
  if (!module || find(module->id()))
  {
    throw std::invalid_argument("module id '" + (module ? module->id().toStdString() : "") +
                                "' is empty or registered already");
  }
  m_modules.push_back(std::move(module));
  return *m_modules.back();
}

void ModuleRegistry::createAll(AppContext& context)
{
  for (; m_created < m_modules.size(); ++m_created)
  {
    m_modules[m_created]->create(context);
  }
}

Module* ModuleRegistry::find(const QString& id) const
{
  for (const auto& module : m_modules)
  {
    if (module->id() == id)
    {
      return module.get();
    }
  }
  return nullptr;
}

QStringList ModuleRegistry::ids() const
{
  QStringList ids;
  for (const auto& module : m_modules)
  {
    ids << module->id();
  }
  return ids;
}

void ModuleRegistry::documentReplaced()
{
  for (const auto& module : m_modules)
  {
    module->documentReplaced();
  }
}

void ModuleRegistry::sceneEdited(const engine::edit::ChangeSet& changes)
{
  for (const auto& module : m_modules)
  {
    module->sceneEdited(changes);
  }
}

void ModuleRegistry::releaseGraphics()
{
  for (const auto& module : m_modules)
  {
    module->releaseGraphics();
  }
}

void ModuleRegistry::documentLeaving()
{
  for (const auto& module : m_modules)
  {
    module->documentLeaving();
  }
}

void ModuleRegistry::clear()
{
  while (!m_modules.empty())
  {
    m_modules.pop_back();
  }
  m_created = 0;
}

} // namespace myriad::app
