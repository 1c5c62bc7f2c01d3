// Endpoint settings without secrets (connection_settings.h).
#include "connection_settings.h"

#include <QSettings>

namespace myriad::app
{

namespace
{

QString key(const QString& name, const char* field)
{
  return QStringLiteral("connections/%1/%2").arg(name, QLatin1String(field));
}

} // namespace

connection::Endpoint loadEndpoint(const QString& name)
{
  const QSettings settings;
  connection::Endpoint endpoint;
  endpoint.url = QUrl(settings.value(key(name, "url")).toString());
  endpoint.caBundle = settings.value(key(name, "caBundle")).toString();
  if (!connection::parseAuthKind(settings.value(key(name, "auth")).toString(), &endpoint.auth))
    endpoint.auth = connection::AuthKind::None;
  endpoint.username = settings.value(key(name, "username")).toString();
  endpoint.keychainEntry = settings.value(key(name, "keychainEntry")).toString();
  return endpoint;
}

void saveEndpoint(const QString& name, const connection::Endpoint& endpoint)
{
  QSettings settings;
  settings.setValue(key(name, "url"), endpoint.url.toString(QUrl::RemoveUserInfo));
  settings.setValue(key(name, "caBundle"), endpoint.caBundle);
  settings.setValue(key(name, "auth"), connection::authKindName(endpoint.auth));
  settings.setValue(key(name, "username"), endpoint.username);
  settings.setValue(key(name, "keychainEntry"), endpoint.keychainEntry);
}

} // namespace myriad::app
