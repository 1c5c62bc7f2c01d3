// Secrets from an environment variable or a file (secret_input.h).
#include "secret_input.h"

#include "endpoint.h"

#include <QCoreApplication>
#include <QFile>

namespace myriad::connection
{

namespace
{

struct Text
{
  Q_DECLARE_TR_FUNCTIONS(Connection)
};

constexpr qint64 kMaxSecretBytes = qint64(64) * 1024;

} // namespace

QByteArray secretFromEnvironment(const QString& name, QString* error)
{
  QByteArray value = qgetenv(name.toLocal8Bit().constData());
  if (value.isEmpty())
    *error =
      Text::tr("environment variable %1 is not set or empty (expected the secret)").arg(name);
  else if (hasControlCharacter(value))
    *error = Text::tr("environment variable %1 holds a control character (a newline?); "
                      "expected the secret alone")
               .arg(name);
  else
    return value;
  return {};
}

QByteArray secretFromFile(const QString& path, QString* error)
{
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
  {
    *error = Text::tr("%1: cannot read the secret (%2)").arg(path, file.errorString());
    return {};
  }
  QByteArray value = file.read(kMaxSecretBytes + 1);
  if (value.endsWith('\n'))
    value.chop(1);
  if (value.endsWith('\r'))
    value.chop(1);
  if (value.isEmpty())
    *error = Text::tr("%1: the file is empty (expected the secret on one line)").arg(path);
  else if (value.size() > kMaxSecretBytes)
    *error = Text::tr("%1: more than 64 KiB; expected the secret on one line").arg(path);
  else if (hasControlCharacter(value))
    *error = Text::tr("%1: the secret holds a control character or more than one line; "
                      "expected the secret alone on one line")
               .arg(path);
  else
    return value;
  return {};
}

} // namespace myriad::connection
