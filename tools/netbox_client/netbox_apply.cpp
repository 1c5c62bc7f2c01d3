// Sending an export to NetBox (netbox_apply.h): GET what exists, POST what is missing, in the
// order references need (custom fields, manufacturers, roles, device types, site, locations,
// racks, devices, interfaces, cables). Related objects are sent by id once known.
#include "netbox_apply.h"

#include "netbox_http.h"

#include "myriad/engine/error.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QUrlQuery>

#include <functional>
#include <map>
#include <vector>

namespace myriad::netbox_client
{

namespace
{

class Applier
{
public:
  Applier(const QJsonObject& bulk, const ApplyOptions& options)
    : m_bulk(bulk)
    , m_options(options)
  {
  }

  ApplyReport run();

private:
  /** Every object of `endpoint` matching `query` (all pages). */
  QJsonArray list(const QString& endpoint, const QString& query);
  /** POST `objects` in batches; the created objects (with ids), in order. */
  QJsonArray create(const QString& endpoint, const QJsonArray& objects);
  /** Small sets looked up one by one by `key`: ids of every object, created where missing. */
  std::map<QString, long> ensure(const QString& endpoint, const QJsonArray& objects,
                                 const QString& key,
                                 const std::function<QJsonObject(QJsonObject)>& resolve);
  ApplyLine& line(const QString& endpoint, int exported);
  /** Racks, devices, interfaces and cables of the site (looked up all at once per type). */
  void placeInSite(long site, const std::map<QString, long>& roles,
                   const std::map<QString, long>& types, const std::map<QString, long>& locations);
  /** Ids by name of the site's objects of `endpoint`; `name` makes an object's key. */
  std::map<QString, long> existing(long site, const QString& endpoint,
                                   const std::function<QString(const QJsonObject&)>& name);

  QJsonObject m_bulk;
  const ApplyOptions& m_options;
  QNetworkAccessManager m_network;
  ApplyReport m_report;
};

QUrl urlOf(const std::string& base, const QString& endpoint, const QString& query)
{
  QUrl url(QString::fromStdString(base) + QStringLiteral("/api/") + endpoint + QLatin1Char('/'));
  url.setQuery(query);
  return url;
}

QJsonObject idRef(long id)
{
  return QJsonObject{ { QStringLiteral("id"), static_cast<qint64>(id) } };
}

ApplyLine& Applier::line(const QString& endpoint, int exported)
{
  m_report.lines.push_back({ endpoint.toStdString(), exported, 0, 0 });
  return m_report.lines.back();
}

QJsonArray Applier::list(const QString& endpoint, const QString& query)
{
  QJsonArray out;
  QUrl url = urlOf(m_options.baseUrl, endpoint, query + QStringLiteral("&limit=1000"));
  int pages = 0;
  while (!url.isEmpty())
  {
    const detail::Answer a = detail::request(m_network, url, m_options);
    if (a.status != 200)
      throw engine::Error("NetBox " + endpoint.toStdString() + ": " + detail::describe(a) +
                          " for " + url.toString().toStdString());
    const QJsonObject page = QJsonDocument::fromJson(a.body).object();
    for (const auto& item : page.value(QStringLiteral("results")).toArray())
      out.append(item);
    const QString next = page.value(QStringLiteral("next")).toString();
    url = next.isEmpty() || ++pages > 100000 ? QUrl()
                                             : detail::nextPage(url, next, endpoint.toStdString());
  }
  return out;
}

QJsonArray Applier::create(const QString& endpoint, const QJsonArray& objects)
{
  QJsonArray created;
  for (qsizetype start = 0; start < objects.size(); start += m_options.batchSize)
  {
    QJsonArray batch;
    for (qsizetype i = start; i < std::min<qsizetype>(start + m_options.batchSize, objects.size());
         ++i)
      batch.append(objects[i]);
    const QByteArray body = QJsonDocument(batch).toJson(QJsonDocument::Compact);
    const QUrl url = urlOf(m_options.baseUrl, endpoint, {});
    const detail::Answer a = detail::request(m_network, url, m_options, &body);
    if (a.status != 201 && a.status != 200)
      throw engine::Error("NetBox refused to create " + endpoint.toStdString() + " (" +
                          detail::describe(a) + "): " + a.body.left(400).toStdString() +
                          "; objects created before this stay in NetBox");
    for (const auto& item : QJsonDocument::fromJson(a.body).array())
      created.append(item);
  }
  return created;
}

std::map<QString, long> Applier::ensure(const QString& endpoint, const QJsonArray& objects,
                                        const QString& key,
                                        const std::function<QJsonObject(QJsonObject)>& resolve)
{
  ApplyLine& counts = line(endpoint, static_cast<int>(objects.size()));
  std::map<QString, long> ids;
  QJsonArray missing;
  for (const auto& value : objects)
  {
    const QJsonObject object = value.toObject();
    const QString name = object.value(key).toString();
    const QJsonArray found = list(endpoint, key + QLatin1Char('=') + QUrl::toPercentEncoding(name));
    if (!found.isEmpty())
    {
      ids[name] = found.first().toObject().value(QStringLiteral("id")).toInteger();
      ++counts.existing;
      continue;
    }
    missing.append(m_options.commit ? resolve(object) : object);
  }
  counts.created = static_cast<int>(missing.size());
  if (m_options.commit)
    for (const auto& made : create(endpoint, missing))
      ids[made.toObject().value(key).toString()] =
        made.toObject().value(QStringLiteral("id")).toInteger();
  return ids;
}

QString slugOf(const QJsonObject& o, const char* key)
{
  return o.value(QLatin1String(key)).toObject().value(QStringLiteral("slug")).toString();
}

QString nameOf(const QJsonObject& o, const char* key)
{
  return o.value(QLatin1String(key)).toObject().value(QStringLiteral("name")).toString();
}

QString interfaceKey(const QString& device, const QString& name)
{
  return device + QLatin1Char('\n') + name;
}

std::map<QString, long> Applier::existing(long site, const QString& endpoint,
                                          const std::function<QString(const QJsonObject&)>& name)
{
  std::map<QString, long> ids;
  if (site < 0)
    return ids; // the site itself is still to be made: nothing of it exists
  for (const auto& value : list(endpoint, QStringLiteral("site_id=%1").arg(site)))
    ids[name(value.toObject())] = value.toObject().value(QStringLiteral("id")).toInteger();
  return ids;
}

/** Create the objects of `all` whose key is not in `ids`, adding the new ids. */
template <typename Resolve>
void createMissing(ApplyLine& counts, const QJsonArray& all, std::map<QString, long>& ids,
                   const std::function<QString(const QJsonObject&)>& keyOf, bool commit,
                   const QString& endpoint, Resolve resolve,
                   const std::function<QJsonArray(const QString&, const QJsonArray&)>& create)
{
  QJsonArray missing;
  std::vector<QString> keys;
  for (const auto& value : all)
  {
    const QJsonObject o = value.toObject();
    const QString key = keyOf(o);
    if (!key.isEmpty() && ids.count(key))
    {
      ++counts.existing;
      continue;
    }
    ++counts.created;
    keys.push_back(key);
    if (commit)
      missing.append(resolve(o));
  }
  if (!commit)
    return;
  const QJsonArray made = create(endpoint, missing);
  for (qsizetype i = 0; i < made.size() && i < static_cast<qsizetype>(keys.size()); ++i)
    ids[keys[i]] = made[i].toObject().value(QStringLiteral("id")).toInteger();
}

void Applier::placeInSite(long site, const std::map<QString, long>& roles,
                          const std::map<QString, long>& types,
                          const std::map<QString, long>& locations)
{
  const auto make = [this](const QString& e, const QJsonArray& o) { return create(e, o); };
  const auto byName = [](const QJsonObject& o)
  { return o.value(QStringLiteral("name")).toString(); };
  const auto idOf = [](const std::map<QString, long>& ids, const QString& key)
  {
    const auto it = ids.find(key);
    return idRef(it == ids.end() ? -1 : it->second);
  };

  const QJsonArray racks = m_bulk.value(QStringLiteral("racks")).toArray();
  auto rackIds = existing(site, QStringLiteral("dcim/racks"), byName);
  createMissing(
    line(QStringLiteral("dcim/racks"), static_cast<int>(racks.size())), racks, rackIds, byName,
    m_options.commit, QStringLiteral("dcim/racks"),
    [&](QJsonObject o)
    {
      o[QStringLiteral("site")] = idRef(site);
      o[QStringLiteral("location")] = idOf(locations, slugOf(o, "location"));
      return o;
    },
    make);

  const QJsonArray devices = m_bulk.value(QStringLiteral("devices")).toArray();
  auto deviceIds = existing(site, QStringLiteral("dcim/devices"), byName);
  createMissing(
    line(QStringLiteral("dcim/devices"), static_cast<int>(devices.size())), devices, deviceIds,
    byName, m_options.commit, QStringLiteral("dcim/devices"),
    [&](QJsonObject o)
    {
      o[QStringLiteral("site")] = idRef(site);
      o[QStringLiteral("location")] = idOf(locations, slugOf(o, "location"));
      o[QStringLiteral("rack")] = idOf(rackIds, nameOf(o, "rack"));
      o[QStringLiteral("device_type")] = idOf(types, slugOf(o, "device_type"));
      o[QStringLiteral("role")] = idOf(roles, slugOf(o, "role"));
      return o;
    },
    make);

  const QJsonArray interfaces = m_bulk.value(QStringLiteral("interfaces")).toArray();
  const auto interfaceOf = [](const QJsonObject& o)
  { return interfaceKey(nameOf(o, "device"), o.value(QStringLiteral("name")).toString()); };
  auto interfaceIds = existing(site, QStringLiteral("dcim/interfaces"), interfaceOf);
  createMissing(
    line(QStringLiteral("dcim/interfaces"), static_cast<int>(interfaces.size())), interfaces,
    interfaceIds, interfaceOf, m_options.commit, QStringLiteral("dcim/interfaces"),
    [&](QJsonObject o)
    {
      o[QStringLiteral("device")] = idOf(deviceIds, nameOf(o, "device"));
      return o;
    },
    make);

  // A cable is known by the interface ids of its two ends (the lower first).
  const auto endId = [&](const QJsonObject& o, const char* side)
  {
    const QJsonObject end = o.value(QLatin1String(side)).toArray().first().toObject();
    if (end.contains(QStringLiteral("object_id")))
      return end.value(QStringLiteral("object_id")).toInteger();
    const auto it = interfaceIds.find(interfaceKey(end.value(QStringLiteral("device")).toString(),
                                                   end.value(QStringLiteral("name")).toString()));
    return it == interfaceIds.end() ? qint64(-1) : qint64(it->second);
  };
  const auto cableOf = [&](const QJsonObject& o)
  {
    const qint64 a = endId(o, "a_terminations"), b = endId(o, "b_terminations");
    // An end still to be made has no id: such a cable cannot exist yet ("" is never a key).
    return a < 0 || b < 0 ? QString()
                          : QStringLiteral("%1-%2").arg(std::min(a, b)).arg(std::max(a, b));
  };
  const QJsonArray cables = m_bulk.value(QStringLiteral("cables")).toArray();
  auto cableIds = existing(site, QStringLiteral("dcim/cables"), cableOf);
  createMissing(
    line(QStringLiteral("dcim/cables"), static_cast<int>(cables.size())), cables, cableIds, cableOf,
    m_options.commit, QStringLiteral("dcim/cables"),
    [&](QJsonObject o)
    {
      for (const char* side : { "a_terminations", "b_terminations" })
        o[QLatin1String(side)] = QJsonArray{ QJsonObject{
          { QStringLiteral("object_type"), QStringLiteral("dcim.interface") },
          { QStringLiteral("object_id"), endId(o, side) } } };
      return o;
    },
    make);
}

ApplyReport Applier::run()
{
  const auto keep = [](QJsonObject o) { return o; };
  ensure(QStringLiteral("extras/custom-fields"),
         m_bulk.value(QStringLiteral("customFields")).toArray(), QStringLiteral("name"), keep);
  const auto makers =
    ensure(QStringLiteral("dcim/manufacturers"),
           m_bulk.value(QStringLiteral("manufacturers")).toArray(), QStringLiteral("slug"), keep);
  const auto roles =
    ensure(QStringLiteral("dcim/device-roles"),
           m_bulk.value(QStringLiteral("deviceRoles")).toArray(), QStringLiteral("slug"), keep);
  const auto types =
    ensure(QStringLiteral("dcim/device-types"),
           m_bulk.value(QStringLiteral("deviceTypes")).toArray(), QStringLiteral("slug"),
           [&](QJsonObject o)
           {
             o[QStringLiteral("manufacturer")] =
               idRef(makers.at(o.value(QStringLiteral("manufacturer"))
                                 .toObject()
                                 .value(QStringLiteral("slug"))
                                 .toString()));
             return o;
           });
  const auto sites =
    ensure(QStringLiteral("dcim/sites"), QJsonArray{ m_bulk.value(QStringLiteral("site")) },
           QStringLiteral("slug"), keep);
  const QString siteSlug =
    m_bulk.value(QStringLiteral("site")).toObject().value(QStringLiteral("slug")).toString();
  const long site = sites.count(siteSlug) ? sites.at(siteSlug) : -1;
  const auto locations =
    ensure(QStringLiteral("dcim/locations"), m_bulk.value(QStringLiteral("locations")).toArray(),
           QStringLiteral("slug"),
           [&](QJsonObject o)
           {
             o[QStringLiteral("site")] = idRef(site);
             return o;
           });
  placeInSite(site, roles, types, locations);
  m_report.committed = m_options.commit;
  return m_report;
}

} // namespace

ApplyReport applyExport(const std::string& bulkJson, const ApplyOptions& options)
{
  const auto app = detail::ensureApplication();
  detail::checkConnection(options);
  QJsonParseError error{};
  const QJsonDocument document =
    QJsonDocument::fromJson(QByteArray::fromStdString(bulkJson), &error);
  if (!document.isObject())
    throw engine::Error("netbox-bulk.json: " + error.errorString().toStdString() +
                        " (expected the file myriad-cli netbox export wrote)");
  Applier applier(document.object(), options);
  return applier.run();
}

} // namespace myriad::netbox_client
