#pragma once
/**
 * @file scene_document.h
 * The open document: one engine::Scene, the file it came from and whether it has unsaved
 * changes. A failed open or save leaves the document exactly as it was.
 *
 * Edits go through applyEdit() (engine::edit::applyEdit: all or nothing) and are recorded on the
 * document's undo stack by the EditController. The modified flag follows the stack's clean index
 * (undoing back to the saved state makes the document clean again), plus a flag for changes
 * made outside the stack (a restored recovery file).
 *
 * Scenarios (engine::Scenario, e.g. a telemetry calibration) are added with addScenario(), an
 * undoable command of its own: it does not touch the layout, so it emits scenariosChanged()
 * rather than sceneEdited().
 */

#include "myriad/engine/edit/edit.h"
#include "myriad/engine/model.h"

#include <QObject>
#include <QString>

class QUndoStack;

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
  /** Unsaved changes: the undo stack is away from its clean index, or setModified(true). */
  bool isModified() const;
  void setModified(bool modified);

  /** The document's undo stack (cleared whenever the scene is replaced). */
  QUndoStack* undoStack() const { return m_undoStack; }
  /**
   * Apply one edit to the scene (engine::edit::applyEdit) and emit sceneEdited(). Throws
   * engine::edit::EditError and leaves the scene unchanged when the edit is refused. Does not
   * touch the undo stack: EditController and EditCommand do.
   */
  engine::edit::EditResult applyEdit(const engine::edit::Edit& edit,
                                     const engine::edit::ApplyOptions& options = {});
  /**
   * Append `scenario` to scene().scenarios as a command on the undo stack (undo removes it,
   * redo appends it again). A name already used gets the first free " (2)", " (3)", … suffix
   * (the stored name is returned through `addedName`). Refused (false, `error` says why) when
   * the name is empty. Emits scenariosChanged(); the document becomes modified.
   */
  bool addScenario(const engine::Scenario& scenario, QString* error = nullptr,
                   QString* addedName = nullptr);
  /** Counts every change of the scene (edit, undo, redo, replace): autosave compares it. */
  quint64 revision() const { return m_revision; }
  /**
   * Replace the scene with a recovered copy of the same document: the file path stays, the
   * undo history is cleared and the document is modified (the recovery is not saved yet).
   */
  void restoreRecovered(engine::Scene scene);

  /** Everything restore() needs to put the document back as it is now (a tour's sandbox). */
  struct Snapshot
  {
    engine::Scene scene;
    QString filePath;
    bool isSample = false;
    bool modified = false;
  };
  Snapshot snapshot() const;
  /**
   * Put back a snapshot: scene, file, sample flag and modified flag as they were (the undo
   * history is cleared, as for any replaced scene). Emits sceneReplaced() and stateChanged().
   */
  void restore(Snapshot snapshot);

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
  /** An edit, undo or redo is about to change the scene in place (selections: note ids). */
  void aboutToEdit();
  /** An edit, undo or redo changed the scene in place; `changes` says which models it touches. */
  void sceneEdited(const engine::edit::ChangeSet& changes);
  /** scene().scenarios changed (addScenario, its undo or redo). */
  void scenariosChanged();

private:
  friend class AddScenarioCommand;
  /** Append (redo) or remove the scenario called `name` (undo) and notify. */
  void insertScenario(const engine::Scenario& scenario);
  void removeScenario(const std::string& name);
  void replace(engine::Scene scene, const QString& path, bool isSample);

  const engine::Catalog& m_catalog;
  engine::Scene m_scene;
  QString m_filePath;
  bool m_isSample = false;
  bool m_modified = false; ///< modified outside the undo stack
  QUndoStack* m_undoStack = nullptr;
  quint64 m_revision = 0;
};

} // namespace myriad::app
