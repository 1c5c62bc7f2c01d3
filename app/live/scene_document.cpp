#include "scene_document.h"

#include "myriad/engine/scene_io.h"

#include <QFileInfo>
#include <QUndoCommand>
#include <QUndoStack>

#include <algorithm>
#include <utility>

namespace myriad::app
{

/** Adds one scenario to the document; undo removes it by name. */
class AddScenarioCommand final : public QUndoCommand
{
public:
  AddScenarioCommand(SceneDocument& document, engine::Scenario scenario)
    : m_document(document)
    , m_scenario(std::move(scenario))
  {
    setText(QObject::tr("Add scenario %1").arg(QString::fromStdString(m_scenario.name)));
  }
  void redo() override { m_document.insertScenario(m_scenario); }
  void undo() override { m_document.removeScenario(m_scenario.name); }

private:
  SceneDocument& m_document;
  engine::Scenario m_scenario;
};

SceneDocument::SceneDocument(const engine::Catalog& catalog, QObject* parent)
  : QObject(parent)
  , m_catalog(catalog)
  , m_undoStack(new QUndoStack(this))
{
  connect(m_undoStack, &QUndoStack::cleanChanged, this, &SceneDocument::stateChanged);
}

bool SceneDocument::isModified() const
{
  return m_modified || !m_undoStack->isClean();
}

QString SceneDocument::displayName() const
{
  if (!m_filePath.isEmpty())
  {
    return QFileInfo(m_filePath).fileName();
  }
  const QString name = QString::fromStdString(m_scene.site.name);
  return name.isEmpty() ? tr("untitled") : name;
}

void SceneDocument::setModified(bool modified)
{
  const bool before = isModified();
  m_modified = modified;
  if (!modified)
  {
    m_undoStack->setClean();
  }
  if (isModified() != before)
  {
    emit stateChanged();
  }
}

engine::edit::EditResult SceneDocument::applyEdit(const engine::edit::Edit& edit,
                                                  const engine::edit::ApplyOptions& options)
{
  emit aboutToEdit();
  engine::edit::EditResult result = engine::edit::applyEdit(m_scene, m_catalog, edit, options);
  ++m_revision;
  emit sceneEdited(result.changes);
  return result;
}

bool SceneDocument::addScenario(const engine::Scenario& scenario, QString* error,
                                QString* addedName)
{
  if (scenario.name.empty())
  {
    if (error)
      *error = tr("A scenario needs a name");
    return false;
  }
  const auto used = [this](const std::string& name)
  {
    return std::any_of(m_scene.scenarios.begin(), m_scene.scenarios.end(),
                       [&](const engine::Scenario& s) { return s.name == name; });
  };
  engine::Scenario added = scenario;
  for (int n = 2; used(added.name); ++n) // keep both: the user compares them
    added.name = scenario.name + " (" + std::to_string(n) + ")";
  if (addedName)
    *addedName = QString::fromStdString(added.name);
  m_undoStack->push(new AddScenarioCommand(*this, std::move(added)));
  return true;
}

void SceneDocument::insertScenario(const engine::Scenario& scenario)
{
  m_scene.scenarios.push_back(scenario);
  ++m_revision;
  emit scenariosChanged();
}

void SceneDocument::removeScenario(const std::string& name)
{
  auto& list = m_scene.scenarios;
  // The last one of that name: the one redo appended.
  const auto it = std::find_if(list.rbegin(), list.rend(),
                               [&](const engine::Scenario& s) { return s.name == name; });
  if (it == list.rend())
    return;
  list.erase(std::next(it).base());
  ++m_revision;
  emit scenariosChanged();
}

void SceneDocument::restoreRecovered(engine::Scene scene)
{
  replace(std::move(scene), m_filePath, m_isSample);
  m_modified = true;
  emit stateChanged();
}

SceneDocument::Snapshot SceneDocument::snapshot() const
{
  return Snapshot{ m_scene, m_filePath, m_isSample, isModified() };
}

void SceneDocument::restore(Snapshot snapshot)
{
  replace(std::move(snapshot.scene), snapshot.filePath, snapshot.isSample);
  if (snapshot.modified)
  {
    m_modified = true;
    emit stateChanged();
  }
}

void SceneDocument::open(const QString& path)
{
  // Load into a temporary first: a LoadError leaves the current document untouched. Physical
  // problems (overlaps, objects outside the hall, duplicate ids, overloads) do not refuse the
  // file: it opens so that the user can fix them, and the live geometry stage lists them in the
  // Violations dock. Only what cannot be represented (bad JSON, wrong types) is refused.
  engine::Scene loaded = engine::loadScene(path.toStdString(), m_catalog, /*validate=*/false);
  replace(std::move(loaded), QFileInfo(path).absoluteFilePath(), false);
}

void SceneDocument::openSample(const QString& path)
{
  engine::Scene loaded = engine::loadScene(path.toStdString(), m_catalog);
  replace(std::move(loaded), QFileInfo(path).absoluteFilePath(), true);
}

void SceneDocument::setGenerated(engine::Scene scene)
{
  replace(std::move(scene), QString(), false);
}

void SceneDocument::save()
{
  engine::saveScene(m_scene, m_filePath.toStdString());
  setModified(false);
  emit stateChanged(); // also when it was clean: the file on disk changed
}

void SceneDocument::saveAs(const QString& path)
{
  const QString absolute = QFileInfo(path).absoluteFilePath();
  engine::saveScene(m_scene, absolute.toStdString());
  m_filePath = absolute;
  m_isSample = false;
  m_modified = false;
  m_undoStack->setClean();
  emit stateChanged();
}

void SceneDocument::replace(engine::Scene scene, const QString& path, bool isSample)
{
  m_scene = std::move(scene);
  m_filePath = path;
  m_isSample = isSample;
  m_modified = false;
  m_undoStack->clear(); // its commands refer to the old scene
  ++m_revision;
  emit sceneReplaced();
  emit stateChanged();
}

} // namespace myriad::app
