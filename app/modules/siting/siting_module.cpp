// SitingModule: a siting study's options, map and Pareto chart (siting_module.h).
#include "siting_module.h"

#include "app_context.h"
#include "error_reporter.h"
#include "siting_map.h"
#include "siting_panel.h"
#include "ui_registry.h"

#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/error.h"
#include "myriad/engine/siting/study.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QTimer>

namespace myriad::app
{

namespace
{

/** "Ulanqab" from "Ulanqab, Inner Mongolia (CN), cold and dry"; the local name in Chinese. */
QString shortName(const engine::economics::SiteClimate& site)
{
  if (QLocale().language() == QLocale::Chinese)
  {
    const auto zh = site.localNames.find("zh_CN");
    if (zh != site.localNames.end())
      return QString::fromStdString(zh->second);
  }
  return QString::fromStdString(site.name).section(QLatin1Char(','), 0, 0).trimmed();
}

QVector<MapSite> mapSites(const engine::siting::SitingStudy& study, const engine::Catalog& catalog)
{
  QVector<MapSite> sites;
  for (const auto& c : study.candidates)
  {
    const auto location = c.location ? *c.location : engine::siting::siteLocation(c.site, catalog);
    sites.push_back({ QString::fromStdString(c.site),
                      shortName(engine::economics::siteClimate(c.site, catalog)),
                      location.latitudeDeg, location.longitudeDeg });
  }
  return sites;
}

} // namespace

void SitingModule::create(AppContext& context)
{
  m_context = &context;
  m_panel = new SitingPanel(context.window);
  m_dock = context.ui->addDock(QStringLiteral("siting.dock"), tr("Siting"), m_panel,
                               Qt::BottomDockWidgetArea);
  m_dock->hide();
  auto* open = new QAction(tr("Open S&iting Study…"), this);
  open->setStatusTip(tr("Where to build: evaluate a siting study (one site or a split over "
                        "several) and show its options, map and Pareto chart"));
  connect(open, &QAction::triggered, this,
          [this]
          {
            const QString path = QFileDialog::getOpenFileName(
              m_context->window, tr("Open siting study"), QString(), tr("Siting study (*.json)"));
            if (!path.isEmpty())
              openStudy(path);
          });
  context.ui->addAction(QStringLiteral("siting.open"), open);
  if (QMenu* file = context.ui->menu(QStringLiteral("file.menu")))
  {
    const QList<QAction*> actions = file->actions();
    QAction* before = actions.size() > 4 ? actions[4] : nullptr;
    file->insertAction(before, open);
  }
  QAction* show = m_dock->toggleViewAction();
  show->setText(tr("S&iting Study"));
  context.ui->addAction(QStringLiteral("siting.show"), show);
  if (QMenu* view = context.ui->menu(QStringLiteral("view.menu")))
    view->addAction(show);
}

bool SitingModule::openStudy(const QString& path)
{
  QApplication::setOverrideCursor(Qt::WaitCursor);
  try
  {
    const engine::Catalog& catalog = m_context->catalog();
    const auto study = engine::siting::loadSitingStudy(path.toStdString(), catalog);
    auto result = engine::siting::evaluateSitingStudy(study, catalog);
    const bool chinese = QLocale().language() == QLocale::Chinese && !study.nameZhCN.empty();
    m_panel->setResult(QString::fromStdString(chinese ? study.nameZhCN : study.name),
                       mapSites(study, catalog), std::move(result));
  }
  catch (const engine::Error& error)
  {
    QApplication::restoreOverrideCursor();
    reportError(m_context->window, tr("Cannot open siting study"), QString::fromUtf8(error.what()));
    return false;
  }
  QApplication::restoreOverrideCursor();
  if (QDockWidget* violations = m_context->ui->dock(QStringLiteral("violations.dock")))
  {
    if (!m_context->window->tabifiedDockWidgets(violations).contains(m_dock))
      m_context->window->tabifyDockWidget(violations, m_dock);
  }
  m_dock->show();
  m_dock->raise();
  // Once the dock is laid out: most of the window's height for the table, map and chart.
  QTimer::singleShot(0, m_dock,
                     [this]
                     {
                       m_context->window->resizeDocks(
                         { m_dock }, { m_context->window->height() * 3 / 5 }, Qt::Vertical);
                     });
  m_context->showMessage(tr("Siting study %1: %2 options")
                           .arg(QFileInfo(path).fileName())
                           .arg(m_panel->result().evaluated),
                         8000);
  return true;
}

} // namespace myriad::app
