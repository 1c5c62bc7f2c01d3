#pragma once
// Test support for connection security (docs/security.md): a certificate authority and
// certificates made for the test by openssl, and a loopback HTTP server — plain, or TLS with
// one of those certificates — answering every request through a handler. Header-only; the
// server runs on the test's event loop (wait with QSignalSpy or QTRY_*).

#include <QByteArray>
#include <QFile>
#include <QList>
#include <QMap>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QProcess>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>

#include <functional>
#include <memory>

namespace myriad::testing
{

/** CA, server certificates for "localhost" (valid and expired) and a self-signed one, made by
 *  openssl in a temporary folder. */
struct TestPki
{
  QTemporaryDir dir;
  QString error;

  QString path(const QString& name) const { return dir.filePath(name); }
  QString caCert() const { return path(QStringLiteral("ca.pem")); }
  QString serverKey() const { return path(QStringLiteral("server.key")); }
  QString serverCert() const { return path(QStringLiteral("server.pem")); }
  QString expiredCert() const { return path(QStringLiteral("expired.pem")); }
  QString selfSignedKey() const { return path(QStringLiteral("self.key")); }
  QString selfSignedCert() const { return path(QStringLiteral("self.pem")); }

  bool openssl(const QStringList& args)
  {
    QProcess p;
    p.setWorkingDirectory(dir.path());
    p.start(QStringLiteral("openssl"), args);
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
    {
      error = QStringLiteral("openssl %1: %2%3")
                .arg(args.join(QLatin1Char(' ')), QString::fromLocal8Bit(p.readAllStandardError()),
                     p.errorString());
      return false;
    }
    return true;
  }

  /** Make everything; false (with `error`) when openssl is missing or fails. */
  bool make()
  {
    const QString san = path(QStringLiteral("san.ext"));
    QFile ext(san);
    if (!ext.open(QIODevice::WriteOnly))
      return false;
    ext.write("subjectAltName=DNS:localhost\n");
    ext.close();
    const QStringList key = { QStringLiteral("-newkey"), QStringLiteral("rsa:2048"),
                              QStringLiteral("-nodes") };
    return openssl(QStringList{ "req", "-x509" } + key +
                   QStringList{ "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj",
                                "/CN=Myriad Test CA" }) &&
           openssl(QStringList{ "req" } + key +
                   QStringList{ "-keyout", "server.key", "-out", "server.csr", "-subj",
                                "/CN=localhost" }) &&
           openssl({ "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
                     "-CAcreateserial", "-out", "server.pem", "-days", "2", "-extfile", san }) &&
           // -days -1: notAfter a day before now, an expired certificate from the same CA
           openssl({ "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
                     "-CAcreateserial", "-out", "expired.pem", "-days", "-1", "-extfile", san }) &&
           openssl(QStringList{ "req", "-x509" } + key +
                   QStringList{ "-keyout", "self.key", "-out", "self.pem", "-days", "2", "-subj",
                                "/CN=localhost", "-addext", "subjectAltName=DNS:localhost" });
  }
};

/** A QSslServer presenting `certPath` (PEM, may hold the chain) with `keyPath`, asking no
 *  client certificate; null when a file cannot be read. */
inline std::unique_ptr<QSslServer> makeTlsServer(const QString& certPath, const QString& keyPath)
{
  QFile certFile(certPath);
  QFile keyFile(keyPath);
  if (!certFile.open(QIODevice::ReadOnly) || !keyFile.open(QIODevice::ReadOnly))
    return nullptr;
  QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
  tls.setLocalCertificateChain(QSslCertificate::fromDevice(&certFile, QSsl::Pem));
  tls.setPrivateKey(QSslKey(&keyFile, QSsl::Rsa, QSsl::Pem));
  tls.setPeerVerifyMode(QSslSocket::VerifyNone);
  auto server = std::make_unique<QSslServer>();
  server->setSslConfiguration(tls);
  return server;
}

struct HttpRequest
{
  QByteArray method;
  QByteArray path;                      ///< with the query
  QMap<QByteArray, QByteArray> headers; ///< names in lower case
  QByteArray body;
};

struct HttpResponse
{
  int status = 200;
  QByteArray body;
  QList<QPair<QByteArray, QByteArray>> headers;

  static HttpResponse redirect(const QByteArray& location)
  {
    HttpResponse r;
    r.status = 302;
    r.headers.append(qMakePair(QByteArray("Location"), location));
    return r;
  }
};

/** A loopback HTTP/1.1 server (one request per connection), TLS when given a certificate. */
class TestHttpServer : public QObject
{
public:
  std::function<HttpResponse(const HttpRequest&)> handler;
  QList<HttpRequest> requests; ///< every request read, in order
  int connections = 0;         ///< TCP connections accepted (TLS ones before the handshake)

  /** Listen with TLS, presenting `certPath` (PEM, may hold the chain) and `keyPath`. */
  bool listenTls(const QString& certPath, const QString& keyPath)
  {
    auto server = makeTlsServer(certPath, keyPath);
    if (!server)
      return false;
    QObject::connect(server.get(), &QSslServer::pendingConnectionAvailable, this,
                     [this] { acceptAll(); });
    m_server = std::move(server);
    return m_server->listen(QHostAddress::Any, 0);
  }

  bool listenPlain()
  {
    m_server = std::make_unique<QTcpServer>();
    QObject::connect(m_server.get(), &QTcpServer::pendingConnectionAvailable, this,
                     [this] { acceptAll(); });
    return m_server->listen(QHostAddress::Any, 0);
  }

  quint16 port() const { return m_server->serverPort(); }

private:
  void acceptAll()
  {
    while (QTcpSocket* socket = m_server->nextPendingConnection())
    {
      ++connections;
      socket->setParent(this);
      QObject::connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
      QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    }
  }

  void read(QTcpSocket* socket)
  {
    QByteArray buffer = socket->property("buffer").toByteArray() + socket->readAll();
    socket->setProperty("buffer", buffer);
    const qsizetype headEnd = buffer.indexOf("\r\n\r\n");
    if (headEnd < 0)
      return;
    HttpRequest request;
    const QList<QByteArray> lines = buffer.left(headEnd).split('\n');
    const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
    request.method = first.value(0);
    request.path = first.value(1);
    for (qsizetype i = 1; i < lines.size(); ++i)
    {
      const qsizetype colon = lines[i].indexOf(':');
      if (colon > 0)
        request.headers.insert(lines[i].left(colon).trimmed().toLower(),
                               lines[i].mid(colon + 1).trimmed());
    }
    const qsizetype length = request.headers.value("content-length", "0").toLongLong();
    if (buffer.size() < headEnd + 4 + length)
      return; // the body is still arriving
    request.body = buffer.mid(headEnd + 4, length);
    requests.append(request);
    const HttpResponse response = handler ? handler(request) : HttpResponse{};
    QByteArray out = "HTTP/1.1 " + QByteArray::number(response.status) + " Status\r\n";
    for (const auto& [name, value] : response.headers)
      out += name + ": " + value + "\r\n";
    out += "Content-Length: " + QByteArray::number(response.body.size()) +
           "\r\nConnection: close\r\n\r\n" + response.body;
    socket->write(out);
    socket->disconnectFromHost();
  }

  std::unique_ptr<QTcpServer> m_server;
};

} // namespace myriad::testing
