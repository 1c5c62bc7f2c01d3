// NetboxModule: File ▸ Import from NetBox… (netbox_module.h).
#include "netbox_module.h"

#include "app_context.h"
#include "netbox_import_dialog.h"
#include "scene_document.h"
#include "ui_registry.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>

namespace myriad::app
{

void NetboxModule::create(AppContext& context)
{
  m_context = &context;
  auto* import = new QAction(tr("Import from &NetBox…"), this);
  import->setStatusTip(tr("Read racks, devices and cables from a NetBox inventory (live or saved "
                          "API answers) and open them in 3D"));
  connect(import, &QAction::triggered, this,
          [this]
          {
            dialog()->show();
            dialog()->raise();
          });
  context.ui->addAction(QStringLiteral("netbox.import"), import);
  if (QMenu* file = context.ui->menu(QStringLiteral("file.menu")))
  {
    const QList<QAction*> actions = file->actions();
    QAction* before = actions.size() > 3 ? actions[3] : nullptr;
    file->insertAction(before, import);
  }
}

NetboxImportDialog* NetboxModule::dialog()
{
  if (!m_dialog)
  {
    m_dialog = new NetboxImportDialog(m_context->window);
    connect(m_dialog, &QDialog::accepted, this, &NetboxModule::openImported);
  }
  return m_dialog;
}

bool NetboxModule::openImported()
{
  if (!m_dialog || !m_dialog->result())
    return false;
  if (m_context->mayLeaveDocument && !m_context->mayLeaveDocument())
    return false;
  const QString summary = m_dialog->summary();
  m_context->document->setGenerated(m_dialog->result()->scene);
  m_context->window->statusBar()->showMessage(tr("Imported from NetBox: %1").arg(summary), 10000);
  return true;
}

} // namespace myriad::app
