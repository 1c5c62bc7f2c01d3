#pragma once
/**
 * @file netbox_module.h
 * NetBox in the app (docs/netbox.md): File ▸ Import from NetBox… reads a NetBox inventory (live
 * or saved answers) in a dialog with progress and cancel, then opens the imported hall as an
 * unsaved document, after asking to save the current one.
 */

#include "module.h"

namespace myriad::engine
{
struct Scene;
}

namespace myriad::app
{

class NetboxImportDialog;

class NetboxModule : public Module
{
  Q_OBJECT

public:
  QString id() const override { return QStringLiteral("netbox"); }
  void create(AppContext& context) override;

  /** The import dialog, made on first use (tests fill and drive it). */
  NetboxImportDialog* dialog();
  /** Open the dialog's imported scene as the document; false when refused or none. */
  bool openImported();

private:
  AppContext* m_context = nullptr;
  NetboxImportDialog* m_dialog = nullptr;
};

} // namespace myriad::app
