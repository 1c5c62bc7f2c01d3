#include "ui_mailbox.h"

#include <QMetaObject>
#include <QSocketNotifier>

#ifdef __linux__
#include <sys/eventfd.h>
#include <unistd.h>

#include <cstdint>
#endif

namespace myriad::app
{

UiMailbox::UiMailbox(QObject* parent)
  : QObject(parent)
{
#ifdef __linux__
  m_eventFd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (m_eventFd >= 0)
  {
    m_notifier = new QSocketNotifier(m_eventFd, QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &UiMailbox::drain);
  }
#endif
}

UiMailbox::~UiMailbox()
{
#ifdef __linux__
  delete m_notifier; // before its descriptor closes
  if (m_eventFd >= 0)
  {
    ::close(m_eventFd);
  }
#endif
}

void UiMailbox::post(std::function<void()> call)
{
  bool wasEmpty = false;
  {
    const std::lock_guard lock(m_mutex);
    wasEmpty = m_calls.empty();
    m_calls.push_back(std::move(call));
  }
  if (!wasEmpty)
  {
    return; // a wake-up is already on its way and its drain runs this call too
  }
#ifdef __linux__
  if (m_eventFd >= 0)
  {
    const std::uint64_t one = 1;
    // Cannot fail short of the counter overflowing (2^64 - 2 wake-ups without a drain).
    [[maybe_unused]] const auto written = ::write(m_eventFd, &one, sizeof one);
    return;
  }
#endif
  QMetaObject::invokeMethod(this, "drain", Qt::QueuedConnection);
}

void UiMailbox::drain()
{
#ifdef __linux__
  if (m_eventFd >= 0)
  {
    std::uint64_t count = 0;
    [[maybe_unused]] const auto read = ::read(m_eventFd, &count, sizeof count); // reset the counter
  }
#endif
  std::vector<std::function<void()>> calls;
  {
    const std::lock_guard lock(m_mutex);
    calls.swap(m_calls);
  }
  for (auto& call : calls)
  {
    call();
  }
}

} // namespace myriad::app
