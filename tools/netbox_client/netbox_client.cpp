// NetBox REST API reader (netbox_client.h).
#include "netbox_client.h"
#include "netbox_http.h"

#include "myriad/engine/error.h"

#include "endpoint.h"
#include "reply_guard.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUrl>

#include <memory>
#include <set>

namespace myriad::netbox_client
{

namespace detail
{

namespace
{

/** One request, waited for in a local event loop, aborted after `timeoutMs` or on cancel. */
Answer once(QNetworkAccessManager& network, const QUrl& url, const FetchOptions& options,
            const QByteArray* body)
{
  QNetworkRequest request = connection::prepareRequest(
    endpointFor(options.baseUrl, options), QByteArray::fromStdString(options.token), url);
  request.setRawHeader("Accept", "application/json");
  request.setTransferTimeout(options.timeoutMs);
  std::unique_ptr<QNetworkReply> reply;
  if (body)
  {
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    reply.reset(network.post(request, *body));
  }
  else
    reply.reset(network.get(request));
  connection::guardReply(reply.get());
  QEventLoop loop;
  QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
  QTimer poll; // a cancel arrives from another thread: look at it while waiting
  if (options.cancelled)
  {
    QObject::connect(&poll, &QTimer::timeout, &loop,
                     [&]
                     {
                       if (options.cancelled())
                         reply->abort();
                     });
    poll.start(100);
  }
  loop.exec();
  if (options.cancelled && options.cancelled())
    throw Cancelled();
  Answer answer;
  answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
  answer.body = reply->readAll();
  answer.final = connection::failedForGood(*reply); // a refused redirect also aborts
  const bool timedOut = !answer.final && (reply->error() == QNetworkReply::OperationCanceledError ||
                                          reply->error() == QNetworkReply::TimeoutError);
  if (timedOut)
    answer.error = QStringLiteral("no answer within %1 s").arg(options.timeoutMs / 1000.0);
  else if (answer.final || (answer.status == 0 && reply->error() != QNetworkReply::NoError))
    answer.error = connection::describeFailure(*reply);
  return answer;
}

bool retryable(const Answer& a, bool post)
{
  // A POST that got an answer may have created something: never sent twice.
  if (a.final)
    return false;
  return a.status == 0 || (!post && (a.status == 429 || a.status >= 500));
}

} // namespace

Answer request(QNetworkAccessManager& network, const QUrl& url, const FetchOptions& options,
               const QByteArray* body)
{
  Answer answer = once(network, url, options, body);
  int delay = options.retryDelayMs;
  for (int attempt = 0; attempt < options.retries && retryable(answer, body != nullptr); ++attempt)
  {
    QEventLoop wait; // back-off before the retry, the event loop still running
    QTimer::singleShot(delay, &wait, &QEventLoop::quit);
    wait.exec();
    if (options.cancelled && options.cancelled())
      throw Cancelled();
    delay *= 2;
    answer = once(network, url, options, body);
  }
  return answer;
}

std::unique_ptr<QCoreApplication> ensureApplication()
{
  static int argc = 1;
  static char name[] = "myriad-cli";
  static char* argv[] = { name, nullptr };
  if (QCoreApplication::instance())
    return nullptr;
  return std::make_unique<QCoreApplication>(argc, argv);
}

void checkConnection(const FetchOptions& options)
{
  const connection::Endpoint endpoint = endpointFor(options.baseUrl, options);
  QString problem = connection::checkEndpoint(endpoint);
  if (problem.isEmpty())
    problem = connection::checkSecret(endpoint, QByteArray::fromStdString(options.token));
  if (!problem.isEmpty())
    throw engine::Error("NetBox " + problem.toStdString());
}

QUrl nextPage(const QUrl& current, const QString& next, const std::string& endpoint)
{
  QUrl url = current.resolved(QUrl(next));
  if (connection::redirectAllowed(current, url))
    return url;
  if (current.scheme() == QLatin1String("https") && url.scheme() == QLatin1String("http") &&
      current.host().compare(url.host(), Qt::CaseInsensitive) == 0)
  {
    url.setScheme(QStringLiteral("https"));
    url.setPort(current.port());
    return url;
  }
  throw engine::Error("NetBox " + endpoint + ": the answer's `next` page " +
                      connection::endpointName(url).toStdString() + " is on another server than " +
                      connection::endpointName(current).toStdString() +
                      "; the token is not sent there and the import stops");
}

std::string describe(const Answer& a)
{
  if (!a.error.isEmpty())
    return a.error.toStdString();
  return "HTTP " + std::to_string(a.status);
}

} // namespace detail

namespace
{

using detail::Answer;
using detail::describe;

Answer get(QNetworkAccessManager& network, const QUrl& url, const FetchOptions& options)
{
  return detail::request(network, url, options);
}

/** Read every page of one endpoint; false when it answered 404 and may be left out. */
bool fetchEndpoint(QNetworkAccessManager& network, const FetchOptions& options,
                   const std::string& endpoint, engine::netbox::InventoryReader& reader)
{
  QUrl url(QString::fromStdString(options.baseUrl + "/api/" + endpoint + "/"));
  url.setQuery(QStringLiteral("limit=%1").arg(options.pageLimit));
  std::set<QString> seen;
  while (url.isValid() && !url.isEmpty())
  {
    const QString key = url.toString(QUrl::FullyEncoded);
    if (!seen.insert(key).second)
      throw engine::Error("NetBox " + endpoint + ": the pages loop (" + key.toStdString() +
                          " comes again as `next`); the import stops");
    const Answer answer = get(network, url, options);
    if (answer.status == 404 && engine::netbox::endpointOptional(endpoint))
      return false;
    if (answer.status == 401 || answer.status == 403)
      throw engine::Error("NetBox refused the API token for " + key.toStdString() + " (HTTP " +
                          std::to_string(answer.status) +
                          "); check the token and its permissions (dcim: view)");
    if (answer.final)
      throw engine::Error("NetBox " + endpoint + ": " + describe(answer));
    if (answer.status != 200)
      throw engine::Error("NetBox " + endpoint + ": " + describe(answer) + " for " +
                          key.toStdString() + " after " + std::to_string(options.retries) +
                          " retries");
    const std::string next = reader.addPage(endpoint, answer.body.toStdString(), key.toStdString());
    if (options.progress)
      options.progress(endpoint, static_cast<int>(seen.size()));
    url = next.empty() ? QUrl() : detail::nextPage(url, QString::fromStdString(next), endpoint);
  }
  return true;
}

} // namespace

connection::Endpoint endpointFor(const std::string& baseUrl, const FetchOptions& options)
{
  connection::Endpoint endpoint;
  endpoint.url = QUrl(QString::fromStdString(baseUrl));
  endpoint.caBundle = QString::fromStdString(options.caBundle);
  endpoint.auth = options.token.empty() ? connection::AuthKind::None : connection::AuthKind::Token;
  return endpoint;
}

engine::netbox::Inventory fetchInventory(const FetchOptions& options)
{
  const auto app = detail::ensureApplication();
  detail::checkConnection(options);
  QNetworkAccessManager network;
  engine::netbox::InventoryReader reader;
  const QUrl status(QString::fromStdString(options.baseUrl + "/api/status/"));
  if (const Answer a = get(network, status, options); a.status == 200)
    reader.addStatus(a.body.toStdString(), status.toString().toStdString());
  else if (a.final)
    throw engine::Error("NetBox: " + describe(a));
  else if (a.status == 401 || a.status == 403)
    throw engine::Error("NetBox refused the API token for " + status.toString().toStdString() +
                        " (HTTP " + std::to_string(a.status) + ")");
  for (const std::string& endpoint : engine::netbox::importEndpoints())
    fetchEndpoint(network, options, endpoint, reader);
  return reader.take();
}

engine::netbox::Inventory readInventory(const std::string& source, const FetchOptions& options)
{
  if (source.rfind("http://", 0) != 0 && source.rfind("https://", 0) != 0)
    return engine::netbox::readInventoryFolder(source);
  FetchOptions live = options;
  live.baseUrl = source;
  while (!live.baseUrl.empty() && live.baseUrl.back() == '/')
    live.baseUrl.pop_back();
  return fetchInventory(live);
}

} // namespace myriad::netbox_client
