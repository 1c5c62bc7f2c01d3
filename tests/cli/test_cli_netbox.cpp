// myriad-cli netbox against a NetBox stand-in on loopback: a QTcpServer answering the recorded
// NetBox 4.1 list endpoints (tests/netbox/fixtures/netbox-4.1) page by page, with a 500, a page
// slower than the client's timeout, a wrong token and a page loop.
#include "cli_test_support.h"
#include "tls_test_server.h"

#include <QDir>
#include <QPointer>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTimer>
#include <QUrlQuery>
#include <QtTest>

#include <map>
#include <set>

using myriad::tests::Run;

namespace
{

const QString kFixture = QStringLiteral(MYRIAD_SOURCE_DIR "/tests/netbox/fixtures/netbox-4.1");
const QByteArray kToken = "0123456789abcdef-secret-token";

/** The NetBox stand-in: GET /api/<endpoint>/?limit=&offset= from the fixture folder. */
class FakeNetbox : public QObject
{
public:
  int pageSize = 7;           ///< the most objects per page (NetBox's MAX_PAGE_SIZE)
  std::set<QString> failOnce; ///< "endpoint@offset": answer 500 the first time
  std::set<QString> slowOnce; ///< "endpoint@offset": answer after 4 s the first time
  bool loopRacks = false;     ///< dcim/racks names itself as `next`
  bool store = false;         ///< answer from objects POSTed to it, not the fixture
  int served500 = 0, servedSlow = 0, requests = 0, unauthorised = 0, posts = 0;
  std::map<QString, QJsonArray> objects; ///< store: endpoint → objects created

  FakeNetbox()
  {
    connect(m_server.get(), &QTcpServer::newConnection, this, &FakeNetbox::accept);
    QVERIFY(m_server->listen(QHostAddress::LocalHost));
  }
  /** Serve over TLS instead, presenting `cert` (for "localhost") with `key`. */
  void useTls(const QString& cert, const QString& key)
  {
    auto server = myriad::testing::makeTlsServer(cert, key);
    QVERIFY(server);
    connect(server.get(), &QSslServer::pendingConnectionAvailable, this, &FakeNetbox::accept);
    m_server = std::move(server);
    QVERIFY(m_server->listen(QHostAddress::Any));
    m_tls = true;
  }
  QString url() const
  {
    return m_tls ? QStringLiteral("https://localhost:%1").arg(m_server->serverPort())
                 : QStringLiteral("http://127.0.0.1:%1").arg(m_server->serverPort());
  }

private:
  void accept()
  {
    while (QTcpSocket* socket = m_server->nextPendingConnection())
      connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
  }

  void read(QTcpSocket* socket)
  {
    m_buffers[socket] += socket->readAll();
    const QByteArray& buffer = m_buffers[socket];
    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0)
      return;
    const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
    qsizetype length = 0;
    for (const QByteArray& line : lines)
      if (line.toLower().startsWith("content-length:"))
        length = line.mid(15).trimmed().toLongLong();
    if (buffer.size() < headerEnd + 4 + length)
      return; // the body is still arriving
    const QByteArray body = buffer.mid(headerEnd + 4, length);
    m_buffers.erase(socket);
    ++requests;
    const QUrl url(QString::fromLatin1(lines.front().split(' ').value(1)));
    bool authorised = false;
    for (const QByteArray& line : lines)
      authorised = authorised || line.trimmed() == "Authorization: Token " + kToken;
    if (!authorised)
    {
      ++unauthorised;
      return answer(socket, 403, R"({"detail": "Invalid token"})");
    }
    const QString endpoint = url.path().mid(5).chopped(1); // "/api/dcim/racks/" → "dcim/racks"
    if (store)
      return lines.front().startsWith("POST") ? created(socket, endpoint, body)
                                              : stored(socket, endpoint, QUrlQuery(url));
    QFile file(kFixture + "/" + endpoint + ".json");
    if (!file.open(QIODevice::ReadOnly))
      return answer(socket, 404, R"({"detail": "Not found."})");
    const QJsonObject all = QJsonDocument::fromJson(file.readAll()).object();
    if (endpoint == "status")
      return answer(socket, 200, QJsonDocument(all).toJson());
    page(socket, endpoint, all.value("results").toArray(), QUrlQuery(url));
  }

  void page(QTcpSocket* socket, const QString& endpoint, const QJsonArray& results,
            const QUrlQuery& query)
  {
    const int limit = std::min(pageSize, query.queryItemValue("limit").toInt());
    const int offset = query.queryItemValue("offset").toInt();
    QJsonArray slice;
    for (int i = offset; i < std::min<int>(offset + limit, results.size()); ++i)
      slice.append(results[i]);
    QJsonObject body{ { "count", results.size() }, { "previous", QJsonValue() } };
    const QString self = url() + "/api/" + endpoint + "/?limit=%1&offset=%2";
    body["next"] = loopRacks && endpoint == "dcim/racks" ? QJsonValue(self.arg(limit).arg(offset))
                   : offset + limit < results.size()
                     ? QJsonValue(self.arg(limit).arg(offset + limit))
                     : QJsonValue();
    body["results"] = slice;
    const QString key = endpoint + "@" + QString::number(offset);
    if (failOnce.erase(key))
    {
      ++served500;
      return answer(socket, 500, "<h1>Server Error (500)</h1>");
    }
    const QByteArray text = QJsonDocument(body).toJson(QJsonDocument::Compact);
    if (slowOnce.erase(key))
    {
      ++servedSlow;
      QPointer<QTcpSocket> later(socket);
      QTimer::singleShot(4000, this,
                         [this, later, text]
                         {
                           if (later)
                             answer(later, 200, text);
                         });
      return;
    }
    answer(socket, 200, text);
  }

  /** Store mode, GET: the stored objects matching slug=, name= and site_id= (when they have a
   *  site), all in one page. */
  void stored(QTcpSocket* socket, const QString& endpoint, const QUrlQuery& query)
  {
    QJsonArray results;
    for (const auto& value : objects[endpoint])
    {
      const QJsonObject o = value.toObject();
      bool match = true;
      for (const char* key : { "slug", "name" })
        if (query.hasQueryItem(key))
          match = match && o.value(key).toString() == query.queryItemValue(key);
      if (query.hasQueryItem("site_id") && o.contains("site"))
        match = match && o.value("site").toObject().value("id").toInteger() ==
                           query.queryItemValue("site_id").toLongLong();
      if (match)
        results.append(o);
    }
    answer(socket, 200,
           QJsonDocument(QJsonObject{ { "count", results.size() },
                                      { "next", QJsonValue() },
                                      { "previous", QJsonValue() },
                                      { "results", results } })
             .toJson(QJsonDocument::Compact));
  }

  /** Store mode, POST: ids given, related {id} expanded to briefs as NetBox answers them; a
   *  reference to an object it does not hold is refused (400), as NetBox does. */
  void created(QTcpSocket* socket, const QString& endpoint, const QByteArray& body)
  {
    ++posts;
    const QJsonDocument sent = QJsonDocument::fromJson(body);
    const QJsonArray items = sent.isArray() ? sent.array() : QJsonArray{ sent.object() };
    static const std::map<QString, QString> refs = { { "device", "dcim/devices" },
                                                     { "rack", "dcim/racks" },
                                                     { "site", "dcim/sites" },
                                                     { "location", "dcim/locations" },
                                                     { "role", "dcim/device-roles" },
                                                     { "device_type", "dcim/device-types" },
                                                     { "manufacturer", "dcim/manufacturers" } };
    QJsonArray made;
    for (const auto& item : items)
    {
      QJsonObject o = item.toObject();
      o["id"] = objects[endpoint].size() + 1;
      for (const auto& [key, target] : refs)
      {
        if (!o.value(key).isObject())
          continue;
        const qint64 id = o.value(key).toObject().value("id").toInteger(-1);
        if (id < 1 || id > objects[target].size())
          return answer(socket, 400,
                        "{\"" + key.toLatin1() + "\": [\"Related object not found\"]}");
        const QJsonObject to = objects[target][id - 1].toObject();
        o[key] =
          QJsonObject{ { "id", id }, { "name", to.value("name") }, { "slug", to.value("slug") } };
      }
      objects[endpoint].append(o);
      made.append(o);
    }
    answer(socket, 201, QJsonDocument(made).toJson(QJsonDocument::Compact));
  }

  void answer(QTcpSocket* socket, int status, const QByteArray& body)
  {
    socket->write("HTTP/1.1 " + QByteArray::number(status) + (status == 200 ? " OK" : " Error") +
                  "\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: " +
                  QByteArray::number(body.size()) + "\r\n\r\n" + body);
    socket->disconnectFromHost();
  }

  std::unique_ptr<QTcpServer> m_server = std::make_unique<QTcpServer>();
  bool m_tls = false;
  std::map<QTcpSocket*, QByteArray> m_buffers;
};

/** Run myriad-cli while this thread's event loop keeps serving (FakeNetbox lives on it). */
Run cliServing(const QStringList& arguments, const QByteArray& token = kToken)
{
  QProcess process;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("MYRIAD_NETBOX_TOKEN", QString::fromLatin1(token));
  process.setProcessEnvironment(env);
  QSignalSpy finished(&process, &QProcess::finished);
  process.start(MYRIAD_CLI, arguments);
  if (!finished.wait(240000))
  {
    process.kill();
    return {};
  }
  return { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
           QString::fromUtf8(process.readAllStandardOutput()),
           QString::fromUtf8(process.readAllStandardError()) };
}

} // namespace

class TestCliNetbox : public QObject
{
  Q_OBJECT

private slots:
  /** Every page is read through a 500 and a timeout (each retried), and the scene equals the
   *  one imported from the same answers saved in a folder. The token stays out of everything. */
  void importsLiveThroughFaults()
  {
    FakeNetbox netbox;
    netbox.failOnce = { "dcim/interfaces@14" };
    netbox.slowOnce = { "dcim/cables@0" };
    QTemporaryDir dir;
    const QString live = dir.filePath("live.json"), saved = dir.filePath("saved.json");
    const Run run = cliServing({ "netbox", "import", netbox.url(), "-o", live, "--site", "bj-dc1",
                                 "--timeout", "1", "--retries", "2" });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains("8 racks, 18 devices, 96 cables in 1 hall(s); positions from "
                              "hall-1: floorplan"),
             qPrintable(run.out));
    QCOMPARE(netbox.served500, 1);
    QCOMPARE(netbox.servedSlow, 1);
    QCOMPARE(netbox.unauthorised, 0);
    QVERIFY(netbox.requests > 40); // 219 interfaces alone take 32 pages of 7
    const Run offline =
      myriad::tests::cli({ "netbox", "import", kFixture, "-o", saved, "--site", "bj-dc1" });
    QCOMPARE(offline.exitCode, 0);
    QCOMPARE(myriad::tests::readAll(live), myriad::tests::readAll(saved));
    QVERIFY(!myriad::tests::readAll(live).contains(kToken));
    QVERIFY(!run.out.toUtf8().contains(kToken) && !run.err.toUtf8().contains(kToken));
    QVERIFY(run.out.contains("3 of 96 recorded lengths differ"));
  }

  void namesTheEndpointWhenTheTokenIsRefused()
  {
    FakeNetbox netbox;
    QTemporaryDir dir;
    const Run run = cliServing(
      { "netbox", "import", netbox.url(), "-o", dir.filePath("s.json"), "--site", "bj-dc1" },
      "wrong-token-value");
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("NetBox refused the API token") && run.err.contains("HTTP 403") &&
               run.err.contains(netbox.url() + "/api/status/"),
             qPrintable(run.err));
    QVERIFY(!run.err.contains("wrong-token-value"));
    QVERIFY(!QFile::exists(dir.filePath("s.json")));
  }

  /** Over TLS (docs/security.md): refused while the server's CA is not trusted, read with
   *  --ca-bundle; the token from --token-file, never in the output or the scene. */
  void importsOverVerifiedTls()
  {
    myriad::testing::TestPki pki;
    QVERIFY2(pki.make(), qPrintable(pki.error));
    FakeNetbox netbox;
    netbox.useTls(pki.serverCert(), pki.serverKey());
    QTemporaryDir dir;
    const QString token = dir.filePath("token.txt"), scene = dir.filePath("s.json");
    QFile file(token);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kToken + "\n");
    file.close();
    const QStringList import = { "netbox", "import", netbox.url(),   "-o", scene,
                                 "--site", "bj-dc1", "--token-file", token };
    const Run untrusted = cliServing(import, "");
    QVERIFY2(untrusted.exitCode == 1, qPrintable(untrusted.err));
    QVERIFY2(untrusted.err.contains("TLS verification failed") &&
               untrusted.err.contains(netbox.url()),
             qPrintable(untrusted.err));
    QCOMPARE(netbox.requests, 0); // nothing was read from a server that was not verified
    QVERIFY(!QFile::exists(scene));
    const Run trusted = cliServing(import + QStringList{ "--ca-bundle", pki.caCert() }, "");
    QVERIFY2(trusted.exitCode == 0, qPrintable(trusted.err));
    QCOMPARE(netbox.unauthorised, 0);
    QVERIFY(!myriad::tests::readAll(scene).contains(kToken));
    QVERIFY(!(trusted.out + trusted.err + untrusted.err).toUtf8().contains(kToken));

    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kToken + "\nX-Injected: 1\n");
    file.close();
    const Run injected = cliServing(import + QStringList{ "--ca-bundle", pki.caCert() }, "");
    QVERIFY2(injected.exitCode == 1, qPrintable(injected.err));
    QVERIFY2(injected.err.contains(token) && injected.err.contains("one line"),
             qPrintable(injected.err));
    const Run both = cliServing(import + QStringList{ "--token-env", "X" }, "");
    QCOMPARE(both.exitCode, 2);
  }

  void stopsWhenPagesLoop()
  {
    FakeNetbox netbox;
    netbox.loopRacks = true;
    QTemporaryDir dir;
    const Run run = cliServing(
      { "netbox", "import", netbox.url(), "-o", dir.filePath("s.json"), "--site", "bj-dc1" });
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("dcim/racks: the pages loop"), qPrintable(run.err));
  }

  void exportsCsvAndBulkJson()
  {
    QTemporaryDir dir;
    const Run run = myriad::tests::cli(
      { "netbox", "export", MYRIAD_SOURCE_DIR "/samples/lab-256.json", "-o", dir.path() });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY(run.out.contains("nothing was sent"));
    const QByteArray racks = myriad::tests::readAll(dir.filePath("racks.csv"));
    QVERIFY(racks.startsWith("site,location,name,status,form_factor,width,u_height,outer_width,"
                             "outer_depth,outer_unit,cf_myriad_x_m,cf_myriad_y_m,"));
    const QJsonObject bulk = myriad::tests::readJson(dir.filePath("netbox-bulk.json"));
    const int cables = bulk.value("cables").toArray().size();
    QVERIFY(cables > 0);
    QCOMPARE(myriad::tests::readAll(dir.filePath("cables.csv")).count('\n'), cables + 1);
  }

  /** --apply is a dry run (reads only); --commit creates every object with its references as
   *  ids; a second --commit finds everything there and creates nothing. */
  void appliesAnExportToNetbox()
  {
    FakeNetbox netbox;
    netbox.store = true;
    QTemporaryDir dir;
    const QString scene = QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json");
    const Run dry =
      cliServing({ "netbox", "export", scene, "-o", dir.path(), "--apply", netbox.url() });
    QVERIFY2(dry.exitCode == 0, qPrintable(dry.err));
    QVERIFY(dry.out.contains("dry run against") && dry.out.contains("add --commit"));
    QCOMPARE(netbox.posts, 0);
    const QJsonObject bulk = myriad::tests::readJson(dir.filePath("netbox-bulk.json"));
    const Run commit = cliServing(
      { "netbox", "export", scene, "-o", dir.path(), "--apply", netbox.url(), "--commit" });
    QVERIFY2(commit.exitCode == 0, qPrintable(commit.err));
    const std::map<QString, QString> kinds = { { "dcim/racks", "racks" },
                                               { "dcim/devices", "devices" },
                                               { "dcim/interfaces", "interfaces" },
                                               { "dcim/cables", "cables" } };
    for (const auto& [endpoint, key] : kinds)
      QCOMPARE(netbox.objects[endpoint].size(), bulk.value(key).toArray().size());
    // Every device stands in a rack NetBox holds; every cable joins two interfaces it holds.
    for (const auto& d : netbox.objects["dcim/devices"])
      QVERIFY(d.toObject().value("rack").toObject().value("name").isString());
    const qint64 interfaces = netbox.objects["dcim/interfaces"].size();
    for (const auto& c : netbox.objects["dcim/cables"])
      for (const char* side : { "a_terminations", "b_terminations" })
      {
        const qint64 id =
          c.toObject().value(side).toArray().first().toObject().value("object_id").toInteger();
        QVERIFY(id >= 1 && id <= interfaces);
      }
    const int postsBefore = netbox.posts;
    const Run again = cliServing(
      { "netbox", "export", scene, "-o", dir.path(), "--apply", netbox.url(), "--commit" });
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    QCOMPARE(netbox.posts, postsBefore);
    QVERIFY2(!again.out.contains(QRegularExpression(" [1-9][0-9]* created")),
             qPrintable(again.out));
    QCOMPARE(netbox.unauthorised, 0);
  }

  void followsTheConventions()
  {
    QCOMPARE(myriad::tests::cli({ "netbox", "--help" }).exitCode, 0);
    QCOMPARE(myriad::tests::cli({ "netbox", "import", "-h" }).exitCode, 0);
    QCOMPARE(myriad::tests::cli({ "netbox" }).exitCode, 2);
    QCOMPARE(myriad::tests::cli({ "netbox", "frob" }).exitCode, 2);
    QCOMPARE(myriad::tests::cli({ "netbox", "import", kFixture }).exitCode, 2);
    const Run missing = myriad::tests::cli({ "netbox", "import", "/nonexistent", "-o", "x.json" });
    QCOMPARE(missing.exitCode, 1);
    QVERIFY(missing.err.contains("/nonexistent"));
  }
};

QTEST_GUILESS_MAIN(TestCliNetbox)
#include "test_cli_netbox.moc"
