#pragma once
/**
 * @file autosave.h
 * Never lose work: autosave of the open document to a recovery file, the offer to restore it
 * after a crash, and detection of the document's file being changed by another program.
 *
 * - Every N seconds (QSettings "editing/autosaveSeconds", default 60, 0 = off) a modified
 *   document whose scene changed since the last autosave is written atomically to
 *   AppDataLocation/recovery/recovery-<hash of the document's path>.json.
 * - The recovery file is removed when the document becomes clean (saved, or undone back to its
 *   saved state), when another document replaces it, and on a clean exit (quit, or the window
 *   and with it this object destroyed). A crash runs none of that and leaves it behind.
 * - Whenever a document is opened, a recovery file for it that is newer than the document's
 *   file is offered for restoring (prompt injectable for tests). Restored: the scene is replaced,
 *   the file path kept, the document marked modified. Declined: the file is removed. A corrupt
 *   recovery file is reported and set aside (renamed *.corrupt), never loaded half-way.
 * - A QFileSystemWatcher watches the document's file; when another program changes it, the
 *   user is asked whether to reload (prompt injectable). The document's own saves are
 *   recognised by the file's time stamp and size and do not ask.
 */

#include <QDateTime>
#include <QObject>
#include <QString>

#include <functional>

class QFileSystemWatcher;
class QTimer;
class QWidget;

namespace myriad::app
{

class SceneDocument;

class Autosave : public QObject
{
  Q_OBJECT

public:
  /** Asked before restoring: the document's name and when the recovery was written. */
  using RestorePrompt = std::function<bool(const QString& documentName, const QDateTime& savedAt)>;
  /** Asked when the open file changed on disk: its path and whether edits would be lost. */
  using ReloadPrompt = std::function<bool(const QString& path, bool hasUnsavedChanges)>;

  static constexpr int kDefaultIntervalSeconds = 60;
  /** QSettings key of the interval in seconds. */
  static QString intervalSettingsKey();

  Autosave(SceneDocument* document, QWidget* dialogParent, QObject* parent = nullptr);
  /** A clean exit: the recovery file this session wrote goes. */
  ~Autosave() override;

  /** Interval in seconds (0 disables the timer); read from QSettings at construction. */
  int intervalSeconds() const { return m_intervalSeconds; }
  void setIntervalSeconds(int seconds);

  /** The folder of recovery files (AppDataLocation/recovery). */
  static QString recoveryDirectory();
  /** Recovery file of the current document (by its path, or its name when it has none). */
  QString recoveryPath() const;

  /** Write the recovery file now if the document has unsaved changes not yet autosaved. */
  bool saveRecoveryNow();
  /** Remove the recovery file this session wrote (clean save or clean exit). */
  void discardRecovery();
  /**
   * While suspended (a guided tour shows a sandbox scene) nothing is written, discarded or
   * offered: the recovery file of the user's document stays for after the tour.
   */
  void setSuspended(bool suspended) { m_suspended = suspended; }
  bool suspended() const { return m_suspended; }
  /** Offer the recovery file of the current document, if one newer than its file exists. */
  bool offerRecovery();

  /**
   * Compare the document's file on disk with what this session last saved or read, and ask to
   * reload when another program changed it. The file watcher calls it (after a short delay);
   * tests call it to check a change without waiting for the watcher.
   */
  void checkFileOnDisk();

  void setRestorePrompt(RestorePrompt prompt) { m_restorePrompt = std::move(prompt); }
  void setReloadPrompt(ReloadPrompt prompt) { m_reloadPrompt = std::move(prompt); }

signals:
  void recoverySaved(const QString& path);
  void recoveryRestored(const QString& path);
  /** The document was reloaded after a change on disk. */
  void reloadedFromDisk(const QString& path);
  /** A newly opened document's recovery file was looked for (and offered if there was one). */
  void recoveryChecked();

private:
  void onSceneReplaced();
  void onStateChanged();
  void watchDocumentFile();
  /** Time stamp and size of the document's file, to tell our saves from others'. */
  QString diskStamp() const;
  bool askRestore(const QString& documentName, const QDateTime& savedAt);
  bool askReload(const QString& path, bool hasUnsavedChanges);

  SceneDocument* m_document;
  QWidget* m_dialogParent;
  QTimer* m_timer;
  QTimer* m_fileChangeDelay;
  QFileSystemWatcher* m_watcher;
  int m_intervalSeconds = kDefaultIntervalSeconds;
  QString m_written;           ///< recovery file this session wrote and still owns
  quint64 m_savedRevision = 0; ///< document revision in m_written
  QString m_watchedStamp;
  bool m_restoring = false;
  bool m_suspended = false;
  bool m_reloading = false;
  RestorePrompt m_restorePrompt;
  ReloadPrompt m_reloadPrompt;
};

} // namespace myriad::app
