#pragma once
/**
 * @file netbox_import_dialog.h
 * File ▸ Import from NetBox…: a NetBox URL with its connection options (ConnectionForm: CA
 * bundle, API token held in memory or kept in the OS keychain; docs/security.md) or a folder of
 * saved API answers, the site and an optional parts map. Once NetBox answered, the URL, CA
 * bundle and keychain entry name are remembered in the settings ("connections/netbox") and the
 * token kept in the keychain if asked; the token is never in the settings. The reading runs
 * on a worker thread with its progress shown page by page; Cancel stops it between requests and
 * aborts the one in flight. The result — counts, position sources, placeholder parts, every
 * object left out, PARTIAL when some were — is shown before the scene is opened (docs/netbox.md).
 */

#include "myriad/engine/netbox/netbox.h"

#include "endpoint.h"
#include "netbox_client.h"

#include <QDialog>

#include <atomic>
#include <memory>
#include <optional>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QThread;

namespace myriad::app
{

class NetboxImportDialog : public QDialog
{
  Q_OBJECT

public:
  explicit NetboxImportDialog(QWidget* parent = nullptr);
  ~NetboxImportDialog() override;

  /** Fill the form (tests, and the app's --netbox option). */
  void setSource(const QString& urlOrFolder);
  void setSite(const QString& slug);
  void setToken(const QString& token);
  /** The connection options (CA bundle, token, keychain). */
  class ConnectionForm* connectionForm() const { return m_connection; }
  /** Start reading (the Import button). */
  void startImport();
  /** Stop a running import (the Cancel button while it runs). */
  void cancelImport();
  bool running() const { return m_thread != nullptr; }
  /** The imported scene once an import succeeded. */
  const std::optional<engine::netbox::ImportResult>& result() const { return m_result; }
  QString summary() const;

signals:
  /** The import ended: succeeded (result() holds it), failed or was cancelled. */
  void importFinished(bool succeeded);

private:
  /** The connection options of the form (token, CA bundle) and the progress and cancel hooks;
   *  notes the endpoint to remember once NetBox answered. */
  netbox_client::FetchOptions fetchOptions();
  void onProgress(const QString& text);
  void onDone(std::shared_ptr<engine::netbox::ImportResult> result, const QString& error);
  void showResult(const engine::netbox::ImportResult& result);

  QLineEdit* m_source = nullptr;
  class ConnectionForm* m_connection = nullptr;
  QLineEdit* m_site = nullptr;
  QLineEdit* m_map = nullptr;
  QProgressBar* m_progress = nullptr;
  QLabel* m_status = nullptr;
  QPlainTextEdit* m_log = nullptr;
  QPushButton* m_import = nullptr;
  QPushButton* m_open = nullptr;
  QDialogButtonBox* m_buttons = nullptr;
  QThread* m_thread = nullptr;
  std::shared_ptr<std::atomic<bool>> m_cancel;
  std::optional<engine::netbox::ImportResult> m_result;
  std::optional<connection::Endpoint> m_liveEndpoint; ///< the import in flight reads this NetBox
};

} // namespace myriad::app
