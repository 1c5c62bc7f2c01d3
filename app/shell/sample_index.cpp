// samples/index.json: the reader with path-precise errors, the texts' language fallback and the
// list File ▸ Open Sample shows (sample_index.h).
#include "sample_index.h"

#include "sample_locator.h"

#include "myriad/engine/error.h"

#include <QDebug>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QRegularExpression>

#include <initializer_list>

namespace myriad::app
{

namespace
{

const QString kEnglish = QStringLiteral("en");

/** Where an error is: the file and the JSON path of the value. */
struct Where
{
  QString file;
  QString path;

  Where operator/(const QString& member) const { return { file, path + u'/' + member }; }
  Where operator/(qsizetype index) const { return *this / QString::number(index); }
};

[[noreturn]] void fail(const Where& where, const QString& message, const QString& expected)
{
  throw engine::LoadError(where.file.toStdString(), where.path.toStdString(), message.toStdString(),
                          expected.toStdString());
}

QString typeName(const QJsonValue& value)
{
  switch (value.type())
  {
    case QJsonValue::Null:
      return QStringLiteral("null");
    case QJsonValue::Bool:
      return QStringLiteral("a boolean");
    case QJsonValue::Double:
      return QStringLiteral("a number");
    case QJsonValue::String:
      return QStringLiteral("a string");
    case QJsonValue::Array:
      return QStringLiteral("an array");
    case QJsonValue::Object:
      return QStringLiteral("an object");
    case QJsonValue::Undefined:
      break;
  }
  return QStringLiteral("nothing");
}

QJsonObject requireObject(const QJsonValue& value, const Where& where, const QString& expected)
{
  if (!value.isObject())
  {
    fail(where, QStringLiteral("found %1").arg(typeName(value)), expected);
  }
  return value.toObject();
}

QString requireString(const QJsonValue& value, const Where& where, const QString& expected)
{
  if (!value.isString())
  {
    fail(where, QStringLiteral("found %1").arg(typeName(value)), expected);
  }
  return value.toString();
}

void refuseUnknownKeys(const QJsonObject& object, std::initializer_list<const char*> known,
                       const Where& where)
{
  QStringList names;
  for (const char* name : known)
  {
    names << QString::fromLatin1(name);
  }
  for (auto it = object.begin(); it != object.end(); ++it)
  {
    if (!names.contains(it.key()))
    {
      fail(where / it.key(), QStringLiteral("unknown key"),
           QStringLiteral("one of: %1").arg(names.join(QStringLiteral(", "))));
    }
  }
}

/** { "en": "…", "zh_CN": "…" }: the texts of one field by language. */
QHash<QString, QString> readTexts(const QJsonValue& value, const Where& where)
{
  const QString expected = QStringLiteral("an object of texts by language, e.g. "
                                          "{\"en\": \"…\", \"zh_CN\": \"…\"}");
  const QJsonObject object = requireObject(value, where, expected);
  QHash<QString, QString> texts;
  for (auto it = object.begin(); it != object.end(); ++it)
  {
    texts.insert(it.key(), requireString(it.value(), where / it.key(), QStringLiteral("a string")));
  }
  return texts;
}

QString readId(const QJsonObject& entry, const Where& where)
{
  static const QRegularExpression kFileStem(QStringLiteral("^[A-Za-z0-9_-][A-Za-z0-9._-]*$"));
  const QString expected =
    QStringLiteral("the sample's file name without .json (letters, digits, '.', '_', '-')");
  if (!entry.contains(QStringLiteral("id")))
  {
    fail(where / QStringLiteral("id"), QStringLiteral("missing"), expected);
  }
  const QString id =
    requireString(entry.value(QStringLiteral("id")), where / QStringLiteral("id"), expected);
  if (!kFileStem.match(id).hasMatch())
  {
    fail(where / QStringLiteral("id"), QStringLiteral("\"%1\" is not a file name").arg(id),
         expected);
  }
  return id;
}

SampleEntry readEntry(const QJsonValue& value, const Where& where)
{
  const QJsonObject object = requireObject(
    value, where, QStringLiteral("an object with \"id\", \"name\" and \"description\""));
  refuseUnknownKeys(object, { "id", "name", "description" }, where);
  SampleEntry entry;
  entry.id = readId(object, where);
  if (object.contains(QStringLiteral("name")))
  {
    entry.names = readTexts(object.value(QStringLiteral("name")), where / QStringLiteral("name"));
  }
  if (object.contains(QStringLiteral("description")))
  {
    entry.descriptions =
      readTexts(object.value(QStringLiteral("description")), where / QStringLiteral("description"));
  }
  return entry;
}

/** The text in `language`, else in English; empty (also for blank texts) when neither. */
QString textIn(const QHash<QString, QString>& texts, const QString& language)
{
  const QString own = texts.value(language).trimmed();
  return own.isEmpty() ? texts.value(kEnglish).trimmed() : own;
}

/** Every scene file of the first samples folder that has one, by id. */
std::vector<SampleEntry> scenesInSampleFolder()
{
  for (const QString& folder : sampleSearchPath())
  {
    const QStringList files = QDir(folder).entryList({ QStringLiteral("*.json") },
                                                     QDir::Files | QDir::Readable, QDir::Name);
    std::vector<SampleEntry> samples;
    for (const QString& file : files)
    {
      if (file != QLatin1String(kSampleIndexFileName))
      {
        samples.push_back({ QFileInfo(file).completeBaseName(), {}, {} });
      }
    }
    if (!samples.empty())
    {
      return samples;
    }
  }
  return {};
}

} // namespace

QString SampleEntry::displayName(const QString& language) const
{
  const QString name = textIn(names, language);
  return name.isEmpty() ? id : name;
}

QString SampleEntry::description(const QString& language) const
{
  return textIn(descriptions, language);
}

std::vector<SampleEntry> parseSampleIndex(const QByteArray& json, const QString& fileName)
{
  const Where root{ fileName, QString() };
  QJsonParseError parseError;
  const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
  if (parseError.error != QJsonParseError::NoError)
  {
    fail(root,
         QStringLiteral("invalid JSON at byte %1: %2")
           .arg(parseError.offset)
           .arg(parseError.errorString()),
         QStringLiteral("a JSON object"));
  }
  const QString expectedRoot = QStringLiteral("an object with a \"samples\" array");
  if (!document.isObject())
  {
    fail(root, QStringLiteral("found %1").arg(document.isArray() ? "an array" : "no object"),
         expectedRoot);
  }
  const QJsonObject object = document.object();
  refuseUnknownKeys(object, { "about", "samples" }, root);
  if (object.contains(QStringLiteral("about")))
  {
    requireString(object.value(QStringLiteral("about")), root / QStringLiteral("about"),
                  QStringLiteral("a string"));
  }
  const Where list = root / QStringLiteral("samples");
  const QJsonValue samples = object.value(QStringLiteral("samples"));
  if (!samples.isArray())
  {
    fail(list,
         samples.isUndefined() ? QStringLiteral("missing")
                               : QStringLiteral("found %1").arg(typeName(samples)),
         QStringLiteral("an array of samples"));
  }
  std::vector<SampleEntry> entries;
  QHash<QString, qsizetype> seen; // id → index, for duplicates
  const QJsonArray array = samples.toArray();
  for (qsizetype i = 0; i < array.size(); ++i)
  {
    SampleEntry entry = readEntry(array.at(i), list / i);
    if (seen.contains(entry.id))
    {
      fail(list / i / QStringLiteral("id"),
           QStringLiteral("\"%1\" is listed twice (also at /samples/%2)")
             .arg(entry.id)
             .arg(seen.value(entry.id)),
           QStringLiteral("each sample once"));
    }
    seen.insert(entry.id, i);
    entries.push_back(std::move(entry));
  }
  return entries;
}

std::vector<SampleEntry> readSampleIndex(const QString& path)
{
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
  {
    fail({ path, QString() }, QStringLiteral("cannot read: %1").arg(file.errorString()),
         QStringLiteral("a readable file"));
  }
  return parseSampleIndex(file.readAll(), path);
}

QString findSampleIndex()
{
  for (const QString& folder : sampleSearchPath())
  {
    const QFileInfo file(QDir(folder), QString::fromLatin1(kSampleIndexFileName));
    if (file.isFile())
    {
      return file.absoluteFilePath();
    }
  }
  return {};
}

std::vector<SampleEntry> builtinSamples()
{
  const QString index = findSampleIndex();
  if (index.isEmpty())
  {
    qWarning().noquote() << QStringLiteral("myriad: no %1 in %2; listing the sample files by name")
                              .arg(QLatin1String(kSampleIndexFileName),
                                   sampleSearchPath().join(QStringLiteral(", ")));
    return scenesInSampleFolder();
  }
  try
  {
    std::vector<SampleEntry> listed;
    for (SampleEntry& entry : readSampleIndex(index))
    {
      if (findSample(entry.id).isEmpty())
      {
        qWarning().noquote() << QStringLiteral(
                                  "myriad: %1 lists %2, but no samples folder has %2.json")
                                  .arg(index, entry.id);
        continue;
      }
      listed.push_back(std::move(entry));
    }
    return listed;
  }
  catch (const engine::LoadError& error)
  {
    qWarning().noquote()
      << QStringLiteral("myriad: ignoring the sample list: %1; listing the sample files by name")
           .arg(QString::fromUtf8(error.what()));
    return scenesInSampleFolder();
  }
}

} // namespace myriad::app
