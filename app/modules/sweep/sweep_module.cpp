// SweepModule: a sweep folder's table and Pareto chart; a row opens its scenario (sweep_module.h).
#include "sweep_module.h"

#include "app_context.h"
#include "error_reporter.h"
#include "scene_document.h"
#include "sweep_panel.h"
#include "ui_registry.h"

#include "myriad/engine/error.h"
#include "myriad/engine/sweep/sweep.h"

#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QMainWindow>
#include <QMenu>

namespace myriad::app
{

void SweepModule::create(AppContext& context)
{
  m_context = &context;
  m_panel = new SweepPanel(context.window);
  m_dock = context.ui->addDock(QStringLiteral("sweep.dock"), tr("Sweep"), m_panel,
                               Qt::BottomDockWidgetArea);
  m_dock->hide();
  auto* open = new QAction(tr("Open S&weep Folder…"), this);
  open->setStatusTip(tr("Show a design-space sweep's results (myriad-cli sweep): a table and a "
                        "Pareto chart; a row opens its scenario"));
  connect(open, &QAction::triggered, this,
          [this]
          {
            const QString dir =
              QFileDialog::getExistingDirectory(m_context->window, tr("Open sweep folder"));
            if (!dir.isEmpty())
              openFolder(dir);
          });
  context.ui->addAction(QStringLiteral("sweep.open"), open);
  if (QMenu* file = context.ui->menu(QStringLiteral("file.menu")))
  {
    // After Open Sample, before Save.
    const QList<QAction*> actions = file->actions();
    QAction* before = actions.size() > 3 ? actions[3] : nullptr;
    file->insertAction(before, open);
  }
  QAction* show = m_dock->toggleViewAction();
  show->setText(tr("S&weep Results"));
  context.ui->addAction(QStringLiteral("sweep.show"), show);
  if (QMenu* view = context.ui->menu(QStringLiteral("view.menu")))
    view->addAction(show);
  connect(m_panel, &SweepPanel::openScenarioRequested, this, &SweepModule::openScenario);
}

bool SweepModule::openFolder(const QString& dir)
{
  try
  {
    m_panel->setTable(dir, engine::sweep::readSweepTable(dir.toStdString()));
  }
  catch (const engine::Error& error)
  {
    reportError(m_context->window, tr("Cannot open sweep"), QString::fromUtf8(error.what()));
    return false;
  }
  m_dir = dir;
  // A tab over the Violations list, so the table and chart get the window's whole width.
  if (QDockWidget* violations = m_context->ui->dock(QStringLiteral("violations.dock")))
  {
    if (!m_context->window->tabifiedDockWidgets(violations).contains(m_dock))
      m_context->window->tabifyDockWidget(violations, m_dock);
  }
  m_dock->show();
  m_dock->raise();
  m_context->window->resizeDocks({ m_dock }, { m_context->window->height() * 2 / 5 }, Qt::Vertical);
  return true;
}

bool SweepModule::openScenario(long long index)
{
  if (m_dir.isEmpty() || (m_context->mayLeaveDocument && !m_context->mayLeaveDocument()))
    return false;
  try
  {
    engine::Scene scene =
      engine::sweep::scenarioScene(m_dir.toStdString(), index, m_context->catalog());
    scene.site.name += " — " + tr("sweep scenario %1").arg(index).toStdString();
    m_context->document->setGenerated(std::move(scene));
  }
  catch (const engine::Error& error)
  {
    reportError(m_context->window, tr("Cannot open scenario %1").arg(index),
                QString::fromUtf8(error.what()));
    return false;
  }
  m_panel->selectScenario(index);
  m_context->showMessage(tr("Opened scenario %1 of %2").arg(index).arg(m_dir), 8000);
  return true;
}

} // namespace myriad::app
