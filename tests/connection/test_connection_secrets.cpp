// Secrets stay out of files (docs/security.md), end to end on a real OS keychain: run by
// with-keyring.sh under a private HOME with GNOME Keyring on its own D-Bus session. The app's
// connection options keep a token in the keychain; the Telemetry dock polls a loopback HTTPS
// exporter with it (bearer, test CA); the NetBox import dialog reads a loopback HTTPS NetBox
// with another token kept there too; the imported scene is saved and autosaved; the CLI imports
// and dry-runs an export with the token from a file, and writes the report of that hall. Then
// every file of the sandbox (settings, recovery files, keyring folder, caches, temporary files,
// the outputs, the report's text) and every log message is searched for the secrets, in clear
// and in base64: none may hold them.
#include "connection_form.h"
#include "connection_settings.h"
#include "netbox_import_dialog.h"
#include "secret_store.h"
#include "telemetry_panel.h"
#include "telemetry_poller.h"
#include "tls_test_server.h"

#include "autosave.h"
#include "scene_document.h"

#include "myriad/engine/catalog.h"

#include <QApplication>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QUrlQuery>
#include <QtTest>

using namespace myriad;
using testing::HttpRequest;
using testing::HttpResponse;

namespace
{

const QByteArray kTelemetrySecret = "tele-S3cret-7a1f0c";
const QByteArray kNetboxSecret = "0b5e9d2c-netbox-S3cret-4711";
const QString kFixture = QStringLiteral(MYRIAD_SOURCE_DIR "/tests/netbox/fixtures/netbox-4.1");

QStringList g_messages; ///< every qDebug/qWarning/qCritical of the test process

void recordMessage(QtMsgType, const QMessageLogContext&, const QString& text)
{
  g_messages << text;
}

/** A NetBox answering the 4.1 fixture (every list on one page) to "Token kNetboxSecret". */
HttpResponse netboxAnswer(const HttpRequest& request)
{
  HttpResponse r;
  if (request.headers.value("authorization") != "Token " + kNetboxSecret)
  {
    r.status = 403;
    r.body = R"({"detail": "Invalid token"})";
    return r;
  }
  const QUrl url(QString::fromLatin1(request.path));
  const QString endpoint = url.path().mid(5).chopped(1); // "/api/dcim/racks/" → "dcim/racks"
  QFile file(kFixture + "/" + endpoint + ".json");
  // What the fixture does not hold (manufacturers, asked by an export's dry run): none yet.
  r.body = file.open(QIODevice::ReadOnly)
             ? file.readAll()
             : QByteArray(R"({"count": 0, "next": null, "previous": null, "results": []})");
  return r;
}

} // namespace

class TestConnectionSecrets : public QObject
{
  Q_OBJECT

  testing::TestPki m_pki;
  testing::TestHttpServer m_exporter;
  testing::TestHttpServer m_netbox;
  QString m_sandbox; ///< with-keyring.sh's folder: HOME, TMPDIR, XDG_RUNTIME_DIR
  QString m_home;

private slots:
  void initTestCase()
  {
    m_sandbox = qEnvironmentVariable("MYRIAD_TEST_SANDBOX");
    m_home = qEnvironmentVariable("HOME");
    if (m_sandbox.isEmpty() || !m_home.startsWith(m_sandbox))
      QSKIP("run through tests/connection/with-keyring.sh (it sets up the keychain and HOME)");
    qInstallMessageHandler(recordMessage);
    QVERIFY2(m_pki.make(), qPrintable(m_pki.error));
    m_exporter.handler = [](const HttpRequest& request)
    {
      HttpResponse r;
      if (request.headers.value("authorization") != "Bearer " + kTelemetrySecret)
        r.status = 401;
      else
        r.body = "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",Hostname=\"su01-gpu001\"} 41\n";
      return r;
    };
    m_netbox.handler = netboxAnswer;
    QVERIFY(m_exporter.listenTls(m_pki.serverCert(), m_pki.serverKey()));
    QVERIFY(m_netbox.listenTls(m_pki.serverCert(), m_pki.serverKey()));
  }

  /** Connection… stores the token in the keychain; Start reads it from there and polls. */
  void telemetryTokenFromTheKeychain()
  {
    const QUrl url(QStringLiteral("https://localhost:%1/metrics").arg(m_exporter.port()));
    connection::Endpoint endpoint;
    endpoint.url = url;
    endpoint.caBundle = m_pki.caCert();
    endpoint.auth = connection::AuthKind::Bearer;
    endpoint.keychainEntry = QStringLiteral("telemetry-test");
    {
      app::ConnectionForm form({ connection::AuthKind::None, connection::AuthKind::Bearer },
                               QStringLiteral("telemetry"));
      form.setEndpoint(endpoint);
      form.setSecret(kTelemetrySecret);
      QString stored = QStringLiteral("pending");
      form.storeSecret([&](const QString& error) { stored = error; });
      QTRY_VERIFY_WITH_TIMEOUT(stored != QLatin1String("pending"), 20000);
      QVERIFY2(stored.isEmpty(), qPrintable(stored));
      app::saveEndpoint(QStringLiteral("telemetry"), form.endpoint(url));
    }
    app::TelemetryPanel panel;
    panel.setConnection(app::loadEndpoint(QStringLiteral("telemetry")), {}); // no secret held
    QCOMPARE(panel.connectionEndpoint().keychainEntry, QStringLiteral("telemetry-test"));
    QSignalSpy added(&panel, &app::TelemetryPanel::snapshotAdded);
    QVERIFY(panel.startLive(url.toString(), 60));
    QVERIFY2(added.wait(20000), qPrintable(panel.poller()->lastError()));
    QCOMPARE(m_exporter.requests.last().headers.value("authorization"),
             "Bearer " + kTelemetrySecret);
    panel.stopLive();
  }

  /** A wrong token kept in memory: 401, back-off, a message without the token. */
  void telemetryRefusedTokenBacksOff()
  {
    app::TelemetryPoller poller;
    connection::Endpoint endpoint;
    endpoint.url = QUrl(QStringLiteral("https://localhost:%1/metrics").arg(m_exporter.port()));
    endpoint.caBundle = m_pki.caCert();
    endpoint.auth = connection::AuthKind::Bearer;
    QSignalSpy states(&poller, &app::TelemetryPoller::stateChanged);
    QCOMPARE(poller.startEndpoint(endpoint, "wrong-" + kTelemetrySecret, 60000), QString());
    QTRY_COMPARE_WITH_TIMEOUT(poller.state(), app::TelemetryPoller::State::Backoff, 20000);
    QVERIFY2(poller.lastError().contains("refused the credentials") &&
               poller.lastError().contains(QStringLiteral("localhost:%1").arg(m_exporter.port())),
             qPrintable(poller.lastError()));
    QVERIFY(!poller.lastError().contains(QString::fromLatin1(kTelemetrySecret)));
    QVERIFY(poller.currentDelayMs() >= 60000);
    QVERIFY(poller.startEndpoint(endpoint, kTelemetrySecret + "\n", 1000).contains("control"));
  }

  /** File ▸ Import from NetBox… over TLS with the token kept in the keychain; the scene saved
   *  and autosaved. */
  void netboxImportAndSavedScene()
  {
    const QUrl url(QStringLiteral("https://localhost:%1").arg(m_netbox.port()));
    app::NetboxImportDialog dialog;
    connection::Endpoint endpoint;
    endpoint.url = url;
    endpoint.caBundle = m_pki.caCert();
    endpoint.auth = connection::AuthKind::Token;
    endpoint.keychainEntry = QStringLiteral("netbox-test");
    dialog.connectionForm()->setEndpoint(endpoint);
    dialog.setSource(url.toString());
    dialog.setToken(QString::fromLatin1(kNetboxSecret));
    dialog.setSite(QStringLiteral("bj-dc1"));
    QSignalSpy finished(&dialog, &app::NetboxImportDialog::importFinished);
    dialog.startImport();
    QVERIFY(finished.wait(60000));
    QVERIFY2(finished.first().first().toBool(), qPrintable(dialog.summary()));
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.connectionForm()->keychainMessage().isEmpty(), 20000);
    QVERIFY2(dialog.connectionForm()->keychainMessage().contains("Kept"),
             qPrintable(dialog.connectionForm()->keychainMessage()));

    // A new dialog reads the token back from the keychain (the settings hold only its name).
    app::NetboxImportDialog again;
    QTRY_COMPARE_WITH_TIMEOUT(again.connectionForm()->secret(), kNetboxSecret, 20000);

    app::SceneDocument document(engine::Catalog::builtin());
    document.setGenerated(dialog.result()->scene);
    document.setModified(true); // an unsaved import, as the app holds it before File ▸ Save
    app::Autosave autosave(&document, nullptr);
    QVERIFY(autosave.saveRecoveryNow());
    m_recovery = autosave.recoveryPath();
    QFile recovery(m_recovery); // removed again when the Autosave goes: searched here
    QVERIFY(recovery.open(QIODevice::ReadOnly));
    const QByteArray recovered = recovery.readAll();
    QVERIFY(recovered.contains("\"racks\""));
    QVERIFY(!recovered.contains(kNetboxSecret) && !recovered.contains(kTelemetrySecret));
    document.saveAs(m_home + "/imported.json");
    QVERIFY(QFile::exists(m_home + "/imported.json"));
    QSettings().sync();
  }

  /** The CLI with the token in a file (never an argument): import, then an export dry run. */
  void cliWithTokenFile()
  {
    const QString token = m_home + "/netbox-token.txt";
    QFile file(token);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kNetboxSecret + "\n");
    file.close();
    // The user's own input, not something Myriad wrote: gone before the search, pass or fail.
    const auto removeToken = qScopeGuard([&] { QFile::remove(token); });
    const QString url = QStringLiteral("https://localhost:%1").arg(m_netbox.port());
    const QString scene = m_home + "/cli-import.json";
    QString out;
    const int imported = run({ "netbox", "import", url, "-o", scene, "--site", "bj-dc1",
                               "--ca-bundle", m_pki.caCert(), "--token-file", token },
                             &out);
    QVERIFY2(imported == 0, qPrintable(out));
    const int exported = run({ "netbox", "export", scene, "-o", m_home + "/export", "--apply", url,
                               "--ca-bundle", m_pki.caCert(), "--token-file", token },
                             &out);
    QVERIFY2(exported == 0, qPrintable(out));
    QVERIFY2(out.contains("nothing was created"), qPrintable(out));
    // The executive report of the imported hall; its text extracted (the PDF's streams are
    // compressed) so the search below reads what a reader of the report would.
    const int reported = run(
      { "report", scene, "-o", m_home + "/report.pdf", "--json", m_home + "/report.json" }, &out);
    QVERIFY2(reported == 0, qPrintable(out));
    QProcess text;
    text.start(QStringLiteral("pdftotext"), { m_home + "/report.pdf", m_home + "/report.txt" });
    QVERIFY2(text.waitForFinished(60000) && text.exitCode() == 0,
             "pdftotext (poppler-utils, scripts/install-deps.sh) could not read the report");
    QVERIFY(QFile(m_home + "/report.txt").size() > 100);
    QVERIFY(!out.toUtf8().contains(kNetboxSecret));
  }

  /** No file in the sandbox (HOME, the temporary and runtime folders) and no log message
   *  holds a secret. */
  void noSecretInAnyFileOrMessage()
  {
    QSettings().sync();
    const QList<QByteArray> secrets = { kTelemetrySecret, kNetboxSecret,
                                        kTelemetrySecret.toBase64(), kNetboxSecret.toBase64() };
    int files = 0;
    bool sawSettings = false;
    // Regular files only (QDir::System would add the keyring's sockets).
    QDirIterator it(m_sandbox, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
    {
      const QString path = it.next();
      QFile f(path);
      QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
      const QByteArray bytes = f.readAll();
      ++files;
      sawSettings = sawSettings || bytes.contains("telemetry-test");
      for (const QByteArray& secret : secrets)
        QVERIFY2(!bytes.contains(secret), qPrintable(path + " holds a secret"));
    }
    // The search found what was written: settings (naming the keychain entry), both scenes,
    // the export and the keyring's own (encrypted) files.
    QVERIFY2(sawSettings, "no settings file under HOME: the search looked in the wrong place");
    QVERIFY(m_recovery.startsWith(m_home));
    QVERIFY2(files >= 8, qPrintable(QString::number(files)));
    for (const QString& message : std::as_const(g_messages))
      for (const QByteArray& secret : secrets)
        QVERIFY2(!message.toUtf8().contains(secret), qPrintable("a log message holds a secret"));
  }

private:
  int run(const QStringList& arguments, QString* out)
  {
    QProcess process;
    QSignalSpy finished(&process, &QProcess::finished);
    process.start(QStringLiteral(MYRIAD_CLI), arguments);
    if (!finished.wait(120000))
      return -1;
    *out += QString::fromUtf8(process.readAllStandardOutput() + process.readAllStandardError());
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
  }

  QString m_recovery;
};

int main(int argc, char** argv)
{
  QApplication app(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("Myriad"));
  QCoreApplication::setApplicationName(QStringLiteral("Myriad"));
  TestConnectionSecrets test;
  return QTest::qExec(&test, argc, argv);
}

#include "test_connection_secrets.moc"
