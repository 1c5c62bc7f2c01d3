#pragma once
/**
 * @file selection_model.h
 * The one selection of the app, shared by the scene tree, the 3D view, the Properties dock and
 * every module: a current object (engine::ObjectRef) and, for a multiple selection (box select,
 * Ctrl+click, duplicate), the ids of all its objects. changed() follows every change.
 *
 * Across an edit the selection is kept by id (indices shift when rows come and go): the model
 * remembers the current id when the document is about to be edited and restoreAfterEdit() finds
 * it again (the shell calls it once the modules have seen the edit).
 */

#include "myriad/engine/query.h"

#include <QObject>

#include <string>
#include <vector>

namespace myriad::app
{

class SceneDocument;

/** Whether `ref` names an object of `scene` (indices in range; Site always exists). */
bool objectExists(const engine::Scene& scene, const engine::ObjectRef& ref);

class SelectionModel : public QObject
{
  Q_OBJECT

public:
  explicit SelectionModel(SceneDocument* document, QObject* parent = nullptr);

  const engine::ObjectRef& current() const { return m_current; }
  /** Ids of a multiple selection (empty when one object or none is selected). */
  const std::vector<std::string>& ids() const { return m_ids; }
  /** The objects of a multiple selection (empty when one object or none is selected). */
  std::vector<engine::ObjectRef> refs() const;

  /** Select one object; a ref not in the scene selects nothing. */
  void select(const engine::ObjectRef& ref);
  /** Select several objects: the first is the current one; all are in ids(). */
  void selectMany(const std::vector<engine::ObjectRef>& refs);
  /**
   * Ctrl+click: add a rack (a picked server, switch or GPU stands for its rack), row, cooler or
   * feed to the selection, or take it out. False (nothing changed) when `picked` is none of
   * these or nothing editable is selected yet.
   */
  bool toggle(const engine::ObjectRef& picked);
  /** Select again those of `ids` that still exist (two or more: a multiple selection). */
  void restoreIds(const std::vector<std::string>& ids);
  /** After an edit: select the remembered object again, and the multiple selection. */
  void restoreAfterEdit();

  /** Id of the selected rack, row, cooler or feed (a server, switch or GPU: its rack). */
  std::string editableId() const;
  /** The multiple selection's ids, else the one editable id (empty when nothing is). */
  std::vector<std::string> editableIds() const;

signals:
  /** The current object or the multiple selection changed. */
  void changed();
  /** selectMany() selected `count` (two or more) objects: worth a word in the status bar. */
  void manySelected(int count);

private:
  SceneDocument* m_document;
  engine::ObjectRef m_current;
  std::vector<std::string> m_ids;
  std::string m_idBeforeEdit;
};

} // namespace myriad::app
