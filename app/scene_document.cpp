#include "scene_document.h"

#include "myriad/engine/scene_io.h"

#include <QFileInfo>
#include <QUndoStack>

#include <utility>

namespace myriad::app
{

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

void SceneDocument::restoreRecovered(engine::Scene scene)
{
  replace(std::move(scene), m_filePath, m_isSample);
  m_modified = true;
  emit stateChanged();
}

void SceneDocument::open(const QString& path)
{
  // Load into a temporary first: a LoadError leaves the current document untouched.
  engine::Scene loaded = engine::loadScene(path.toStdString(), m_catalog);
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
