#pragma once
/**
 * @file ui_mailbox.h
 * Calls handed from worker threads to the thread that owns the mailbox (the UI thread), in order.
 *
 * Workers push a std::function under a std::mutex and wake the owner through an eventfd that a
 * QSocketNotifier watches; the owner drains the calls from its event loop. Nothing of Qt's is
 * touched on a worker: no posted event, no queued signal. Debian's Qt is not built with
 * ThreadSanitizer, so the locking of its cross-thread event queue is invisible to TSan and every
 * event posted from a worker would read as a race inside Qt (make check-tsan); the mutex and the
 * eventfd are visible to it, so the hand-over is checked like the rest of Myriad's code.
 * Elsewhere than Linux the wake-up is a queued call instead.
 */

#include <QObject>

#include <functional>
#include <mutex>
#include <vector>

class QSocketNotifier;

namespace myriad::app
{

class UiMailbox : public QObject
{
  Q_OBJECT

public:
  explicit UiMailbox(QObject* parent = nullptr);
  ~UiMailbox() override;
  UiMailbox(const UiMailbox&) = delete;
  UiMailbox& operator=(const UiMailbox&) = delete;

  /** Run `call` on the owner thread after every call posted before it (any thread). */
  void post(std::function<void()> call);

private:
  /** Run the calls posted so far, in order (owner thread). */
  Q_INVOKABLE void drain();

  std::mutex m_mutex;
  std::vector<std::function<void()>> m_calls; ///< guarded by m_mutex
  int m_eventFd = -1;                         ///< Linux: the wake-up counter
  QSocketNotifier* m_notifier = nullptr;
};

} // namespace myriad::app
