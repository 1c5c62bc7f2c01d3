#pragma once
/**
 * @file telemetry_poller.h
 * Live telemetry: poll an HTTP URL (a DCGM exporter /metrics page or a Prometheus
 * /api/v1/query URL) or watch a folder that another process drops snapshot files into, at an
 * interval, and hand each parsed snapshot to the UI.
 *
 * Never blocks the UI thread: the request runs on QNetworkAccessManager (asynchronous), the
 * parse is an on-demand job of the app's LiveScheduler (setScheduler; the one background
 * mechanism of the app), and the result comes back on the UI thread. Without a scheduler (a
 * poller used alone) the parse runs on the UI thread, still answered by a queued call. One poll
 * is in flight at a time.
 *
 * Failure handling: a request that takes longer than timeoutMs() is aborted; an HTTP error, a
 * body larger than maxBytes(), or a body from which no sample can be read (malformed) counts
 * as a failure. After k consecutive failures the next attempt waits
 *   delay_k = min(maxBackoffMs, interval · 2^(k−1))
 * (exponential back-off); the first success returns to the plain interval. The snapshot on
 * screen is never replaced by a failed poll.
 *
 * Snapshots without timestamps (the DCGM exporter sends none) get the time they arrived.
 *
 * Security (docs/security.md): an HTTP source is a connection::Endpoint — TLS always verified
 * (with the endpoint's CA bundle for an internal CA), bearer or basic authentication with a
 * secret held only in memory, redirects only on the same host and never from https to http.
 * A TLS failure, a refused redirect and 401/403 are failures like the others (back-off) with a
 * message naming the endpoint, never the secret.
 */

#include "myriad/engine/telemetry/snapshot.h"

#include "endpoint.h"

#include <QDateTime>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>

#include <memory>

class QNetworkAccessManager;
class QNetworkReply;
class QTimer;

namespace myriad::app
{

class LiveScheduler;
struct JobOutcome;

class TelemetryPoller : public QObject
{
  Q_OBJECT

public:
  enum class State
  {
    Stopped,    ///< not polling
    Connecting, ///< first poll in flight, nothing received yet
    Live,       ///< the last poll succeeded
    Backoff     ///< the last poll failed; waiting currentDelayMs() before the next one
  };
  Q_ENUM(State)

  explicit TelemetryPoller(QObject* parent = nullptr);
  ~TelemetryPoller() override;

  /** Poll `url` (http/https, no authentication) every `intervalMs`; the first poll starts at
   *  once. */
  void startUrl(const QUrl& url, int intervalMs);
  /** Poll `endpoint` with `secret` (its token or password; kept in memory only). Returns ""
   *  when polling started, else why not (checkEndpoint, checkSecret); nothing is sent then. */
  QString startEndpoint(const connection::Endpoint& endpoint, const QByteArray& secret,
                        int intervalMs);
  /** Check `folder` every `intervalMs` for snapshot files newer than the last one read. */
  void startFolder(const QString& folder, int intervalMs);
  void stop();
  /** Parse on this scheduler's workers (its on-demand jobs); null: parse on the UI thread. */
  void setScheduler(LiveScheduler* scheduler);

  State state() const { return m_state; }
  static QString stateName(State state);
  /** Short text for the status bar ("Telemetry: live · 12:03:04", "Telemetry: retry in 4 s"). */
  QString statusText() const;
  QString source() const { return m_source; }
  /** The HTTP endpoint polled (empty URL for a folder source). */
  const connection::Endpoint& endpoint() const { return m_endpoint; }
  QString lastError() const { return m_lastError; }
  int consecutiveFailures() const { return m_failures; }
  /** Delay before the next poll (interval, or the back-off delay after failures). */
  int currentDelayMs() const;
  int intervalMs() const { return m_intervalMs; }
  qint64 snapshotsReceived() const { return m_received; }
  /** Polls made since construction (answered or not): lets tests wait for "a few polls". */
  qint64 pollsStarted() const { return m_polls; }
  /** True while a next poll is scheduled or one is in flight. */
  bool polling() const;

  void setTimeoutMs(int ms) { m_timeoutMs = ms; }
  int timeoutMs() const { return m_timeoutMs; }
  void setMaxBackoffMs(int ms) { m_maxBackoffMs = ms; }
  int maxBackoffMs() const { return m_maxBackoffMs; }
  /** Responses and files larger than this are refused (default 256 MiB). */
  void setMaxBytes(qint64 bytes) { m_maxBytes = bytes; }
  qint64 maxBytes() const { return m_maxBytes; }

signals:
  void snapshotReceived(std::shared_ptr<const myriad::engine::telemetry::Snapshot> snapshot);
  /** State or message changed; `message` is the last error in Backoff, else informative. */
  void stateChanged(myriad::app::TelemetryPoller::State state, const QString& message);

private:
  void poll();
  void pollUrl();
  void pollFolder();
  void onReplyFinished(QNetworkReply* reply);
  void parseAsync(QByteArray bytes, QString name);
  void onParseJobFinished(const JobOutcome& outcome);
  void onParsed(std::shared_ptr<engine::telemetry::Snapshot> snapshot, quint64 generation);
  void succeed(std::shared_ptr<engine::telemetry::Snapshot> snapshot);
  void fail(const QString& message);
  void setState(State state, const QString& message);
  void scheduleNext();

  QNetworkAccessManager* m_network = nullptr;
  QTimer* m_timer = nullptr;
  QNetworkReply* m_reply = nullptr;
  QPointer<LiveScheduler> m_scheduler; ///< cleared if it goes first (window teardown)
  quint64 m_parseJob = 0;              ///< the scheduler's generation of the parse in flight
  quint64 m_parseGeneration = 0;       ///< m_generation when that parse was submitted
  State m_state = State::Stopped;
  QUrl m_url;
  connection::Endpoint m_endpoint;
  QByteArray m_secret; ///< the endpoint's token or password, never written anywhere
  QString m_folder;
  QString m_source;
  QString m_lastError;
  QDateTime m_lastSuccess;
  QDateTime m_folderSeen; ///< modification time of the newest file read from the folder
  QString m_folderSeenName;
  int m_intervalMs = 5000;
  int m_timeoutMs = 10000;
  int m_maxBackoffMs = 60000;
  qint64 m_maxBytes = qint64(256) << 20;
  int m_failures = 0;
  bool m_busy = false;      ///< a request or a parse is in flight
  quint64 m_generation = 0; ///< bumped by start/stop: results of an older run are dropped
  qint64 m_received = 0;
  qint64 m_polls = 0;
};

} // namespace myriad::app
