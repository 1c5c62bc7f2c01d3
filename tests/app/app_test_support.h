#pragma once
/**
 * @file app_test_support.h
 * Shared set-up of the app tests: a private QSettings location, GL format for VTK, and an error
 * recorder that replaces the modal error dialog.
 */

#include "error_reporter.h"
#include "vtk_view_widget.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

namespace myriad::app::test
{

/** Call from the test class's static initMain() (runs before QApplication exists). */
inline void initGlBeforeApplication()
{
  if (qEnvironmentVariableIsEmpty("QT_XCB_GL_INTEGRATION"))
  {
    qputenv("QT_XCB_GL_INTEGRATION", "xcb_glx");
  }
  VtkViewWidget::installDefaultSurfaceFormat();
}

/** Call from initTestCase(): settings go to a test location and start empty. */
/**
 * The application name of this test binary: settings and recovery files of its own, so test
 * binaries running in parallel (ctest -j) never read, clear or remove each other's.
 */
inline QString testApplicationName()
{
  return QStringLiteral("MyriadTest-") +
         QFileInfo(QCoreApplication::applicationFilePath()).completeBaseName();
}

inline void useTestSettings()
{
  QStandardPaths::setTestModeEnabled(true);
  QCoreApplication::setOrganizationName(QStringLiteral("Myriad"));
  QCoreApplication::setApplicationName(testApplicationName());
  QSettings().clear();
  // Recovery files an interrupted run of this test left behind would open the modal "Restore?"
  // question.
  QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
       QStringLiteral("/recovery"))
    .removeRecursively();
}

/** Records reported errors instead of showing a dialog, for as long as it lives. */
class ErrorRecorder
{
public:
  ErrorRecorder()
  {
    m_previous = setErrorHandler(
      [this](QWidget*, const QString& title, const QString& text)
      {
        titles << title;
        messages << text;
      });
  }
  ~ErrorRecorder() { setErrorHandler(m_previous); }
  ErrorRecorder(const ErrorRecorder&) = delete;
  ErrorRecorder& operator=(const ErrorRecorder&) = delete;

  QStringList titles;
  QStringList messages;

private:
  ErrorHandler m_previous;
};

} // namespace myriad::app::test
