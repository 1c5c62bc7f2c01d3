// AppContext: the two conveniences it offers over its pointers.
#include "app_context.h"

#include "scene_document.h"

#include <QStatusBar>

namespace myriad::app
{

const engine::Catalog& AppContext::catalog() const
{
  return document->catalog();
}

void AppContext::showMessage(const QString& text, int timeoutMs) const
{
  if (statusBar)
  {
    statusBar->showMessage(text, timeoutMs);
  }
}

} // namespace myriad::app
