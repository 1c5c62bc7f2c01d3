#include "error_reporter.h"

#include <QDebug>
#include <QMessageBox>

#include <utility>

namespace myriad::app
{

namespace
{

ErrorHandler& currentHandler()
{
  static ErrorHandler handler;
  return handler;
}

} // namespace

ErrorHandler setErrorHandler(ErrorHandler handler)
{
  return std::exchange(currentHandler(), std::move(handler));
}

void reportError(QWidget* parent, const QString& title, const QString& text)
{
  qWarning().noquote() << title + ":" << text;
  if (const ErrorHandler& handler = currentHandler())
  {
    handler(parent, title, text);
    return;
  }
  QMessageBox::critical(parent, title, text);
}

} // namespace myriad::app
