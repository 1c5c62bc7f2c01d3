// The Selection module without a main window: the Properties panel alone shows a rack's figures
// (every property the engine describes), and the module in a bare context keeps the Scene tree,
// the Properties dock and the shared SelectionModel in step both ways.
#include "app_test_support.h"
#include "module_test_support.h"
#include "properties_panel.h"
#include "scene_tree_model.h"
#include "selection_module.h"

#include "myriad/engine/query.h"

#include <QDockWidget>
#include <QSignalSpy>
#include <QTest>
#include <QTreeView>

using myriad::engine::ObjectKind;
using myriad::engine::ObjectRef;

namespace myriad::app
{

class TestSelectionModule final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase() { test::useTestSettings(); }
  void propertiesAloneShowAPlainRacksFigures();
  void treePropertiesAndSelectionModelFollowEachOther();
  void multipleSelectionShowsTheGroup();

private:
  /** The first rack of the first row of lab-256 that holds servers. */
  static ObjectRef firstComputeRack(const engine::Scene& scene);
};

ObjectRef TestSelectionModule::firstComputeRack(const engine::Scene& scene)
{
  const auto& rows = scene.site.halls.at(0).rows;
  for (int r = 0; r < static_cast<int>(rows.size()); ++r)
    for (int k = 0; k < static_cast<int>(rows[r].racks.size()); ++k)
      if (!rows[r].racks[k].nodes.empty())
        return ObjectRef{ ObjectKind::Rack, 0, r, k };
  return {};
}

void TestSelectionModule::propertiesAloneShowAPlainRacksFigures()
{
  SceneDocument document(engine::Catalog::builtin());
  document.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  const ObjectRef rack = firstComputeRack(document.scene());
  QVERIFY(rack.valid());
  PropertiesPanel panel;
  panel.showObject(document.scene(), rack, document.catalog());
  const QString text = panel.plainText();
  QVERIFY2(text.contains(QString::fromStdString(engine::idOf(document.scene(), rack))),
           qPrintable(text));
  // Every figure the engine states for the rack is in the panel, name and value.
  const auto described = engine::describe(document.scene(), rack, document.catalog());
  QVERIFY(!described.empty());
  for (const auto& [name, value] : described)
  {
    QVERIFY2(text.contains(QString::fromStdString(name)), name.c_str());
    QVERIFY2(text.contains(QString::fromStdString(value)), value.c_str());
  }
  QVERIFY(text.contains(QRegularExpression(QStringLiteral("Max power: [0-9.,]+ k?W"))));
  panel.clear();
  QVERIFY(!panel.plainText().contains(QStringLiteral("Max power")));
}

void TestSelectionModule::treePropertiesAndSelectionModelFollowEachOther()
{
  test::BareContext bare;
  SelectionModule& selection = bare.add<SelectionModule>();
  QVERIFY(bare.ui.dock(QStringLiteral("sceneTree.dock")));
  QCOMPARE(bare.ui.dock(QStringLiteral("properties.dock"))->widget(), selection.propertiesPanel());
  bare.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  const engine::Scene& scene = bare.context.document->scene();
  const ObjectRef rack = firstComputeRack(scene);

  // Model → tree and properties.
  bare.context.selection->select(rack);
  QCOMPARE(selection.sceneTreeModel()->refAt(selection.sceneTree()->currentIndex()), rack);
  QVERIFY(selection.propertiesPanel()->plainText().contains(
    QString::fromStdString(engine::idOf(scene, rack))));
  // Tree → model.
  const ObjectRef node{ ObjectKind::Node, rack.hall, rack.row, rack.rack, 0 };
  QSignalSpy changed(bare.context.selection, &SelectionModel::changed);
  selection.sceneTree()->setCurrentIndex(selection.sceneTreeModel()->indexOf(node));
  QCOMPARE(changed.count(), 1);
  QCOMPARE(bare.context.selection->current(), node);
  // A ref that is not in the scene selects nothing.
  bare.context.selection->select(ObjectRef{ ObjectKind::Rack, 0, 999, 0 });
  QVERIFY(!bare.context.selection->current().valid());
  QVERIFY(!selection.sceneTree()->selectionModel()->hasSelection());
}

void TestSelectionModule::multipleSelectionShowsTheGroup()
{
  test::BareContext bare;
  SelectionModule& selection = bare.add<SelectionModule>();
  bare.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  const ObjectRef rack = firstComputeRack(bare.context.document->scene());
  const ObjectRef next{ ObjectKind::Rack, rack.hall, rack.row, rack.rack + 1 };
  QSignalSpy many(bare.context.selection, &SelectionModel::manySelected);
  bare.context.selection->selectMany({ rack, next });
  QCOMPARE(many.count(), 1);
  QCOMPARE(bare.context.selection->ids().size(), std::size_t{ 2 });
  QCOMPARE(bare.hall->selectionSet().size(), std::size_t{ 2 }); // both outlined in the view
  // The Properties dock shows the group ("2 racks selected"), not one rack.
  QVERIFY2(selection.propertiesPanel()->plainText().contains(QStringLiteral("2 racks")),
           qPrintable(selection.propertiesPanel()->plainText()));
  // Ctrl+click on one of them takes it out: one object is left, an ordinary selection.
  QVERIFY(bare.context.selection->toggle(next));
  QVERIFY(bare.context.selection->ids().empty());
  QCOMPARE(bare.context.selection->current(), rack);
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestSelectionModule)
#include "test_selection_module.moc"
