#pragma once
/**
 * @file netbox_import_dialog.h
 * File ▸ Import from NetBox…: a NetBox URL (with an API token, kept only while the dialog is
 * open) or a folder of saved API answers, the site and an optional parts map. The reading runs
 * on a worker thread with its progress shown page by page; Cancel stops it between requests and
 * aborts the one in flight. The result — counts, position sources, placeholder parts, every
 * object left out, PARTIAL when some were — is shown before the scene is opened (docs/netbox.md).
 */

#include "myriad/engine/netbox/netbox.h"

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
  void onProgress(const QString& text);
  void onDone(std::shared_ptr<engine::netbox::ImportResult> result, const QString& error);
  void showResult(const engine::netbox::ImportResult& result);

  QLineEdit* m_source = nullptr;
  QLineEdit* m_token = nullptr;
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
};

} // namespace myriad::app
