// File ▸ Open Sample: the built-in samples by display name (sample_menu.h).
#include "sample_menu.h"

#include <QAction>
#include <QCoreApplication>
#include <QMenu>

namespace myriad::app
{

void fillSampleMenu(QMenu* menu, const std::vector<SampleEntry>& samples, const QString& language,
                    const std::function<void(const QString&)>& open)
{
  menu->clear();
  for (const SampleEntry& sample : samples)
  {
    QString text = sample.displayName(language);
    text.replace(QLatin1Char('&'), QStringLiteral("&&")); // a name, not an accelerator
    QAction* action = menu->addAction(text);
    action->setObjectName(QStringLiteral("sample:") + sample.id);
    action->setData(sample.id);
    const QString description = sample.description(language);
    action->setStatusTip(description);
    action->setToolTip(description.isEmpty() ? sample.id : description);
    QObject::connect(action, &QAction::triggered, menu, [open, id = sample.id] { open(id); });
  }
  if (samples.empty())
  {
    menu->addAction(QCoreApplication::translate("MainWindow", "(none)"))->setEnabled(false);
  }
  menu->setToolTipsVisible(true);
}

} // namespace myriad::app
