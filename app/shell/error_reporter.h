#pragma once
/**
 * @file error_reporter.h
 * One place where the app tells the user that an action failed. By default a modal
 * QMessageBox::critical; tests install a handler that records the messages instead, so no
 * modal dialog blocks them.
 */

#include <QString>

#include <functional>

class QWidget;

namespace myriad::app
{

/** Receives an error: the window it belongs to, a short title and the full message. */
using ErrorHandler =
  std::function<void(QWidget* parent, const QString& title, const QString& text)>;

/** Replace the handler; an empty function restores the modal dialog. Returns the previous one. */
ErrorHandler setErrorHandler(ErrorHandler handler);

/** Log the error (qWarning) and hand it to the current handler. */
void reportError(QWidget* parent, const QString& title, const QString& text);

} // namespace myriad::app
