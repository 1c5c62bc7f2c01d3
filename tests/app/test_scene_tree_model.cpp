// The lazy scene tree model: ids pack and unpack exactly, the hierarchy matches the scene, Qt's
// model tester finds no inconsistency, and the 10,240-GPU scene stays cheap. Also the status-bar
// number formatting the other app tests rely on.
#include "app_test_support.h"
#include "scene_tree_model.h"
#include "status_text.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QTest>
#include <QTreeView>

using myriad::engine::ObjectKind;
using myriad::engine::ObjectRef;

namespace myriad::app
{

class TestSceneTreeModel final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void packsRefsExactly();
  void hierarchyFollowsScene();
  void passesModelTester();
  void everyGpuHasAnIndex();
  void treeViewExpandsToAGpu();
  void formatsNumbers();

private:
  engine::Scene m_small;
  engine::Scene m_large;
};

void TestSceneTreeModel::initTestCase()
{
  const engine::Catalog& catalog = engine::Catalog::builtin();
  m_small = engine::generateScene(engine::builtinSpec("lab-256"), catalog);
  m_large = engine::generateScene(engine::builtinSpec("h100-superpod-10k"), catalog);
}

void TestSceneTreeModel::packsRefsExactly()
{
  const ObjectRef refs[] = {
    { ObjectKind::Site },
    { ObjectKind::Hall, 0 },
    { ObjectKind::Row, 0, 17 },
    { ObjectKind::Rack, 0, 17, 39 },
    { ObjectKind::Node, 0, 17, 39, 3 },
    { ObjectKind::Gpu, 0, 17, 39, 3, 7 },
    { ObjectKind::Switch, 0, 2, 4, -1, 15 },
    { ObjectKind::Cooler, 0, -1, -1, -1, 30 },
    { ObjectKind::Feed, 254, -1, -1, -1, 65534 },
  };
  for (const ObjectRef& ref : refs)
  {
    const quintptr id = SceneTreeModel::encode(ref);
    QVERIFY(id != 0);
    QCOMPARE(SceneTreeModel::decode(id), ref);
  }
  QCOMPARE(SceneTreeModel::encode(ObjectRef{}), quintptr(0));
  QCOMPARE(SceneTreeModel::encode(ObjectRef{ ObjectKind::Gpu, 0, 0, 0, 0, 70000 }), quintptr(0));
}

void TestSceneTreeModel::hierarchyFollowsScene()
{
  SceneTreeModel model;
  model.setScene(&m_large, &engine::Catalog::builtin());
  QCOMPARE(model.rowCount(), 1); // the site
  const QModelIndex site = model.index(0, 0);
  QCOMPARE(model.rowCount(site), static_cast<int>(m_large.site.halls.size()));
  const engine::Hall& hall = m_large.site.halls[0];
  const QModelIndex hallIndex = model.index(0, 0, site);
  QCOMPARE(model.rowCount(hallIndex),
           static_cast<int>(hall.rows.size() + hall.coolers.size() + hall.feeds.size()));

  // The last child of the hall is its last power feed; the first after the rows a cooler.
  const QModelIndex lastFeed = model.index(model.rowCount(hallIndex) - 1, 0, hallIndex);
  QCOMPARE(model.refAt(lastFeed).kind, ObjectKind::Feed);
  QCOMPARE(model.data(lastFeed).toString(), QString::fromStdString(hall.feeds.back().id));
  const QModelIndex firstCooler = model.index(static_cast<int>(hall.rows.size()), 0, hallIndex);
  QCOMPARE(model.refAt(firstCooler).kind, ObjectKind::Cooler);

  // A network rack lists its switches after its nodes, with the switch ids.
  const QModelIndex row0 = model.index(0, 0, hallIndex);
  for (int k = 0; k < model.rowCount(row0); ++k)
  {
    const engine::Rack& rack = hall.rows[0].racks[k];
    const QModelIndex rackIndex = model.index(k, 0, row0);
    QCOMPARE(model.data(rackIndex).toString(), QString::fromStdString(rack.id));
    QCOMPARE(model.rowCount(rackIndex), static_cast<int>(rack.nodes.size() + rack.switches.size()));
    QCOMPARE(model.parent(rackIndex), row0);
    if (!rack.switches.empty())
    {
      const QModelIndex sw = model.index(static_cast<int>(rack.nodes.size()), 0, rackIndex);
      QCOMPARE(model.data(sw).toString(), QString::fromStdString(rack.switches[0].id));
    }
  }
}

void TestSceneTreeModel::passesModelTester()
{
  SceneTreeModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
  model.setScene(&m_small, &engine::Catalog::builtin());
  model.setScene(nullptr, nullptr);
  model.setScene(&m_small, &engine::Catalog::builtin());
}

void TestSceneTreeModel::everyGpuHasAnIndex()
{
  SceneTreeModel model;
  model.setScene(&m_large, &engine::Catalog::builtin());
  int gpus = 0;
  const engine::Hall& hall = m_large.site.halls[0];
  for (int r = 0; r < static_cast<int>(hall.rows.size()); ++r)
  {
    for (int k = 0; k < static_cast<int>(hall.rows[r].racks.size()); ++k)
    {
      const auto& nodes = hall.rows[r].racks[k].nodes;
      for (int n = 0; n < static_cast<int>(nodes.size()); ++n)
      {
        for (int g = 0; g < static_cast<int>(nodes[n].gpus.size()); ++g)
        {
          const ObjectRef ref{ ObjectKind::Gpu, 0, r, k, n, g };
          const QModelIndex index = model.indexOf(ref);
          if (!index.isValid() || model.refAt(model.parent(index)).kind != ObjectKind::Node)
          {
            QFAIL("GPU without a valid index or node parent");
          }
          ++gpus;
        }
      }
    }
  }
  QCOMPARE(gpus, 10240);
}

void TestSceneTreeModel::treeViewExpandsToAGpu()
{
  SceneTreeModel model;
  QTreeView view;
  view.setUniformRowHeights(true);
  view.setModel(&model);
  model.setScene(&m_large, &engine::Catalog::builtin());
  view.expand(model.index(0, 0));
  view.expand(model.index(0, 0, model.index(0, 0)));
  const QModelIndex gpu = model.indexOf(ObjectRef{ ObjectKind::Gpu, 0, 20, 3, 2, 7 });
  view.scrollTo(gpu);
  // The whole path from the hall down to the GPU is expanded.
  for (QModelIndex up = gpu.parent(); up.isValid(); up = up.parent())
  {
    QVERIFY(view.isExpanded(up));
  }
}

void TestSceneTreeModel::formatsNumbers()
{
  QCOMPARE(formatCount(0), QStringLiteral("0"));
  QCOMPARE(formatCount(999), QStringLiteral("999"));
  QCOMPARE(formatCount(10240), QStringLiteral("10,240"));
  QCOMPARE(formatCount(1234567), QStringLiteral("1,234,567"));
  QCOMPARE(formatCount(-4096), QStringLiteral("-4,096"));
  QCOMPARE(formatPower(850), QStringLiteral("850 W"));
  QCOMPARE(formatPower(10200), QStringLiteral("10.2 kW"));
  QCOMPARE(formatPower(14.25e6), QStringLiteral("14.25 MW"));
  // The user's locale groups and marks decimals (German: "10.240", "14,25 MW").
  const QLocale previous;
  QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
  QCOMPARE(formatCount(10240), QStringLiteral("10.240"));
  QCOMPARE(formatPower(14.25e6), QStringLiteral("14,25 MW"));
  // Chinese counts from 10^4 up in 万 and from 10^8 in 亿, four significant digits at most:
  // 10,240 = 1.024 × 10^4; 12,800 = 1.28 × 10^4; 184,320 ≈ 18.43 × 10^4; 2.5 × 10^8.
  QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
  QCOMPARE(formatCount(9999), QStringLiteral("9,999"));
  QCOMPARE(formatCount(10240), QStringLiteral("1.024 万"));
  QCOMPARE(formatCount(12800), QStringLiteral("1.28 万"));
  QCOMPARE(formatCount(184320), QStringLiteral("18.43 万"));
  QCOMPARE(formatCount(250000000), QStringLiteral("2.5 亿"));
  QCOMPARE(formatCount(30000), QStringLiteral("3 万"));
  QLocale::setDefault(previous);
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestSceneTreeModel)
#include "test_scene_tree_model.moc"
