#pragma once
/**
 * @file cli_test_support.h
 * Running myriad-cli as a user would, for the command-line tests: exit code, stdout and stderr.
 */

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace myriad::tests
{

/** What one run of myriad-cli produced; exitCode −1 when it crashed or timed out. */
struct Run
{
  int exitCode = -1;
  QString out;
  QString err;
};

/** Run myriad-cli with `arguments` in `env` (default: this process's environment). */
inline Run cli(const QStringList& arguments,
               const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
{
  QProcess process;
  process.setProcessEnvironment(env);
  process.start(MYRIAD_CLI, arguments);
  if (!process.waitForFinished(300000))
  {
    process.kill();
    return {};
  }
  return { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
           QString::fromUtf8(process.readAllStandardOutput()),
           QString::fromUtf8(process.readAllStandardError()) };
}

/** The bytes of a file, empty when it cannot be read. */
inline QByteArray readAll(const QString& path)
{
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/** Writes `text` to `dir`/`name`; false when the file cannot be written. */
inline bool writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
  QFile file(dir.filePath(name));
  return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

/** A JSON file's top-level object, empty when it cannot be read or is not an object. */
inline QJsonObject readJson(const QString& path)
{
  return QJsonDocument::fromJson(readAll(path)).object();
}

} // namespace myriad::tests
