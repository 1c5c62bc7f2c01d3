// Live polling against a loopback HTTP server (QTcpServer) that serves DCGM exporter pages, then
// an HTTP 500, a request it never answers (timeout), a malformed body, and pages again: the
// poller must deliver snapshots, go to Backoff with doubling delays on each failure, keep
// polling, and return to Live (plain interval) on the first good page. Also the folder watch.
#include "live_scheduler.h"
#include "telemetry_poller.h"

#include "myriad/engine/catalog.h"

#include <QFile>
#include <QNetworkProxy>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <deque>

using myriad::app::JobOutcome;
using myriad::app::LiveScheduler;
using myriad::app::TelemetryPoller;
using myriad::engine::telemetry::Snapshot;

namespace
{

/** Serves one response per connection according to `mode`. */
class TestServer : public QObject
{
public:
  enum class Mode
  {
    Page,      ///< 200 with a DCGM page whose GPU temperature is 40 + page number
    Error500,  ///< 500 Internal Server Error
    Silent,    ///< read the request, never answer
    Malformed, ///< 200 with bytes that are no telemetry format
    Huge       ///< 200 with a body larger than the poller accepts
  };
  Mode mode = Mode::Page;  ///< used once `script` is empty
  std::deque<Mode> script; ///< modes of the next requests, in order
  int requests = 0;
  int pages = 0;

  bool listen() { return m_server.listen(QHostAddress::LocalHost, 0); }
  QUrl url() const
  {
    return QUrl(QStringLiteral("http://127.0.0.1:%1/metrics").arg(m_server.serverPort()));
  }

  TestServer()
  {
    connect(&m_server, &QTcpServer::newConnection, this,
            [this]
            {
              while (QTcpSocket* socket = m_server.nextPendingConnection())
              {
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onRead(socket); });
              }
            });
  }

private:
  void onRead(QTcpSocket* socket)
  {
    QByteArray& request = m_buffers[socket];
    request += socket->readAll();
    if (!request.contains("\r\n\r\n") || socket->property("answered").toBool())
      return;
    socket->setProperty("answered", true);
    ++requests;
    Mode now = mode;
    if (!script.empty())
    {
      now = script.front();
      script.pop_front();
    }
    switch (now)
    {
      case Mode::Page:
        return reply(socket, "200 OK", page(++pages));
      case Mode::Error500:
        return reply(socket, "500 Internal Server Error", "exporter crashed\n");
      case Mode::Malformed:
        return reply(socket, "200 OK", QByteArray("\x01\x02garbage{{{ not metrics", 24));
      case Mode::Huge:
        return reply(socket, "200 OK", QByteArray(64 * 1024, '#'));
      case Mode::Silent:
        return; // keep the connection open, say nothing
    }
  }

  static QByteArray page(int n)
  {
    return QByteArrayLiteral("# HELP DCGM_FI_DEV_GPU_TEMP GPU temperature (in C).\n"
                             "# TYPE DCGM_FI_DEV_GPU_TEMP gauge\n"
                             "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",hostname=\"dgx-r01-k01-n1\"} ") +
           QByteArray::number(40 + n) +
           QByteArrayLiteral("\nDCGM_FI_DEV_GPU_TEMP{gpu=\"1\",hostname=\"dgx-r01-k01-n1\"} 41\n");
  }

  static void reply(QTcpSocket* socket, const QByteArray& status, const QByteArray& body)
  {
    socket->write("HTTP/1.1 " + status + "\r\nContent-Type: text/plain\r\nContent-Length: " +
                  QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
    socket->disconnectFromHost();
  }

  QTcpServer m_server;
  std::map<QTcpSocket*, QByteArray> m_buffers;
};

double firstValue(const std::shared_ptr<const Snapshot>& s)
{
  return s && !s->samples.empty() ? s->samples.front().value : -1;
}

using Snap = std::shared_ptr<const Snapshot>;

} // namespace

class TestTelemetryPoller final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase() { QNetworkProxy::setApplicationProxy(QNetworkProxy::NoProxy); }
  void backoffSequenceAndRecovery();
  void backoffIsCapped();
  void oversizedResponseRefused();
  void folderWatchReadsNewFiles();
};

void TestTelemetryPoller::backoffSequenceAndRecovery()
{
  // Script: page, page, 500, 500, no answer, garbage, page. Each failure k waits
  // min(max, interval·2^(k−1)) = 100, 200, 400, 800 ms; the good page resets to 100 ms.
  using Mode = TestServer::Mode;
  TestServer server;
  QVERIFY(server.listen());
  server.script = { Mode::Page,   Mode::Page,      Mode::Error500, Mode::Error500,
                    Mode::Silent, Mode::Malformed, Mode::Page };
  server.mode = Mode::Silent; // after the script: hold the poller in a long timeout
  LiveScheduler scheduler(myriad::engine::Catalog::builtin());
  TelemetryPoller poller;
  poller.setScheduler(&scheduler); // parses are the app's scheduler jobs, as in the app
  poller.setTimeoutMs(1500);       // long enough for a loaded machine to answer a page
  poller.setMaxBackoffMs(10000);
  std::vector<Snap> received;
  connect(&poller, &TelemetryPoller::snapshotReceived, this,
          [&](Snap s) { received.push_back(std::move(s)); });
  struct Step
  {
    TelemetryPoller::State state;
    int delayMs;
    QString error;
  };
  std::vector<Step> steps;
  connect(&poller, &TelemetryPoller::stateChanged, this,
          [&](TelemetryPoller::State state, const QString&) {
            steps.push_back({ state, poller.currentDelayMs(), poller.lastError() });
          });

  poller.startUrl(server.url(), 100);
  QCOMPARE(poller.state(), TelemetryPoller::State::Connecting);
  QTRY_COMPARE_WITH_TIMEOUT(received.size(), std::size_t(3), 10000);
  QCOMPARE(poller.state(), TelemetryPoller::State::Live);
  QCOMPARE(poller.consecutiveFailures(), 0);
  QCOMPARE(poller.currentDelayMs(), 100);
  QVERIFY(poller.statusText().contains("live"));
  // Values in page order; snapshots without timestamps get their arrival time.
  QCOMPARE(firstValue(received[0]), 41.0);
  QCOMPARE(firstValue(received[1]), 42.0);
  QCOMPARE(firstValue(received[2]), 43.0);
  QVERIFY(received[0]->timeMs > 0);

  using S = TelemetryPoller::State;
  std::vector<Step> failures;
  for (const Step& step : steps)
    if (step.state == S::Backoff)
      failures.push_back(step);
  QCOMPARE(failures.size(), std::size_t(4));
  QCOMPARE(failures[0].delayMs, 100);
  QCOMPARE(failures[1].delayMs, 200);
  QCOMPARE(failures[2].delayMs, 400);
  QCOMPARE(failures[3].delayMs, 800);
  QVERIFY2(failures[0].error.contains("500"), qPrintable(failures[0].error));
  QVERIFY2(failures[2].error.contains("timeout"), qPrintable(failures[2].error));
  QVERIFY2(failures[3].error.contains("malformed"), qPrintable(failures[3].error));
  QCOMPARE(steps.front().state, S::Connecting);
  QCOMPARE(steps.back().state, S::Live);

  poller.stop();
  QCOMPARE(poller.state(), TelemetryPoller::State::Stopped);
  // Stopped means no more requests: no poll scheduled and none in flight.
  QVERIFY(!poller.polling());
}

void TestTelemetryPoller::backoffIsCapped()
{
  // A server that is down (port closed): delays 100, 200, 300 (cap), 300 ms.
  QTcpServer probe;
  QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
  const quint16 port = probe.serverPort();
  probe.close();
  TelemetryPoller poller;
  poller.setMaxBackoffMs(300);
  QSignalSpy states(&poller, &TelemetryPoller::stateChanged);
  poller.startUrl(QUrl(QStringLiteral("http://127.0.0.1:%1/metrics").arg(port)), 100);
  QTRY_VERIFY_WITH_TIMEOUT(poller.consecutiveFailures() >= 4, 5000);
  QCOMPARE(poller.currentDelayMs(), 300);
  QCOMPARE(poller.state(), TelemetryPoller::State::Backoff);
  QVERIFY(!poller.lastError().isEmpty());
  QVERIFY(poller.statusText().contains("retry"));
  QVERIFY(states.count() >= 4);
}

void TestTelemetryPoller::oversizedResponseRefused()
{
  TestServer server;
  QVERIFY(server.listen());
  server.mode = TestServer::Mode::Huge;
  TelemetryPoller poller;
  poller.setMaxBytes(16 * 1024);
  poller.startUrl(server.url(), 100);
  QTRY_COMPARE_WITH_TIMEOUT(poller.consecutiveFailures(), 1, 5000);
  QVERIFY2(poller.lastError().contains("larger"), qPrintable(poller.lastError()));
}

void TestTelemetryPoller::folderWatchReadsNewFiles()
{
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  LiveScheduler scheduler(myriad::engine::Catalog::builtin());
  QStringList jobKeys;
  connect(&scheduler, &LiveScheduler::jobFinished, this,
          [&](const JobOutcome& outcome) { jobKeys << outcome.key; });
  TelemetryPoller poller;
  poller.setScheduler(&scheduler);
  std::vector<Snap> received;
  connect(&poller, &TelemetryPoller::snapshotReceived, this,
          [&](Snap s) { received.push_back(std::move(s)); });
  poller.startFolder(dir.path(), 50);
  QTRY_VERIFY_WITH_TIMEOUT(poller.pollsStarted() >= 3, 3000);
  QCOMPARE(received.size(), std::size_t(0)); // empty folder: waiting, not failing
  QCOMPARE(poller.consecutiveFailures(), 0);

  // Files are written with explicit modification times a few seconds apart, so that the
  // newest is well defined whatever the file system's time resolution.
  const QDateTime base = QDateTime::currentDateTime().addSecs(-60);
  const auto write = [&](const QString& name, const QByteArray& text, int secondsAfterBase)
  {
    QFile file(dir.filePath(name));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
    file.flush();
    QVERIFY(file.setFileTime(base.addSecs(secondsAfterBase), QFileDevice::FileModificationTime));
  };
  write("a.prom", "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",hostname=\"h\"} 55\n", 0);
  QTRY_COMPARE_WITH_TIMEOUT(received.size(), std::size_t(1), 3000);
  QCOMPARE(firstValue(received[0]), 55.0);
  QVERIFY2(jobKeys.contains(QStringLiteral("telemetry.parse")), qPrintable(jobKeys.join(',')));
  const qint64 polls = poller.pollsStarted();
  QTRY_VERIFY_WITH_TIMEOUT(poller.pollsStarted() >= polls + 3, 3000);
  QCOMPARE(received.size(), std::size_t(1)); // the same file is not read twice
  write("b.prom", "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",hostname=\"h\"} 66\n", 10);
  write("c.part", "half-written", 20);
  QTRY_COMPARE_WITH_TIMEOUT(received.size(), std::size_t(2), 3000);
  QCOMPARE(firstValue(received[1]), 66.0);

  // The folder disappears: a failure naming it.
  poller.startFolder(dir.filePath("missing"), 50);
  QTRY_COMPARE_WITH_TIMEOUT(poller.consecutiveFailures(), 1, 3000);
  QVERIFY(poller.lastError().contains("does not exist"));
}

QTEST_MAIN(TestTelemetryPoller)
#include "test_telemetry_poller.moc"
