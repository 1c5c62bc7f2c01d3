#pragma once
/**
 * @file reply_guard.h
 * Watching a reply of a request made with prepareRequest() (endpoint.h): the TLS errors that
 * made verification fail are kept for the message, and each redirect is decided — followed
 * only when it stays on the same host and does not go from https to plain http; any other
 * redirect aborts the reply, its reason kept (docs/security.md). No TLS error is ever ignored.
 */

#include <QString>

class QNetworkReply;
class QUrl;

namespace myriad::connection
{

/** Watch `reply` (call right after get/post, before returning to the event loop). */
void guardReply(QNetworkReply* reply);

/** Whether `from` → `to` is a redirect guardReply follows. */
bool redirectAllowed(const QUrl& from, const QUrl& to);

/**
 * Why a finished `reply` failed, naming its endpoint and never a secret; "" when it got a 2xx
 * answer. In order: a refused redirect, TLS verification errors (with the advice to name the
 * internal CA's bundle), 401/403 (credentials refused, or needed when none were sent), another
 * HTTP status, the transport error.
 */
QString describeFailure(const QNetworkReply& reply);

/** True when TLS verification failed or a redirect was refused: trying again cannot help. */
bool failedForGood(const QNetworkReply& reply);

/** True when the reply was answered 401 or 403 (the credentials were refused or missing). */
bool authenticationRefused(const QNetworkReply& reply);

} // namespace myriad::connection
