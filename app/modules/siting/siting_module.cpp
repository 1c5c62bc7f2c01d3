// SitingModule: a siting study's options, map and Pareto chart (siting_module.h).
#include "siting_module.h"

#include "app_context.h"
#include "error_reporter.h"
#include "scene_document.h"
#include "scene_sites_panel.h"
#include "siting_map.h"
#include "siting_panel.h"
#include "ui_registry.h"

#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/error.h"
#include "myriad/engine/siting/study.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
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
  m_sitesPanel = new SceneSitesPanel(context.catalog(), context.window);
  m_sitesDock = context.ui->addDock(QStringLiteral("siting.sites.dock"), tr("Sites"), m_sitesPanel,
                                    Qt::BottomDockWidgetArea);
  m_sitesDock->hide();
  QAction* showSites = m_sitesDock->toggleViewAction();
  showSites->setText(tr("Si&tes of the Scene"));
  context.ui->addAction(QStringLiteral("siting.sites.show"), showSites);
  if (QMenu* view = context.ui->menu(QStringLiteral("view.menu")))
    view->addAction(showSites);
  if (context.document)
  {
    connect(context.document, &SceneDocument::sceneReplaced, this,
            &SitingModule::showDocumentSites);
    showDocumentSites();
  }
}

void SitingModule::showDocumentSites()
{
  const engine::Scene& scene = m_context->document->scene();
  m_sitesPanel->setScene(scene);
  if (scene.sites.empty())
  {
    m_sitesDock->hide();
    return;
  }
  m_sitesDock->show();
  m_sitesDock->raise();
  // Once laid out: room for the map, the job's controls and its table.
  QTimer::singleShot(0, m_sitesDock,
                     [this]
                     {
                       m_context->window->resizeDocks(
                         { m_sitesDock }, { m_context->window->height() * 9 / 20 }, Qt::Vertical);
                     });
  m_context->showMessage(tr("This scene has %n site(s): the Sites dock shows them on the map",
                            nullptr, static_cast<int>(scene.sites.size())),
                         8000);
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

bool SitingModule::timeSitesJob(const QString& name)
{
  const int index = m_sitesPanel->jobs()->findText(name);
  if (m_context->document->scene().sites.empty() || index < 0)
  {
    reportError(m_context->window, tr("Cannot time the job across the sites"),
                index < 0 ? tr("No job preset called %1 (samples/jobs/).").arg(name)
                          : tr("The scene has no sites."));
    return false;
  }
  m_sitesPanel->jobs()->setCurrentIndex(index);
  if (!m_sitesPanel->timeJob())
  {
    reportError(m_context->window, tr("Cannot time the job across the sites"),
                m_sitesPanel->summary()->text());
    return false;
  }
  return true;
}

} // namespace myriad::app
