// File ▸ Import from NetBox… (netbox_import_dialog.h).
#include "netbox_import_dialog.h"

#include "connection_form.h"
#include "connection_settings.h"
#include "netbox_client.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/scene_io.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QThread>
#include <QUrl>
#include <QVBoxLayout>

namespace myriad::app
{

NetboxImportDialog::NetboxImportDialog(QWidget* parent)
  : QDialog(parent)
{
  setWindowTitle(tr("Import from NetBox"));
  setObjectName(QStringLiteral("netboxImportDialog"));
  m_source = new QLineEdit(this);
  m_source->setObjectName(QStringLiteral("netboxSource"));
  m_source->setPlaceholderText(tr("https://netbox.example.com, or a folder of saved API answers"));
  auto* browse = new QPushButton(tr("Folder…"), this);
  connect(browse, &QPushButton::clicked, this,
          [this]
          {
            const QString dir = QFileDialog::getExistingDirectory(this, tr("Saved NetBox answers"));
            if (!dir.isEmpty())
              m_source->setText(dir);
          });
  auto* sourceRow = new QHBoxLayout;
  sourceRow->addWidget(m_source, 1);
  sourceRow->addWidget(browse);
  m_connection = new ConnectionForm({ connection::AuthKind::Token, connection::AuthKind::None },
                                    QStringLiteral("netbox"), this);
  const connection::Endpoint stored = loadEndpoint(QStringLiteral("netbox"));
  if (!stored.url.isEmpty())
  {
    m_source->setText(stored.url.toString());
    m_connection->setEndpoint(stored);
    m_connection->loadSecretFromKeychain(); // fills the token when the keychain answers
  }
  m_site = new QLineEdit(this);
  m_site->setObjectName(QStringLiteral("netboxSite"));
  m_site->setPlaceholderText(tr("site slug; empty = the only site with racks"));
  m_map = new QLineEdit(this);
  m_map->setPlaceholderText(tr("optional parts map (JSON) over the built-in one"));
  auto* form = new QFormLayout;
  form->addRow(tr("NetBox"), sourceRow);
  form->addRow(m_connection);
  form->addRow(tr("Site"), m_site);
  form->addRow(tr("Parts map"), m_map);

  m_progress = new QProgressBar(this);
  m_progress->setRange(0, 1);
  m_progress->setValue(0);
  m_status = new QLabel(this);
  m_status->setObjectName(QStringLiteral("netboxStatus"));
  m_status->setWordWrap(true);
  m_log = new QPlainTextEdit(this);
  m_log->setObjectName(QStringLiteral("netboxLog"));
  m_log->setReadOnly(true);
  m_log->setMinimumHeight(160);

  m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
  m_import = m_buttons->addButton(tr("&Import"), QDialogButtonBox::ActionRole);
  m_import->setObjectName(QStringLiteral("netboxImport"));
  m_open = m_buttons->addButton(tr("&Open in 3D"), QDialogButtonBox::AcceptRole);
  m_open->setObjectName(QStringLiteral("netboxOpen"));
  m_open->setEnabled(false);
  connect(m_import, &QPushButton::clicked, this, &NetboxImportDialog::startImport);
  connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(m_buttons, &QDialogButtonBox::rejected, this,
          [this]
          {
            if (running())
              cancelImport();
            else
              reject();
          });

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(m_progress);
  layout->addWidget(m_status);
  layout->addWidget(m_log, 1);
  layout->addWidget(m_buttons);
  resize(640, 420);
}

NetboxImportDialog::~NetboxImportDialog()
{
  if (m_thread)
  {
    m_cancel->store(true);
    m_thread->wait();
  }
}

void NetboxImportDialog::setSource(const QString& urlOrFolder)
{
  m_source->setText(urlOrFolder);
}

void NetboxImportDialog::setSite(const QString& slug)
{
  m_site->setText(slug);
}

void NetboxImportDialog::setToken(const QString& token)
{
  m_connection->setSecret(token.toUtf8());
}

netbox_client::FetchOptions NetboxImportDialog::fetchOptions()
{
  netbox_client::FetchOptions options;
  const QUrl url(m_source->text().trimmed());
  const bool live = url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https");
  const connection::Endpoint server = m_connection->endpoint(url);
  if (live)
  {
    if (server.needsSecret())
      options.token = m_connection->secret().toStdString();
    options.caBundle = server.caBundle.toStdString();
  }
  m_liveEndpoint = live ? std::optional(server) : std::nullopt;
  options.cancelled = [cancel = m_cancel] { return cancel->load(); };
  options.progress = [this](const std::string& endpoint, int page)
  {
    const QString text = tr("%1, page %2").arg(QString::fromStdString(endpoint)).arg(page);
    QMetaObject::invokeMethod(
      this, [this, text] { onProgress(text); }, Qt::QueuedConnection);
  };
  return options;
}

void NetboxImportDialog::startImport()
{
  if (running() || m_source->text().trimmed().isEmpty())
    return;
  m_result.reset();
  m_open->setEnabled(false);
  m_import->setEnabled(false);
  m_log->clear();
  m_progress->setRange(0, 0); // busy: NetBox says how many pages only as it answers
  m_status->setText(tr("Reading %1…").arg(m_source->text().trimmed()));
  m_cancel = std::make_shared<std::atomic<bool>>(false);
  const netbox_client::FetchOptions options = fetchOptions();
  engine::netbox::ImportOptions import;
  import.siteSlug = m_site->text().trimmed().toStdString();
  const std::string source = m_source->text().trimmed().toStdString();
  const std::string map = m_map->text().trimmed().toStdString();
  m_thread = QThread::create(
    [this, options, import, source, map]() mutable
    {
      std::shared_ptr<engine::netbox::ImportResult> result;
      QString error;
      try
      {
        if (!map.empty())
          import.parts = engine::netbox::mergePartsMaps(
            import.parts, engine::netbox::partsMapFromJson(engine::readFile(map), map));
        const auto inventory = netbox_client::readInventory(source, options);
        result = std::make_shared<engine::netbox::ImportResult>(
          engine::netbox::importScene(inventory, engine::Catalog::builtin(), import));
      }
      catch (const netbox_client::Cancelled&)
      {
        error = tr("Import cancelled; nothing was opened.");
      }
      catch (const std::exception& e) // engine::Error and anything else: reported, never thrown
      {
        error = QString::fromUtf8(e.what());
      }
      QMetaObject::invokeMethod(
        this, [this, result, error] { onDone(result, error); }, Qt::QueuedConnection);
    });
  m_thread->start();
}

void NetboxImportDialog::cancelImport()
{
  if (m_cancel)
    m_cancel->store(true);
  m_status->setText(tr("Cancelling…"));
}

void NetboxImportDialog::onProgress(const QString& text)
{
  m_status->setText(tr("Reading %1").arg(text));
}

void NetboxImportDialog::onDone(std::shared_ptr<engine::netbox::ImportResult> result,
                                const QString& error)
{
  m_thread->wait();
  delete m_thread;
  m_thread = nullptr;
  m_progress->setRange(0, 1);
  m_progress->setValue(result ? 1 : 0);
  m_import->setEnabled(true);
  if (!result)
  {
    m_status->setText(error);
    emit importFinished(false);
    return;
  }
  m_result = std::move(*result);
  if (m_liveEndpoint) // NetBox answered: remember how (never for a server that refused)
  {
    saveEndpoint(QStringLiteral("netbox"), *m_liveEndpoint);
    m_connection->storeSecret([](const QString&) {}); // the form shows the keychain's answer
  }
  showResult(*m_result);
  m_open->setEnabled(true);
  emit importFinished(true);
}

QString NetboxImportDialog::summary() const
{
  if (!m_result)
    return {};
  const QLocale locale;
  QStringList sources;
  for (std::size_t h = 0; h < m_result->positionSources.size(); ++h)
  {
    const QString& s = QString::fromStdString(m_result->positionSources[h]);
    const QString how = s == QLatin1String("floorplan")       ? tr("floor plan")
                        : s == QLatin1String("custom-fields") ? tr("custom fields")
                                                              : tr("ASSUMED layout");
    sources << tr("%1: %2").arg(QString::fromStdString(m_result->scene.site.halls[h].id), how);
  }
  return tr("%1 racks, %2 devices, %3 cables; positions from %4")
    .arg(locale.toString(m_result->racks), locale.toString(m_result->devices),
         locale.toString(m_result->cables), sources.join(QStringLiteral(", ")));
}

void NetboxImportDialog::showResult(const engine::netbox::ImportResult& result)
{
  QString status = summary();
  if (result.partial)
    status = tr("PARTIAL import: objects were left out (listed below). %1").arg(status);
  m_status->setText(status);
  QStringList lines;
  if (!result.placeholders.empty())
  {
    QStringList types;
    for (const auto& p : result.placeholders)
      types << QString::fromStdString(p);
    lines << tr("Placeholder parts for device types not in the parts map: %1")
               .arg(types.join(QStringLiteral(", ")));
  }
  for (const auto& w : result.warnings)
    lines << QString::fromStdString(w);
  m_log->setPlainText(lines.join(QLatin1Char('\n')));
}

} // namespace myriad::app
