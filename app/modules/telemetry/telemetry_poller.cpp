#include "telemetry_poller.h"

#include "live_scheduler.h"
#include "reply_guard.h"

#include "myriad/engine/telemetry/parsers.h"

#include <QDir>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

#include <algorithm>

namespace tel = myriad::engine::telemetry;

namespace myriad::app
{

TelemetryPoller::TelemetryPoller(QObject* parent)
  : QObject(parent)
  , m_network(new QNetworkAccessManager(this))
  , m_timer(new QTimer(this))
{
  m_timer->setSingleShot(true);
  connect(m_timer, &QTimer::timeout, this, &TelemetryPoller::poll);
  connect(m_network, &QNetworkAccessManager::finished, this, &TelemetryPoller::onReplyFinished);
}

TelemetryPoller::~TelemetryPoller()
{
  ++m_generation;
  // A parse still running answers to the scheduler, not to this object: nobody is left to use it.
  if (m_scheduler && m_parseJob != 0)
    m_scheduler->cancelJob(QStringLiteral("telemetry.parse"));
}

void TelemetryPoller::setScheduler(LiveScheduler* scheduler)
{
  if (m_scheduler)
    disconnect(m_scheduler, nullptr, this, nullptr);
  m_scheduler = scheduler;
  if (m_scheduler)
    connect(m_scheduler, &LiveScheduler::jobFinished, this, &TelemetryPoller::onParseJobFinished);
}

bool TelemetryPoller::polling() const
{
  return m_timer->isActive() || m_busy;
}

void TelemetryPoller::startUrl(const QUrl& url, int intervalMs)
{
  connection::Endpoint endpoint;
  endpoint.url = url;
  startEndpoint(endpoint, {}, intervalMs);
}

QString TelemetryPoller::startEndpoint(const connection::Endpoint& endpoint,
                                       const QByteArray& secret, int intervalMs)
{
  stop();
  QString problem = connection::checkEndpoint(endpoint);
  if (problem.isEmpty())
    problem = connection::checkSecret(endpoint, secret);
  if (!problem.isEmpty())
  {
    m_lastError = problem;
    setState(State::Stopped, problem);
    return problem;
  }
  const QUrl& url = endpoint.url;
  m_endpoint = endpoint;
  m_secret = secret;
  m_url = url;
  m_folder.clear();
  m_source = url.toString(QUrl::RemoveUserInfo);
  m_intervalMs = std::max(1, intervalMs);
  setState(State::Connecting, tr("polling %1").arg(m_source));
  poll();
  return {};
}

void TelemetryPoller::startFolder(const QString& folder, int intervalMs)
{
  stop();
  m_url.clear();
  m_endpoint = {};
  m_secret.clear();
  m_folder = folder;
  m_source = QDir::toNativeSeparators(folder);
  m_folderSeen = {};
  m_folderSeenName.clear();
  m_intervalMs = std::max(1, intervalMs);
  setState(State::Connecting, tr("watching %1").arg(m_source));
  poll();
}

void TelemetryPoller::stop()
{
  ++m_generation;
  m_timer->stop();
  if (m_reply)
  {
    QNetworkReply* reply = m_reply;
    m_reply = nullptr;
    reply->abort(); // finished() arrives with a stale generation and is ignored
  }
  m_busy = false;
  m_failures = 0;
  m_lastError.clear();
  if (m_state != State::Stopped)
    setState(State::Stopped, tr("stopped"));
}

QString TelemetryPoller::stateName(State state)
{
  switch (state)
  {
    case State::Stopped:
      return tr("stopped");
    case State::Connecting:
      return tr("connecting");
    case State::Live:
      return tr("live");
    case State::Backoff:
      return tr("retrying");
  }
  return {};
}

QString TelemetryPoller::statusText() const
{
  switch (m_state)
  {
    case State::Stopped:
      return tr("Telemetry: off");
    case State::Connecting:
      return tr("Telemetry: connecting…");
    case State::Live:
      return tr("Telemetry: live · %1").arg(m_lastSuccess.toString(QStringLiteral("HH:mm:ss")));
    case State::Backoff:
      return tr("Telemetry: retry in %1 s (%2 failures)")
        .arg((currentDelayMs() + 999) / 1000)
        .arg(m_failures);
  }
  return {};
}

int TelemetryPoller::currentDelayMs() const
{
  if (m_failures == 0)
    return m_intervalMs;
  // interval · 2^(k−1), capped; the shift is bounded so it cannot overflow.
  const qint64 delay = qint64(m_intervalMs) << std::min(m_failures - 1, 20);
  return int(std::min<qint64>(delay, std::max(m_maxBackoffMs, m_intervalMs)));
}

void TelemetryPoller::poll()
{
  if (m_busy || m_state == State::Stopped)
    return;
  m_busy = true;
  ++m_polls;
  if (!m_folder.isEmpty())
    pollFolder();
  else
    pollUrl();
}

void TelemetryPoller::pollUrl()
{
  QNetworkRequest request = connection::prepareRequest(m_endpoint, m_secret, m_url);
  request.setTransferTimeout(m_timeoutMs);
  request.setRawHeader("Accept", "text/plain;version=0.0.4, application/json;q=0.9, */*;q=0.1");
  m_reply = m_network->get(request);
  connection::guardReply(m_reply);
  m_reply->setProperty("generation", QVariant::fromValue(m_generation));
  QNetworkReply* reply = m_reply;
  // Refuse early: by the announced length, else once the received bytes pass the limit.
  connect(reply, &QNetworkReply::metaDataChanged, this,
          [this, reply]
          {
            const qint64 length = reply->header(QNetworkRequest::ContentLengthHeader).toLongLong();
            if (length > m_maxBytes && reply->isRunning())
            {
              reply->setProperty("tooLarge", true);
              reply->abort();
            }
          });
  connect(reply, &QNetworkReply::downloadProgress, this,
          [this, reply](qint64 received, qint64)
          {
            if (received > m_maxBytes && reply->isRunning())
            {
              reply->setProperty("tooLarge", true);
              reply->abort();
            }
          });
}

void TelemetryPoller::onReplyFinished(QNetworkReply* reply)
{
  reply->deleteLater();
  if (reply->property("generation").value<quint64>() != m_generation)
    return; // from a run that was stopped or restarted
  m_reply = nullptr;
  const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
  if (reply->property("tooLarge").toBool())
    return fail(tr("response larger than %1 MiB refused").arg(m_maxBytes / 1048576.0));
  if (connection::failedForGood(*reply)) // TLS not verified, or a redirect refused
    return fail(connection::describeFailure(*reply));
  if (reply->error() == QNetworkReply::OperationCanceledError ||
      reply->error() == QNetworkReply::TimeoutError)
    return fail(tr("no complete response within %1 s (timeout)").arg(m_timeoutMs / 1000.0));
  if (reply->error() != QNetworkReply::NoError || status < 200 || status >= 300)
    return fail(connection::describeFailure(*reply));
  if (reply->bytesAvailable() > m_maxBytes)
    return fail(tr("response larger than %1 MiB refused").arg(m_maxBytes / 1048576.0));
  parseAsync(reply->readAll(), m_source);
}

void TelemetryPoller::pollFolder()
{
  const QDir dir(m_folder);
  if (!dir.exists())
    return fail(tr("folder %1 does not exist").arg(m_source));
  QFileInfo newest;
  for (const QFileInfo& info : dir.entryInfoList(QDir::Files | QDir::Readable, QDir::Time))
  {
    // Skip files still being written by convention (*.tmp, *.part, dot files).
    if (info.fileName().startsWith('.') || info.suffix() == QLatin1String("tmp") ||
        info.suffix() == QLatin1String("part"))
      continue;
    newest = info;
    break;
  }
  const bool seen =
    newest.exists() && m_folderSeen.isValid() &&
    (newest.lastModified() < m_folderSeen ||
     (newest.lastModified() == m_folderSeen && newest.fileName() == m_folderSeenName));
  if (!newest.exists() || seen)
  {
    // Nothing new is not a failure: the folder is reachable.
    m_busy = false;
    if (m_state == State::Backoff || m_state == State::Connecting)
    {
      m_failures = 0;
      setState(newest.exists() ? State::Live : State::Connecting,
               newest.exists() ? tr("no new file") : tr("waiting for a snapshot file"));
    }
    return scheduleNext();
  }
  if (newest.size() > m_maxBytes)
    return fail(tr("%1 is larger than %2 MiB").arg(newest.fileName()).arg(m_maxBytes / 1048576.0));
  QFile file(newest.filePath());
  if (!file.open(QIODevice::ReadOnly))
    return fail(tr("cannot read %1: %2").arg(newest.filePath(), file.errorString()));
  m_folderSeen = newest.lastModified();
  m_folderSeenName = newest.fileName();
  parseAsync(file.readAll(), newest.filePath());
}

void TelemetryPoller::parseAsync(QByteArray bytes, QString name)
{
  const quint64 generation = m_generation;
  tel::ParseOptions options;
  options.fileName = name.toStdString();
  options.maxBytes = std::size_t(m_maxBytes);
  auto parse = [bytes = std::move(bytes), options]
  {
    return std::make_shared<tel::Snapshot>(
      tel::parseSnapshot(std::string_view(bytes.constData(), std::size_t(bytes.size())), options));
  };
  if (!m_scheduler)
  {
    // Used alone: parse here, answer as the scheduler would (a queued call).
    auto snapshot = parse();
    QMetaObject::invokeMethod(
      this, [this, snapshot, generation] { onParsed(snapshot, generation); }, Qt::QueuedConnection);
    return;
  }
  m_parseGeneration = generation;
  m_parseJob = m_scheduler->submitJob(QStringLiteral("telemetry.parse"),
                                      [parse](const engine::live::CancelToken&)
                                      { return std::static_pointer_cast<const void>(parse()); });
}

void TelemetryPoller::onParseJobFinished(const JobOutcome& outcome)
{
  if (outcome.key != QLatin1String("telemetry.parse") || outcome.generation != m_parseJob)
    return; // another job, or a parse a newer one replaced
  m_parseJob = 0;
  if (m_parseGeneration != m_generation)
    return; // stopped or restarted since
  if (outcome.cancelled)
    return fail(tr("reading %1 was cancelled").arg(m_source));
  if (!outcome.value)
    return fail(tr("cannot parse %1: %2").arg(m_source, outcome.error));
  // The job's snapshot is this poller's alone (nobody else holds it): it may stamp its time.
  onParsed(std::const_pointer_cast<tel::Snapshot>(outcome.as<tel::Snapshot>()), m_generation);
}

void TelemetryPoller::onParsed(std::shared_ptr<tel::Snapshot> snapshot, quint64 generation)
{
  if (generation != m_generation)
    return;
  if (snapshot->samples.empty())
  {
    const QString first = snapshot->diagnostics.empty()
                            ? tr("no samples")
                            : QString::fromStdString(snapshot->diagnostics.front().toString());
    return fail(tr("malformed response: %1").arg(first));
  }
  succeed(std::move(snapshot));
}

void TelemetryPoller::succeed(std::shared_ptr<tel::Snapshot> snapshot)
{
  m_busy = false;
  m_failures = 0;
  m_lastError.clear();
  m_lastSuccess = QDateTime::currentDateTime();
  if (snapshot->timeMs < 0)
    snapshot->timeMs = m_lastSuccess.toMSecsSinceEpoch();
  ++m_received;
  const std::size_t warnings = snapshot->diagnostics.size() + snapshot->suppressedDiagnostics;
  setState(State::Live,
           warnings ? tr("%1 samples, %2 diagnostics").arg(snapshot->samples.size()).arg(warnings)
                    : tr("%1 samples").arg(snapshot->samples.size()));
  emit snapshotReceived(std::move(snapshot));
  scheduleNext();
}

void TelemetryPoller::fail(const QString& message)
{
  m_busy = false;
  ++m_failures;
  m_lastError = message;
  setState(State::Backoff, message);
  scheduleNext();
}

void TelemetryPoller::setState(State state, const QString& message)
{
  m_state = state;
  emit stateChanged(state, message);
}

void TelemetryPoller::scheduleNext()
{
  if (m_state != State::Stopped)
    m_timer->start(currentDelayMs());
}

} // namespace myriad::app
