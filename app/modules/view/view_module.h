#pragma once
/**
 * @file view_module.h
 * The View module: camera presets (View menu, toolbar, Ctrl+1/2/3), the colour-by and detail
 * boxes of the View toolbar, all acting on the HallViewController and following its signals
 * (so an overlay set by another module appears as "Overlay: TITLE" in the colour-by box).
 */

#include "module.h"

class QComboBox;

namespace myriad::app
{

class ViewModule final : public Module
{
  Q_OBJECT

public:
  using Module::Module;
  QString id() const override { return QStringLiteral("view"); }
  void create(AppContext& context) override;

  QComboBox* colorByCombo() const { return m_colorBy; }
  QComboBox* detailCombo() const { return m_detail; }

private:
  void createPresetActions(AppContext& context);
  void createToolBar(AppContext& context);
  void followController(AppContext& context);

  QComboBox* m_colorBy = nullptr;
  QComboBox* m_detail = nullptr;
};

} // namespace myriad::app
