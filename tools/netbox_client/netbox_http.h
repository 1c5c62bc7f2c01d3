#pragma once
// HTTP requests to NetBox (internal to tools/netbox_client): one request waited for in a local
// event loop, with the timeout, retries, back-off, token header and cancel of FetchOptions.
#include "netbox_client.h"

#include <QByteArray>
#include <QString>
#include <QUrl>

#include <memory>

class QCoreApplication;
class QNetworkAccessManager;

namespace myriad::netbox_client::detail
{

struct Answer
{
  int status = 0; ///< HTTP status; 0 when no answer came
  QByteArray body;
  QString error; ///< transport error or timeout
};

/** GET (or POST with a JSON body when `body` is not null) with retries; the last answer. A POST
 *  is retried only when no answer came at all. Throws Cancelled. */
Answer request(QNetworkAccessManager& network, const QUrl& url, const FetchOptions& options,
               const QByteArray* body = nullptr);

/** A QCoreApplication for the event loops when the program has none (the CLI); else null. */
std::unique_ptr<QCoreApplication> ensureApplication();

/** "HTTP 500" or the transport error, for messages. */
std::string describe(const Answer& answer);

} // namespace myriad::netbox_client::detail
