// What verified TLS and authentication cost a poll (docs/security.md; docs/benchmarks.md,
// "Connections"): sequential GETs of a DCGM-sized /metrics page from a loopback server, plain
// HTTP against HTTPS verified with the test CA and a bearer token, with a new connection per
// request (a new client each time: a full TLS handshake, the worst case) and with one client
// (the server still closes each connection, so the client reconnects, but it may resume its TLS
// session). Median and 95th percentile.
#include "endpoint.h"
#include "reply_guard.h"
#include "tls_test_server.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace myriad;

namespace
{

/** `count` GETs of `url` one after the other; each one's wall time in ms. */
std::vector<double> timeGets(const connection::Endpoint& endpoint, const QByteArray& secret,
                             int count, bool newManagerEach)
{
  std::vector<double> ms;
  auto shared = std::make_unique<QNetworkAccessManager>();
  for (int i = 0; i < count; ++i)
  {
    std::unique_ptr<QNetworkAccessManager> own;
    QNetworkAccessManager* network = shared.get();
    if (newManagerEach)
    {
      own = std::make_unique<QNetworkAccessManager>();
      network = own.get();
    }
    QElapsedTimer timer;
    timer.start();
    QNetworkReply* reply = network->get(connection::prepareRequest(endpoint, secret, endpoint.url));
    connection::guardReply(reply);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
      loop.exec();
    if (!connection::describeFailure(*reply).isEmpty())
    {
      std::fprintf(stderr, "bench_connection: %s\n",
                   qPrintable(connection::describeFailure(*reply)));
      std::exit(1);
    }
    reply->readAll();
    ms.push_back(timer.nsecsElapsed() / 1e6);
    delete reply;
  }
  return ms;
}

void report(const char* what, std::vector<double> ms)
{
  std::sort(ms.begin(), ms.end());
  std::printf("%-52s median %6.2f ms   p95 %6.2f ms   (%zu requests)\n", what, ms[ms.size() / 2],
              ms[ms.size() * 95 / 100], ms.size());
}

} // namespace

int main(int argc, char** argv)
{
  QCoreApplication app(argc, argv);
  testing::TestPki pki;
  if (!pki.make())
  {
    std::fprintf(stderr, "bench_connection: %s\n", qPrintable(pki.error));
    return 1;
  }
  // A DCGM exporter page of an 8-GPU node: 40 metrics × 8 GPUs = 320 lines, ~32 KB.
  QByteArray page;
  for (int gpu = 0; gpu < 8; ++gpu)
    for (int metric = 0; metric < 40; ++metric)
      page += "DCGM_FI_METRIC_" + QByteArray::number(metric) + "{gpu=\"" + QByteArray::number(gpu) +
              "\",UUID=\"GPU-00000000-0000-0000-0000-000000000000\",Hostname=\"su01-gpu001\"} " +
              QByteArray::number(metric * 1.5) + "\n";
  const QByteArray token = "bench-token-0123456789abcdef";
  testing::TestHttpServer plain, tls;
  for (auto* server : { &plain, &tls })
    server->handler = [&, server](const testing::HttpRequest& request)
    {
      testing::HttpResponse r;
      r.status =
        server == &tls && request.headers.value("authorization") != "Bearer " + token ? 401 : 200;
      r.body = r.status == 200 ? page : QByteArray();
      return r;
    };
  if (!plain.listenPlain() || !tls.listenTls(pki.serverCert(), pki.serverKey()))
    return 1;
  connection::Endpoint http;
  http.url = QUrl(QStringLiteral("http://localhost:%1/metrics").arg(plain.port()));
  connection::Endpoint https;
  https.url = QUrl(QStringLiteral("https://localhost:%1/metrics").arg(tls.port()));
  https.caBundle = pki.caCert();
  https.auth = connection::AuthKind::Bearer;
  constexpr int kCount = 200;
  std::printf("bench_connection: GET of a %d-byte /metrics page on loopback\n",
              static_cast<int>(page.size()));
  report("plain HTTP, new client each request", timeGets(http, {}, kCount, true));
  report("HTTPS verified + bearer, new client each request", timeGets(https, token, kCount, true));
  report("plain HTTP, one client", timeGets(http, {}, kCount, false));
  report("HTTPS verified + bearer, one client", timeGets(https, token, kCount, false));
  return 0;
}
