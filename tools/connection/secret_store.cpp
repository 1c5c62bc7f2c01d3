// Secrets in the OS keychain through QtKeychain (secret_store.h).
#include "secret_store.h"

#include <QCoreApplication>

#include <qt6keychain/keychain.h>

namespace myriad::connection
{

namespace
{

struct Text
{
  Q_DECLARE_TR_FUNCTIONS(Connection)
};

QString failure(const QKeychain::Job& job, const QString& name)
{
  switch (job.error())
  {
    case QKeychain::NoError:
      return {};
    case QKeychain::EntryNotFound:
      return Text::tr("the keychain holds no secret named \"%1\"").arg(name);
    case QKeychain::NoBackendAvailable:
      return Text::tr("no keychain is available for secret \"%1\" (on Linux a Secret Service "
                      "such as GNOME Keyring or KWallet must run on the session bus): %2")
        .arg(name, job.errorString());
    case QKeychain::AccessDenied:
    case QKeychain::AccessDeniedByUser:
      return Text::tr("the keychain refused access to secret \"%1\": %2")
        .arg(name, job.errorString());
    default:
      return Text::tr("the keychain failed on secret \"%1\": %2").arg(name, job.errorString());
  }
}

template <class JobType>
JobType* newJob(const QString& name)
{
  auto* job = new JobType(keychainService());
  job->setAutoDelete(true);
  job->setInsecureFallback(false); // never a plain-text copy in QSettings
  job->setKey(name);
  return job;
}

} // namespace

QString keychainService()
{
  return QStringLiteral("Myriad");
}

void readSecret(const QString& name, QObject* context,
                std::function<void(QByteArray, QString)> done)
{
  auto* job = newJob<QKeychain::ReadPasswordJob>(name);
  QObject::connect(job, &QKeychain::Job::finished, context,
                   [done = std::move(done), name](QKeychain::Job* finished)
                   {
                     const QString error = failure(*finished, name);
                     done(error.isEmpty()
                            ? static_cast<QKeychain::ReadPasswordJob*>(finished)->binaryData()
                            : QByteArray(),
                          error);
                   });
  job->start();
}

void writeSecret(const QString& name, const QByteArray& secret, QObject* context,
                 std::function<void(QString)> done)
{
  auto* job = newJob<QKeychain::WritePasswordJob>(name);
  job->setTextData(QString::fromUtf8(secret)); // plain text: `secret-tool lookup` shows it
  QObject::connect(job, &QKeychain::Job::finished, context,
                   [done = std::move(done), name](QKeychain::Job* finished)
                   { done(failure(*finished, name)); });
  job->start();
}

void removeSecret(const QString& name, QObject* context, std::function<void(QString)> done)
{
  auto* job = newJob<QKeychain::DeletePasswordJob>(name);
  QObject::connect(job, &QKeychain::Job::finished, context,
                   [done = std::move(done), name](QKeychain::Job* finished) {
                     done(finished->error() == QKeychain::EntryNotFound ? QString()
                                                                        : failure(*finished, name));
                   });
  job->start();
}

} // namespace myriad::connection
