// samples/index.json and its reader (app/shell/sample_index.h): the shipped index lists every
// built-in sample with English and Chinese names and descriptions; texts fall back to English,
// then to the id; a bad index is refused with an error naming the file, the JSON path and the
// expected form; a broken index makes the Open Sample list fall back to the files by id; and
// the menu shows names, descriptions as tips, and "(none)" when empty.
#include "sample_index.h"
#include "sample_locator.h"
#include "sample_menu.h"

#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"

#include <QAction>
#include <QFile>
#include <QMenu>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace myriad::app
{

class TestSampleIndex final : public QObject
{
  Q_OBJECT

private slots:
  void shippedIndexListsEveryBuiltinSample();
  void textsFallBackToEnglishThenToTheId();
  void badIndexNamesFileAndPath_data();
  void badIndexNamesFileAndPath();
  void unreadableIndexNamesTheFile();
  void brokenIndexListsTheSampleFilesById();
  void indexEntryWithoutFileIsLeftOut();
  void menuShowsNamesAndDescriptions();
  void cleanup();

private:
  /** A samples folder of its own, searched first (MYRIAD_SAMPLES_DIR). */
  void useSampleFolder(const QTemporaryDir& folder);
  static void writeFile(const QString& path, const QByteArray& text);
};

namespace
{

const QString kShippedIndex = QStringLiteral(MYRIAD_SOURCE_DIR "/samples/index.json");

bool hasChinese(const QString& text)
{
  static const QRegularExpression kHan(QStringLiteral("\\p{Han}"));
  return kHan.match(text).hasMatch();
}

} // namespace

void TestSampleIndex::cleanup()
{
  qunsetenv("MYRIAD_SAMPLES_DIR");
}

void TestSampleIndex::useSampleFolder(const QTemporaryDir& folder)
{
  QVERIFY(folder.isValid());
  qputenv("MYRIAD_SAMPLES_DIR", QFile::encodeName(folder.path()));
}

void TestSampleIndex::writeFile(const QString& path, const QByteArray& text)
{
  QFile file(path);
  QVERIFY2(file.open(QIODevice::WriteOnly), qPrintable(path));
  QCOMPARE(file.write(text), text.size());
}

void TestSampleIndex::shippedIndexListsEveryBuiltinSample()
{
  const std::vector<SampleEntry> samples = readSampleIndex(kShippedIndex);
  QStringList ids;
  for (const SampleEntry& sample : samples)
  {
    ids << sample.id;
    QVERIFY2(!findSample(sample.id).isEmpty(), qPrintable(sample.id));
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") })
    {
      QVERIFY2(!sample.names.value(language).isEmpty(), qPrintable(sample.id + language));
      QVERIFY2(sample.descriptions.value(language).size() > 40, qPrintable(sample.id + language));
    }
    QVERIFY2(hasChinese(sample.displayName(QStringLiteral("zh_CN"))), qPrintable(sample.id));
    QVERIFY2(hasChinese(sample.description(QStringLiteral("zh_CN"))), qPrintable(sample.id));
    QVERIFY2(!hasChinese(sample.description(QStringLiteral("en"))), qPrintable(sample.id));
  }
  // The generator's built-in specs, in the same order, default sample first; besides them only
  // the multi-site sample, which a siting study writes (samples/make_two_site_samples.py).
  QStringList specs;
  for (const std::string& name : engine::builtinSpecNames())
  {
    specs << QString::fromStdString(name);
  }
  QStringList generated = ids;
  generated.removeAll(QStringLiteral("two-site-10k"));
  QCOMPARE(generated, specs);
  QCOMPARE(ids.size(), specs.size() + 1);
  QCOMPARE(ids.first(), QString::fromLatin1(kDefaultSampleName));
  QCOMPARE(samples.at(0).displayName(QStringLiteral("zh_CN")),
           QStringLiteral("DGX H100 SuperPOD 万卡集群"));
}

void TestSampleIndex::textsFallBackToEnglishThenToTheId()
{
  const std::vector<SampleEntry> samples = parseSampleIndex(R"({"samples": [
      {"id": "both", "name": {"en": "Both", "zh_CN": "两者"}, "description": {"en": "An example."}},
      {"id": "chinese-only", "name": {"zh_CN": "仅中文"}},
      {"id": "blank", "name": {"en": "  ", "zh_CN": ""}, "description": {"zh_CN": "说明"}}]})",
                                                            QStringLiteral("index.json"));
  QCOMPARE(samples.size(), std::size_t{ 3 });
  const SampleEntry& both = samples[0];
  QCOMPARE(both.displayName(QStringLiteral("zh_CN")), QStringLiteral("两者"));
  QCOMPARE(both.displayName(QStringLiteral("en")), QStringLiteral("Both"));
  QCOMPARE(both.displayName(QString()), QStringLiteral("Both")); // "" is English
  QCOMPARE(both.description(QStringLiteral("zh_CN")), QStringLiteral("An example."));
  const SampleEntry& chineseOnly = samples[1];
  QCOMPARE(chineseOnly.displayName(QStringLiteral("zh_CN")), QStringLiteral("仅中文"));
  QCOMPARE(chineseOnly.displayName(QStringLiteral("en")), QStringLiteral("chinese-only"));
  QCOMPARE(chineseOnly.description(QStringLiteral("zh_CN")), QString());
  const SampleEntry& blank = samples[2]; // blank texts count as missing: never an empty label
  QCOMPARE(blank.displayName(QStringLiteral("zh_CN")), QStringLiteral("blank"));
  QCOMPARE(blank.displayName(QStringLiteral("en")), QStringLiteral("blank"));
  QCOMPARE(blank.description(QStringLiteral("zh_CN")), QStringLiteral("说明"));
  QCOMPARE(blank.description(QStringLiteral("en")), QString());
}

void TestSampleIndex::badIndexNamesFileAndPath_data()
{
  QTest::addColumn<QByteArray>("json");
  QTest::addColumn<QString>("path");
  QTest::addColumn<QString>("expected");
  QTest::newRow("not JSON") << QByteArray(R"({"samples": [)") << QString() << "a JSON object";
  QTest::newRow("array") << QByteArray("[]") << QString() << "an object with a \"samples\" array";
  QTest::newRow("no list") << QByteArray("{}") << "/samples"
                           << "an array of samples";
  QTest::newRow("list is object") << QByteArray(R"({"samples": {}})") << "/samples"
                                  << "an array of samples";
  QTest::newRow("unknown top key") << QByteArray(R"({"sample": []})") << "/sample"
                                   << "one of: about, samples";
  QTest::newRow("entry is string") << QByteArray(R"({"samples": ["lab-256"]})") << "/samples/0"
                                   << "an object with \"id\", \"name\" and \"description\"";
  QTest::newRow("no id") << QByteArray(R"({"samples": [{"name": {}}]})") << "/samples/0/id"
                         << "the sample's file name without .json (letters, digits, '.', '_', "
                            "'-')";
  QTest::newRow("id is a path") << QByteArray(R"({"samples": [{"id": "../lab-256"}]})")
                                << "/samples/0/id"
                                << "the sample's file name without .json (letters, digits, "
                                   "'.', '_', '-')";
  QTest::newRow("duplicate id") << QByteArray(R"({"samples": [{"id": "a"}, {"id": "a"}]})")
                                << "/samples/1/id"
                                << "each sample once";
  QTest::newRow("unknown entry key")
    << QByteArray(R"({"samples": [{"id": "a", "titel": {}}]})") << "/samples/0/titel"
    << "one of: id, name, description";
  QTest::newRow("description is text")
    << QByteArray(R"({"samples": [{"id": "a", "description": "A hall."}]})")
    << "/samples/0/description"
    << "an object of texts by language, e.g. {\"en\": \"…\", \"zh_CN\": \"…\"}";
  QTest::newRow("name is number")
    << QByteArray(R"({"samples": [{"id": "a"}, {"id": "b", "name": {"en": "B", "zh_CN": 5}}]})")
    << "/samples/1/name/zh_CN"
    << "a string";
}

void TestSampleIndex::badIndexNamesFileAndPath()
{
  QFETCH(QByteArray, json);
  QFETCH(QString, path);
  QFETCH(QString, expected);
  try
  {
    (void)parseSampleIndex(json, QStringLiteral("bad-index.json"));
    QFAIL("a bad index was accepted");
  }
  catch (const engine::LoadError& error)
  {
    QCOMPARE(QString::fromStdString(error.file()), QStringLiteral("bad-index.json"));
    QCOMPARE(QString::fromStdString(error.jsonPath()), path);
    QCOMPARE(QString::fromStdString(error.expected()), expected);
    const QString message = QString::fromUtf8(error.what());
    const QString where = path.isEmpty() ? QStringLiteral("bad-index.json: ")
                                         : QStringLiteral("bad-index.json: %1: ").arg(path);
    QVERIFY2(message.startsWith(where), qPrintable(message));
  }
}

void TestSampleIndex::unreadableIndexNamesTheFile()
{
  const QString missing = QStringLiteral("/nonexistent/samples/index.json");
  QVERIFY_THROWS_EXCEPTION(engine::LoadError, readSampleIndex(missing));
  try
  {
    (void)readSampleIndex(missing);
  }
  catch (const engine::LoadError& error)
  {
    QCOMPARE(QString::fromStdString(error.file()), missing);
    QVERIFY2(QString::fromUtf8(error.what()).contains(QStringLiteral("cannot read")), error.what());
  }
}

void TestSampleIndex::brokenIndexListsTheSampleFilesById()
{
  const QTemporaryDir folder;
  useSampleFolder(folder);
  writeFile(folder.filePath(QStringLiteral("index.json")), R"({"samples": [{"id": 7}]})");
  writeFile(folder.filePath(QStringLiteral("hall-b.json")), "{}");
  writeFile(folder.filePath(QStringLiteral("hall-a.json")), "{}");
  QCOMPARE(findSampleIndex(), folder.filePath(QStringLiteral("index.json")));
  QTest::ignoreMessage(
    QtWarningMsg, QRegularExpression(QStringLiteral("ignoring the sample list: .*index\\.json: "
                                                    "/samples/0/id: found a number")));
  const std::vector<SampleEntry> samples = builtinSamples();
  QCOMPARE(samples.size(), std::size_t{ 2 });
  QCOMPARE(samples[0].id, QStringLiteral("hall-a"));
  QCOMPARE(samples[1].id, QStringLiteral("hall-b"));
  QCOMPARE(samples[0].displayName(QStringLiteral("zh_CN")), QStringLiteral("hall-a"));
}

void TestSampleIndex::indexEntryWithoutFileIsLeftOut()
{
  const QTemporaryDir folder;
  useSampleFolder(folder);
  writeFile(folder.filePath(QStringLiteral("index.json")),
            R"({"samples": [{"id": "not-installed"}, {"id": "hall-a", "name": {"en": "A"}}]})");
  writeFile(folder.filePath(QStringLiteral("hall-a.json")), "{}");
  QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("lists not-installed")));
  const std::vector<SampleEntry> samples = builtinSamples();
  QCOMPARE(samples.size(), std::size_t{ 1 });
  QCOMPARE(samples[0].displayName(QStringLiteral("en")), QStringLiteral("A"));
}

void TestSampleIndex::menuShowsNamesAndDescriptions()
{
  const std::vector<SampleEntry> samples = parseSampleIndex(
    R"({"samples": [{"id": "r-and-d", "name": {"en": "R&D hall", "zh_CN": "研发机房"},
                     "description": {"en": "A hall.", "zh_CN": "一个机房。"}},
                    {"id": "bare"}]})",
    QStringLiteral("index.json"));
  QMenu menu;
  QStringList opened;
  fillSampleMenu(&menu, samples, QStringLiteral("zh_CN"), [&](const QString& id) { opened << id; });
  const QList<QAction*> actions = menu.actions();
  QCOMPARE(actions.size(), 2);
  QCOMPARE(actions[0]->text(), QStringLiteral("研发机房"));
  QCOMPARE(actions[0]->statusTip(), QStringLiteral("一个机房。"));
  QCOMPARE(actions[0]->toolTip(), QStringLiteral("一个机房。"));
  QCOMPARE(actions[1]->text(), QStringLiteral("bare"));
  QCOMPARE(actions[1]->toolTip(), QStringLiteral("bare"));
  fillSampleMenu(&menu, samples, QStringLiteral("en"), [&](const QString& id) { opened << id; });
  QCOMPARE(menu.actions().size(), 2);                               // refilled, not appended
  QCOMPARE(menu.actions()[0]->text(), QStringLiteral("R&&D hall")); // '&' is no accelerator
  menu.actions()[0]->trigger();
  QCOMPARE(opened, QStringList{ QStringLiteral("r-and-d") });

  fillSampleMenu(&menu, {}, QStringLiteral("en"), [&](const QString& id) { opened << id; });
  QCOMPARE(menu.actions().size(), 1);
  QVERIFY(!menu.actions()[0]->isEnabled());
  QVERIFY(!menu.actions()[0]->text().isEmpty());
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestSampleIndex)
#include "test_sample_index.moc"
