// Scene model and JSON scene files: round trips, canonical output, enum spellings.
#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"
#include "myriad/engine/scene_io.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace myriad::engine;

class TestSceneModel final : public QObject
{
  Q_OBJECT

private slots:
  void roundTripIsByteExact();
  void samplesLoadAndResaveIdentically_data();
  void samplesLoadAndResaveIdentically();
  void saveIsAtomicAndReplacesTheFile();
  void saveToMissingFolderFailsAndKeepsNothing();
  void enumSpellingsRoundTrip();
  void findByIdResolvesEveryLevel();
  void describeNamesRackPower();
};

void TestSceneModel::roundTripIsByteExact()
{
  // Generated scene → JSON → scene → JSON: the model and the bytes must both be equal.
  const auto& catalog = Catalog::builtin();
  const Scene scene = generateScene(builtinSpec("lab-256"), catalog);
  const std::string first = sceneToJson(scene);
  const Scene reread = sceneFromJson(first, "memory.json", catalog);
  QVERIFY(reread == scene);
  QCOMPARE(sceneToJson(reread), first);
}

void TestSceneModel::samplesLoadAndResaveIdentically_data()
{
  QTest::addColumn<QString>("name");
  for (const auto& name : builtinSpecNames())
  {
    QTest::newRow(name.c_str()) << QString::fromStdString(name);
  }
}

void TestSceneModel::samplesLoadAndResaveIdentically()
{
  // The checked-in samples are exactly what the generator makes today, and re-save unchanged.
  QFETCH(QString, name);
  const auto& catalog = Catalog::builtin();
  const std::string path =
    std::string(MYRIAD_SOURCE_DIR) + "/samples/" + name.toStdString() + ".json";
  const std::string text = readFile(path);
  const Scene scene = loadScene(path, catalog);
  QCOMPARE(sceneToJson(scene), text);
  QVERIFY(scene == generateScene(builtinSpec(name.toStdString()), catalog));
}

void TestSceneModel::saveIsAtomicAndReplacesTheFile()
{
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const std::string path = dir.filePath("scene.json").toStdString();
  writeFileAtomically(path, "old contents");
  const Scene scene = generateScene(builtinSpec("lab-256"), Catalog::builtin());
  saveScene(scene, path);
  QCOMPARE(readFile(path), sceneToJson(scene));
  // No temporary file is left beside the document.
  QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
}

void TestSceneModel::saveToMissingFolderFailsAndKeepsNothing()
{
  QTemporaryDir dir;
  const std::string path = dir.filePath("no/such/folder/scene.json").toStdString();
  const Scene scene = generateScene(builtinSpec("lab-256"), Catalog::builtin());
  QVERIFY_THROWS_EXCEPTION(SaveError, saveScene(scene, path));
  QVERIFY(!QFile::exists(QString::fromStdString(path)));
}

void TestSceneModel::enumSpellingsRoundTrip()
{
  for (auto kind : { RackKind::Compute, RackKind::Network, RackKind::Storage, RackKind::Power,
                     RackKind::Cooling })
  {
    QCOMPARE(rackKindFromString(toString(kind)), std::optional(kind));
  }
  for (auto role : { SwitchRole::Leaf, SwitchRole::Spine, SwitchRole::Core, SwitchRole::Management,
                     SwitchRole::NvLink })
  {
    QCOMPARE(switchRoleFromString(toString(role)), std::optional(role));
  }
  QCOMPARE(redundancyFromString("2N"), std::optional(Redundancy::TwoN));
  QVERIFY(!facingFromString("north").has_value());
}

void TestSceneModel::findByIdResolvesEveryLevel()
{
  const Scene scene = generateScene(builtinSpec("lab-256"), Catalog::builtin());
  const Hall& hall = scene.site.halls.front();
  const Rack& rack = hall.rows.front().racks.front();
  const Node& node = rack.nodes.front();
  for (const std::string& id :
       { hall.id, hall.rows.front().id, rack.id, node.id, gpuId(node, node.gpus.back()),
         hall.coolers.front().id, hall.feeds.front().id })
  {
    const auto ref = findById(scene, id);
    QVERIFY2(ref.has_value(), id.c_str());
    QCOMPARE(idOf(scene, *ref), id);
  }
  QVERIFY(!findById(scene, "H9-R99").has_value());
}

void TestSceneModel::describeNamesRackPower()
{
  // A DGX H100 rack of the lab sample holds 4 nodes at 10.2 kW catalog maximum = 40.8 kW.
  const Scene scene = generateScene(builtinSpec("lab-256"), Catalog::builtin());
  const auto ref = findById(scene, scene.site.halls[0].rows[0].racks[0].id);
  QVERIFY(ref.has_value());
  const auto properties = describe(scene, *ref, Catalog::builtin());
  bool foundPower = false;
  for (const auto& [name, value] : properties)
  {
    if (name == "Max power")
    {
      QCOMPARE(value, std::string("40.8 kW"));
      foundPower = true;
    }
  }
  QVERIFY(foundPower);
}

QTEST_APPLESS_MAIN(TestSceneModel)
#include "test_scene_model.moc"
