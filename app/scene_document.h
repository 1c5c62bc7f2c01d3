#pragma once
/**
 * @file scene_document.h
 * The open document: one engine::Scene, the file it came from and whether it has unsaved
 * changes. A failed open or save leaves the document exactly as it was.
 */

#include "myriad/engine/model.h"

#include <QObject>
#include <QString>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::app
{

class SceneDocument : public QObject
{
  Q_OBJECT

public:
  /** `catalog` must outlive the document (the built-in catalog does). */
  explicit SceneDocument(const engine::Catalog& catalog, QObject* parent = nullptr);

  const engine::Scene& scene() const { return m_scene; }
  const engine::Catalog& catalog() const { return m_catalog; }

  /** File the document is saved to; empty for a generated scene. */
  const QString& filePath() const { return m_filePath; }
  /** Name for the title bar: the file name, or the scene name for a generated scene. */
  QString displayName() const;
  /** True when Save must ask for a file name (generated scene or read-only built-in sample). */
  bool needsSaveAs() const { return m_filePath.isEmpty() || m_isSample; }
  bool isModified() const { return m_modified; }
  void setModified(bool modified);

  /**
   * Load `path`. Throws engine::LoadError (file, JSON path, expected form); on failure the
   * current scene, path and modified flag are unchanged.
   */
  void open(const QString& path);
  /** Load a built-in sample file: like open(), but Save asks for a new name. */
  void openSample(const QString& path);
  /** Replace the scene with one made in memory (no file); Save asks for a name. */
  void setGenerated(engine::Scene scene);
  /** Save to the current file. Throws engine::SaveError; needsSaveAs() must be false. */
  void save();
  /** Save to `path` atomically and make it the document's file. Throws engine::SaveError. */
  void saveAs(const QString& path);

signals:
  /** The scene object was replaced (open or generate). */
  void sceneReplaced();
  /** The file path or the modified flag changed. */
  void stateChanged();

private:
  void replace(engine::Scene scene, const QString& path, bool isSample);

  const engine::Catalog& m_catalog;
  engine::Scene m_scene;
  QString m_filePath;
  bool m_isSample = false;
  bool m_modified = false;
};

} // namespace myriad::app
