// Connection security (tools/connection, docs/security.md) against a loopback HTTPS server with
// certificates made for the test: verification on (refused without the test CA, accepted with
// it, refused for a wrong host name, an expired or a self-signed certificate), bearer and basic
// authentication accepted and refused, redirects to http:// or another host refused, and
// secrets that could split a header refused before anything is sent. No message carries the
// secret.
#include "endpoint.h"
#include "reply_guard.h"
#include "secret_input.h"
#include "tls_test_server.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QtTest>

using namespace myriad;
using connection::AuthKind;
using connection::Endpoint;
using testing::HttpRequest;
using testing::HttpResponse;

namespace
{

const QByteArray kSecret = "s3cret-Token-4711";

struct Outcome
{
  int status = 0;
  QString failure;
  bool forGood = false;
  QByteArray body;
};

Outcome fetch(const Endpoint& endpoint, const QByteArray& secret, const QString& path)
{
  QNetworkAccessManager network;
  QUrl url = endpoint.url;
  url.setPath(path);
  std::unique_ptr<QNetworkReply> reply(
    network.get(connection::prepareRequest(endpoint, secret, url)));
  connection::guardReply(reply.get());
  QSignalSpy finished(reply.get(), &QNetworkReply::finished);
  if (!reply->isFinished())
    finished.wait(20000);
  Outcome out;
  out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
  out.failure = connection::describeFailure(*reply);
  out.forGood = connection::failedForGood(*reply);
  out.body = reply->readAll();
  return out;
}

} // namespace

class TestConnection : public QObject
{
  Q_OBJECT

  testing::TestPki m_pki;
  testing::TestHttpServer m_https;   ///< certificate for "localhost" from the test CA
  testing::TestHttpServer m_expired; ///< the same name, expired
  testing::TestHttpServer m_self;    ///< self-signed for "localhost"
  testing::TestHttpServer m_plain;   ///< plain http, the target of a downgrade
  QByteArray m_expectedAuth;         ///< the Authorization the server wants; "" = none

  HttpResponse answer(const HttpRequest& request)
  {
    const QByteArray base = "://localhost:";
    if (request.path == "/to-http")
      return HttpResponse::redirect("http" + base + QByteArray::number(m_plain.port()) +
                                    "/metrics");
    if (request.path == "/to-other-host")
      return HttpResponse::redirect("https://127.0.0.1:" + QByteArray::number(m_https.port()) +
                                    "/metrics");
    if (request.path == "/same-host")
      return HttpResponse::redirect("/metrics");
    if (!m_expectedAuth.isEmpty() && request.headers.value("authorization") != m_expectedAuth)
    {
      HttpResponse refused;
      refused.status = 401;
      refused.headers.append(qMakePair(QByteArray("WWW-Authenticate"), QByteArray("Bearer")));
      return refused;
    }
    HttpResponse ok;
    ok.body = "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\"} 41\n";
    return ok;
  }

  Endpoint endpoint(const testing::TestHttpServer& server, const QString& host = "localhost")
  {
    Endpoint e;
    e.url = QUrl(QStringLiteral("https://%1:%2/").arg(host).arg(server.port()));
    e.caBundle = m_pki.caCert();
    return e;
  }

private slots:
  void initTestCase()
  {
    if (!m_pki.make())
      QFAIL(qPrintable(m_pki.error)); // openssl is a test dependency (scripts/install-deps.sh)
    for (auto* s : { &m_https, &m_expired, &m_self, &m_plain })
      s->handler = [this](const HttpRequest& r) { return answer(r); };
    QVERIFY(m_https.listenTls(m_pki.serverCert(), m_pki.serverKey()));
    QVERIFY(m_expired.listenTls(m_pki.expiredCert(), m_pki.serverKey()));
    QVERIFY(m_self.listenTls(m_pki.selfSignedCert(), m_pki.selfSignedKey()));
    QVERIFY(m_plain.listenPlain());
  }

  void init() { m_expectedAuth.clear(); }

  void refusedWithoutTheTestCa()
  {
    // The server's chain ends at the test CA, which no system trusts: verification must fail.
    Endpoint e = endpoint(m_https);
    e.caBundle.clear();
    const Outcome o = fetch(e, {}, "/metrics");
    QCOMPARE(o.status, 0);
    QVERIFY(o.forGood);
    QVERIFY2(o.failure.contains("TLS verification failed"), qPrintable(o.failure));
    QVERIFY2(o.failure.contains(QStringLiteral("localhost:%1").arg(m_https.port())),
             qPrintable(o.failure));
    QVERIFY2(o.failure.contains("CA"), qPrintable(o.failure));
  }

  void acceptedWithTheTestCa()
  {
    const Outcome o = fetch(endpoint(m_https), {}, "/metrics");
    QCOMPARE(o.status, 200);
    QCOMPARE(o.failure, QString());
    QVERIFY(o.body.startsWith("DCGM_FI_DEV_GPU_TEMP"));
  }

  void refusedForAWrongHostName()
  {
    // The certificate names DNS:localhost only; 127.0.0.1 is the same server, not that name.
    const Outcome o = fetch(endpoint(m_https, "127.0.0.1"), {}, "/metrics");
    QCOMPARE(o.status, 0);
    QVERIFY2(o.failure.contains("host name", Qt::CaseInsensitive), qPrintable(o.failure));
  }

  void refusedForAnExpiredCertificate()
  {
    const Outcome o = fetch(endpoint(m_expired), {}, "/metrics");
    QCOMPARE(o.status, 0);
    QVERIFY2(o.failure.contains("expired", Qt::CaseInsensitive), qPrintable(o.failure));
  }

  void refusedForASelfSignedCertificate()
  {
    const Outcome o = fetch(endpoint(m_self), {}, "/metrics");
    QCOMPARE(o.status, 0);
    QVERIFY2(o.failure.contains("self signed", Qt::CaseInsensitive) ||
               o.failure.contains("self-signed", Qt::CaseInsensitive),
             qPrintable(o.failure));
  }

  void bearerAcceptedAndRefused()
  {
    m_expectedAuth = "Bearer " + kSecret;
    Endpoint e = endpoint(m_https);
    e.auth = AuthKind::Bearer;
    QCOMPARE(fetch(e, kSecret, "/metrics").status, 200);
    const Outcome wrong = fetch(e, "not-the-token", "/metrics");
    QCOMPARE(wrong.status, 401);
    QVERIFY2(wrong.failure.contains("refused the credentials"), qPrintable(wrong.failure));
    QVERIFY(!wrong.failure.contains("not-the-token"));
    e.auth = AuthKind::None;
    const Outcome none = fetch(e, {}, "/metrics");
    QCOMPARE(none.status, 401);
    QVERIFY2(none.failure.contains("asks for credentials"), qPrintable(none.failure));
  }

  void basicAcceptedAndRefused()
  {
    // RFC 7617: base64("ops:" + password)
    m_expectedAuth = "Basic " + QByteArray("ops:" + kSecret).toBase64();
    Endpoint e = endpoint(m_https);
    e.auth = AuthKind::Basic;
    e.username = QStringLiteral("ops");
    QCOMPARE(fetch(e, kSecret, "/metrics").status, 200);
    e.username = QStringLiteral("guest");
    const Outcome wrong = fetch(e, kSecret, "/metrics");
    QCOMPARE(wrong.status, 401);
    QVERIFY(!wrong.failure.contains(QString::fromLatin1(kSecret)));
  }

  void netboxTokenHeader()
  {
    m_expectedAuth = "Token " + kSecret;
    Endpoint e = endpoint(m_https);
    e.auth = AuthKind::Token;
    QCOMPARE(fetch(e, kSecret, "/metrics").status, 200);
    m_expectedAuth = "Bearer nbt_abc.def"; // NetBox 4.5 v2 keys go as Bearer
    QCOMPARE(fetch(e, "nbt_abc.def", "/metrics").status, 200);
  }

  void redirectsToHttpOrAnotherHostAreRefused()
  {
    m_expectedAuth = "Bearer " + kSecret;
    Endpoint e = endpoint(m_https);
    e.auth = AuthKind::Bearer;
    const int plainBefore = m_plain.requests.size();
    const Outcome down = fetch(e, kSecret, "/to-http");
    QVERIFY(down.status != 200); // the 302 itself, never the page behind it
    QVERIFY(down.forGood);
    QVERIFY2(down.failure.contains("never from https to http"), qPrintable(down.failure));
    QCOMPARE(m_plain.requests.size(), plainBefore); // nothing, and no token, went out in clear
    const Outcome other = fetch(e, kSecret, "/to-other-host");
    QVERIFY(other.forGood);
    QVERIFY2(other.failure.contains("127.0.0.1"), qPrintable(other.failure));
    QCOMPARE(fetch(e, kSecret, "/same-host").status, 200); // same host, https: followed
  }

  void headerSplittingSecretsAreRefusedBeforeSending()
  {
    Endpoint e = endpoint(m_https);
    e.auth = AuthKind::Bearer;
    const QString problem = connection::checkSecret(e, kSecret + "\r\nX-Evil: 1");
    QVERIFY2(problem.contains("control character"), qPrintable(problem));
    QVERIFY(!problem.contains(QString::fromLatin1(kSecret)));
    QVERIFY(connection::checkSecret(e, {}).contains("needs a token"));
    QCOMPARE(connection::checkSecret(e, kSecret), QString());
  }

  void endpointChecks()
  {
    Endpoint e;
    e.url = QUrl(QStringLiteral("https://ops:%1@localhost/").arg(QString::fromLatin1(kSecret)));
    const QString inUrl = connection::checkEndpoint(e);
    QVERIFY2(inUrl.contains("user name or password"), qPrintable(inUrl));
    QVERIFY(!inUrl.contains(QString::fromLatin1(kSecret)));
    e.url = QUrl(QStringLiteral("ftp://localhost/"));
    QVERIFY(connection::checkEndpoint(e).contains("http:// or https://"));
    e.url = QUrl(QStringLiteral("https://localhost/"));
    e.caBundle = m_pki.path(QStringLiteral("missing.pem"));
    QVERIFY(connection::checkEndpoint(e).contains("does not exist"));
    e.caBundle = m_pki.path(QStringLiteral("san.ext")); // a file, but no certificate
    QVERIFY(connection::checkEndpoint(e).contains("holds no PEM certificate"));
    e.caBundle = m_pki.caCert();
    e.auth = AuthKind::Basic;
    e.username = QStringLiteral("a:b");
    QVERIFY(connection::checkEndpoint(e).contains("user name"));
  }

  void secretsFromFilesAndEnvironment()
  {
    QString error;
    const QString file = m_pki.path(QStringLiteral("token.txt"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kSecret + "\n");
    f.close();
    QCOMPARE(connection::secretFromFile(file, &error), kSecret); // one trailing newline dropped
    QVERIFY(error.isEmpty());
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kSecret + "\nsecond line\n");
    f.close();
    QVERIFY(connection::secretFromFile(file, &error).isEmpty());
    QVERIFY2(error.contains("one line") && !error.contains(QString::fromLatin1(kSecret)),
             qPrintable(error));
    error.clear();
    qputenv("MYRIAD_TEST_SECRET", kSecret);
    QCOMPARE(connection::secretFromEnvironment(QStringLiteral("MYRIAD_TEST_SECRET"), &error),
             kSecret);
    qunsetenv("MYRIAD_TEST_SECRET");
    QVERIFY(
      connection::secretFromEnvironment(QStringLiteral("MYRIAD_TEST_SECRET"), &error).isEmpty());
    QVERIFY(error.contains("MYRIAD_TEST_SECRET"));
  }
};

QTEST_GUILESS_MAIN(TestConnection)
#include "test_connection.moc"
