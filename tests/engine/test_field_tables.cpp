// The field tables (fields.h) on the lab-256 scene: every settable row of every entity can be set
// by SetProperty, changes the data kinds the row states and survives the writer and the reader;
// values outside a row's range or spellings are refused (edits and files) naming the key and the
// accepted form; every scene under samples/ re-saves byte for byte.
#include "myriad/engine/catalog.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/fields.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"
#include "myriad/engine/scene_io.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>

using namespace myriad::engine;
namespace fl = myriad::engine::fields;
namespace ed = myriad::engine::edit;

namespace
{

const Catalog& catalog()
{
  return Catalog::builtin();
}

Scene lab()
{
  return generateScene(builtinSpec("lab-256"), catalog());
}

/** One object of each entity kind with settable fields. */
const std::vector<std::string> kObjects{ "H1-R01-K02", "H1-R01", "H1-AH01",
                                         "H1-F01A",    "H1",     "H1-R01-K02-N1" };

/** A valid value for `info` other than `current` (catalog ids where the key names a part). */
fl::Value otherValue(ObjectKind kind, const fl::FieldInfo& info, const fl::Value& current)
{
  if (info.key == "model")
    return std::string(kind == ObjectKind::Rack     ? "rack-nvl72"
                       : kind == ObjectKind::Cooler ? "fanwall-450kw"
                                                    : "dgx-h200");
  if (info.key == "serverModel")
    return std::string("dgx-h200");
  switch (info.type)
  {
    case fl::Type::Number:
    case fl::Type::Integer:
    {
      const double low = std::isfinite(info.minimum) ? info.minimum : 0.0;
      const double high = std::isfinite(info.maximum) ? info.maximum : low + 10;
      const double mid = std::round((low + high) / 2);
      return mid == std::get<double>(current) ? mid + 1 : mid;
    }
    case fl::Type::Choice:
      for (const std::string& choice : info.choices)
        if (fl::Value(choice) != current)
          return choice;
      break;
    case fl::Type::Text:
      return std::string("Renamed ") + info.key;
    case fl::Type::TextList:
      return std::vector<std::string>{ "H1-F01B" };
  }
  throw Error("test: no other value for " + info.key);
}

QString refusal(Scene scene, const ed::Edit& edit)
{
  try
  {
    ed::applyEdit(scene, catalog(), edit);
  }
  catch (const ed::EditError& error)
  {
    return QString::fromUtf8(error.what());
  }
  return "not refused";
}

} // namespace

class TestFieldTables final : public QObject
{
  Q_OBJECT

private slots:
  void everySettableFieldSetsAndRoundTrips();
  void editsOutsideARowsRangeAreRefused();
  void filesOutsideARowsRangeAreRefused();
  void everySampleSceneResavesByteForByte();
  void writerKeyOrderIsTheTableOrder();
};

void TestFieldTables::everySettableFieldSetsAndRoundTrips()
{
  int checked = 0;
  for (const std::string& id : kObjects)
  {
    const ObjectRef ref = *findById(lab(), id);
    const std::vector<fl::FieldInfo> infos = fl::settableFields(ref.kind);
    QVERIFY2(!infos.empty(), id.c_str());
    for (const fl::FieldInfo& info : infos)
    {
      const QString what = QString::fromStdString(id + " " + info.key);
      Scene scene = lab();
      const auto before = fl::fieldValue(scene, ref, info.key);
      QVERIFY2(before.has_value(), qPrintable(what));
      const fl::Value value = otherValue(ref.kind, info, *before);
      ed::EditResult result;
      try
      {
        result = ed::applyEdit(scene, catalog(), ed::SetProperty{ id, info.key, value });
      }
      catch (const std::exception& error)
      {
        QFAIL(qPrintable(what + ": " + error.what()));
      }
      QVERIFY2(fl::fieldValue(scene, ref, info.key) == value, qPrintable(what));
      // The edit changes exactly the data kinds the row states.
      QVERIFY2(result.changes.kinds == info.affects, qPrintable(what));
      // Writer → reader keeps it (without the physical validation: a larger enclosure may
      // not fit its nodes' slots, which is not what this checks).
      const Scene reread = sceneFromJson(sceneToJson(scene), "edited.json", catalog(), false);
      QVERIFY2(fl::fieldValue(reread, ref, info.key) == value, qPrintable(what));
      QVERIFY2(reread == scene, qPrintable(what));
      // The inverse restores the old value.
      ed::applyEdit(scene, catalog(), result.inverse);
      QVERIFY2(fl::fieldValue(scene, ref, info.key) == before, qPrintable(what));
      ++checked;
    }
  }
  // rack 10 (model … serverModel, powerW, powerSource, airflowM3s), row 1, cooler 4 (with
  // airflowM3s), feed 3, hall 6 (with switchPlacement, floorRatingKgM2 and the site's currency
  // and exchangeRate), node 1
  QCOMPARE(checked, 25);
}

void TestFieldTables::editsOutsideARowsRangeAreRefused()
{
  for (const std::string& id : kObjects)
  {
    const ObjectRef ref = *findById(lab(), id);
    for (const fl::FieldInfo& info : fl::settableFields(ref.kind))
    {
      std::vector<double> numbers;
      if (info.type == fl::Type::Number && std::isfinite(info.maximum))
        numbers.push_back(info.maximum * 2 + 1);
      if (info.type == fl::Type::Number && std::isfinite(info.minimum))
        numbers.push_back(info.minimum - 1);
      std::vector<fl::Value> bad(numbers.begin(), numbers.end());
      if (info.type == fl::Type::Choice)
        bad.emplace_back(std::in_place_type<std::string>, "sideways");
      for (const fl::Value& value : bad)
      {
        const QString message = refusal(lab(), ed::SetProperty{ id, info.key, value });
        // "set powerCapW of H1-R01-K02: value … is out of range (expected a number ≥ 0 in W)"
        QVERIFY2(message.contains(QString::fromStdString("set " + info.key + " of " + id)),
                 qPrintable(message));
        const std::string form =
          info.type == fl::Type::Choice ? fl::choicesText(info.choices) : "out of range";
        QVERIFY2(message.contains(QString::fromStdString(form)), qPrintable(message));
      }
    }
  }
  // The ranges the rows state, as people read them.
  QVERIFY(refusal(lab(), ed::SetProperty{ "H1-AH01", "setpoint", 4.0 }).contains("5 to 40 °C"));
  QVERIFY(refusal(lab(), ed::SetProperty{ "H1", "heightM", 60.0 }).contains("2 to 50 m"));
  QVERIFY(refusal(lab(), ed::SetProperty{ "H1-F01A", "redundancy", std::string("3N") })
            .contains("N, N+1 or 2N"));
  QVERIFY(
    refusal(lab(), ed::SetProperty{ "H1-R01-K02", "xM", 1.0 }).contains("no settable key \"xM\""));
}

void TestFieldTables::filesOutsideARowsRangeAreRefused()
{
  // A file is held to the same rows: the error names the JSON path of the key and the range.
  struct BadFile
  {
    std::string pointer;
    nlohmann::json value;
    std::string expected;
  };
  const std::vector<BadFile> cases{
    { "/site/halls/0/coolers/0/supplySetpointC", 45.0, "5 to 40 °C" },
    { "/site/halls/0/heightM", 80.0, "2 to 50 m" },
    { "/site/halls/0/rows/0/racks/0/powerCapW", 2e9, "0 to 1e+09 W" },
    { "/site/halls/0/feeds/0/redundancy", "3N", "N, N+1 or 2N" },
  };
  for (const BadFile& bad : cases)
  {
    nlohmann::json scene = nlohmann::json::parse(sceneToJson(lab()));
    scene[nlohmann::json::json_pointer(bad.pointer)] = bad.value;
    try
    {
      sceneFromJson(scene.dump(), "bad.json", catalog());
      QFAIL(("not refused: " + bad.pointer).c_str());
    }
    catch (const LoadError& error)
    {
      QCOMPARE(error.jsonPath(), bad.pointer);
      QCOMPARE(error.expected(), bad.expected);
    }
  }
}

void TestFieldTables::everySampleSceneResavesByteForByte()
{
  int scenes = 0;
  const std::filesystem::path root = std::filesystem::path(MYRIAD_SOURCE_DIR) / "samples";
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root))
  {
    if (entry.path().extension() != ".json")
      continue;
    const std::string text = readFile(entry.path().string());
    const nlohmann::json json = nlohmann::json::parse(text);
    if (!json.is_object() || !json.contains("site") || !json.contains("schemaVersion"))
      continue; // catalog, telemetry, jobs, edits
    const Scene scene = loadScene(entry.path().string(), catalog());
    QVERIFY2(sceneToJson(scene) == text, entry.path().c_str());
    ++scenes;
  }
  // lab-256, h100-superpod-10k, gb200-nvl72-10k, ascend-910b-10k, scenarios/lab-256-scenarios
  QVERIFY2(scenes >= 5, qPrintable(QString::number(scenes)));
}

void TestFieldTables::writerKeyOrderIsTheTableOrder()
{
  const nlohmann::ordered_json scene = nlohmann::ordered_json::parse(sceneToJson(lab()));
  const auto& rack = scene["site"]["halls"][0]["rows"][0]["racks"][0];
  std::vector<std::string> keys;
  for (const auto& item : rack.items())
    keys.push_back(item.key());
  std::vector<std::string> expected;
  for (const auto& f : fl::rackFields())
    if (f.stored && !f.omitDefault) // optional inputs are written only when set (none here)
      expected.emplace_back(f.key);
  expected.insert(expected.end(), { "nodes", "switches" });
  QCOMPARE(keys, expected);
}

QTEST_GUILESS_MAIN(TestFieldTables)
#include "test_field_tables.moc"
